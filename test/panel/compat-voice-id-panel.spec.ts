import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { DEMO_SEED, type SeedInput } from '../../packages/connect-emulator/src/index';
import { startHarness, type Harness } from './support/emulator-harness';

// The compat layer's Voice ID through the real panel path: a host page written against the global
// `connect` of amazon-connect-streams 2.18 (connect.core.initCCP, connect.contact, VoiceConnection
// Voice ID methods) runs on `@x/voice-id/compat` (which installs our compat `connect` with Voice ID),
// embeds the emulator panel, accepts an inbound call and asks for the speaker's status and an
// evaluation: compat VoiceConnection → @x/voice-id → host api_request → panel worker agent-app
// client → emulator agent-app endpoint.

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
  const settle = (p) =>
    p.then(
      (value) => ({ ok: true, value }),
      (error) => ({ ok: false, error: { type: error && error.type, message: String(error && error.message) } }),
    );
  connect.core.initCCP(document.getElementById('ccp'), {
    ccpUrl: window.PANEL_URL,
    loginPopup: false,
    softphone: { allowFramedSoftphone: true, disableRingtone: true },
  });
  connect.agent(() => events.push('agent'));
  connect.contact((contact) => {
    current = contact;
    contact.onConnecting(() => events.push('contact:connecting'));
    contact.onConnected(() => events.push('contact:connected'));
  });
  window.host = {
    available: () => {
      const agent = new connect.Agent();
      const state = agent.getAgentStates().find((s) => s.name === 'Available');
      agent.setState(state, { success: () => events.push('available') });
    },
    accept: () => current.accept({ success: () => events.push('accepted') }),
    speakerStatus: () => settle(current.getAgentConnection().getVoiceIdSpeakerStatus()),
    evaluate: (options) => {
      XVoice.installVoiceIdForCompat(options);
      return settle(current.getAgentConnection().evaluateSpeakerWithVoiceId(true));
    },
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
        contents: `export { installVoiceIdForCompat } from '@x/voice-id/compat';`,
        resolveDir: here,
        loader: 'ts',
      },
      bundle: true,
      format: 'iife',
      globalName: 'XVoice',
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
    res.end(`<!doctype html><html><head><meta charset="utf-8"><title>compat voice-id host</title>
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

test('compat VoiceConnection.getVoiceIdSpeakerStatus and evaluateSpeakerWithVoiceId(true) reach the emulator agent-app endpoint through the panel (@x/voice-id/compat)', async ({
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
  const status = await page.evaluate(() =>
    (window as unknown as { host: { speakerStatus(): Promise<unknown> } }).host.speakerStatus(),
  );
  expect(status).toMatchObject({ ok: true, value: { Speaker: { Status: 'ENROLLED' } } });
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
