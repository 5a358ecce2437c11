// The main screens in both themes: axe finds no violations, and the screenshots the README of
// examples/workspace shows are taken here (docs/screenshots/{screen}-{theme}.png).
import type { Page } from '@playwright/test';
import { USERS } from './support/api';
import { expect, expectNoAxeViolations, signInAs, test, useTheme } from './support/fixtures';
import { ContactsPage } from './support/pages/contacts.page';
import { InboxPage } from './support/pages/inbox.page';
import { ShellPage } from './support/pages/shell.page';
import { SignInPage } from './support/pages/sign-in.page';
import { saveReadmeScreenshot } from './support/screenshots';

/** The screenshots the README shows (the others are not written). */
const README_SCREENSHOTS = new Set([
  'sign-in-light',
  'inbox-light',
  'inbox-dark',
  'contacts-light',
  'profile-light',
  'conversation-mobile-light',
  'call-part-light',
]);

/** Waits for fonts, images and animations to settle, then saves the screenshot. */
async function shoot(page: Page, name: string): Promise<void> {
  if (!README_SCREENSHOTS.has(name)) return;
  await saveReadmeScreenshot(page, name);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`main screens, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await useTheme(page, theme);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    test('sign in', async ({ page }) => {
      const signIn = new SignInPage(page);
      await signIn.open();
      await expect(signIn.submit).toBeVisible();
      await expectNoAxeViolations(page, `sign-in (${theme})`);
      await shoot(page, `sign-in-${theme}`);
    });

    test('inbox and a conversation', async ({ page }) => {
      await signInAs(page, USERS.jane);
      const inbox = new InboxPage(page);
      await inbox.open('acme', 'all');
      await expect(inbox.rows.first()).toBeVisible();
      await expectNoAxeViolations(page, `inbox (${theme})`);
      await inbox.rows.first().click();
      await expect(inbox.messages.first()).toBeVisible();
      await expectNoAxeViolations(page, `conversation (${theme})`);
      await shoot(page, `inbox-${theme}`);
    });

    test('contacts and a profile', async ({ page }) => {
      await signInAs(page, USERS.jane);
      const contacts = new ContactsPage(page);
      await contacts.open('acme');
      await expect(contacts.rows.first()).toBeVisible();
      await expectNoAxeViolations(page, `contacts (${theme})`);
      await shoot(page, `contacts-${theme}`);
      await contacts.rows.first().click();
      await expect(contacts.name).toBeVisible();
      await expectNoAxeViolations(page, `contact profile (${theme})`);
      await shoot(page, `profile-${theme}`);
    });

    test('account menu, settings and 404', async ({ page }) => {
      await signInAs(page, USERS.jane);
      const shell = new ShellPage(page);
      await page.goto('/ws/acme/settings/teams');
      await expect(page.getByTestId('team-card').first()).toBeVisible();
      await expectNoAxeViolations(page, `settings teams (${theme})`);
      await shell.userMenu.click();
      await expect(page.getByTestId('sign-out')).toBeVisible();
      await expectNoAxeViolations(page, `account menu (${theme})`);
      await page.keyboard.press('Escape');
      await page.goto('/ws/acme/not-a-screen');
      await expect(shell.notFound).toBeVisible();
      await expectNoAxeViolations(page, `404 (${theme})`);
    });

    test('360 px wide: the conversation', async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await signInAs(page, USERS.jane);
      const inbox = new InboxPage(page);
      await inbox.open('acme', 'all');
      await inbox.rows.first().click();
      await expect(inbox.composer).toBeVisible();
      await expect(inbox.list).toBeHidden();
      await expectNoAxeViolations(page, `conversation at 360 px (${theme})`);
      if (theme === 'light') await shoot(page, `conversation-mobile-${theme}`);
    });
  });
}
