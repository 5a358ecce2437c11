// The same agent scenario as streams-ccp.spec.ts, with the emulator's own panel
// (`/connect/ccp-v2/`, built on @x/connect-streams/panel) in place of the real streams CCP side.
import { test } from '@playwright/test';
import { runAgentScenario } from './scenario';
import { STREAMS_RELEASES, startInteropEmulator, type StreamsVersion } from './harness';

for (const version of Object.keys(STREAMS_RELEASES) as StreamsVersion[]) {
  test(`streams ${version} host: the agent scenario runs against the emulator panel`, async ({
    page,
  }) => {
    const { emulator, hostUrl } = await startInteropEmulator(true, '/connect/ccp-v2/');
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
