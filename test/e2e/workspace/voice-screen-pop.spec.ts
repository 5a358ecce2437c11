// Screen-pop on the real stack: when a call rings, the agent's desktop app opens the
// caller's conversation (started if needed) with the caller's contact and other conversations
// beside it, or offers it in a notice, as the member chose in Settings → Your preferences; on a
// phone-sized screen nothing opens by itself.
import { apiCall, apiSignIn, USERS } from './support/api';
import { expect, expectNoAxeViolations, signInAs, test, useTheme } from './support/fixtures';
import { InboxPage } from './support/pages/inbox.page';
import { VoicePage } from './support/pages/voice.page';
import { saveReadmeScreenshot } from './support/screenshots';
import { CALLERS, VoiceEmulator } from './support/voice';

let emulator: VoiceEmulator;

test.beforeAll(async ({ request }) => {
  const { token } = await apiSignIn(request, USERS.jane);
  emulator = await VoiceEmulator.find(request, token);
});

test.afterAll(async ({ request }) => {
  // Jane's preference goes back to the default for the journeys after these.
  const { token } = await apiSignIn(request, USERS.jane);
  await apiCall(request, token, 'PUT', '/ws/acme/me/preferences', { screenPop: 'open' });
  await emulator.quiet();
  await emulator.dispose();
});

test.beforeEach(async () => {
  await emulator.quiet();
});

test('a ringing call opens the caller’s conversation with their contact beside it', async ({
  page,
}) => {
  const caller = CALLERS.olivia;
  await signInAs(page, USERS.jane);
  await page.goto('/ws/acme/inbox/all');
  const jane = new VoicePage(page);
  await jane.ready();
  await jane.setStatus('On');
  const call = await emulator.dial(caller.phone);
  await emulator.waitForContact(caller.phone, 'jane');

  // Still ringing: the conversation is open, with the contact panel.
  await expect(jane.callPanel).toHaveAttribute('data-state', 'incoming');
  await expect(page).toHaveURL(/\/ws\/acme\/inbox\/all\/conversations\/[^/?]+\?contact=1$/);
  await expect(page.getByTestId('conversation-title')).toHaveText(caller.name);
  const panel = page.getByTestId('contact-panel');
  await expect(panel.getByTestId('contact-panel-name')).toHaveText(caller.name);
  await expect(panel.getByTestId('contact-phone')).toHaveText('+1 555 555 0103');
  await expect(page.getByTestId('conversation-contact-toggle')).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The call is answered in the conversation that popped (before it stops ringing).
  const popped = page.url();
  await jane.control('Accept').click();
  await expect(jane.callPanel).toHaveAttribute('data-state', 'connected');
  await emulator.customer(call.contactId, 'hangup');
  await jane.control('Finish').click();
  await jane.setStatus('Off');
  expect(page.url()).toBe(popped);
  // The panel is part of the URL: a reload shows it again (and leaves no menu's tooltip open).
  await page.reload();
  await expect(panel.getByTestId('contact-panel-name')).toHaveText(caller.name);
  await saveReadmeScreenshot(page, 'voice-screen-pop-light');
  await expectNoAxeViolations(page, 'conversation with the contact panel');

  // The panel closes and opens again from the header.
  await panel.getByRole('link', { name: 'Close contact details' }).click();
  await expect(panel).toBeHidden();
  await page.getByTestId('conversation-contact-toggle').click();
  await expect(page.getByTestId('contact-panel')).toBeVisible();
});

test('with “offer”, a ringing call shows a notice whose button opens the conversation', async ({
  page,
}) => {
  const caller = CALLERS.noah;
  await signInAs(page, USERS.jane);
  await page.goto('/ws/acme/settings/preferences');
  const settings = page.getByTestId('settings-preferences');
  await settings
    .getByTestId('preferences-screen-pop')
    .selectOption({ label: 'Offer it in a notice with an Open button' });
  await settings.getByTestId('preferences-save').click();
  await expect(page.getByTestId('toast').getByText('Preferences saved')).toBeVisible();
  await saveReadmeScreenshot(page, 'settings-preferences-light');
  await expectNoAxeViolations(page, 'settings your preferences');

  await page.goto('/ws/acme/inbox/all');
  const jane = new VoicePage(page);
  await jane.ready();
  await jane.setStatus('On');
  const call = await emulator.dial(caller.phone);
  await emulator.waitForContact(caller.phone, 'jane');
  const notice = page.getByTestId('toast').filter({ hasText: 'Call from +44 20 7123 4567' });
  await expect(notice).toBeVisible();
  await expect(page).toHaveURL(/\/ws\/acme\/inbox\/all$/);
  await saveReadmeScreenshot(page, 'voice-screen-pop-offer-light');
  await notice.getByRole('button', { name: 'Open conversation' }).click();
  await expect(page).toHaveURL(/\/conversations\/[^/?]+\?contact=1$/);
  await expect(page.getByTestId('conversation-title')).toHaveText(caller.name);
  await expect(page.getByTestId('contact-panel')).toBeVisible();

  await jane.control('Accept').click();
  await expect(jane.callPanel).toHaveAttribute('data-state', 'connected');
  await emulator.customer(call.contactId, 'hangup');
  await jane.control('Finish').click();
  await jane.setStatus('Off');
});

test('on a phone-sized screen a ringing call opens nothing by itself', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const caller = CALLERS.demo;
  const pops: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/addons/voice/conversation')) pops.push(r.url());
  });
  await signInAs(page, USERS.jane);
  await page.goto('/ws/acme/inbox/all');
  const jane = new VoicePage(page);
  await jane.ready();
  await jane.setStatus('On');
  const call = await emulator.dial(caller.phone);
  await emulator.waitForContact(caller.phone, 'jane');
  await expect(jane.callPanel).toHaveAttribute('data-state', 'incoming');
  await jane.control('Accept').click();
  await expect(jane.callPanel).toHaveAttribute('data-state', 'connected');
  await emulator.customer(call.contactId, 'hangup');
  await jane.control('Finish').click();
  await jane.setStatus('Off');
  // Through the whole call the page stayed and no conversation was asked for (a screen-pop asks
  // for it the moment the call rings).
  await expect(page).toHaveURL(/\/ws\/acme\/inbox\/all$/);
  expect(pops).toEqual([]);
});

test('dark theme: the contact panel beside a conversation, Your preferences and Call dispositions pass axe', async ({
  page,
}) => {
  await useTheme(page, 'dark');
  await signInAs(page, USERS.jane);
  const inbox = new InboxPage(page);
  await inbox.open('acme');
  await inbox.rows.first().click();
  await expect(inbox.conversation).toBeVisible();
  await page.getByTestId('conversation-contact-toggle').click();
  await expect(page.getByTestId('contact-panel').getByTestId('contact-panel-name')).toBeVisible();
  await expectNoAxeViolations(page, 'conversation with the contact panel (dark)');

  await page.goto('/ws/acme/settings/preferences');
  await expect(page.getByTestId('preferences-save')).toBeVisible();
  await expectNoAxeViolations(page, 'settings your preferences (dark)');

  await page.goto('/ws/acme/settings/call-dispositions');
  await expect(page.getByTestId('settings-dispositions')).toBeVisible();
  await expectNoAxeViolations(page, 'settings call dispositions (dark)');
});
