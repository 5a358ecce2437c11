// Our host client (@x/connect-streams initCCP) against the REAL amazon-connect-streams 2.18.7 CCP
// side (connect.core.initSharedWorker + the real worker bundle, served by the interop harness) and
// the emulator over TLS: the shared inbound-call scenario. This proves our client speaks the real
// conduit (handshake, keepalive, agent::update, api_request/api_response, broadcast echo).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import {
  inboundCallScenario,
  missingEvents,
  runScenario,
} from '../scenarios/inbound-call.scenario';
import { startInteropEmulator } from './harness';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));

// The host page is served through page.route (no IP address space: Chromium treats it as public),
// so local-network-access checks are off for this file, on top of the interop project's flags
// (one --disable-features switch: Chromium keeps only the last one).
test.use({
  launchOptions: {
    executablePath: findChromium(),
    args: [
      ...CHROMIUM_ARGS,
      '--ignore-certificate-errors',
      '--host-resolver-rules=MAP localhost 127.0.0.1',
      '--test-third-party-cookie-phaseout=false',
      '--disable-features=TrackingProtection3pcd,ThirdPartyCookieDeprecationTrial,TpcdSupportSettings,LocalNetworkAccessChecks,PrivateNetworkAccessRespectPreflightResults,BlockInsecurePrivateNetworkRequests',
    ],
  },
});

async function hostHtml(ccpUrl: string): Promise<string> {
  const ours = await build({
    stdin: {
      contents: `export { initCCP } from '@x/connect-streams';`,
      resolveDir: here,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'XConnect',
    platform: 'browser',
    conditions: ['source'],
    write: false,
    logLevel: 'silent',
  });
  const hostJs = readFileSync(join(here, '../panel/support/ours-host-page.js'), 'utf8');
  return `<!doctype html><html><head><meta charset="utf-8"><title>ours</title>
<script>window.PANEL_URL = ${JSON.stringify(ccpUrl)};</script>
<script>${ours.outputFiles[0]!.text}</script></head>
<body><div id="ccp" style="width:400px;height:500px"></div><script>${hostJs}</script></body></html>`;
}

const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: string[] }).__events.slice());

test('our initCCP runs the inbound-call scenario with the real streams 2.18.7 CCP side and SharedWorker against the emulator', async ({
  page,
}) => {
  const { emulator, ccpOrigin } = await startInteropEmulator();
  try {
    const hostOrigin = emulator.url.replace('127.0.0.1', 'localhost');
    const ccpUrl = `${ccpOrigin}/login?username=jane&redirect=/harness/2.18.7/ccp.html`;
    const html = await hostHtml(ccpUrl);
    await page.route(`${hostOrigin}/ours/host.html`, (route) =>
      route.fulfill({ contentType: 'text/html', body: html }),
    );
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${hostOrigin}/ours/host.html`);
    const seen = await runScenario(
      {
        placeInboundCall: async () => {
          const res = await page.request.fetch(`${emulator.url}/control/calls`, {
            method: 'POST',
            headers: emulator.controlHeaders,
            data: JSON.stringify({ to: '+15555550001', from: '+15555550123' }),
          });
          expect(res.status()).toBeLessThan(300);
        },
        host: async (action, argument) => {
          await page.evaluate(
            ([name, arg]) => {
              const host = (window as unknown as { host: Record<string, (a?: string) => unknown> })
                .host;
              host[name]?.(arg);
            },
            [action, argument] as const,
          );
        },
        events: () => events(page),
      },
      inboundCallScenario,
      async (step, get) => {
        await expect
          .poll(async () => missingEvents(step, await get()), {
            message: step.name,
          })
          .toEqual([]);
      },
    );
    expect(seen.filter((e) => e === 'contact:accepted')).toHaveLength(1);
    expect(errors).toEqual([]);
  } finally {
    await emulator.close();
  }
});
