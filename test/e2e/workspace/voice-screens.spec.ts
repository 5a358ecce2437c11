// The voice screens in both themes, on a real call: axe finds no violations on the chip menu, the
// audio settings and transfer modals, the call panel (ringing, connected with the keypad, after-call
// work), the voice panel's three tabs, at 1280 px and at 360 px (widget mode: the full-screen call
// panel); the README's voice screenshots are taken here (docs/screenshots/voice-*.png).
import { PRESENCE_GRACE_MS } from '../../../examples/workspace/server/src/modules/live/presence';
import type { Page } from '@playwright/test';
import { apiSignIn, USERS } from './support/api';
import { expect, expectNoAxeViolations, signInAs, test, useTheme } from './support/fixtures';
import { VoicePage } from './support/pages/voice.page';
import { CALLERS, VoiceEmulator } from './support/voice';
import { saveReadmeScreenshot } from './support/screenshots';

/** The voice screenshots the README shows (the others are not written). */
const README_SCREENSHOTS = new Set([
  'voice-menu-light',
  'voice-call-light',
  'voice-call-dark',
  'voice-transfer-light',
  'voice-agents-light',
  'voice-history-light',
  'voice-history-dark',
  'voice-widget-mobile-light',
]);

async function shoot(page: Page, name: string): Promise<void> {
  if (!README_SCREENSHOTS.has(name)) return;
  await saveReadmeScreenshot(page, name);
}

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

for (const theme of ['light', 'dark'] as const) {
  test(`voice screens, ${theme} theme: chip menu, modals, call panel, voice panel tabs`, async ({
    page,
  }) => {
    const started = Date.now();
    await useTheme(page, theme);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(page, USERS.jane);
    await page.goto('/ws/acme/inbox/all');
    const jane = new VoicePage(page);
    await jane.ready();
    // Jane's pages closed by the journeys before may still have a presence decision pending (the
    // server sets an agent Offline once their last tab has been gone PRESENCE_GRACE_MS): pick On
    // only once any such decision is due, so that it cannot undo this journey's status.
    await expect
      .poll(() => Date.now() - started, { intervals: [250], timeout: PRESENCE_GRACE_MS + 10_000 })
      .toBeGreaterThan(PRESENCE_GRACE_MS + 1_000);
    await jane.setStatus('On');

    // The status dropdown and the audio settings.
    await jane.openMenu();
    await expectNoAxeViolations(page, `voice status menu (${theme})`);
    await shoot(page, `voice-menu-${theme}`);
    await jane.menu.getByRole('menuitem', { name: 'Audio settings' }).click();
    await expect(jane.audioSettings).toBeVisible();
    // The panel answers the device list within 1 s; on a busy machine it can be late, and the
    // dialog then offers Try again (as it would to an agent).
    const devices = jane.audioSettings.getByRole('combobox').first();
    const retry = jane.audioSettings.getByRole('button', { name: 'Try again' });
    await expect(devices.or(retry).first()).toBeVisible();
    if (await retry.isVisible()) await retry.click();
    await expect(devices).toBeVisible();
    await expectNoAxeViolations(page, `audio settings (${theme})`);
    await page.keyboard.press('Escape');
    await expect(jane.audioSettings).toBeHidden();

    // A call: ringing, connected with the keypad, the transfer modal, after-call work.
    await emulator.setAgentState('john', 'Away');
    await emulator.setAgentState('ana', 'Away');
    const call = await emulator.dial(CALLERS.noah.phone);
    await expect(jane.callPanel).toHaveAttribute('data-state', 'incoming');
    await expectNoAxeViolations(page, `call panel, incoming (${theme})`);
    await jane.control('Accept').click();
    await expect(jane.callPanel).toHaveAttribute('data-state', 'connected');
    await jane.control('Keypad').click();
    await jane.keypad.getByRole('button', { name: '1', exact: true }).click();
    await expect(jane.callTimer).toHaveText(/^00:(0[2-9]|[1-5]\d)$/);
    await expectNoAxeViolations(page, `call panel, connected (${theme})`);
    await shoot(page, `voice-call-${theme}`);
    await jane.control('Transfer').click();
    await expect(jane.transferTargets.first()).toBeVisible();
    await expectNoAxeViolations(page, `transfer modal (${theme})`);
    await shoot(page, `voice-transfer-${theme}`);
    await page.keyboard.press('Escape');
    await emulator.customer(call.contactId, 'hangup');
    await expect(jane.callPanel).toHaveAttribute('data-state', 'afterCallWork');
    await expectNoAxeViolations(page, `call panel, after-call work (${theme})`);
    await jane.control('Finish').click();
    await expect(jane.callPanel).toBeHidden();

    // The voice panel: each tab, loaded.
    await jane.openPanel('Agent list');
    await expect(jane.agentRows.first()).toBeVisible();
    await expectNoAxeViolations(page, `voice panel, agent list (${theme})`);
    await shoot(page, `voice-agents-${theme}`);
    await jane.tab('Call history').click();
    await expect(jane.historyRows.first()).toBeVisible();
    await expectNoAxeViolations(page, `voice panel, call history (${theme})`);
    await shoot(page, `voice-history-${theme}`);
    await jane.tab('Live calls').click();
    await expect(jane.panel.getByTestId('voice-live-calls')).toHaveAttribute(
      'data-state',
      /^(empty|ready)$/,
    );
    await expectNoAxeViolations(page, `voice panel, live calls (${theme})`);
    await jane.panel.getByTestId('voice-panel-close').click();
    await expect(jane.panel).toBeHidden();
  });

  test(`voice screens at 360 px, ${theme} theme: widget mode's full-screen call panel and the panel`, async ({
    page,
  }) => {
    await useTheme(page, theme);
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs(page, USERS.jane);
    // The product embeds the app with ?widget=1; the mode stays for the tab.
    await page.goto('/ws/acme/inbox/all?widget=1');
    const jane = new VoicePage(page);
    await jane.ready();
    await jane.setStatus('On');
    await page.goto('/ws/acme/contacts/users');
    await jane.ready();

    // Widget mode: no Call history item in the menu.
    await jane.openMenu();
    await expect(jane.menu.getByRole('menuitem', { name: 'Agent list' })).toBeVisible();
    await expect(jane.menu.getByRole('menuitem', { name: 'Call history' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    const call = await emulator.dial(CALLERS.olivia.phone);
    await expect(jane.callPanel).toHaveAttribute('data-variant', 'fullscreen');
    await jane.control('Accept').click();
    await expect(jane.callPanel).toHaveAttribute('data-state', 'connected');
    const box = await jane.callPanel.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 360, height: 740 });
    await expectNoAxeViolations(page, `call panel, widget at 360 px (${theme})`);
    await shoot(page, `voice-widget-mobile-${theme}`);
    await emulator.customer(call.contactId, 'hangup');
    // after-call work on a phone also offers the conversation
    await expect(jane.callPanel).toHaveAttribute('data-state', 'afterCallWork');
    await jane.callPanel.getByRole('button', { name: 'View conversation in inbox' }).click();
    await expect(page).toHaveURL(/\/ws\/acme\/inbox\/all\/conversations\/[^/?]+/);
    await jane.control('Finish').click();
    await expect(jane.callPanel).toBeHidden();

    // The voice panel is full width below the top bar.
    await jane.openPanel('Agent list');
    await expect
      .poll(async () => {
        const box = await jane.panel.boundingBox();
        return box && [box.x, box.y, box.width].map(Math.round);
      })
      .toEqual([0, 65, 360]);
    await expectNoAxeViolations(page, `voice panel at 360 px (${theme})`);
  });
}
