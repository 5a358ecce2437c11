// The inbound-call journey with the keyboard only: Tab, Enter, Escape, arrows and digits reach
// every voice control (the status dropdown, the call panel, the keypad, the transfer modal).
import type { Page } from '@playwright/test';
import { apiSignIn, USERS } from './support/api';
import { expect, signInAs, test } from './support/fixtures';
import { VoicePage } from './support/pages/voice.page';
import { CALLERS, VoiceEmulator } from './support/voice';

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

/** The accessible name of the focused element (its aria-label, else its text). */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    return (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
  });
}

/**
 * Presses Tab (or Shift+Tab with `back`) until the focused element's name matches; fails after
 * `max` presses.
 */
async function tabTo(page: Page, name: string | RegExp, back = false, max = 40): Promise<void> {
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text));
  for (let i = 0; i < max; i++) {
    if (matches(await focusedName(page))) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${String(name)} (last: ${await focusedName(page)})`);
}

test('keyboard only: set Available, accept, hold, mute, keypad, transfer modal, end, Finish', async ({
  page,
}) => {
  const caller = CALLERS.olivia;
  await emulator.setAgentState('john', 'Available'); // a transfer target in the modal
  await signInAs(page, USERS.jane);
  await page.goto('/ws/acme/inbox/all');
  const jane = new VoicePage(page);
  await jane.ready();

  // The chip opens the status menu with Enter; arrows move, Enter picks 'On'.
  await tabTo(page, /^Agent status:/);
  await page.keyboard.press('Enter');
  await expect(jane.menu).toBeVisible();
  await expect(jane.menu.getByRole('menuitemradio', { name: 'On' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(jane.chip).toHaveAttribute('data-state', 'available');
  await expect(jane.chip).toBeFocused();
  // John now takes no call before the transfer step: he waits as Away.
  await emulator.setAgentState('john', 'Away');

  const call = await emulator.dial(caller.phone);
  await expect(jane.callPanel).toHaveAttribute('data-state', 'incoming');
  await tabTo(page, 'Accept');
  await page.keyboard.press('Enter');
  await expect(jane.callPanel).toHaveAttribute('data-state', 'connected');

  await tabTo(page, 'Hold');
  await page.keyboard.press('Enter');
  await expect(jane.control('Resume')).toHaveAttribute('aria-pressed', 'true');
  await expect(jane.control('Resume')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(jane.control('Hold')).toHaveAttribute('aria-pressed', 'false');

  await tabTo(page, 'Mute');
  await page.keyboard.press('Enter');
  await expect(jane.control('Unmute')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await expect(jane.control('Mute')).toHaveAttribute('aria-pressed', 'false');

  // The keypad takes digits typed on the keyboard; other keys are blocked.
  await tabTo(page, 'Keypad');
  await page.keyboard.press('Enter');
  await expect(jane.keypad).toBeVisible();
  // The keypad takes focus when it opens, so the first digit typed reaches the call.
  await expect(jane.keypad).toBeFocused();
  await page.keyboard.type('9x*3');
  await expect(jane.keypad.getByRole('status').or(jane.keypad.locator('output'))).toHaveText('9*3');
  await expect
    .poll(async () => (await emulator.contact(call.contactId)).digits.map((d) => d.digits).join(''))
    .toBe('9*3');

  // The transfer modal: opened with Enter, its tabs with arrows, closed with Escape.
  await emulator.setAgentState('john', 'Available');
  await tabTo(page, 'Transfer');
  await page.keyboard.press('Enter');
  await expect(jane.transferModal).toBeVisible();
  await expect(jane.transferModal.getByRole('tab', { name: /Agents/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(jane.transferTargets.filter({ hasText: 'John Roe' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(jane.transferModal).toBeHidden();
  await expect(jane.control('Transfer')).toBeFocused();
  await emulator.setAgentState('john', 'Offline');

  await tabTo(page, 'End call');
  await page.keyboard.press('Enter');
  await expect(jane.callPanel).toHaveAttribute('data-state', 'afterCallWork');
  await tabTo(page, 'Finish');
  await page.keyboard.press('Enter');
  await expect(jane.callPanel).toBeHidden();
  await expect(jane.chip).toHaveAttribute('data-state', 'available');

  // The voice panel from the keyboard: the menu's 'Agent list', tabs with arrows, Escape closes.
  // (Focus is in the conversation list now: Tab walks its rows before it wraps to the top bar.)
  await tabTo(page, /^Agent status:/, false, 120);
  await page.keyboard.press('Enter');
  // The menu moves focus into itself once open; arrows pressed before that would skip past the
  // item (it does not wrap), so wait for it.
  await expect
    .poll(() => jane.menu.evaluate((menu) => menu.contains(document.activeElement)))
    .toBe(true);
  const agentList = jane.menu.getByRole('menuitem', { name: 'Agent list' });
  for (let i = 0; i < 10; i++) {
    if (await agentList.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(agentList).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(jane.panel).toBeVisible();
  await expect(jane.tab('Agent list')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(jane.tab('Call history')).toBeFocused();
  await expect(jane.tab('Call history')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(jane.panel).toBeHidden();
});
