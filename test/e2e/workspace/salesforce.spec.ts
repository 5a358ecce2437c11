// Salesforce against the gateway's org stand-in (start.mjs seeds its people and fixed demo
// credentials): an admin connects the org, presses Sync now, reads the counts, and a Salesforce
// contact is in Contacts; the page is axe clean and usable at 375 px.
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';
import { ContactsPage } from './support/pages/contacts.page';
import { SettingsPage } from './support/pages/settings.page';
import { checkScreenEveryWay } from './support/screenshots';

/** The stand-in's connected app, as scripts/start.mjs starts it. */
const CONSUMER_KEY = '3MVG9demoWorkspaceConsumerKey';
const CONSUMER_SECRET = 'DEMO0SALESFORCE0CONSUMER0SECRET';

test('an admin connects Salesforce, presses Sync now and a Salesforce contact appears in Contacts', async ({
  page,
}) => {
  await signInAs(page, 'gary@globex.test');
  const settings = new SettingsPage(page);
  await settings.open('globex', 'integrations/salesforce');
  await expect(page.getByTestId('salesforce-run-status-success')).toHaveText('Never');
  await page.getByTestId('salesforce-url').fill('https://globex.my.salesforce.com');
  await page.getByTestId('salesforce-client-id').fill(CONSUMER_KEY);
  await page.getByTestId('salesforce-secret').fill(CONSUMER_SECRET);
  await page.getByTestId('salesforce-enabled').click();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/settings/integrations/salesforce') && r.request().method() === 'PUT',
  );
  await page.getByTestId('salesforce-save').click();
  expect((await saved).status()).toBe(200);
  await expectNoAxeViolations(page, 'Salesforce settings');

  const synced = page.waitForResponse((r) => r.url().endsWith('/integrations/salesforce/sync'));
  await page.getByTestId('salesforce-sync-now').click();
  expect((await synced).status()).toBe(200);
  // The worker's own sync (every minute, at once for a newly enabled org) may have copied the
  // three people first on a slow machine; then Sync now finds nothing new. Either way it reports.
  await expect(
    page
      .locator('.ui-toast__body')
      .filter({ hasText: /^[03] created, 0 updated, 0 linked to existing contacts\.$/ }),
  ).toBeVisible();
  await expect(page.getByTestId('salesforce-run-status-success')).not.toHaveText('Never');
  await expect(page.getByTestId('salesforce-run-status-error')).toHaveText('None');

  // Axe clean and no sideways scroll at 1280 and 375 px in both themes; Sync now stays reachable.
  await checkScreenEveryWay(page, 'settings-salesforce', async () => {
    await page.getByTestId('salesforce-sync-now').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('salesforce-sync-now')).toBeVisible();
  });

  const contacts = new ContactsPage(page);
  await contacts.open('globex');
  await contacts.search.fill('Marie Curie');
  await expect(contacts.rows.filter({ hasText: 'Marie Curie' })).toHaveCount(1);
});
