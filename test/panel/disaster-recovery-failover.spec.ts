import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { startHarness, type Harness } from './support/emulator-harness';

// Disaster recovery end to end: our host (@x/connect-streams/disaster-recovery
// initDisasterRecoveryCCP) embeds the emulator's two regions' panels (primary us-east-1 at
// /connect/ccp-v2/, stand-by us-west-2 at /secondary/connect/ccp-v2/); each panel runs the CCP
// side's duties (startPanelDisasterRecovery) and its worker the suppress / force-offline rules.
// A hard failover destroys the agent's connection, then sets the agent offline; a soft failover
// waits for the voice contact; each host event fires once.

const here = dirname(fileURLToPath(import.meta.url));
const PRIMARY = 'us-east-1';
const STANDBY = 'us-west-2';

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
  const poll = window.POLL;
  const dr = XDr.initDisasterRecoveryCCP(document.getElementById('ccp'), {
    ccpUrl: window.PANELS[0],
    region: '${PRIMARY}',
    loginPopup: false,
    softphone: { allowFramedSoftphone: true, disableRingtone: true },
    standByRegion: { ccpUrl: window.PANELS[1], region: '${STANDBY}', instanceArn: poll ? poll.arns[1] : undefined },
    ...(poll ? { pollForFailover: true, instanceArn: poll.arns[0], primaryRegion: poll.primaryRegion } : {}),
  });
  dr.on('init', (d) => events.push('init:' + d.region));
  dr.on('failoverPending', () => events.push('failoverPending'));
  dr.on('failoverComplete', (d) => events.push('failoverComplete:' + d.activeRegion));
  let current;
  const primary = dr.ccp('${PRIMARY}');
  primary.contacts.on('connected', (c) => { current = c; events.push('contact:connected'); });
  primary.contacts.on('incoming', (c) => { current = c; });
  primary.contacts.on('connecting', (c) => { current = c; });
  const done = (name, p) => p.then(() => events.push(name + ':success'), (e) => events.push(name + ':failure:' + (e && e.message)));
  window.host = {
    ready: () => primary.agent.isInitialized(),
    hasContact: () => !!current,
    available: () => done('available', primary.agent.setState(primary.agent.getAgentStates().find((s) => s.name === 'Available'))),
    accept: () => done('accept', current.accept()),
    hangUp: () => done('hangUp', current.getAgentConnection().destroy()),
    clear: () => done('clear', current.clear()),
    failover: (soft) => dr.failover(soft),
    active: () => dr.activeRegion,
  };
})();
`;

async function openHost(
  page: Page,
  poll?: (server: Harness) => { arns: string[]; primaryRegion: string },
): Promise<Harness> {
  const js = (
    await build({
      stdin: {
        contents: `export { initDisasterRecoveryCCP } from '@x/connect-streams/disaster-recovery';`,
        resolveDir: here,
        loader: 'ts',
      },
      bundle: true,
      format: 'iife',
      globalName: 'XDr',
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
    if (path === '/dr.js' || path === '/host.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      return res.end(path === '/dr.js' ? js : HOST_SCRIPT);
    }
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(`<!doctype html><html><head><meta charset="utf-8"><title>dr host</title>
<script>window.PANELS = ${JSON.stringify(panels())}; window.POLL = ${JSON.stringify(poll ? poll(harness!) : null)};</script>
<script src="/dr.js"></script></head>
<body><div id="ccp" style="width:360px;height:560px"></div><script src="/host.js"></script></body></html>`);
  });
  await new Promise<void>((resolve) => hostServer!.listen(0, '127.0.0.1', resolve));
  const hostOrigin = `http://localhost:${(hostServer.address() as AddressInfo).port}`;
  harness = await startHarness({
    allowedOrigins: (origin) => [origin, hostOrigin],
    regions: { secondary: STANDBY, regionPollIntervalMs: 100, heartbeatIntervalMs: 300 },
  });
  await page.goto(`${hostOrigin}/dr-host.html`);
  return harness;
}

const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: string[] }).__events.slice());
const host = (page: Page, action: string, argument?: unknown) =>
  page.evaluate(
    ([name, arg]) =>
      (window as unknown as { host: Record<string, (a?: unknown) => unknown> }).host[name]!(arg),
    [action, argument] as const,
  );

/** Both panels up, the agent Available in the primary region with an accepted inbound call. */
async function connectedCall(page: Page, server: Harness): Promise<string> {
  await expect
    .poll(() => events(page), { message: 'both regions initialise' })
    .toEqual(expect.arrayContaining([`init:${PRIMARY}`, `init:${STANDBY}`]));
  await expect.poll(() => host(page, 'ready')).toBe(true);
  await host(page, 'available');
  await expect.poll(() => events(page)).toContain('available:success');
  const contactId = await server.placeInboundCall();
  await expect.poll(() => host(page, 'hasContact')).toBe(true);
  await host(page, 'accept');
  await expect.poll(() => events(page)).toContain('accept:success');
  await expect.poll(() => events(page)).toContain('contact:connected');
  return contactId;
}

const agentOf = (server: Harness) => server.emulator.centre.agentByUsername('jane')!;

test('hard failover between the emulator regions destroys the agent connection, then sets the agent offline; complete fires once', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const server = await openHost(page);
  const frames = page.locator('#ccp iframe');
  await expect(frames).toHaveCount(2);
  const contactId = await connectedCall(page, server);
  await expect(frames.nth(0)).toBeVisible();
  await expect(frames.nth(1)).toBeHidden();

  await host(page, 'failover', false);
  await expect
    .poll(() => events(page), { message: 'failover complete' })
    .toContain(`failoverComplete:${STANDBY}`);
  await expect(frames.nth(1)).toBeVisible();
  await expect(frames.nth(0)).toBeHidden();
  expect(await host(page, 'active')).toBe(STANDBY);
  // The connection was destroyed, then the agent set offline.
  await expect
    .poll(() => server.emulator.centre.contacts.get(contactId)?.state ?? 'gone')
    .not.toBe('connected');
  await expect.poll(() => agentOf(server).selected.type).toBe('offline');
  const ops = server.operations.map((o) => o.op);
  const destroyed = ops.indexOf('DestroyConnection');
  expect(destroyed).toBeGreaterThanOrEqual(0);
  expect(ops.slice(destroyed)).toContain('PutAgentState');

  const seen = await events(page);
  expect(seen.filter((e) => e.startsWith('failoverComplete:'))).toEqual([
    `failoverComplete:${STANDBY}`,
  ]);
  expect(seen.filter((e) => e === 'failoverPending')).toEqual([]);
  expect(seen.filter((e) => e.startsWith('init:')).sort()).toEqual([
    `init:${PRIMARY}`,
    `init:${STANDBY}`,
  ]);
  expect(errors).toEqual([]);
});

test('soft failover between the emulator regions waits for the voice contact: pending once, then complete once after it is destroyed', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const server = await openHost(page);
  const frames = page.locator('#ccp iframe');
  const contactId = await connectedCall(page, server);

  await host(page, 'failover', true);
  await expect
    .poll(() => events(page), { message: 'failover pending' })
    .toContain('failoverPending');
  // The voice contact goes on in the primary region; the agent is not forced offline yet.
  expect(server.emulator.centre.contacts.get(contactId)?.state).toBe('connected');
  expect(await host(page, 'active')).toBe(PRIMARY);
  await expect(frames.nth(0)).toBeVisible();

  await host(page, 'hangUp');
  await expect.poll(() => events(page)).toContain('hangUp:success');
  await host(page, 'clear');
  await expect.poll(() => events(page)).toContain('clear:success');
  await expect
    .poll(() => events(page), { message: 'failover complete' })
    .toContain(`failoverComplete:${STANDBY}`);
  await expect(frames.nth(1)).toBeVisible();
  await expect(frames.nth(0)).toBeHidden();
  await expect.poll(() => agentOf(server).selected.type).toBe('offline');

  const seen = await events(page);
  expect(seen.filter((e) => e === 'failoverPending')).toHaveLength(1);
  expect(seen.filter((e) => e.startsWith('failoverComplete:'))).toEqual([
    `failoverComplete:${STANDBY}`,
  ]);
  expect(seen.indexOf('failoverPending')).toBeLessThan(seen.indexOf(`failoverComplete:${STANDBY}`));
  expect(errors).toEqual([]);
});

test('with pollForFailover the panel workers poll for the active region: a host that starts on the stand-by region fails over to the active one, complete once', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const server = await openHost(page, (h) => ({
    arns: [h.emulator.regions!.instanceArn(PRIMARY), h.emulator.regions!.instanceArn(STANDBY)],
    primaryRegion: STANDBY,
  }));
  const frames = page.locator('#ccp iframe');
  await expect(frames).toHaveCount(2);
  await expect
    .poll(() => events(page), { message: 'failover complete' })
    .toContain(`failoverComplete:${PRIMARY}`);
  expect(await host(page, 'active')).toBe(PRIMARY);
  await expect(frames.nth(0)).toBeVisible();
  await expect(frames.nth(1)).toBeHidden();
  // The host followed the emulator's active region; the emulator did not fail over.
  expect(server.emulator.regions!.activeRegion).toBe(PRIMARY);
  const seen = await events(page);
  expect(seen.filter((e) => e.startsWith('failoverComplete:'))).toEqual([
    `failoverComplete:${PRIMARY}`,
  ]);
  expect(errors).toEqual([]);
});
