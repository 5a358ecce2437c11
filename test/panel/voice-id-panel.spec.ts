import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { DEMO_SEED, type SeedInput } from '../../packages/connect-emulator/src/index';
import { startHarness, type Harness } from './support/emulator-harness';

// @x/voice-id through the real panel path: our initCCP host embeds the emulator panel, the agent
// accepts an inbound call, and createVoiceId(contact, { ccp }) evaluates the caller: host
// api_request → panel worker agent-app client → emulator agent-app endpoint → Authenticated.
// Also ccp.getWebSocketManager(): subscribeTopics reaches the panel's web socket manager; and the
// panel page answers the quick-responses proxy methods through the emulator's agent-app endpoint.

const here = dirname(fileURLToPath(import.meta.url));
const CALLER = '+15550001001';

/** The demo seed with Voice ID permission for jane. */
const seed: SeedInput = {
  ...DEMO_SEED,
  agents: DEMO_SEED.agents?.map((a) =>
    a.username === 'jane' ? { ...a, permissions: ['outboundCall', 'voiceId'] } : a,
  ),
};

const HOST_JS = `
(function () {
  const events = [];
  window.__events = events;
  let current;
  const ccp = XHost.initCCP(document.getElementById('ccp'), {
    ccpUrl: window.PANEL_URL,
    loginPopup: false,
    softphone: { allowFramedSoftphone: true, disableRingtone: true },
  });
  ccp.agent.on('init', () => events.push('agent'));
  ccp.contacts.on('init', (contact) => {
    current = contact;
    contact.on('connecting', () => events.push('contact:connecting'));
    contact.on('connected', () => events.push('contact:connected'));
  });
  const wsm = ccp.getWebSocketManager();
  wsm.onSubscriptionUpdate((u) => events.push('ws:subscription_update:' + JSON.stringify(u.content)));
  window.host = {
    available: () =>
      ccp.agent.setState(ccp.agent.getAgentStates().find((s) => s.name === 'Available')).then(
        () => events.push('available'),
      ),
    accept: () => current.accept().then(() => events.push('accepted')),
    subscribe: (topics) => wsm.subscribeTopics(topics),
    request: (method, params) =>
      ccp.client.request(method, params).then(
        (value) => ({ ok: true, value }),
        (error) => ({ ok: false, error: String(error && error.message) }),
      ),
    evaluate: (options) =>
      XHost.createVoiceId(current, { ccp, ...options })
        .evaluateSpeaker(true)
        .then(
          (value) => ({ ok: true, value }),
          (error) => ({ ok: false, error: { type: error && error.type, message: String(error && error.message) } }),
        ),
  };
})();`;

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

async function openHost(page: Page): Promise<Harness> {
  const js = (
    await build({
      stdin: {
        contents: `export { initCCP } from '@x/connect-streams'; export { createVoiceId } from '@x/voice-id';`,
        resolveDir: here,
        loader: 'ts',
      },
      bundle: true,
      format: 'iife',
      globalName: 'XHost',
      platform: 'browser',
      conditions: ['source'],
      write: false,
      logLevel: 'silent',
    })
  ).outputFiles[0]!.text;
  hostServer = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/x.js' || path === '/host.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      return res.end(path === '/x.js' ? js : HOST_JS);
    }
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(`<!doctype html><html><head><meta charset="utf-8"><title>voice-id host</title>
<script>window.PANEL_URL = ${JSON.stringify(`${harness!.emulator.url}/login?username=jane&redirect=/connect/ccp-v2/`)};</script>
<script src="/x.js"></script></head>
<body><div id="ccp" style="width:360px;height:560px"></div><script src="/host.js"></script></body></html>`);
  });
  await new Promise<void>((resolve) => hostServer!.listen(0, '127.0.0.1', resolve));
  const hostOrigin = `http://localhost:${(hostServer.address() as AddressInfo).port}`;
  harness = await startHarness({ allowedOrigins: (origin) => [origin, hostOrigin], seed });
  await page.goto(`${hostOrigin}/host.html`);
  return harness;
}

const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: string[] }).__events.slice());

async function waitFor(page: Page, expected: string[], message: string): Promise<void> {
  await expect
    .poll(() => events(page), { message, timeout: 20_000 })
    .toEqual(expect.arrayContaining(expected));
}

test('createVoiceId(contact, { ccp }) authenticates an enrolled caller through the panel agent-app channel', async ({
  page,
}) => {
  const server = await openHost(page);
  await server.control('PATCH', '/control/voice-id/settings', { authenticationSpeechMs: 100 });
  await server.control('PUT', `/control/voice-id/customers/${encodeURIComponent(CALLER)}`, {
    speakerStatus: 'ENROLLED',
  });
  await waitFor(page, ['agent'], 'agent arrives');
  await page.evaluate(() =>
    (window as unknown as { host: { available(): void } }).host.available(),
  );
  await waitFor(page, ['available'], 'Available');
  await server.placeInboundCall(CALLER);
  await waitFor(page, ['contact:connecting'], 'call rings');
  await page.evaluate(() => (window as unknown as { host: { accept(): void } }).host.accept());
  await waitFor(page, ['accepted', 'contact:connected'], 'accepted');
  const outcome = await page.evaluate(() =>
    (window as unknown as { host: { evaluate(o: unknown): Promise<unknown> } }).host.evaluate({
      evaluateSessionDelay: 50,
      evaluationPollingInterval: 200,
      evaluationMaxPollTimes: 100,
      startSessionDelay: 100,
    }),
  );
  expect(outcome).toMatchObject({
    ok: true,
    value: {
      AuthenticationResult: { Decision: 'Authenticated', CustomerSpeakerId: CALLER },
    },
  });
});

test('ccp.getWebSocketManager().subscribeTopics reaches the panel web socket manager (subscription_update arrives)', async ({
  page,
}) => {
  await openHost(page);
  await waitFor(page, ['agent'], 'agent arrives');
  await page.evaluate(() =>
    (window as unknown as { host: { subscribe(t: string[]): void } }).host.subscribe(['aws/chat']),
  );
  await expect
    .poll(() => events(page), { timeout: 20_000 })
    .toContainEqual(expect.stringMatching(/^ws:subscription_update:.*aws\/chat/));
});

test('the panel page answers qrIntegrationExists and qrSearchQuickResponses through the agent-app endpoint', async ({
  page,
}) => {
  await openHost(page);
  await waitFor(page, ['agent'], 'agent arrives');
  const request = (method: string, params: unknown) =>
    page.evaluate(
      ([m, p]) =>
        (
          window as unknown as { host: { request(m: string, p: unknown): Promise<unknown> } }
        ).host.request(m, p),
      [method, params] as const,
    );
  expect(await request('qrIntegrationExists', null)).toEqual({ ok: true, value: { exists: true } });
  const search = (await request('qrSearchQuickResponses', { query: '' })) as {
    ok: boolean;
    value: { results: { name: string; contents: { plainText: { content: string } } }[] };
  };
  expect(search.ok).toBe(true);
  expect(search.value.results.length).toBeGreaterThan(0);
  expect(search.value.results[0]).toMatchObject({
    name: expect.any(String),
    contents: { plainText: { content: expect.any(String) } },
  });
});
