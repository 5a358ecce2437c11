// Contacts: the users list and a profile; the call action only when the voice module is enabled.
import { USERS } from './support/api';
import { expect, signInAs, test } from './support/fixtures';
import { ContactsPage } from './support/pages/contacts.page';

test.describe('contacts', () => {
  test('the users list shows every contact, a visitor by its phone, and search narrows it', async ({
    page,
  }) => {
    await signInAs(page, USERS.jane);
    const contacts = new ContactsPage(page);
    await contacts.open('acme');
    await expect(contacts.rows.filter({ hasText: 'Maria Garcia' })).toHaveCount(1);
    await expect(contacts.rows.filter({ hasText: '+15555550142' }).first()).toBeVisible();
    await expect(contacts.rows.filter({ hasText: 'visitor-' })).toHaveCount(0);
    await contacts.search.fill('olivia');
    await expect(contacts.rows).toHaveCount(1);
    await contacts.search.fill('nobody-by-this-name');
    await expect(contacts.empty).toContainText('No users found');
  });

  test('a profile shows the contact, their conversations, and links to them', async ({ page }) => {
    await signInAs(page, USERS.jane);
    const contacts = new ContactsPage(page);
    await contacts.open('acme');
    await contacts.rows.filter({ hasText: 'Maria Garcia' }).click();
    await expect(contacts.name).toHaveText('Maria Garcia');
    await expect(contacts.phone).toHaveText('+15555550101');
    await contacts.conversations.first().click();
    await expect(page).toHaveURL(/\/inbox\/all\/conversations\/[^/]+$/);
  });

  test('no call action where the workspace’s voice module is not enabled', async ({ page }) => {
    await signInAs(page, USERS.sam);
    const contacts = new ContactsPage(page);
    // the voice add-on decides on its configuration (module not enabled in Globex)
    const config = page.waitForResponse((r) => r.url().endsWith('/ws/globex/addons/voice/config'));
    await contacts.open('globex');
    await contacts.rows.first().click();
    await expect(contacts.name).toBeVisible();
    expect((await config).ok()).toBe(true);
    // the answer rendered: a frame after it was read
    await (await config).finished();
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))),
    );
    await expect(contacts.callButton).toHaveCount(0);
  });
});
