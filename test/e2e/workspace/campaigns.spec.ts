// Campaign journeys in the real app on the real workspace server (its send worker and the channel
// adapters over the local channel gateway): a WhatsApp campaign blocked without an approved
// template, then approved (globex has no WhatsApp number: every message fails with that reason);
// an email campaign scheduled on the workspace clock and unscheduled; an SMS campaign sent through
// the gateway's Twilio with its report (Twilio's refusal of a landline, the gateway note), chart
// and CSV export; the leave-without-saving prompts; axe on every campaign screen in both themes.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiCall, apiSignIn, USERS } from './support/api';
import { expect, expectNoAxeViolations, signInAs, test, useTheme } from './support/fixtures';
import { CampaignsPage } from './support/pages/campaigns.page';
import { SCREENSHOTS_DIR, saveReadmeScreenshot } from './support/screenshots';

const GARY = 'gary@globex.test';

/** The campaign screenshots the app's README shows. */
const README_SHOTS = new Set(['campaigns-light', 'campaign-report-dark', 'campaign-editor-light']);

async function shoot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS_DIR || !README_SHOTS.has(name)) return;
  // no focus ring from the tab just clicked
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await saveReadmeScreenshot(page, name);
}

interface Template {
  id: string;
  name: string;
  status: string;
  body: string;
}

async function templatesOf(request: APIRequestContext, token: string, slug: string) {
  return (
    await apiCall<{ templates: Template[] }>(
      request,
      token,
      'GET',
      `/ws/${slug}/campaign-templates?channel=whatsapp&limit=100`,
    )
  ).templates;
}

test.describe('campaign journeys', () => {
  test('WhatsApp: blocked without an approved template, then the template is created, approved and sent', async ({
    page,
  }) => {
    // globex's only approved WhatsApp template goes back to review (an edit does that)
    const gary = await apiSignIn(page.request, GARY);
    const approved = (await templatesOf(page.request, gary.token, 'globex')).filter(
      (t) => t.status === 'approved',
    );
    for (const t of approved)
      await apiCall(page.request, gary.token, 'PATCH', `/ws/globex/campaign-templates/${t.id}`, {
        body: `${t.body} (reworded)`,
      });
    try {
      await signInAs(page, GARY);
      const campaigns = new CampaignsPage(page);
      await campaigns.open('globex', 'all');
      await campaigns.startNew('whatsapp');
      await expect(page).toHaveURL(/\/campaigns\/editor\/new\?channel=whatsapp$/);
      // The editor 'new' for WhatsApp without an approved template
      await expect(campaigns.templateDialog).toBeVisible();
      await expect(campaigns.templateDialog.getByRole('heading')).toHaveText(
        'Create a template to send a whatsapp campaign',
      );
      await expectNoAxeViolations(page, 'WhatsApp template dialog');
      await page.getByTestId('create-whatsapp-template').click();
      await expect(page).toHaveURL(/\/campaigns\/templates\/editor\/new\?channel=whatsapp/);
      await campaigns.templateName.fill('Spring Offer');
      await expect(campaigns.templateEditor).toContainText(
        'Use lower-case letters, digits and underscores.',
      );
      await expect(campaigns.templateSave).toBeDisabled();
      await campaigns.templateName.fill('spring_offer');
      await campaigns.templateBody.fill('Hi {{1}}, our spring offer ends on {{2}}.');
      await expect(
        campaigns.templateEditor.getByRole('group', { name: 'Variables' }),
      ).toContainText('{{1}}');
      await campaigns.templateSave.click();
      await expect(page).toHaveURL(/\/templates\/editor\/[0-9a-f-]{36}\?returnTo=/);
      await expect(campaigns.templateStatus).toHaveText('Pending review');
      // still pending: the campaign editor still says no
      // (the provider's review answer, recorded here, approves it)
      await page.getByTestId('template-approve').click();
      await expect(campaigns.templateStatus).toHaveText('Approved');
      await page.getByTestId('template-return-link').click();
      await expect(page).toHaveURL(/\/campaigns\/editor\/new\?channel=whatsapp$/);
      await expect(campaigns.editor).toBeVisible();
      await expect(campaigns.templateDialog).toHaveCount(0);
      // audience: everyone with a phone in globex (Hank and Marge)
      await expect(campaigns.audienceCount).toHaveText('2');
      await campaigns.tab('editor', 'content').click();
      await page.getByTestId('template-option').filter({ hasText: 'spring_offer' }).click();
      await page.getByTestId('variable-1').fill('{{first_name}}');
      await page.getByTestId('variable-2').fill('Sunday');
      await expect(page.getByTestId('preview-bubble')).toHaveText(
        /^Hi (Hank|Marge), our spring offer ends on Sunday\.$/,
      );
      await campaigns.tab('editor', 'details').click();
      await campaigns.name.fill('Spring offer');
      await campaigns.scheduleButton.click();
      await expect(page).toHaveURL(/\/campaigns\/all\/[0-9a-f-]{36}$/);
      await expect(campaigns.status).toHaveText('Sent', { timeout: 30_000 });
      await expect(campaigns.kpi('total')).toHaveText('2');
      // globex has no WhatsApp number of its own: nothing is pretended sent
      await expect(campaigns.kpi('sent')).toHaveText('0');
      await expect(campaigns.kpi('failed')).toHaveText('2');
    } finally {
      // the demo template is restored and approved again for the journeys that follow
      for (const t of approved) {
        await apiCall(page.request, gary.token, 'PATCH', `/ws/globex/campaign-templates/${t.id}`, {
          body: t.body,
        });
        await apiCall(
          page.request,
          gary.token,
          'POST',
          `/ws/globex/campaign-templates/${t.id}/review`,
          { decision: 'approved' },
        );
      }
    }
  });

  test('email: audience by tag with a live count, content, schedule on the workspace clock, unschedule', async ({
    page,
  }) => {
    await signInAs(page, USERS.jane);
    const campaigns = new CampaignsPage(page);
    // every contact with an email address (other journeys may have added customers who wrote in)
    const jane = await apiSignIn(page.request, USERS.jane);
    const { estimate } = await apiCall<{ estimate: { reachable: number } }>(
      page.request,
      jane.token,
      'POST',
      '/ws/acme/campaigns/audience/estimate',
      { channel: 'email', audience: { match: 'all', rules: [] } },
    );
    await campaigns.open('acme', 'all');
    await campaigns.startNew('email');
    await expect(page).toHaveURL(/\/campaigns\/editor\/new\?channel=email$/);
    // then only VIP ones
    await expect(campaigns.audienceCount).toHaveText(String(estimate.reachable));
    await campaigns.addRule.click();
    await campaigns.rule(0).kind.selectOption('tag');
    await campaigns.rule(0).tag.selectOption({ label: 'vip' });
    await expect(campaigns.audienceCount).toHaveText('1');
    await expect(page.getByTestId('audience-matched')).toContainText(
      '2 match the conditions; 1 without an email address are left out.',
    );
    await campaigns.tab('editor', 'content').click();
    await page.getByTestId('email-subject').fill('A gift for you, ');
    await page.getByTestId('email-subject').press('End');
    await page.getByRole('button', { name: '{{first_name}}' }).click();
    await page.getByTestId('email-body').fill('Hello {{name}}, thanks for being a VIP.');
    await expect(page.getByTestId('message-preview')).toContainText('A gift for you, Maria');
    await expect(page.getByTestId('message-preview')).toContainText(
      'Hello Maria Garcia, thanks for being a VIP.',
    );
    await campaigns.tab('editor', 'details').click();
    await campaigns.name.fill('VIP gift');
    await campaigns.saveDraft.click();
    await expect(page).toHaveURL(/\/campaigns\/editor\/[0-9a-f-]{36}\?tab=details$/);
    await expect(page.getByTestId('editor-unsaved')).toHaveCount(0);
    // a time that has passed is refused with the server's message
    await campaigns.sendLater.click();
    await expect(page.getByTestId('schedule-zone')).toHaveText(
      'Times are in the workspace time zone, Europe/Madrid.',
    );
    await campaigns.scheduleDate.fill('2020-01-15');
    await campaigns.scheduleTime.fill('09:30');
    await campaigns.scheduleButton.click();
    await expect(campaigns.problems).toContainText('Choose a time in the future.');
    const year = new Date().getFullYear() + 1;
    await campaigns.scheduleDate.fill(`${year}-01-15`);
    await campaigns.scheduleButton.click();
    await expect(page).toHaveURL(/\/campaigns\/all\/[0-9a-f-]{36}$/);
    await expect(campaigns.status).toHaveText('Scheduled');
    await expect(page.getByTestId('viewer-send-at')).toHaveText(
      `Sends Jan 15, ${year}, 9:30 AM (Europe/Madrid)`,
    );
    await campaigns.tab('viewer', 'audience').click();
    await expect(page.getByTestId('segment-rules')).toHaveText('Has tag “vip”');
    await page.getByTestId('viewer-unschedule').click();
    await expect(campaigns.status).toHaveText('Draft');
    await page.getByTestId('viewer-edit').click();
    await expect(campaigns.editor).toBeVisible();
    await expect(campaigns.rules).toHaveCount(1);
    // duplicate, then delete the copy
    await page.goBack();
    await page.getByTestId('viewer-duplicate').click();
    await expect(page).toHaveURL(/\/campaigns\/editor\/[0-9a-f-]{36}$/);
    await expect(campaigns.name).toHaveCount(0);
    await campaigns.tab('editor', 'details').click();
    await expect(campaigns.name).toHaveValue('VIP gift (copy)');
    await page.getByTestId('editor-back').click();
    await page.getByTestId('viewer-delete').click();
    await page.getByTestId('viewer-confirm-yes').click();
    await expect(page).toHaveURL(/\/campaigns\/all$/);
    await expect(campaigns.rows.filter({ hasText: 'VIP gift (copy)' })).toHaveCount(0);
    await expect(campaigns.rows.filter({ hasText: 'VIP gift' })).toHaveCount(1);
  });

  test('SMS: segment count, send now through the gateway, read the report chart and export CSV', async ({
    page,
  }) => {
    await signInAs(page, USERS.jane);
    const campaigns = new CampaignsPage(page);
    // everyone in acme with a phone (other journeys may have added customers)
    const jane = await apiSignIn(page.request, USERS.jane);
    const { estimate } = await apiCall<{ estimate: { reachable: number } }>(
      page.request,
      jane.token,
      'POST',
      '/ws/acme/campaigns/audience/estimate',
      { channel: 'sms', audience: { match: 'all', rules: [] } },
    );
    const reachable = String(estimate.reachable);
    await campaigns.open('acme', 'overview');
    await campaigns.startNew('sms');
    await expect(campaigns.audienceCount).toHaveText(reachable);
    await campaigns.tab('editor', 'content').click();
    const body = page.getByTestId('sms-body');
    await body.fill('Acme: your parcel is on its way.');
    await expect(page.getByTestId('sms-counter')).toHaveText('32 characters · 1 segment · GSM-7');
    // GSM-7 counts { and } twice (extension table)
    await body.fill('Acme: {{first_name}}, your parcel is on its way.');
    await expect(page.getByTestId('sms-counter')).toHaveText('52 characters · 1 segment · GSM-7');
    await body.fill(`Acme: ${'x'.repeat(160)}`);
    await expect(page.getByTestId('sms-counter')).toHaveText(
      '166 characters · 2 segments · GSM-7 (153 per segment)',
    );
    await body.fill('Acme: {{first_name}}, your parcel is on its way 📦');
    await expect(page.getByTestId('sms-counter')).toContainText('UCS-2');
    await campaigns.tab('editor', 'details').click();
    await campaigns.name.fill('Parcel on its way');
    await campaigns.scheduleButton.click();
    await expect(page).toHaveURL(/\/campaigns\/all\/[0-9a-f-]{36}$/);
    // sent through the gateway's Twilio: then the progress bar is gone
    await expect(campaigns.status).toHaveText('Sent', { timeout: 30_000 });
    await expect(campaigns.sendingProgress).toHaveCount(0);
    await expect(campaigns.kpi('total')).toHaveText(reachable);
    // the report: figures from the gateway (Twilio refuses Noah's landline), and the chart
    await campaigns.tab('viewer', 'reports').click();
    await expect(page.getByTestId('report-gateway-note')).toHaveText(
      'Figures come from the local channel gateway, not a real provider.',
    );
    await expect(campaigns.kpi('failed')).toHaveText('1');
    await expect(campaigns.kpi('sent')).toHaveText(String(estimate.reachable - 1));
    await expect(campaigns.chart.locator('.recharts-surface').first()).toBeVisible();
    await expect(campaigns.chart.locator('.recharts-legend-item')).toHaveCount(4);
    await expect(page.getByRole('table', { name: /Messages per minute/ })).toBeAttached();
    const download = page.waitForEvent('download');
    await page.getByTestId('export-recipients').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('parcel-on-its-way-recipients.csv');
    const csv = await readFile(await file.path(), 'utf8');
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe(
      'name,address,status,sent_at,delivered_at,read_at,failed_at,replied_at,error',
    );
    expect(lines).toHaveLength(estimate.reachable + 1);
    expect(lines.some((l) => l.startsWith('Maria Garcia,+15555550101,'))).toBe(true);
    expect(lines.find((l) => l.startsWith('Noah Smith,'))).toMatch(/,failed,.*,"21614: /);
    // the overview counts it (nothing seeded is sent; other journeys may have sent more)
    await page.getByTestId('campaigns-nav-overview').click();
    await expect(campaigns.overview).toBeVisible();
    await expect(page.getByTestId('overview-count-sent')).toContainText(/[1-9]/);
  });

  test('leaving an unsaved campaign or template asks first', async ({ page }) => {
    await signInAs(page, USERS.jane);
    const campaigns = new CampaignsPage(page);
    await campaigns.open('acme', 'all');
    await campaigns.startNew('sms');
    await campaigns.tab('editor', 'details').click();
    // untouched: leaving asks nothing
    await page.getByTestId('campaigns-nav-templates').click();
    await expect(campaigns.templateList).toBeVisible();
    await page.goBack();
    await campaigns.tab('editor', 'details').click();
    await campaigns.name.fill('Unsaved');
    await page.getByTestId('campaigns-nav-overview').click();
    await expect(campaigns.leaveDialog).toBeVisible();
    await expect(campaigns.leaveDialog.getByRole('heading')).toHaveText(
      'Exit without saving campaign as draft?',
    );
    await page.getByTestId('leave-dialog-stay').click();
    await expect(campaigns.leaveDialog).toHaveCount(0);
    await expect(campaigns.name).toHaveValue('Unsaved');
    await page.getByTestId('editor-back').click();
    await expect(campaigns.leaveDialog).toBeVisible();
    await page.getByTestId('leave-dialog-leave').click();
    await expect(page).toHaveURL(/\/campaigns\/all$/);
    await expect(campaigns.rows.filter({ hasText: 'Unsaved' })).toHaveCount(0);

    await page.getByTestId('campaigns-nav-templates').click();
    await campaigns.templateRows.filter({ hasText: 'Delivery SMS' }).click();
    await expect(campaigns.templateBody).toHaveValue('Acme: your parcel arrives today.');
    await campaigns.templateBody.fill('Acme: changed');
    await page.getByTestId('template-back').click();
    await expect(campaigns.leaveDialog.getByRole('heading')).toHaveText(
      'Exit without saving campaign template?',
    );
    await page.getByTestId('leave-dialog-leave').click();
    await expect(campaigns.templateList).toBeVisible();
    await campaigns.templateRows.filter({ hasText: 'Delivery SMS' }).click();
    await expect(campaigns.templateBody).toHaveValue('Acme: your parcel arrives today.');
  });
});

/** The ids of a sent campaign (the SMS journey's) and the seeded WhatsApp draft. */
async function seededIds(request: APIRequestContext) {
  const jane = await apiSignIn(request, USERS.jane);
  const find = async (query: string) =>
    (
      await apiCall<{ campaigns: { id: string }[] }>(
        request,
        jane.token,
        'GET',
        `/ws/acme/campaigns?${query}`,
      )
    ).campaigns[0]!.id;
  return {
    sent: await find('status=sent&channel=sms'),
    draft: await find('status=draft&q=vip%20order'),
  };
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`campaign screens, ${theme} theme: no axe violations`, () => {
    test.beforeEach(async ({ page }) => {
      // axe runs several times per test on a shared machine
      test.slow();
      await useTheme(page, theme);
      await page.setViewportSize({ width: 1280, height: 800 });
      await signInAs(page, USERS.jane);
    });

    test('overview, list and the new-campaign dialog', async ({ page }) => {
      const c = new CampaignsPage(page);
      await c.open('acme', 'overview');
      await expect(c.chart.locator('.recharts-surface').first()).toBeVisible();
      await expectNoAxeViolations(page, `campaigns overview (${theme})`);
      await shoot(page, `campaigns-${theme}`);
      await c.open('acme', 'all');
      await expect(c.rows.first()).toBeVisible();
      await expectNoAxeViolations(page, `campaign list (${theme})`);
      await c.newCampaign.click();
      await expect(page.getByTestId('new-campaign-dialog')).toBeVisible();
      await expectNoAxeViolations(page, `new campaign dialog (${theme})`);
    });

    test('viewer: overview, audience, content and reports tabs', async ({ page }) => {
      const c = new CampaignsPage(page);
      const { sent } = await seededIds(page.request);
      await page.goto(`/ws/acme/campaigns/all/${sent}`);
      for (const tab of ['overview', 'audience', 'content', 'reports']) {
        await c.tab('viewer', tab).click();
        if (tab === 'audience')
          await expect(page.getByTestId('recipient-row').first()).toBeVisible();
        if (tab === 'reports')
          await expect(c.chart.locator('.recharts-surface').first()).toBeVisible();
        await expectNoAxeViolations(page, `campaign viewer ${tab} (${theme})`);
        if (tab === 'reports') await shoot(page, `campaign-report-${theme}`);
      }
    });

    test('editor: audience, content and details tabs', async ({ page }) => {
      const c = new CampaignsPage(page);
      const { draft } = await seededIds(page.request);
      await page.goto(`/ws/acme/campaigns/editor/${draft}`);
      for (const tab of ['audience', 'content', 'details']) {
        await c.tab('editor', tab).click();
        if (tab === 'audience') await expect(c.audienceCount).toBeVisible();
        if (tab === 'content')
          await expect(page.getByTestId('template-option').first()).toBeVisible();
        if (tab === 'details') await expect(c.name).toBeVisible();
        await expectNoAxeViolations(page, `campaign editor ${tab} (${theme})`);
        if (tab === 'content') await shoot(page, `campaign-editor-${theme}`);
      }
    });

    test('templates: list and editor; the report at 360 px', async ({ page }) => {
      const c = new CampaignsPage(page);
      await c.open('acme', 'templates');
      await expect(c.templateRows.first()).toBeVisible();
      await expectNoAxeViolations(page, `template list (${theme})`);
      await c.templateRows.first().click();
      await expect(c.templateEditor).toBeVisible();
      await expect(c.templateBody).not.toHaveValue('');
      await expectNoAxeViolations(page, `template editor (${theme})`);
      const { sent } = await seededIds(page.request);
      await page.setViewportSize({ width: 360, height: 780 });
      await page.goto(`/ws/acme/campaigns/all/${sent}?tab=reports`);
      await expect(c.chart.locator('.recharts-surface').first()).toBeVisible();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
      ).toBe(true);
      await expectNoAxeViolations(page, `campaign report at 360 px (${theme})`);
    });
  });
}
