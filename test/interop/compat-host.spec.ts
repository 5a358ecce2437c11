// @x/connect-streams/compat runs the agent interop scenario (scenario.ts) unchanged. The host
// page of the harness (written against the global `connect` of amazon-connect-streams) gets our
// compat bundle instead of the real 2.18.7 bundle; the CCP side stays the real streams CCP and
// SharedWorker against the emulator. One scenario source, two host implementations.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import { build } from 'esbuild';
import { startInteropEmulator } from './harness';
import { runAgentScenario } from './scenario';

const here = dirname(fileURLToPath(import.meta.url));

test('@x/connect-streams/compat: the agent scenario runs against the emulator with the real 2.18.7 CCP side', async ({
  page,
}) => {
  const compat = (
    await build({
      stdin: { contents: `import '@x/connect-streams/compat';`, resolveDir: here, loader: 'ts' },
      bundle: true,
      format: 'iife',
      platform: 'browser',
      conditions: ['source'],
      write: false,
      logLevel: 'silent',
    })
  ).outputFiles[0]!.text;
  const { emulator, hostUrl } = await startInteropEmulator();
  try {
    // Only the host page (localhost) gets the compat bundle; the CCP (127.0.0.1) keeps the real one.
    await page.route(/^https:\/\/localhost:\d+\/harness\/2\.18\.7\/connect-streams\.js$/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: compat }),
    );
    await page.goto(hostUrl('2.18.7'));
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
