// Contact merge and delete journey in the real app on the real workspace server: create and edit
// a contact, a second one sharing its email shows as a possible duplicate, merging keeps the
// survivor with both phone numbers and the other's conversation; then a contact is deleted from
// its profile. axe on the merge dialog, and the dialog at 375 px.
import { apiCall, USERS } from './support/api';
import { expect, signInAs, test } from './support/fixtures';
import { ContactsPage } from './support/pages/contacts.page';
import { checkScreenEveryWay } from './support/screenshots';

test('merging a possible duplicate keeps both numbers and the conversation; deleting a contact erases it from the list', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { token } = await signInAs(page, USERS.jane);
  const contacts = new ContactsPage(page);
  const stamp = Date.now().toString().slice(-6);
  const first = `+44 20 7${stamp.slice(0, 3)} ${stamp.slice(3)}1`;
  const second = `+44 20 7${stamp.slice(0, 3)} ${stamp.slice(3)}2`;
  const email = `nora.${stamp}@example.com`;
  const dialog = page.getByTestId('contact-dialog');
  const fill = async (fields: Record<string, string>) => {
    for (const [field, value] of Object.entries(fields))
      await dialog.getByTestId(`contact-${field}-input`).fill(value);
    await page.getByTestId('contact-save').click();
    await expect(dialog).toBeHidden();
  };

  // Create a contact, then edit it.
  await contacts.open('acme');
  await page.getByTestId('contact-new').click();
  await fill({ name: `Nora Merge ${stamp}`, phone: first, email });
  await expect(contacts.name).toHaveText(`Nora Merge ${stamp}`);
  const survivorUrl = page.url();
  await page.getByTestId('contact-edit').click();
  await fill({ company: 'Merge Ltd' });
  await expect(page.getByTestId('contact-name').locator('..')).toContainText('Merge Ltd');

  // A second contact with the same email (written differently) and its own number and
  // conversation. (A second contact with the same phone is refused: one contact per number.)
  await contacts.open('acme');
  await page.getByTestId('contact-new').click();
  await fill({ name: `Nora Work ${stamp}`, phone: second, email: email.toUpperCase() });
  await expect(contacts.name).toHaveText(`Nora Work ${stamp}`);
  const otherId = page.url().split('/').at(-1)!;
  await apiCall(page.request, token, 'POST', '/ws/acme/inbox/conversations', {
    contactId: otherId,
    channel: 'email',
    subject: `Order question ${stamp}`,
  });

  // The first contact's profile suggests it; Merge opens the dialog with it preselected.
  await page.goto(survivorUrl);
  const duplicate = page.getByTestId('contact-duplicate');
  await expect(duplicate).toHaveCount(1);
  await expect(duplicate).toContainText(`Nora Work ${stamp}`);
  await expect(duplicate).toContainText(`Same email: ${email}`);
  await duplicate.getByTestId('contact-duplicate-merge').click();
  const merge = page.getByTestId('contact-merge-dialog');
  await expect(merge.getByTestId('merge-side')).toHaveCount(2);
  await expect(merge.getByTestId('merge-side').nth(1)).toContainText('1 conversation');
  // At each width and theme: axe clean, both sides and the confirm button fit the width.
  await checkScreenEveryWay(page, 'contact-merge', async ({ width }) => {
    const box = await merge.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    await expect(page.getByTestId('contact-merge-confirm')).toBeInViewport();
  });

  const merged = page.waitForResponse((r) => r.url().endsWith(`/merge`));
  await page.getByTestId('contact-merge-confirm').click();
  expect((await merged).status()).toBe(200);
  await expect(page).toHaveURL(survivorUrl);
  await expect(contacts.name).toHaveText(`Nora Merge ${stamp}`);
  await expect(contacts.phone).toHaveText(`${first}, ${second}`);
  await expect(page.getByTestId('contact-emails')).toHaveText(email);
  await expect(contacts.conversations.filter({ hasText: `Order question ${stamp}` })).toHaveCount(
    1,
  );
  await expect(page.getByTestId('contact-duplicates')).toHaveCount(0);
  await contacts.open('acme');
  await contacts.search.fill(stamp);
  await expect(contacts.rows).toHaveCount(1);

  // Delete the survivor from its profile: the dialog says what happens; then the list.
  await page.goto(survivorUrl);
  await page.getByTestId('contact-more').click();
  await page.getByTestId('contact-delete').click();
  const confirm = page.getByTestId('contact-delete-dialog');
  await expect(confirm).toContainText('personal data');
  await expect(confirm).toContainText('cannot be undone');
  const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE');
  await page.getByTestId('contact-delete-confirm').click();
  expect((await deleted).status()).toBe(204);
  await expect(page).toHaveURL(/\/contacts\/users$/);
  await expect(page.getByTestId('toast').getByText('Contact deleted')).toBeVisible();
  await contacts.search.fill(stamp);
  await expect(contacts.empty).toContainText('No users found');
});

test('an admin defines contact attributes in Settings; the contact dialog fills them and the profile shows them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { token } = await signInAs(page, USERS.jane);
  const stamp = Date.now().toString().slice(-6);
  await page.goto('/ws/acme/settings/contact-attributes');
  const settings = page.getByTestId('settings-contact-attributes');
  await expect(settings).toBeVisible();
  await page.getByTestId('attribute-label').fill('Plan');
  await page.getByTestId('attribute-add').click();
  await page.getByTestId('attribute-label').fill('VIP');
  await page.getByTestId('attribute-type').selectOption('boolean');
  await page.getByTestId('attribute-add').click();
  await expect(page.getByTestId('attribute-row')).toHaveCount(2);
  await checkScreenEveryWay(page, 'settings-contact-attributes');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/ws/acme/contact-attributes') && r.request().method() === 'PUT',
  );
  await page.getByTestId('attributes-save').click();
  expect((await saved).status()).toBe(200);

  try {
    const contacts = new ContactsPage(page);
    await contacts.open('acme');
    await page.getByTestId('contact-new').click();
    const dialog = page.getByTestId('contact-dialog');
    await dialog.getByTestId('contact-name-input').fill(`Attr Person ${stamp}`);
    await dialog.getByTestId('contact-attribute-plan').fill('Gold');
    await dialog.getByTestId('contact-attribute-vip').check();
    await page.getByTestId('contact-save').click();
    await expect(contacts.name).toHaveText(`Attr Person ${stamp}`);
    await expect(page.getByTestId('contact-attribute-value-plan')).toHaveText('Gold');
    await expect(page.getByTestId('contact-attribute-value-vip')).toHaveText('Yes');
    // Edit: a new plan is saved on the profile.
    await page.getByTestId('contact-edit').click();
    await expect(dialog.getByTestId('contact-attribute-plan')).toHaveValue('Gold');
    await dialog.getByTestId('contact-attribute-plan').fill('Platinum');
    await page.getByTestId('contact-save').click();
    await expect(page.getByTestId('contact-attribute-value-plan')).toHaveText('Platinum');
    await checkScreenEveryWay(page, 'contact-attributes');
  } finally {
    // Other journeys' contact dialogs stay as they were.
    await apiCall(page.request, token, 'PUT', '/ws/acme/contact-attributes', { attributes: [] });
  }
});
