// Campaigns through the local channel gateway, end to end: (a) a customer texts STOP from the
// gateway's customer page, and the next SMS campaign to an audience with that number skips it
// (counted as opted out, nothing reaches their phone); (b) a customer who got the campaign on
// their phone answers from the customer page: the answer opens a conversation in the inbox that
// says "Reply to campaign …", whose link leads to the report counting it as Replied.
import type { Page } from '@playwright/test';
import { apiCall, apiSignIn, USERS } from './support/api';
import { expect, signInAs, test } from './support/fixtures';
import { CampaignsPage } from './support/pages/campaigns.page';
import { InboxPage } from './support/pages/inbox.page';

const gatewayUrl = `http://127.0.0.1:${process.env['CHANNEL_GATEWAY_PORT']}`;

// Live deliveries cross three processes (gateway, server, browser) on a shared machine.
const live = { timeout: 60_000 };

/** The customer's phone on the gateway's customer page, as `number`. */
async function customerPhone(page: Page, number: string) {
  await page.goto(gatewayUrl);
  await page.getByTestId('channel-sms').click();
  await page.getByTestId('me-phone').fill(number);
  await page.getByTestId('me-phone').dispatchEvent('change');
  return {
    fromWorkspace: page.locator('[data-direction=from-workspace]'),
    async text(body: string) {
      await page.getByTestId('compose-text').fill(body);
      await page.getByTestId('send').click();
      await expect(page.getByTestId('status')).toContainText('Sent.', live);
    },
  };
}

test.describe('campaigns through the local gateway', () => {
  test('SMS STOP excludes the number from the next campaign; a customer’s reply appears in the inbox linked to the campaign and in the report’s Replied', async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    const stamp = Date.now().toString(36);
    const tail = String(Date.now() % 100000).padStart(5, '0');
    const stopper = `+4477008${tail}`;
    const replier = `+4477007${tail}`;
    const jane = await apiSignIn(page.request, USERS.jane);
    const customerContext = await browser.newContext();
    const stopPage = await customerContext.newPage();
    const stopPhone = await customerPhone(stopPage, stopper);
    try {
      // (a) the first customer texts STOP; the second is a contact of the workspace
      await stopPhone.text('STOP');
      await apiCall(page.request, jane.token, 'POST', '/ws/acme/contacts', {
        name: `Rui ${stamp}`,
        phone: replier,
      });
      const name = `Pickup slots ${stamp}`;
      const body = `Acme: pick a pickup slot, reply with a day ${stamp}`;
      const created = await apiCall<{ campaign: { id: string } }>(
        page.request,
        jane.token,
        'POST',
        '/ws/acme/campaigns',
        {
          name,
          channel: 'sms',
          content: { channel: 'sms', body },
          audience: {
            match: 'any',
            rules: [
              { kind: 'attribute', field: 'phone', op: 'equals', value: stopper },
              { kind: 'attribute', field: 'phone', op: 'equals', value: replier },
            ],
          },
        },
      );
      const id = created.campaign.id;
      await apiCall(page.request, jane.token, 'POST', `/ws/acme/campaigns/${id}/schedule`, {
        sendAt: 'now',
      });

      await signInAs(page, USERS.jane);
      const campaigns = new CampaignsPage(page);
      await page.goto(`/ws/acme/campaigns/all/${id}`);
      await expect(campaigns.status).toHaveText('Sent', live);
      await campaigns.tab('viewer', 'reports').click();
      await expect(campaigns.kpi('total')).toHaveText('2');
      await expect(campaigns.kpi('opted-out')).toHaveText('1');
      await expect(campaigns.kpi('sent')).toHaveText('1');
      await expect(page.getByTestId('report-gateway-note')).toBeVisible();
      // nothing reached the phone that sent STOP
      await expect(stopPhone.fromWorkspace.filter({ hasText: stamp })).toHaveCount(0);

      // (b) the other customer has the campaign on their phone and answers it
      const replyPage = await customerContext.newPage();
      const replyPhone = await customerPhone(replyPage, replier);
      await expect(replyPhone.fromWorkspace.filter({ hasText: body })).toHaveCount(1, live);
      const answer = `Tuesday morning please ${stamp}`;
      await replyPhone.text(answer);

      const inbox = new InboxPage(page);
      await inbox.open('acme', 'all');
      const row = inbox.rows.filter({ hasText: answer });
      await expect(row).toBeVisible(live);
      await row.click();
      const link = page.getByTestId('conversation-campaign');
      await expect(link).toHaveText(`Reply to campaign ${name}`);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: test.info().outputPath(`campaign-reply-${width}.png`) });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      await link.getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`/campaigns/all/${id}\\?tab=reports$`));
      await expect(campaigns.kpi('replied')).toHaveText('1', live);
      await page.screenshot({ path: test.info().outputPath('campaign-report-1280.png') });
    } finally {
      // the number opts in again, so that later journeys' audiences are as they expect
      await stopPhone.text('START');
      await customerContext.close();
    }
  });
});
