// The voice journeys against the workspace server configured exactly as for an Amazon Connect
// instance (`CONNECT_PROFILE=aws` of scripts/start.mjs, a stack of its own): Connect, Contact
// Lens and the recordings bucket at three endpoints that each pass only their service's signed
// requests, a key pair the emulator accepts in place of its demo key, the instance's region, and
// no emulator token, so the agent signs in at the panel's login page. What the emulator still
// does for it is what AWS would: the browser reaches the panel at the emulator (it cannot reach
// `<subdomain>.my.connect.aws`), the contact and agent events reach the server's webhooks, and
// the customers' side is driven through the control API as in every voice journey. So between
// this server and the run's, only the configuration differs.
import { request as playwrightRequest, type Page } from '@playwright/test';
import { apiCall, apiSignIn, USERS } from './support/api';
import { expect, signInAs, test as base } from './support/fixtures';
import { ContactsPage } from './support/pages/contacts.page';
import { InboxPage } from './support/pages/inbox.page';
import { VoicePage } from './support/pages/voice.page';
import { startStack, type Stack } from './support/stack';
import { CALLERS, connectionRecord, VoiceEmulator } from './support/voice';

let stack: Stack;
let emulator: VoiceEmulator;

/**
 * Every page and API call of these journeys goes to the stack configured as for AWS (the hooks'
 * own pages, set up before the stack is, keep the run's).
 */
const test = base.extend({
  baseURL: async ({ baseURL }, use) => use(stack?.url ?? baseURL),
});

test.beforeAll(async () => {
  // A second stack: the gateway, the emulator, the server and the app's build, on a busy machine.
  test.setTimeout(300_000);
  stack = await startStack('aws', { CONNECT_PROFILE: 'aws' });
  const request = await playwrightRequest.newContext({ baseURL: stack.url });
  try {
    const { token } = await apiSignIn(request, USERS.jane);
    emulator = await VoiceEmulator.find(request, token);
  } finally {
    await request.dispose();
  }
});

test.afterAll(async () => {
  await emulator?.quiet();
  await emulator?.dispose();
  await stack?.stop();
});

test.beforeEach(async () => {
  await emulator.quiet();
});

test.afterEach(() => {
  // No request of the server went to another service's endpoint, nor unsigned to the emulator.
  expect(stack.output.filter((line) => line.includes('endpoint] refused'))).toEqual([]);
});

/**
 * Signs the agent in at the panel's login page, as an agent signs in at the instance's: the
 * softphone says sign-in is needed, Sign in opens the login page in a popup (the emulator is the
 * app's site, another port), the agent signs in there, and the panel starts.
 */
async function signInToPanel(page: Page, username: string): Promise<void> {
  const problem = page.getByTestId('voice-start-problem');
  await expect(problem).toHaveAttribute('data-problem', 'signInNeeded');
  const opened = page.waitForEvent('popup');
  await problem.getByRole('button', { name: 'Sign in', exact: true }).click();
  const login = await opened;
  await login.getByTestId('agent').selectOption(username);
  await login.getByTestId('sign-in').click();
  await expect(problem).toBeHidden();
}

test('the server signs with its own key and hands out no emulator sign-in link; the emulator refuses its demo key', async ({
  page,
}) => {
  const auth = await apiSignIn(page.request, USERS.jane);
  const { config } = await apiCall<{ config: { ccpUrl: string; loginUrl: string } }>(
    page.request,
    auth.token,
    'GET',
    '/ws/acme/addons/voice/config',
  );
  // The panel at the emulator (the browser's side), and its own login page: no one-time link,
  // which only the emulator's control token could mint.
  expect(new URL(config.ccpUrl).origin).toBe(emulator.url);
  expect(config.loginUrl).toBe(`${emulator.url}/login`);
  // The admin API refuses the demo key before it looks at the signature: the server's calls,
  // which the journeys below need, are signed with the key pair of this stack.
  const demo = await page.request.get(`${emulator.url}/users-summary/any`, {
    headers: {
      authorization:
        'AWS4-HMAC-SHA256 Credential=emulator-demo/20250101/us-east-1/connect/aws4_request, SignedHeaders=host, Signature=00',
    },
  });
  expect(demo.status()).toBe(403);
  expect(await demo.json()).toMatchObject({ __type: 'UnrecognizedClientException' });
});

test('an agent takes an inbound call; once it ends, its recording plays from the S3 endpoint and its transcript comes from Contact Lens', async ({
  page,
}) => {
  const caller = CALLERS.demo;
  const auth = await signInAs(page, USERS.jane);
  await page.goto('/ws/acme/inbox/all');
  await signInToPanel(page, 'jane');
  const jane = new VoicePage(page);
  await jane.ready();
  await jane.setStatus('On');
  await expect(jane.chip).toHaveAttribute('data-state', 'available');

  const call = await emulator.dial(caller.phone);
  await emulator.waitForContact(caller.phone, 'jane');
  await expect(jane.callPanel).toHaveAttribute('data-state', 'incoming');
  await jane.control('Accept').click();
  await expect(jane.callPanel).toHaveAttribute('data-state', 'connected');
  // talk time makes the recording and the transcript (two seconds or more)
  await expect(jane.callTimer).toHaveText(/^00:(0[2-9]|[1-5]\d)$/);
  await emulator.customer(call.contactId, 'hangup');
  await expect(jane.callPanel).toHaveAttribute('data-state', 'afterCallWork');
  await jane.control('Finish').click();
  await expect(jane.callPanel).toBeHidden();
  await jane.setStatus('Off');

  // The call's part in its conversation, once the contact events say it is over.
  await expect
    .poll(
      async () =>
        (await connectionRecord(page.request, auth.token, call.contactId)).connection
          .idConversation,
    )
    .toBeTruthy();
  const { connection } = await connectionRecord(page.request, auth.token, call.contactId);
  const inbox = new InboxPage(page);
  await page.goto(`/ws/acme/inbox/all/conversations/${connection.idConversation}`);
  const part = inbox.callParts.and(page.locator(`[data-id-communication="${call.contactId}"]`));

  // The recording: DescribeContact, the storage config and GetObject, each at its endpoint.
  const recording = page.waitForResponse(
    (r) =>
      r.url().includes(`/addons/voice/recordings/${encodeURIComponent(call.contactId)}`) &&
      r.status() === 200,
  );
  await part.getByTestId('call-part-recording').click();
  expect((await recording).headers()['content-type']).toBe('audio/wav');
  // What the player holds is a WAV of the call, and it plays.
  await expect(inbox.audioPlayer).toBeVisible();
  const audio = inbox.audioPlayer.getByTestId('audio-element');
  const wav = await audio.evaluate(async (element: HTMLAudioElement) => {
    const bytes = new Uint8Array(await (await fetch(element.src)).arrayBuffer());
    const text = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
    return { riff: text(0, 4), wave: text(8, 12), length: bytes.length };
  });
  expect(wav.riff).toBe('RIFF');
  expect(wav.wave).toBe('WAVE');
  // 8 kHz, 16-bit, stereo: more than a second of talk is more than 32,000 bytes of samples
  expect(wav.length).toBeGreaterThan(32_000);
  await inbox.audioPlayer.getByTestId('audio-play').click();
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime))
    .toBeGreaterThan(0);

  // The transcript: Contact Lens' real-time segments, as speaker turns.
  await inbox.callPanel.getByTestId('call-panel-tab-transcript').click();
  const turns = inbox.transcript.getByTestId('transcript-turn');
  await expect(turns.first()).toBeVisible();
  const speakers = await turns.evaluateAll((items) =>
    items.map((item) => item.getAttribute('data-speaker')),
  );
  expect(speakers.length).toBeGreaterThan(0);
  for (const speaker of speakers) expect(speaker).toMatch(/^(AGENT|CUSTOMER)$/);
});

test('an agent places an outbound call from a contact page; the customer answers; the agent ends it', async ({
  page,
}) => {
  const callee = CALLERS.noah;
  const auth = await signInAs(page, USERS.jane);
  const contacts = new ContactsPage(page);
  await contacts.open('acme');
  await contacts.search.fill(callee.name);
  await contacts.rows.filter({ hasText: callee.name }).click();
  await expect(contacts.name).toHaveText(callee.name);
  await signInToPanel(page, 'jane');
  const jane = new VoicePage(page);
  await jane.ready();
  await expect(contacts.dialerNumber).toHaveValue(callee.phone);

  await contacts.callButton.click();
  await expect(jane.callPanel).toHaveAttribute('data-state', 'outgoing');
  const outbound = await emulator.waitForContact(callee.phone, 'jane');
  await emulator.customer(outbound.contactId, 'answer');
  await expect(jane.callPanel).toHaveAttribute('data-state', 'connected');
  // The server confirmed the call with DescribeContact (at the Connect endpoint) and recorded it.
  await expect
    .poll(
      async () =>
        (await connectionRecord(page.request, auth.token, outbound.contactId).catch(() => null))
          ?.connection.communicationType,
    )
    .toBe('outbound');

  await jane.control('End call').click();
  await expect(jane.callPanel).toHaveAttribute('data-state', 'afterCallWork');
  await jane.control('Finish').click();
  await expect(jane.callPanel).toBeHidden();
});
