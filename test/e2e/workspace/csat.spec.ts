// Customer satisfaction end to end: an agent closes an SMS conversation, the survey reaches the
// customer's phone on the gateway's customer page, the customer answers "5", the conversation
// stays closed and shows the score, and the settings card counts the answer. Web chat: the agent
// closes the visitor's chat, the widget shows the survey card, one tap answers it.
import type { Page } from '@playwright/test';
import { USERS } from './support/api';
import { expect, signInAs, test } from './support/fixtures';
import { InboxPage } from './support/pages/inbox.page';

const gatewayUrl = `http://127.0.0.1:${process.env['CHANNEL_GATEWAY_PORT']}`;

// Live deliveries cross three processes (gateway, server, browser) on a shared machine.
const live = { timeout: 60_000 };

/** The settings card's answer count, read from the screen. */
async function answersOnCard(page: Page): Promise<number> {
  await page.goto('/ws/acme/settings/customer-satisfaction');
  const responses = page.getByTestId('csat-responses');
  await expect(responses).toBeVisible(live);
  return Number((await responses.innerText()).replace(/\D/g, ''));
}

test.describe('customer satisfaction survey', () => {
  test('an agent closes an SMS conversation; the customer answers 5 on their phone; the CSAT card counts it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    const stamp = Date.now().toString(36);
    const number = `+4477008${String(Date.now() % 100000).padStart(5, '0')}`;
    await signInAs(page, USERS.jane);
    const before = await answersOnCard(page);
    await expect(page.getByTestId('csat-demo-notice')).toContainText('Includes demo answers');

    const inbox = new InboxPage(page);
    await inbox.open('acme', 'all');
    await expect(inbox.rows.first()).toBeVisible({ timeout: 60_000 });

    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await customer.goto(gatewayUrl);
    await customer.getByTestId('channel-sms').click();
    await customer.getByTestId('me-phone').fill(number);
    await customer.getByTestId('me-phone').dispatchEvent('change');
    const first = `Can I change my delivery address? ${stamp}`;
    await customer.getByTestId('compose-text').fill(first);
    await customer.getByTestId('send').click();
    await expect(customer.getByTestId('status')).toContainText('Sent.', live);

    const row = inbox.rows.filter({ hasText: stamp });
    await expect(row).toBeVisible(live);
    await row.click();
    await expect(inbox.messages.last()).toContainText(first, live);
    await inbox.status.selectOption('closed');

    // The survey reaches the customer's phone; the conversation says it was sent.
    const fromWorkspace = customer.locator('[data-direction=from-workspace]');
    await expect(fromWorkspace.last()).toContainText('Reply with a number from 1 to 5.', live);
    const line = page.getByTestId('conversation-survey');
    await expect(line).toContainText('Satisfaction survey', live);
    await expect(page.getByTestId('conversation-survey-state')).toHaveText('No answer yet');

    await customer.getByTestId('compose-text').fill('5');
    await customer.getByTestId('send').click();
    await expect(customer.getByTestId('status')).toContainText('Sent.', live);

    // Recorded on the closed conversation, which stays closed.
    await expect(page.getByTestId('conversation-survey-state')).toHaveText('Answered 5 / 5', live);
    await expect(page.getByTestId('timeline-event').last()).toContainText(
      'answered the satisfaction survey: 5 / 5',
      live,
    );
    await expect(inbox.status).toHaveValue('closed');
    await page.screenshot({ path: test.info().outputPath('conversation-survey-1280.png') });

    await expect.poll(() => answersOnCard(page), live).toBe(before + 1);
    await expect(page.getByTestId('csat-surveys-sent')).not.toHaveText('0');
    await page.screenshot({ path: test.info().outputPath('csat-card-1280.png'), fullPage: true });
    await customerContext.close();
  });

  test('web chat: the widget shows the survey card after the agent closes the chat; one tap answers it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    const stamp = Date.now().toString(36);
    await signInAs(page, USERS.jane);
    const before = await answersOnCard(page);
    const inbox = new InboxPage(page);
    await inbox.open('acme', 'all');
    await expect(inbox.rows.first()).toBeVisible({ timeout: 60_000 });

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto('/widget/demo/acme');
    await visitor.getByTestId('webchat-launcher').click({ timeout: 30_000 });
    const first = `Do you gift wrap? ${stamp}`;
    await visitor.getByTestId('webchat-input').fill(first);
    await visitor.getByTestId('webchat-send').click();
    await expect(visitor.getByTestId('webchat-message').last()).toHaveText(first, live);

    const row = inbox.rows.filter({ hasText: first });
    await expect(row).toBeVisible(live);
    await row.click();
    await expect(inbox.messages.last()).toContainText(first, live);
    await inbox.status.selectOption('closed');

    const card = visitor.getByTestId('webchat-survey');
    await expect(card).toBeVisible(live);
    await card.getByTestId('webchat-survey-score-4').click();
    await expect(visitor.getByTestId('webchat-survey-status')).toHaveText(
      'Thank you! Your answer: 4 / 5.',
      live,
    );
    await expect(page.getByTestId('conversation-survey-state')).toHaveText('Answered 4 / 5', live);
    await visitor.setViewportSize({ width: 375, height: 740 });
    await visitor.screenshot({ path: test.info().outputPath('widget-survey-375.png') });

    await expect.poll(() => answersOnCard(page), live).toBe(before + 1);
    await visitorContext.close();
  });
});
