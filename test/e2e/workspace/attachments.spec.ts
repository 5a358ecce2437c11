// Attachments end to end through the local channel gateway: a customer emails a photo from the
// gateway's customer page and the agent sees it in the conversation (a preview fetched with the
// agent's token); the agent attaches a PDF to the reply (name and size shown, removable before
// sending) and the customer's mailbox on the gateway shows the file, whose bytes are the PDF.
import { USERS } from './support/api';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';
import { InboxPage } from './support/pages/inbox.page';

const gatewayUrl = `http://127.0.0.1:${process.env['CHANNEL_GATEWAY_PORT']}`;
const live = { timeout: 60_000 };

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('a customer emails a photo and the agent sees it; the agent’s PDF reaches the customer’s mailbox', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const customerAddress = `ana.${stamp}@example.com`;
  await signInAs(page, USERS.jane);
  const inbox = new InboxPage(page);
  await inbox.open('acme', 'all');
  await expect(inbox.rows.first()).toBeVisible({ timeout: 60_000 });

  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await customer.goto(gatewayUrl);
  await customer.getByTestId('channel-email').click();
  await customer.getByTestId('me-email').fill(customerAddress);
  await customer.getByTestId('me-email').dispatchEvent('change');
  await customer.getByTestId('to-email').fill('support@acme.test');
  await customer.getByTestId('subject').fill(`Cracked screen ${stamp}`);
  await customer.getByTestId('compose-text').fill(`Photo of the crack ${stamp}`);
  await customer
    .getByTestId('attach')
    .setInputFiles({ name: 'crack.png', mimeType: 'image/png', buffer: PNG });
  await customer.getByTestId('send').click();
  await expect(customer.getByTestId('status')).toContainText('Sent.', live);

  const row = inbox.rows.filter({ hasText: stamp });
  await expect(row).toBeVisible(live);
  await row.click();
  const photo = inbox.messages.last().getByTestId('message-attachment');
  await expect(photo.getByRole('img', { name: 'Image crack.png' })).toBeVisible(live);
  await expect(photo.getByRole('button', { name: /^Download crack\.png \d+ B$/ })).toBeVisible();

  // The agent attaches a PDF and a file they then remove; only the PDF is sent.
  const fileInput = page.getByTestId('composer-file-input');
  await fileInput.setInputFiles([
    { name: 'refund.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'draft.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  const files = page.getByTestId('composer-file');
  await expect(files).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove draft.pdf' }).click();
  await expect(files).toHaveCount(1);
  await expect(files.first()).toHaveAttribute('data-state', 'ready', live);
  await expect(files.first()).toContainText('refund.pdf');
  // The conversation with a received file and a file about to be sent passes axe.
  await expectNoAxeViolations(page, 'conversation with attachments');
  // A page that is not a PDF is refused plainly.
  await fileInput.setInputFiles({
    name: 'fake.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<html><script>alert(1)</script></html>'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'fake.pdf is not a real' })).toBeVisible(
    live,
  );
  await page.getByRole('button', { name: 'Remove fake.pdf' }).click();
  const answer = `Your refund note is attached ${stamp}`;
  await inbox.composerInput.fill(answer);
  await inbox.send.click();
  await expect(inbox.messages.last()).toContainText(answer, live);
  await expect(inbox.messages.last().getByTestId('message-attachment')).toContainText('refund.pdf');

  // The customer's mailbox shows the mail with the file.
  const fromWorkspace = customer.locator('[data-direction=from-workspace]');
  await expect(fromWorkspace).toContainText(answer, live);
  const link = fromWorkspace.getByRole('link', { name: /refund\.pdf/ });
  await expect(link).toBeVisible();
  const res = await customer.request.get(await link.getAttribute('href').then((h) => h!));
  expect(Buffer.from(await res.body()).equals(PDF)).toBe(true);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`inbox-attachments-${width}.png`) });
  }
  await customerContext.close();
});
