// Contacts: the users list and a profile; the call action only when the voice module is enabled.
import { apiCall, USERS } from './support/api';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';
import { ContactsPage } from './support/pages/contacts.page';
import { InboxPage } from './support/pages/inbox.page';

const gatewayUrl = `http://127.0.0.1:${process.env['CHANNEL_GATEWAY_PORT']}`;

test.describe('contacts', () => {
  test('the users list shows every contact, a visitor by its phone, and search narrows it', async ({
    page,
  }) => {
    await signInAs(page, USERS.jane);
    const contacts = new ContactsPage(page);
    await contacts.open('acme');
    await expect(contacts.rows.filter({ hasText: 'Maria Garcia' })).toHaveCount(1);
    await expect(contacts.rows.filter({ hasText: '+1 555 555 0142' }).first()).toBeVisible();
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
    await expect(contacts.phone).toHaveText('+1 555 555 0101');
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

test.describe('contacts: create and edit', () => {
  test('an agent creates a contact with a number typed with spaces, then edits it; a taken number is refused on its field', async ({
    page,
  }) => {
    await signInAs(page, USERS.jane);
    const contacts = new ContactsPage(page);
    await contacts.open('acme');
    const stamp = Date.now().toString().slice(-6);
    const phone = `+44 20 7${stamp.slice(0, 3)} ${stamp.slice(3)}0`;
    const e164 = phone.replace(/ /g, '');

    await page.getByTestId('contact-new').click();
    const dialog = page.getByTestId('contact-dialog');
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'new contact dialog');
    // Nothing given: the form says what it needs and sends nothing.
    await page.getByTestId('contact-save').click();
    await expect(dialog).toContainText('Give a name, a phone or an email.');
    await dialog.getByTestId('contact-phone-input').fill('020 7123 4567');
    await dialog.getByTestId('contact-name-input').fill(`Priya Shah ${stamp}`);
    await page.getByTestId('contact-save').click();
    await expect(dialog).toContainText('Start with + and the country code');
    await dialog.getByTestId('contact-phone-input').fill(phone);
    await dialog.getByTestId('contact-email-input').fill(`priya.${stamp}@example.com`);
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/ws/acme/contacts') && r.request().method() === 'POST',
    );
    await page.getByTestId('contact-save').click();
    const response = await created;
    expect(response.status()).toBe(201);
    expect(((await response.json()) as { contact: { phone: string } }).contact.phone).toBe(e164);
    await expect(contacts.name).toHaveText(`Priya Shah ${stamp}`);
    // Stored in E.164, shown as people read it (no default country here: international).
    await expect(contacts.phone).toHaveText(phone);

    await page.getByTestId('contact-edit').click();
    await expect(dialog.getByTestId('contact-phone-input')).toHaveValue(phone);
    await dialog.getByTestId('contact-company-input').fill('Shah & Co');
    // Maria Garcia's number is taken: the answer lands on the phone field and nothing changes.
    await dialog.getByTestId('contact-phone-input').fill('+15555550101');
    await page.getByTestId('contact-save').click();
    await expect(dialog).toContainText(/phone/i);
    await expect(dialog.getByTestId('contact-phone-input')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByTestId('contact-phone-input').fill(phone);
    await page.getByTestId('contact-save').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('contact-name').locator('..')).toContainText('Shah & Co');

    // The list finds the new contact by the number's digits.
    await contacts.open('acme');
    await contacts.search.fill(stamp);
    await expect(contacts.rows.filter({ hasText: `Priya Shah ${stamp}` })).toHaveCount(1);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.getByTestId('contact-new').click();
      await expect(dialog).toBeVisible();
      await page.screenshot({
        path: test.info().outputPath(`contact-dialog-${width}.png`),
        animations: 'disabled',
      });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });
});

test('an agent starts an email conversation from a contact’s profile and the first message reaches the customer’s mailbox', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const auth = await signInAs(page, USERS.jane);
  const stamp = Date.now().toString(36);
  const email = `lena.${stamp}@example.com`;
  const { contact } = await apiCall<{ contact: { id: string } }>(
    page.request,
    auth.token,
    'POST',
    '/ws/acme/contacts',
    { name: `Lena Fischer ${stamp}`, email },
  );
  await page.goto(`/ws/acme/contacts/users/profile/${contact.id}`);
  await page.getByTestId('contact-start-conversation').click();
  const dialog = page.getByTestId('start-conversation-dialog');
  await expect(dialog).toBeVisible();
  // No phone: SMS and WhatsApp cannot be picked, and say why.
  await expect(dialog.getByTestId('start-channel-sms')).toBeDisabled();
  await expect(dialog.getByTestId('start-channel-whatsapp')).toBeDisabled();
  await expect(dialog).toContainText('No phone number');
  await expect(dialog.getByTestId('start-channel-email')).toBeChecked();
  await expectNoAxeViolations(page, 'new conversation dialog');
  await dialog.getByTestId('start-conversation-subject').fill(`Your renewal ${stamp}`);
  await page.getByTestId('start-conversation-open').click();
  await expect(page).toHaveURL(/\/inbox\/all\/conversations\/[^/]+$/);
  const inbox = new InboxPage(page);
  await expect(page.getByText(`Your renewal ${stamp}`).first()).toBeVisible();
  const first = `Hello Lena, your renewal is due next week ${stamp}`;
  await inbox.composerInput.fill(first);
  await inbox.send.click();
  await expect(inbox.messages.last()).toContainText(first);

  // The customer's mailbox on the local gateway has the mail, with the subject.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await customer.goto(gatewayUrl);
  await customer.getByTestId('channel-email').click();
  await customer.getByTestId('me-email').fill(email);
  await customer.getByTestId('me-email').dispatchEvent('change');
  await expect(customer.locator('[data-direction=from-workspace]')).toContainText(first, {
    timeout: 60_000,
  });
  await customerContext.close();
  // Closed again, so the journeys that count open conversations see the seed's.
  await apiCall(
    page.request,
    auth.token,
    'PATCH',
    `/ws/acme/inbox/conversations/${page.url().split('/').at(-1)}`,
    {
      status: 'closed',
    },
  );
});
