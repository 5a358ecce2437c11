import { expect, test, type Page } from '@playwright/test';
import {
  acceptEnrolledCaller,
  FAST_VOICE_ID,
  hostEvents,
  openVoiceIdHost,
  waitForHostEvents as waitFor,
  type VoiceIdHost,
} from './support/voice-id-host';

// @x/voice-id through the real panel path: our initCCP host embeds the emulator panel, the agent
// accepts an inbound call, and createVoiceId(contact, { ccp }) evaluates the caller: host
// api_request → panel worker agent-app client → emulator agent-app endpoint → Authenticated.
// Also ccp.getWebSocketManager(): subscribeTopics reaches the panel's web socket manager; and the
// panel page answers the quick-responses proxy methods through the emulator's agent-app endpoint.

const CALLER = '+15550001001';

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

let host: VoiceIdHost | undefined;
test.use({ ignoreHTTPSErrors: true });
test.afterEach(async () => {
  await host?.close();
  host = undefined;
});

async function openHost(page: Page) {
  host = await openVoiceIdHost(page, {
    entry: `export { initCCP } from '@x/connect-streams'; export { createVoiceId } from '@x/voice-id';`,
    globalName: 'XHost',
    hostJs: HOST_JS,
    title: 'voice-id host',
  });
  return host.harness;
}

const events = hostEvents;

test('createVoiceId(contact, { ccp }) authenticates an enrolled caller through the panel agent-app channel', async ({
  page,
}) => {
  const server = await openHost(page);
  await acceptEnrolledCaller(page, server, CALLER);
  const outcome = await page.evaluate(
    (fast) =>
      (window as unknown as { host: { evaluate(o: unknown): Promise<unknown> } }).host.evaluate(
        fast,
      ),
    FAST_VOICE_ID,
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
    .poll(() => events(page))
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
