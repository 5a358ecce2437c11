// Voice journeys of the workspace app on the real stack: the workspace server, the contact-centre
// emulator (customers dial in and hang up through its control API) and the app's voice add-on
// (`@x/react-voice`) in headless Chromium with fake media devices.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { apiSignIn, USERS } from './support/api';
import { expect, signInAs, test } from './support/fixtures';
import { InboxPage } from './support/pages/inbox.page';
import { VoicePage } from './support/pages/voice.page';
import { connectionRecord, VoiceEmulator } from './support/voice';

/** Phone calls take a few seconds each way; a journey takes several. */
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

/** A second signed-in user in a browser context of its own (another agent's browser). */
async function openAgent(
  browser: Browser,
  email: string,
  path = '/ws/acme/inbox/all',
): Promise<{ context: BrowserContext; page: Page; voice: VoicePage }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, email);
  await page.goto(path);
  const voice = new VoicePage(page);
  await voice.ready();
  return { context, page, voice };
}

test('inbound call: accept, hold, mute, keypad, transfer to an agent, after-call work, Finish', async ({
  page,
  browser,
}) => {
  const caller = { name: 'Olivia Brown', phone: '+15555550103' };
  const auth = await signInAs(page, USERS.jane);
  await page.goto('/ws/acme/inbox/all');
  const jane = new VoicePage(page);
  await jane.ready();
  await expect(jane.chip).toHaveAttribute('data-state', 'offline');
  await jane.setStatus('On');
  await expect(jane.chip).toHaveAttribute('data-state', 'available');

  // John, in a browser of his own, stays Offline until the transfer.
  const john = await openAgent(browser, USERS.john);
  try {
    const dialled = await emulator.dial(caller.phone);
    await emulator.waitForContact(caller.phone, 'jane');

    // Ringing: the chip shows the call, the panel offers Accept and Decline.
    await expect(jane.callPanel).toHaveAttribute('data-state', 'incoming');
    await expect(jane.chip).toHaveAttribute('data-state', 'on-call');
    await expect(jane.callPanel).toContainText('Incoming call');
    await expect(jane.callPanel).toContainText(caller.name);
    await jane.control('Accept').click();
    await expect(jane.callPanel).toHaveAttribute('data-state', 'connected');
    await expect(jane.callTimer).toHaveText(/^\d\d:\d\d$/);

    // The server recorded the call as answered, in the caller's conversation.
    await expect
      .poll(
        async () =>
          (await connectionRecord(page.request, auth.token, dialled.contactId)).connection.answered,
      )
      .toBe(true);

    // Hold and resume.
    await jane.control('Hold').click();
    await expect(jane.control('Resume')).toHaveAttribute('aria-pressed', 'true');
    await expect(jane.callPanel).toContainText('Call on hold');
    await expect
      .poll(async () =>
        (await emulator.contact(dialled.contactId)).connections
          .filter((c) => c.type !== 'agent')
          .map((c) => c.state),
      )
      .toContain('hold');
    await jane.control('Resume').click();
    await expect(jane.control('Hold')).toHaveAttribute('aria-pressed', 'false');

    // Mute and unmute.
    await jane.control('Mute').click();
    await expect(jane.control('Unmute')).toHaveAttribute('aria-pressed', 'true');
    await jane.control('Unmute').click();
    await expect(jane.control('Mute')).toHaveAttribute('aria-pressed', 'false');

    // Keypad: digits go to the call as typed; other keys are blocked.
    await jane.control('Keypad').click();
    await expect(jane.keypad).toBeVisible();
    await jane.keypad.getByRole('button', { name: '4', exact: true }).click();
    await jane.keypad.getByRole('button', { name: '2', exact: true }).click();
    await jane.keypad.getByRole('button', { name: '#', exact: true }).click();
    await expect
      .poll(async () =>
        (await emulator.contact(dialled.contactId)).digits.map((d) => d.digits).join(''),
      )
      .toBe('42#');

    // Transfer to John: he becomes Available in his browser, jane picks him in 'Transfer call'.
    await john.voice.setStatus('On');
    await expect(john.voice.chip).toHaveAttribute('data-state', 'available');
    await jane.control('Transfer').click();
    await expect(jane.transferModal).toBeVisible();
    const target = jane.transferTargets.filter({ hasText: 'John Roe' });
    await expect(target).toBeVisible();
    await target.click();
    await expect(jane.transferModal).toBeHidden();

    // John's browser rings; he accepts.
    await expect(john.voice.callPanel).toHaveAttribute('data-state', 'incoming');
    await john.voice.control('Accept').click();
    await expect(john.voice.callPanel).toHaveAttribute('data-state', 'connected');
    await expect
      .poll(async () => (await emulator.agent('john')).contacts.length, {
        message: 'john holds the call',
      })
      .toBe(1);

    // The customer, jane and John are on the call; jane leaves it with 'Exit' (her transfer is
    // done): after-call work, then Finish.
    await expect(jane.callPanel.getByRole('region', { name: 'Participants' })).toContainText(
      'John Roe',
    );
    await jane.control('Exit').click();
    await expect(jane.callPanel).toHaveAttribute('data-state', 'afterCallWork');
    await expect(jane.callPanel).toContainText("you're on after call work");
    await jane.control('Finish').click();
    await expect(jane.callPanel).toBeHidden();
    await expect(jane.chip).toHaveAttribute('data-state', 'available');

    // The customer hangs up on John: after-call work for him; Finish.
    await emulator.customer(dialled.contactId, 'hangup');
    await expect(john.voice.callPanel).toHaveAttribute('data-state', 'afterCallWork');
    await john.voice.control('Finish').click();
    await expect(john.voice.callPanel).toBeHidden();

    // The finished call's conversation shows its call part (recording and transcript).
    const { connection } = await connectionRecord(page.request, auth.token, dialled.contactId);
    expect(connection.idConversation).toBeTruthy();
    const inbox = new InboxPage(page);
    await page.goto(`/ws/acme/inbox/all/conversations/${connection.idConversation}`);
    await expect(inbox.conversationTitle).toHaveText(caller.name);
    await expect(inbox.callParts.first()).toBeVisible({ timeout: 20_000 });
  } finally {
    await john.context.close();
  }
});
