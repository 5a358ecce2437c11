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
  let current;
  ccp.contacts.on('connected', (c) => { current = c; events.push('contact:connected'); });
  ccp.contacts.on('incoming', (c) => { current = c; });
  ccp.contacts.on('connecting', (c) => { current = c; });
  const done = (name, p) => p.then(() => events.push(name + ':success'), (e) => events.push(name + ':failure:' + (e && e.message)));
  window.host = {
    ready: () => ccp.agent.isInitialized(),
    hasContact: () => !!current,
    available: () => done('available', ccp.agent.setState(ccp.agent.getAgentStates().find((s) => s.name === 'Available'))),
    accept: () => done('accept', current.accept()),
    hangUp: () => done('hangUp', current.getAgentConnection().destroy()),
  };
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
  const response = await page.request.post(`${server.emulator.url}${path}`, {
    headers: server.emulator.controlHeaders,
  });
  expect(response.status()).toBe(200);
}

test('initGlobalResiliencyCCP fails over between the emulator regions, each event once (init, pending, switched, complete)', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const server = await openHost(page);

  await expect
    .poll(() => events(page), { message: 'init and initialized' })
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
  // The stand-by panel keeps its own synchronize/acknowledge keepalive with the host.
  const standby = page.frames().find((f) => f.url().includes('/secondary/connect/ccp-v2/'));
  expect(standby).toBeDefined();
  await standby!.evaluate(() => {
    const w = window as unknown as { __syncs: number };
    w.__syncs = 0;
    window.addEventListener('message', (e: MessageEvent) => {
      if ((e.data as { event?: string } | null)?.event === 'synchronize') w.__syncs += 1;
    });
  });
  await expect
    .poll(() => standby!.evaluate(() => (window as unknown as { __syncs: number }).__syncs), {
      message: 'the stand-by panel is synchronized',
    })
    .toBeGreaterThanOrEqual(2);

  await control(page, server, '/control/regions/failover-pending');
  await expect
    .poll(() => events(page), { message: 'failover pending' })
    .toContain(`failoverPending:${SECONDARY}`);

  await control(page, server, '/control/regions/failover');
  await expect
    .poll(() => events(page), { message: 'failover complete' })
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

const host = (page: Page, action: string) =>
  page.evaluate(
    (name) => (window as unknown as { host: Record<string, () => unknown> }).host[name]!(),
    action,
  );

/** Initialised, the agent Available in the active region with an accepted inbound call. */
async function connectedCall(page: Page, server: Harness): Promise<string> {
  await expect
    .poll(() => events(page), { message: 'init and initialized' })
    .toEqual(expect.arrayContaining([expect.stringMatching(INIT_EVENT), 'initialized']));
  await expect.poll(() => host(page, 'ready')).toBe(true);
  await host(page, 'available');
  await expect.poll(() => events(page)).toContain('available:success');
  const contactId = await server.placeInboundCall();
  await expect.poll(() => host(page, 'hasContact')).toBe(true);
  await host(page, 'accept');
  await expect.poll(() => events(page)).toContain('contact:connected');
  return contactId;
}

/** The failover events in the order the host saw them. */
const failoverEvents = async (page: Page) =>
  (await events(page)).filter((e) => /^(failoverPending|regionSwitched|failoverComplete)/.test(e));

test('a hard failover without a prior announcement goes through pending, initiated and complete in order; the agent connection is destroyed and the agent set offline', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const server = await openHost(page);
  const contactId = await connectedCall(page, server);

  await control(page, server, '/control/regions/failover?mode=hard');
  await expect
    .poll(() => events(page), { message: 'failover complete' })
    .toContain(`failoverComplete:${SECONDARY}`);
  expect(await failoverEvents(page)).toEqual([
    `failoverPending:${SECONDARY}`,
    `regionSwitched:${PRIMARY}->${SECONDARY}`,
    `failoverComplete:${SECONDARY}`,
  ]);
  const contact = server.emulator.centre.contacts.get(contactId);
  expect(contact === undefined || contact.state === 'ended').toBe(true);
  // the emulator sets the agent offline as it switches; the page may hear of the switch first
  await expect
    .poll(() => server.emulator.centre.agentByUsername('jane')!.selected.type)
    .toBe('offline');
  expect(errors).toEqual([]);
});

test('a soft failover waits for the voice contact to end before switching; each event fires once', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const server = await openHost(page);
  const contactId = await connectedCall(page, server);

  await control(page, server, '/control/regions/failover?mode=soft');
  await expect
    .poll(() => events(page), { message: 'failover pending' })
    .toContain(`failoverPending:${SECONDARY}`);
  // The call goes on in the active region while the failover is pending.
  await expect
    .poll(
      async () => (await server.control('GET', '/control/regions')) as { pendingRegion: string },
    )
    .toMatchObject({ pendingRegion: SECONDARY, failoverMode: 'soft', activeRegion: PRIMARY });
  expect(server.emulator.centre.contacts.get(contactId)?.state).toBe('connected');
  expect(await failoverEvents(page)).toEqual([`failoverPending:${SECONDARY}`]);

  await host(page, 'hangUp');
  await expect
    .poll(() => events(page), { message: 'failover complete' })
    .toContain(`failoverComplete:${SECONDARY}`);
  expect(await failoverEvents(page)).toEqual([
    `failoverPending:${SECONDARY}`,
    `regionSwitched:${PRIMARY}->${SECONDARY}`,
    `failoverComplete:${SECONDARY}`,
  ]);
  // the emulator sets the agent offline as it switches; the page may hear of the switch first
  await expect
    .poll(() => server.emulator.centre.agentByUsername('jane')!.selected.type)
    .toBe('offline');
  expect(errors).toEqual([]);
});
