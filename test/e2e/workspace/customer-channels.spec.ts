// Channels through the local channel gateway, end to end: a customer writes on the gateway's
// customer page, the agent answers in the inbox, and the answer arrives in the customer's mailbox
// on the gateway threaded on the customer's mail (In-Reply-To), whose reply continues the same
// conversation. Only the email channel: the server has no SMS or WhatsApp adapter on this branch.
import { USERS } from './support/api';
import { expect, signInAs, test } from './support/fixtures';
import { InboxPage } from './support/pages/inbox.page';

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

    for (const width of [1280, 375]) {
      await customer.setViewportSize({ width, height: 900 });
      await customer.screenshot({
        path: test.info().outputPath(`customer-page-${width}.png`),
        fullPage: true,
      });
    }
    await customerContext.close();
  });
});
