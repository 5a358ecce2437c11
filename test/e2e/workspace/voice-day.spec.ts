// The agent's day on the phone: call outcomes explained in the call panel's words, free dialling
// with the spaces people type, the call panel inside a phone's screen, no contact-centre request
// for a member without voice. The real stack: workspace server, contact-centre emulator, the app.
import type { Page } from '@playwright/test';
import { USERS, apiSignIn } from './support/api';
import { expect, signInAs, test } from './support/fixtures';
import { ContactsPage } from './support/pages/contacts.page';
import { VoicePage } from './support/pages/voice.page';
import { CALLERS, VoiceEmulator } from './support/voice';

test.describe.configure({ timeout: 120_000 });

let emulator: VoiceEmulator;

test.beforeAll(async ({ request }) => {
  const { token } = await apiSignIn(request, USERS.jane);
  emulator = await VoiceEmulator.find(request, token);
});

test.afterAll(async () => {
  await emulator.quiet();
  await emulator.dispose();
});

test.beforeEach(async () => {
  await emulator.quiet();
});

/** The voice module is ready (a first load on a busy machine takes longer than VoicePage's 20 s). */
async function voiceReady(voice: VoicePage): Promise<void> {
  await expect(voice.chip).toHaveAttribute('data-state', /^(available|offline|custom|on-call)$/, {
    timeout: 60_000,
  });
}

/** Jane on a contact's page, her voice module ready. */
async function janeOnContact(
  page: Page,
  name: string,
): Promise<{ jane: VoicePage; contacts: ContactsPage }> {
  await signInAs(page, USERS.jane);
  const contacts = new ContactsPage(page);
  await contacts.open('acme');
  const jane = new VoicePage(page);
  await voiceReady(jane);
  await contacts.search.fill(name);
  const row = contacts.rows.filter({ hasText: name });
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await row.click();
  await expect(contacts.name).toHaveText(name, { timeout: 15_000 });
  return { jane, contacts };
}

test("outbound outcomes: 'Customer reject voice call', 'Customer did not answer the voice call'; a declined call: 'Rejected call, you're on after call work.'", async ({
  page,
}) => {
  const callee = CALLERS.noah;
  const { jane, contacts } = await janeOnContact(page, callee.name);

  // The customer rejects: the panel and the chip say so, not 'Call ended'.
  await contacts.callButton.click();
  await expect(jane.callPanel).toHaveAttribute('data-state', 'outgoing');
  let outbound = await emulator.waitForContact(callee.phone, 'jane');
  await emulator.customer(outbound.contactId, 'reject');
  await expect(jane.callPanel).toHaveAttribute('data-state', 'afterCallWork');
  await expect(jane.callPanel).toContainText('Customer reject voice call');
  await expect(jane.chip).toContainText('Customer reject voice call');
  await jane.control('Finish').click();
  await expect(jane.callPanel).toBeHidden();

  // The customer does not answer.
  await contacts.callButton.click();
  await expect(jane.callPanel).toHaveAttribute('data-state', 'outgoing');
  outbound = await emulator.waitForContact(callee.phone, 'jane');
  await emulator.customer(outbound.contactId, 'no-answer');
  await expect(jane.callPanel).toContainText('Customer did not answer the voice call');
  await jane.control('Finish').click();
  await expect(jane.callPanel).toBeHidden();

  // An inbound call Jane declines.
  await jane.setStatus('On');
  await expect(jane.chip).toHaveAttribute('data-state', 'available');
  await emulator.dial(CALLERS.olivia.phone);
  await emulator.waitForContact(CALLERS.olivia.phone, 'jane');
  await expect(jane.callPanel).toHaveAttribute('data-state', 'incoming');
  await jane.control('Decline').click();
  await expect(jane.callPanel).toContainText("Rejected call, you're on after call work.");
  await emulator.setAgentState('jane', 'Offline');
});

test('free dial: a number typed with spaces calls its E.164 form; a malformed one gets the §5 message, never the contact centre jargon', async ({
  page,
}) => {
  const callee = CALLERS.noah;
  const { jane, contacts } = await janeOnContact(page, callee.name);
  await contacts.dialerNumber.fill('+44 20 71x3');
  await contacts.callButton.click();
  await expect(contacts.dialer.getByText('Phone number is not valid.')).toBeVisible();
  await expect(page.getByText(/E\.164|Bad endpoint/)).toHaveCount(0);

  await contacts.dialerNumber.fill('+44 20 7123 4567');
  await contacts.callButton.click();
  await expect(jane.callPanel).toHaveAttribute('data-state', 'outgoing');
  const outbound = await emulator.waitForContact('+442071234567', 'jane');
  expect(outbound.customerNumber).toBe('+442071234567');
  await jane.control('End call').click();
  await expect(jane.callPanel).toHaveAttribute('data-state', 'afterCallWork');
  await jane.control('Finish').click();
  await expect(jane.callPanel).toBeHidden();
});

test('a member without voice makes no contact-centre request (network log) and sees no voice chip', async ({
  page,
  baseURL,
}) => {
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).origin !== new URL(baseURL!).origin) foreign.push(r.url());
  });
  await signInAs(page, USERS.sam);
  const config = page.waitForResponse((r) => r.url().endsWith('/addons/voice/config'));
  await page.goto('/ws/acme/inbox');
  const answer = (await (await config).json()) as { config: { agentUsername: string | null } };
  expect(answer.config.agentUsername).toBeNull();
  // what the module does with the answer runs in the frames right after it
  await expect(page.getByTestId('voice-frames')).toBeAttached();
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
  await expect(page.getByTestId('voice-frames')).toBeEmpty();
  await expect(page.getByTestId('voice-status')).toHaveCount(0);
  expect(foreign).toEqual([]);
});
