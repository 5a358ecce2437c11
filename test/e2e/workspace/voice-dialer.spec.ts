// The free dialer of the status menu: a number typed with the spaces people write is
// called in its E.164 form, the contact it matches is named under the field, and the dialog fits
// a phone's screen and passes axe in both themes. The real stack: workspace server, contact-centre
// emulator, the app.
import type { Page } from '@playwright/test';
import { USERS, apiSignIn } from './support/api';
import { expect, expectNoAxeViolations, signInAs, test, useTheme } from './support/fixtures';
import { saveReadmeScreenshot } from './support/screenshots';
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

/** Jane in her inbox with the voice module ready, the dialer opened from the status menu. */
async function janeDialing(page: Page): Promise<VoicePage> {
  await signInAs(page, USERS.jane);
  await page.goto('/ws/acme/inbox');
  const jane = new VoicePage(page);
  // A first load on a busy machine takes longer than VoicePage's 20 s.
  await expect(jane.chip).toHaveAttribute('data-state', /^(available|offline|custom)$/, {
    timeout: 60_000,
  });
  await jane.openMenu();
  await jane.menu.getByRole('menuitem', { name: 'Dial a number' }).click();
  await expect(page.getByRole('dialog', { name: 'Dial a number' })).toBeVisible();
  return jane;
}

test('free dial from the status menu: a number typed with spaces names its contact and calls its E.164 form', async ({
  page,
}) => {
  const jane = await janeDialing(page);
  const dialog = page.getByRole('dialog', { name: 'Dial a number' });
  const number = dialog.getByLabel('Phone number');
  await expect(number).toBeFocused();

  // Not a number: the phone-format message, no call, never the contact centre's jargon.
  await number.fill('+44 20 71x3');
  await dialog.getByRole('button', { name: 'Call' }).click();
  await expect(dialog.getByTestId('voice-dialer-error')).toHaveText('Phone number is not valid.');
  await expect(page.getByText(/E\.164|Bad endpoint/)).toHaveCount(0);

  await number.fill('+44 20 7123 4567');
  await expect(dialog.getByTestId('voice-dialer-match')).toContainText(
    `Contact: ${CALLERS.noah.name}`,
  );
  await dialog.getByRole('button', { name: 'Call' }).click();
  await expect(dialog).toBeHidden();
  await expect(jane.callPanel).toHaveAttribute('data-state', 'outgoing');
  const outbound = await emulator.waitForContact(CALLERS.noah.phone, 'jane');
  expect(outbound.customerNumber).toBe(CALLERS.noah.phone);
  await jane.control('End call').click();
  await expect(jane.callPanel).toHaveAttribute('data-state', 'afterCallWork');
  await jane.control('Finish').click();
  await expect(jane.callPanel).toBeHidden();

  // The number is offered again, with its contact.
  await jane.openMenu();
  await jane.menu.getByRole('menuitem', { name: 'Dial a number' }).click();
  await expect(
    dialog.getByRole('button', {
      name: `Call ${CALLERS.noah.name}, +44 20 7123 4567 again`,
    }),
  ).toBeVisible();
});

test("Settings → General's default country: the dialer reads a national number in it as the page says", async ({
  page,
}) => {
  const auth = await signInAs(page, USERS.jane);
  try {
    await page.goto('/ws/acme/settings/general');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('General');
    await page.getByTestId('general-country').selectOption({ label: 'United Kingdom (GB)' });
    await expect(page.getByTestId('settings-general')).toContainText(
      'A number typed without its country code is dialled with +44 (United Kingdom).',
    );
    await page.getByTestId('general-save').click();
    await expect(page.getByTestId('toast').getByText('Default country saved')).toBeVisible();

    // The session carries it to the dialer (a new page load reads the saved session).
    await page.goto('/ws/acme/inbox');
    const jane = new VoicePage(page);
    await expect(jane.chip).toHaveAttribute('data-state', /^(available|offline|custom)$/, {
      timeout: 60_000,
    });
    await jane.openMenu();
    await jane.menu.getByRole('menuitem', { name: 'Dial a number' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dial a number' });
    await expect(dialog.getByLabel('Country')).toHaveValue('GB');
    await dialog.getByLabel('Phone number').fill('020 7123 4567');
    await expect(dialog.getByTestId('voice-dialer-match')).toContainText(
      `Contact: ${CALLERS.noah.name}`,
    );
    await dialog.getByRole('button', { name: 'Call' }).click();
    await expect(jane.callPanel).toHaveAttribute('data-state', 'outgoing');
    const outbound = await emulator.waitForContact(CALLERS.noah.phone, 'jane');
    expect(outbound.customerNumber).toBe(CALLERS.noah.phone);
    await jane.control('End call').click();
    await expect(jane.callPanel).toHaveAttribute('data-state', 'afterCallWork');
    await jane.control('Finish').click();
    await expect(jane.callPanel).toBeHidden();
  } finally {
    const reset = await page.request.fetch('/api/ws/acme/settings/general', {
      method: 'PUT',
      headers: { authorization: `Bearer ${auth.token}` },
      data: { defaultCountry: null },
    });
    expect(reset.status()).toBe(200);
  }
});

for (const theme of ['light', 'dark'] as const) {
  test(`the dialer fits 375 × 812 and passes axe (${theme})`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await useTheme(page, theme);
    await janeDialing(page);
    const dialog = page.getByRole('dialog', { name: 'Dial a number' });
    await dialog.getByLabel('Phone number').fill('+44 20 7123 4567');
    await expect(dialog.getByTestId('voice-dialer-match')).toContainText(CALLERS.noah.name);
    for (const control of [
      dialog.getByLabel('Country'),
      dialog.getByLabel('Phone number'),
      dialog.getByRole('button', { name: 'Call' }),
      dialog.getByRole('button', { name: 'Close' }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      expect(box.y + box.height).toBeLessThanOrEqual(812);
    }
    await expectNoAxeViolations(page, `dialer (${theme})`);
    await page.screenshot({ path: `test-results/workspace/voice-dialer-375-${theme}.png` });
    await saveReadmeScreenshot(page, `voice-dialer-mobile-${theme}`);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.goto('/ws/acme/settings/general');
    const save = page.getByTestId('general-save');
    await expect(save).toBeVisible();
    for (const control of [page.getByTestId('general-country'), save]) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    await expectNoAxeViolations(page, `settings general (${theme})`);
    await page.screenshot({
      path: `test-results/workspace/settings-general-375-${theme}.png`,
      fullPage: true,
    });
  });
}
