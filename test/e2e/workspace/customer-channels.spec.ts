// Channels through the local channel gateway, end to end: a customer writes on the gateway's
// customer page, the agent answers in the inbox, and the answer arrives in the customer's mailbox
// on the gateway threaded on the customer's mail (In-Reply-To), whose reply continues the same
// conversation. SMS: the customer writes from the page, the agent's reply reaches their phone with
// its delivery receipt. WhatsApp: a customer who last wrote two days ago is outside the 24-hour
// window; the composer says so and offers the approved templates, and the template reaches them.
import { USERS } from './support/api';
import { expect, signInAs, test } from './support/fixtures';
import { InboxPage } from './support/pages/inbox.page';
import { saveReadmeScreenshot } from './support/screenshots';

const gatewayUrl = `http://127.0.0.1:${process.env['CHANNEL_GATEWAY_PORT']}`;
const token = process.env['CHANNEL_GATEWAY_CONTROL_TOKEN'] ?? '';

// Live deliveries cross three processes (gateway, server, browser) on a shared machine.
const live = { timeout: 60_000 };

test.describe('channels through the local gateway', () => {
  test('an email in from the customer page; the agent’s reply reaches the gateway mailbox threaded; the customer’s reply continues the conversation', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const stamp = Date.now().toString(36);
    const customerAddress = `kim.${stamp}@example.com`;
    await signInAs(page, USERS.jane);
    const inbox = new InboxPage(page);
    await inbox.open('acme', 'all');
    // The first load compiles the app (slow on a busy machine).
    await expect(inbox.rows.first()).toBeVisible({ timeout: 60_000 });

    // The customer, in a browser of their own, on the gateway's customer page.
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await customer.goto(gatewayUrl);
    await customer.getByTestId('channel-email').click();
    await customer.getByTestId('me-email').fill(customerAddress);
    await customer.getByTestId('me-email').dispatchEvent('change');
    await customer.getByTestId('to-email').fill('support@acme.test');
    const first = `My kettle stopped heating ${stamp}`;
    await customer.getByTestId('subject').fill(`Broken kettle ${stamp}`);
    await customer.getByTestId('compose-text').fill(first);
    await customer.getByTestId('send').click();
    await expect(customer.getByTestId('status')).toContainText('Sent.', live);

    // It arrives in the agent's list live; the agent answers.
    const row = inbox.rows.filter({ hasText: stamp });
    await expect(row).toBeVisible(live);
    await row.click();
    await expect(inbox.messages.last()).toContainText(first, live);
    const answer = `Sorry to hear that! Which model is it? ${stamp}`;
    await inbox.composerInput.fill(answer);
    await inbox.send.click();

    // The answer lands in the customer's mailbox on the gateway, threaded on their mail.
    const fromWorkspace = customer.locator('[data-direction=from-workspace]');
    await expect(fromWorkspace).toContainText(answer, live);
    const res = await request.get(
      `${gatewayUrl}/control/messages?channel=email&address=${encodeURIComponent(customerAddress)}`,
      { headers: { 'x-channel-gateway-token': token } },
    );
    const { messages } = (await res.json()) as {
      messages: { id: string; direction: string; inReplyTo?: string; references?: string[] }[];
    };
    const sent = messages.find((m) => m.direction === 'inbound')!;
    const reply = messages.find((m) => m.direction === 'outbound')!;
    expect(reply.inReplyTo).toBe(sent.id);
    expect(reply.references).toContain(sent.id);

    // The customer answers from their mailbox: the same conversation gets it.
    await fromWorkspace.getByTestId('reply').click();
    const second = `It is the K-200 ${stamp}`;
    await customer.getByTestId('compose-text').fill(second);
    await customer.getByTestId('send').click();
    await expect(customer.getByTestId('status')).toContainText('Sent.', live);
    await expect(inbox.messages.last()).toContainText(second, live);
    await expect(inbox.rows.filter({ hasText: stamp })).toHaveCount(1);

    await customer.setViewportSize({ width: 1280, height: 800 });
    await saveReadmeScreenshot(customer, 'channels-customer-page-light');
    for (const width of [1280, 375]) {
      await customer.setViewportSize({ width, height: 900 });
      await customer.screenshot({
        path: test.info().outputPath(`customer-page-${width}.png`),
        fullPage: true,
      });
    }
    await customerContext.close();
  });

  test('an SMS from the customer page; the agent’s reply reaches the customer’s phone with its receipt', async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    const stamp = Date.now().toString(36);
    const number = `+4477009${String(Date.now() % 100000).padStart(5, '0')}`;
    await signInAs(page, USERS.jane);
    const inbox = new InboxPage(page);
    await inbox.open('acme', 'all');
    await expect(inbox.rows.first()).toBeVisible({ timeout: 60_000 });

    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await customer.goto(gatewayUrl);
    await customer.getByTestId('channel-sms').click();
    await customer.getByTestId('me-phone').fill(number);
    await customer.getByTestId('me-phone').dispatchEvent('change');
    const first = `Is my order ready for pickup? ${stamp}`;
    await customer.getByTestId('compose-text').fill(first);
    await customer.getByTestId('send').click();
    await expect(customer.getByTestId('status')).toContainText('Sent.', live);

    const row = inbox.rows.filter({ hasText: stamp });
    await expect(row).toBeVisible(live);
    await row.click();
    await expect(inbox.messages.last()).toContainText(first, live);
    const answer = `Yes, it is ready at the front desk. ${stamp}`;
    await inbox.composerInput.fill(answer);
    await inbox.send.click();

    // On the customer's phone, with Twilio's delivery receipt; in the inbox, delivered.
    const fromWorkspace = customer.locator('[data-direction=from-workspace]');
    await expect(fromWorkspace).toContainText(answer, live);
    await expect(fromWorkspace.last()).toHaveAttribute('data-status', 'delivered', live);
    await expect(
      inbox.messages.filter({ hasText: answer }).getByTestId('message-delivery'),
    ).toHaveAttribute('data-status', 'delivered', live);

    // STOP: the conversation says the number is opted out, and so does the contact's profile.
    await customer.getByTestId('compose-text').fill('STOP');
    await customer.getByTestId('send').click();
    await expect(customer.getByTestId('status')).toContainText('Sent.', live);
    await expect(page.getByTestId('timeline-event').last()).toContainText('opted out of SMS', live);
    await page.getByTestId('conversation-title').getByRole('link').click();
    await expect(page.getByTestId('contact-opt-out')).toContainText('Opted out of SMS');
    await page.screenshot({ path: test.info().outputPath('contact-opt-out-1280.png') });
    await customerContext.close();
  });

  test('a WhatsApp customer outside the 24-hour window needs a template: the composer says so and the template reaches them', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const stamp = Date.now().toString(36);
    const number = `+5511987${String(Date.now() % 1000000).padStart(6, '0')}`;
    // The customer last wrote two days ago (the gateway posts the webhook with that timestamp).
    const wrote = await request.post(`${gatewayUrl}/control/whatsapp`, {
      headers: { 'x-channel-gateway-token': token },
      data: {
        from: number,
        to: '+15555550100',
        text: `Where can I find the manual? ${stamp}`,
        name: `Bea ${stamp}`,
        timestamp: new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString(),
      },
    });
    expect(((await wrote.json()) as { webhookStatus: unknown }).webhookStatus).toBe(200);

    await signInAs(page, USERS.jane);
    const inbox = new InboxPage(page);
    await inbox.open('acme', 'all');
    const row = inbox.rows.filter({ hasText: stamp });
    await expect(row).toBeVisible({ timeout: 60_000 });
    await row.click();

    // The composer says the window is closed and offers the approved templates instead of text.
    await expect(page.getByTestId('whatsapp-window-closed')).toContainText(
      'more than 24 hours ago',
      live,
    );
    await expect(inbox.composerInput).toHaveCount(0);
    await page.getByTestId('template-select').selectOption('customer_satisfaction_survey|en');
    await page.getByTestId('template-variable-1').fill(`Bea ${stamp}`);
    await expect(page.getByTestId('template-preview')).toContainText(
      `Thank you for contacting us, Bea ${stamp}.`,
    );
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId('whatsapp-template-offer').scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`template-offer-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('template-send').click();
    await expect(inbox.messages.last()).toContainText(
      `Thank you for contacting us, Bea ${stamp}.`,
      live,
    );
    await expect(inbox.messages.last().getByTestId('message-delivery')).toHaveAttribute(
      'data-status',
      /delivered|read/,
      live,
    );

    // The customer's WhatsApp shows it (their page sends a read receipt).
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await customer.goto(gatewayUrl);
    await customer.getByTestId('channel-whatsapp').click();
    await customer.getByTestId('me-phone').fill(number);
    await customer.getByTestId('me-phone').dispatchEvent('change');
    await expect(customer.locator('[data-direction=from-workspace]')).toContainText(
      `Thank you for contacting us, Bea ${stamp}.`,
      live,
    );
    await expect(inbox.messages.last().getByTestId('message-delivery')).toHaveAttribute(
      'data-status',
      'read',
      live,
    );
    await customerContext.close();
  });
});
