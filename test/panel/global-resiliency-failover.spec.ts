import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { startHarness, type Harness } from './support/emulator-harness';

// Global resiliency end to end: our host (@x/connect-streams/global-resiliency
// initGlobalResiliencyCCP) embeds the emulator's two regions' panels (primary us-east-1 at
// /connect/ccp-v2/, secondary us-west-2 at /secondary/connect/ccp-v2/, one shared instance); the
// control API announces and triggers a failover; each host event fires exactly once.

const here = dirname(fileURLToPath(import.meta.url));
const PRIMARY = 'us-east-1';
// The host fires init once, from whichever region's panel reports first (both panels load at
// once); either report names the primary as the active region.
const INIT_EVENT = new RegExp(`^init:[^:]+:(active|inactive):${PRIMARY}$`);
const SECONDARY = 'us-west-2';

let harness: Harness | undefined;
let hostServer: Server | undefined;
test.use({ ignoreHTTPSErrors: true });
test.afterEach(async () => {
  await harness?.close();
  harness = undefined;
  hostServer?.closeAllConnections();
  await new Promise<void>((resolve) =>
    hostServer ? hostServer.close(() => resolve()) : resolve(),
  );
  hostServer = undefined;
});

const HOST_SCRIPT = `
(function () {
  const events = [];
  window.__events = events;
  const heartbeats = [];
  window.__heartbeats = heartbeats;
  window.addEventListener('message', (e) => {
    const name = e.data && e.data.event;
    if (name === 'globalResiliency::heartbeat_syn' || name === 'globalResiliency::heartbeat_ack') heartbeats.push(name);
  });
  const { ccp, globalResiliency } = XGr.initGlobalResiliencyCCP(document.getElementById('ccp'), {
    ccpUrl: window.PANELS[0],
    secondaryCCPUrl: window.PANELS[1],
    loginUrl: window.LOGIN_URL,
    enableGlobalResiliency: true,
    loginPopup: false,
    softphone: { allowFramedSoftphone: true, disableRingtone: true },
  });
  ccp.on('initialized', () => events.push('initialized'));
  globalResiliency.on('init', (d) => events.push('init:' + d.instanceRegion + ':' + d.instanceState + ':' + d.activeRegion));
  globalResiliency.on('failoverPending', (d) => events.push('failoverPending:' + d.nextActiveRegion));
  globalResiliency.on('regionSwitched', (d) => events.push('regionSwitched:' + d.previousRegion + '->' + d.activeRegion));
  globalResiliency.on('failoverComplete', (d) => events.push('failoverComplete:' + d.activeRegion));
  globalResiliency.on('warning', (m) => events.push('warning:' + m));
  window.gr = globalResiliency;
})();
`;

async function openHost(page: Page): Promise<Harness> {
  const js = (
    await build({
      stdin: {
        contents: `export { initGlobalResiliencyCCP } from '@x/connect-streams/global-resiliency';`,
        resolveDir: here,
        loader: 'ts',
      },
      bundle: true,
      format: 'iife',
      globalName: 'XGr',
      platform: 'browser',
      conditions: ['source'],
      write: false,
      logLevel: 'silent',
    })
  ).outputFiles[0]!.text;
  const panels = () => [
    `${harness!.emulator.url}/login?username=jane&redirect=/connect/ccp-v2/`,
    `${harness!.emulator.url}/login?username=jane&redirect=/secondary/connect/ccp-v2/`,
  ];
  hostServer = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/gr.js' || path === '/host.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      return res.end(path === '/gr.js' ? js : HOST_SCRIPT);
    }
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(`<!doctype html><html><head><meta charset="utf-8"><title>gr host</title>
<script>window.PANELS = ${JSON.stringify(panels())}; window.LOGIN_URL = ${JSON.stringify(`${harness!.emulator.url}/login`)};</script>
<script src="/gr.js"></script></head>
<body><div id="ccp" style="width:360px;height:560px"></div><script src="/host.js"></script></body></html>`);
  });
  await new Promise<void>((resolve) => hostServer!.listen(0, '127.0.0.1', resolve));
  const hostOrigin = `http://localhost:${(hostServer.address() as AddressInfo).port}`;
  harness = await startHarness({
    allowedOrigins: (origin) => [origin, hostOrigin],
    regions: { secondary: SECONDARY, regionPollIntervalMs: 100, heartbeatIntervalMs: 300 },
  });
  await page.goto(`${hostOrigin}/gr-host.html`);
  return harness;
}

const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: string[] }).__events.slice());

/** Calls the emulator's control API (TLS with a self-signed certificate: through the page's request context). */
async function control(page: Page, server: Harness, path: string): Promise<void> {
  const response = await page.request.post(`${server.emulator.url}${path}`);
  expect(response.status()).toBe(200);
}

test('initGlobalResiliencyCCP fails over between the emulator regions, each event once (init, pending, switched, complete)', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const server = await openHost(page);

  await expect
    .poll(() => events(page), { message: 'init and initialized', timeout: 20_000 })
    .toEqual(expect.arrayContaining([expect.stringMatching(INIT_EVENT), 'initialized']));
  const frames = page.locator('#ccp iframe');
  await expect(frames).toHaveCount(2);
  await expect(frames.nth(0)).toBeVisible();
  await expect(frames.nth(1)).toBeHidden();
  // The heartbeat: the active panel's syn is relayed to the stand-by, whose ack comes back.
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { __heartbeats: string[] }).__heartbeats.slice()),
    )
    .toEqual(
      expect.arrayContaining([
        'globalResiliency::heartbeat_syn',
        'globalResiliency::heartbeat_ack',
      ]),
    );

  await control(page, server, '/control/regions/failover-pending');
  await expect
    .poll(() => events(page), { message: 'failover pending' })
    .toContain(`failoverPending:${SECONDARY}`);

  await control(page, server, '/control/regions/failover');
  await expect
    .poll(() => events(page), { message: 'failover complete', timeout: 20_000 })
    .toContain(`failoverComplete:${SECONDARY}`);
  await expect(frames.nth(1)).toBeVisible();
  await expect(frames.nth(0)).toBeHidden();

  const seen = await events(page);
  const count = (name: string) => seen.filter((e) => e === name).length;
  expect(seen.filter((e) => e.startsWith('init:'))).toEqual([expect.stringMatching(INIT_EVENT)]);
  expect(count(`failoverPending:${SECONDARY}`)).toBe(1);
  expect(count(`regionSwitched:${PRIMARY}->${SECONDARY}`)).toBe(1);
  expect(count(`failoverComplete:${SECONDARY}`)).toBe(1);
  expect(seen.filter((e) => e.startsWith('warning:'))).toEqual([]);
  expect(server.emulator.regions!.activeRegion).toBe(SECONDARY);
  expect(errors).toEqual([]);
});
