import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, expect, test, type Frame, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { DEMO_SEED, type SeedInput } from '../../packages/connect-emulator/src/index';
import { startHarness, type Harness } from './support/emulator-harness';

// The emulator panel honours what the embedding page configures, as the real CCP does: the
// framed softphone only with allowFramedSoftphone, ringtones (default ringtone, disableRingtone),
// page options, namespaced logs, the 100 ms localStorage fallback of a panel refreshed without
// configure (and request_configure), its own logs reaching the host, the task-templates client
// in the worker against the emulator's proxy, and startScreenSharing through the panel's API proxy.

const here = dirname(fileURLToPath(import.meta.url));

const HOST_JS = `
(function () {
  const events = [];
  window.__events = events;
  const params = JSON.parse(new URLSearchParams(location.search).get('params') || '{}');
  let current;
  const ccp = XConnect.initCCP(document.getElementById('ccp'), {
    ccpUrl: window.PANEL_URL,
    loginPopup: false,
    ...params,
  });
  ccp.agent.on('init', () => events.push('agent'));
  ccp.contacts.on('init', (contact) => {
    current = contact;
    contact.on('connecting', () => events.push('contact:connecting'));
    contact.on('connected', () => events.push('contact:connected'));
  });
  ccp.onMessage('request_configure', () => events.push('request_configure'));
  ccp.onMessage('voiceId::update_domain_id', (d) => events.push('domain:' + (d && d.domainId)));
  ccp.onMessage('log', (entry) => {
    if (entry && entry.contextLayer === 'CCP') events.push('log:' + entry.component + ':' + entry.text);
  });
  window.host = {
    available: () =>
      ccp.agent.setState(ccp.agent.getAgentStates().find((s) => s.name === 'Available')).then(
        () => events.push('available'),
      ),
    accept: () => current.accept().then(() => events.push('accepted')),
    instanceId: () => ccp.agent.getInstanceId(),
    ids: () => ({ contactId: current.contactId, participantId: current.getAgentConnection().connectionId }),
    request: (method, p) =>
      ccp.client.request(method, p).then(
        (value) => ({ ok: true, value }),
        (error) => ({ ok: false, error: error && error.error ? error.error : String(error) }),
      ),
  };
})();`;

let bundle: string | undefined;
async function hostBundle(): Promise<string> {
  bundle ??= (
    await build({
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
    })
  ).outputFiles[0]!.text;
  return bundle;
}

test.use({ ignoreHTTPSErrors: true });

let harness: Harness | undefined;
let hostServer: Server | undefined;
test.afterEach(async () => {
  await harness?.close();
  harness = undefined;
  hostServer?.closeAllConnections();
  await new Promise<void>((resolve) =>
    hostServer ? hostServer.close(() => resolve()) : resolve(),
  );
  hostServer = undefined;
});

/** Opens our host page (localhost) embedding the emulator panel (127.0.0.1, TLS) with `params`. */
async function openHost(
  page: Page,
  params: Record<string, unknown>,
  seed?: SeedInput,
): Promise<Harness> {
  const js = await hostBundle();
  hostServer = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/host.js' || path === '/host-page.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      return res.end(path === '/host.js' ? js : HOST_JS);
    }
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(`<!doctype html><html><head><meta charset="utf-8"><title>host</title>
<script>window.PANEL_URL = ${JSON.stringify(
      `${harness!.emulator.url}/login?username=jane&redirect=/connect/ccp-v2/`,
    )};</script><script src="/host.js"></script></head>
<body><div id="ccp" style="width:360px;height:560px"></div><script src="/host-page.js"></script></body></html>`);
  });
  await new Promise<void>((resolve) => hostServer!.listen(0, '127.0.0.1', resolve));
  const hostOrigin = `http://localhost:${(hostServer.address() as AddressInfo).port}`;
  harness = await startHarness({
    allowedOrigins: (origin) => [origin, hostOrigin],
    ...(seed ? { seed } : {}),
  });
  await page.goto(`${hostOrigin}/host.html?params=${encodeURIComponent(JSON.stringify(params))}`);
  await expect.poll(() => events(page)).toContain('agent');
  return harness;
}

const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: string[] }).__events.slice());

type HostApi = Record<string, (...args: unknown[]) => unknown>;
const host = <T>(page: Page, name: string, ...args: unknown[]): Promise<T> =>
  page.evaluate<T, readonly [string, unknown[]]>(
    ([n, a]) => (window as unknown as { host: HostApi }).host[n]!(...a) as T,
    [name, args] as const,
  );

async function panelFrame(page: Page, server: Harness): Promise<Frame> {
  const panelUrl = `${server.emulator.url}/connect/ccp-v2/`;
  await expect.poll(() => page.frames().some((f) => f.url() === panelUrl)).toBe(true);
  return page.frames().find((f) => f.url() === panelUrl)!;
}

test('with allowFramedSoftphone the framed panel runs the softphone, rings the default ringtone on an inbound call until it is accepted, and its softphone logs reach the host', async ({
  page,
}) => {
  const server = await openHost(page, { softphone: { allowFramedSoftphone: true } });
  const frame = await panelFrame(page, server);
  const root = frame.getByTestId('ccp');
  await expect(root).toHaveAttribute('data-softphone', 'running');
  await expect(root).toHaveAttribute('data-softphone-source', 'configure');
  await expect(root).toHaveAttribute('data-ringtone-source', 'configure');
  await expect(root).toHaveAttribute('data-ringtone-voice', '/connect/ccp-v2/ringtone.wav');
  await host(page, 'available');
  await server.placeInboundCall();
  await expect.poll(() => events(page)).toContain('contact:connecting');
  await expect(root).toHaveAttribute('data-ringing', 'voice');
  await host(page, 'accept');
  await expect.poll(() => events(page)).toContain('contact:connected');
  await expect(root).not.toHaveAttribute('data-ringing');
  // the softphone's log entries go up as send_logs (every 5 s) and come down to the host as log
  await expect
    .poll(() => events(page))
    .toContainEqual(expect.stringMatching(/^log:softphone:Softphone session started/));
});

test('without allowFramedSoftphone no softphone runs; disableRingtone silences the call; page options and namespaced logs apply', async ({
  page,
}) => {
  const server = await openHost(page, {
    softphone: { allowFramedSoftphone: false, disableRingtone: true },
    pageOptions: { enableAudioDeviceSettings: true, enablePhoneTypeSettings: false },
    shouldAddNamespaceToLogs: true,
  });
  const frame = await panelFrame(page, server);
  const root = frame.getByTestId('ccp');
  await expect(root).toHaveAttribute('data-ringtone-source', 'configure');
  await expect(root).toHaveAttribute('data-ringtone-voice', 'disabled');
  await expect(root).toHaveAttribute('data-namespaced-logs', 'true');
  await expect(frame.getByTestId('audio-device-settings')).toBeVisible();
  await expect(frame.getByTestId('phone-type-settings')).toBeHidden();
  await host(page, 'available');
  await server.placeInboundCall();
  await expect.poll(() => events(page)).toContain('contact:connecting');
  await expect(frame.getByTestId('ccp')).toHaveAttribute('data-state', 'ringing');
  await expect(root).not.toHaveAttribute('data-ringing');
  await expect(root).not.toHaveAttribute('data-softphone');
  // a namespaced console line
  const line = frame.page().waitForEvent('console', (m) => m.text().startsWith('[CCP] probe'));
  await frame.evaluate(() => console.log('probe'));
  expect((await line).text()).toBe('[CCP] probe');
});

test('a panel refreshed without configure applies the stored softphone and ringtone params after 100 ms and asks the host with request_configure', async () => {
  // The stored params need third-party storage in the panel frame (as the real CCP's SharedWorker does).
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: [
      ...CHROMIUM_ARGS,
      // the SharedWorker's requests do not follow the context's ignoreHTTPSErrors
      '--ignore-certificate-errors',
      '--test-third-party-cookie-phaseout=false',
      '--disable-features=TrackingProtection3pcd,ThirdPartyCookieDeprecationTrial,TpcdSupportSettings',
    ],
  });
  try {
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const server = await openHost(page, { softphone: { allowFramedSoftphone: true } });
    let frame = await panelFrame(page, server);
    await expect(frame.getByTestId('ccp')).toHaveAttribute('data-ringtone-source', 'configure');
    expect(await events(page)).not.toContain('request_configure');
    await frame.evaluate(() => location.reload());
    await expect
      .poll(async () => {
        frame = await panelFrame(page, server);
        return frame.getByTestId('ccp').getAttribute('data-softphone-source');
      })
      .toBe('localStorage');
    await expect(frame.getByTestId('ccp')).toHaveAttribute('data-ringtone-source', 'localStorage');
    await expect(frame.getByTestId('ccp')).toHaveAttribute('data-softphone', 'running');
    await expect.poll(() => events(page)).toContain('request_configure');
  } finally {
    await browser.close();
  }
});

test('task-template calls from the host run through the panel worker against the emulator proxy (list, get with snapshotVersion, create, update)', async ({
  page,
}) => {
  await openHost(page, { softphone: { allowFramedSoftphone: true, disableRingtone: true } });
  const instanceId = await host<string>(page, 'instanceId');
  const list = await host<{ ok: boolean; value: { TaskTemplates: { Id: string }[] } }>(
    page,
    'request',
    'listTaskTemplates',
    { instanceId, queryParams: { status: 'ACTIVE' } },
  );
  expect(list.ok).toBe(true);
  expect(list.value.TaskTemplates.map((t) => t.Id)).toEqual(['task-template-callback']);
  const got = await host<{ ok: boolean; value: { Id: string; SnapshotVersion: number } }>(
    page,
    'request',
    'getTaskTemplate',
    { instanceId, templateParams: { id: 'task-template-callback', version: 1 } },
  );
  expect(got).toMatchObject({
    ok: true,
    value: { Id: 'task-template-callback', SnapshotVersion: 1 },
  });
  const missing = await host<{ ok: boolean; error: { message: string; statusCode: number } }>(
    page,
    'request',
    'getTaskTemplate',
    { instanceId, templateParams: { id: 'task-template-callback', version: 9 } },
  );
  expect(missing.ok).toBe(false);
  expect(missing.error).toMatchObject({
    message: 'Task template version not found: 9',
    statusCode: 404,
  });
  // The emulator creates the task (routed like CreateTaskContact) and updates it.
  const created = await host<{ ok: boolean; value: { ContactId: string } }>(
    page,
    'request',
    'createTemplatedTask',
    { instanceId, templateId: 'task-template-callback', name: 'Call back' },
  );
  expect(created.ok).toBe(true);
  expect(created.value.ContactId).toEqual(expect.any(String));
  const updated = await host<{ ok: boolean }>(page, 'request', 'updateContact', {
    instanceId,
    contactId: created.value.ContactId,
    name: 'renamed',
  });
  expect(updated.ok).toBe(true);
  const unknown = await host<{ ok: boolean; error: { statusCode: number } }>(
    page,
    'request',
    'updateContact',
    { instanceId, contactId: 'c-1', name: 'renamed' },
  );
  expect(unknown.ok).toBe(false);
  expect(unknown.error.statusCode).toBe(404);
});

test('startScreenSharing from the host is answered by the panel page through the emulator screen-sharing service', async ({
  page,
}) => {
  const server = await openHost(page, {
    softphone: { allowFramedSoftphone: true, disableRingtone: true },
  });
  await host(page, 'available');
  await server.placeInboundCall();
  await expect.poll(() => events(page)).toContain('contact:connecting');
  await host(page, 'accept');
  await expect.poll(() => events(page)).toContain('contact:connected');
  const instanceId = await host<string>(page, 'instanceId');
  const ids = await host<{ contactId: string; participantId: string }>(page, 'ids');
  const shared = await host(page, 'request', 'startScreenSharing', {
    InstanceId: instanceId,
    ContactId: ids.contactId,
    ParticipantId: ids.participantId,
  });
  expect(shared).toEqual({ ok: true, value: {} });
  const wrong = await host<{ ok: boolean; error: { status: number } }>(
    page,
    'request',
    'startScreenSharing',
    { InstanceId: instanceId, ContactId: ids.contactId, ParticipantId: 'nobody' },
  );
  expect(wrong.ok).toBe(false);
  expect(wrong.error.status).toBe(404);
});

test('once the agent is known, a panel agent with the voiceId permission looks up the Voice ID domain and broadcasts voiceId::update_domain_id', async ({
  page,
}) => {
  const seed: SeedInput = {
    ...DEMO_SEED,
    agents: DEMO_SEED.agents?.map((a) =>
      a.username === 'jane' ? { ...a, permissions: ['outboundCall', 'voiceId'] } : a,
    ),
  };
  const server = await openHost(
    page,
    { softphone: { allowFramedSoftphone: true, disableRingtone: true } },
    seed,
  );
  await expect.poll(() => events(page)).toContainEqual(expect.stringMatching(/^domain:[\w-]+$/));
  const domain = (await events(page)).find((e) => e.startsWith('domain:'))!.slice(7);
  const frame = await panelFrame(page, server);
  expect(
    await frame.evaluate(
      () =>
        (window as unknown as { xPanel: { session: { voiceIdDomainId?: string } } }).xPanel.session
          .voiceIdDomainId,
    ),
  ).toBe(domain);
});
