// The real amazon-connect-streams CCP side (initSharedWorker + the real worker bundle)
// runs against the emulator over TLS, embedded by the real initCCP on another origin, for each
// pinned streams release.
import { test } from '@playwright/test';
import { runAgentScenario } from './scenario';
import { STREAMS_RELEASES, startInteropEmulator, type StreamsVersion } from './harness';

for (const version of Object.keys(STREAMS_RELEASES) as StreamsVersion[]) {
  test(`streams ${version}: the agent scenario runs against the emulator`, async ({ page }) => {
    const { emulator, hostUrl } = await startInteropEmulator();
    try {
      await page.goto(hostUrl(version));
      await runAgentScenario(
        {
          host: page,
          async control(method, path, body) {
            const res = await page.request.fetch(`${emulator.url}${path}`, {
              method,
              headers: emulator.controlHeaders,
              ...(body === undefined ? {} : { data: JSON.stringify(body) }),
            });
            return { status: res.status(), body: (await res.json()) as unknown };
          },
        },
        (title, body) => test.step(title, body),
      );
    } finally {
      await emulator.close();
    }
  });
}
