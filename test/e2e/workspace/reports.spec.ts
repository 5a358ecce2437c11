// Reports end to end: the figures move by exactly what the test does. A customer writes by SMS, an
// agent replies and closes the conversation, the customer answers the survey; the Reports screen
// then counts one more conversation opened and closed, an SMS row in the breakdown, one more survey
// answer, and the CSV export carries the figures the screen shows. A member without the reports
// permit sees no Reports item and is sent home from its address.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { USERS } from './support/api';
import { expect, expectNoAxeViolations, signInAs, test, useTheme } from './support/fixtures';
import { InboxPage } from './support/pages/inbox.page';
import { checkScreenEveryWay } from './support/screenshots';

const gatewayUrl = `http://127.0.0.1:${process.env['CHANNEL_GATEWAY_PORT']}`;
const live = { timeout: 60_000 };

async function figure(page: Page, key: string): Promise<number> {
  const value = page.getByTestId(`figure-${key}`);
  await expect(value).toBeVisible(live);
  return Number((await value.innerText()).replace(/\D/g, ''));
}

/** The last 7 days' figures of a tab (a report with no rows shows its empty state). */
async function openReport(page: Page, tab: 'conversations' | 'calls' | 'csat') {
  await page.goto(`/ws/acme/reports?range=7&tab=${tab}`);
  await expect(page.getByTestId(`report-${tab}`)).toBeVisible(live);
}

async function countOrZero(page: Page, key: string): Promise<number> {
  return (await page.getByTestId('report-empty').isVisible()) ? 0 : figure(page, key);
}

test.describe('reports', () => {
  test('a conversation and a survey answer the test makes move the figures by one; CSV matches', async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    await signInAs(page, USERS.jane);
    await openReport(page, 'conversations');
    const opened = await countOrZero(page, 'opened');
    const closed = await countOrZero(page, 'closed');
    await openReport(page, 'csat');
    const answers = await countOrZero(page, 'responses');

    // A customer writes by SMS; Jane replies and closes; the customer answers the survey.
    const stamp = Date.now().toString(36);
    const number = `+4477009${String(Date.now() % 100000).padStart(5, '0')}`;
    const inbox = new InboxPage(page);
    await inbox.open('acme', 'all');
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await customer.goto(gatewayUrl);
    await customer.getByTestId('channel-sms').click();
    await customer.getByTestId('me-phone').fill(number);
    await customer.getByTestId('me-phone').dispatchEvent('change');
    await customer.getByTestId('compose-text').fill(`Where is my order? ${stamp}`);
    await customer.getByTestId('send').click();
    await expect(customer.getByTestId('status')).toContainText('Sent.', live);
    const row = inbox.rows.filter({ hasText: stamp });
    await expect(row).toBeVisible(live);
    await row.click();
    await inbox.composerInput.fill('It ships today.');
    await inbox.send.click();
    await expect(inbox.messages.last()).toContainText('It ships today.', live);
    await inbox.status.selectOption('closed');
    const fromWorkspace = customer.locator('[data-direction=from-workspace]');
    await expect(fromWorkspace.last()).toContainText('Reply with a number from 1 to 5.', live);
    await customer.getByTestId('compose-text').fill('5');
    await customer.getByTestId('send').click();
    await expect(page.getByTestId('conversation-survey-state')).toHaveText('Answered 5 / 5', live);
    await customerContext.close();

    // The Reports item of the top bar opens the area.
    await page.getByTestId('nav-reports').click();
    await expect(page.getByTestId('report-conversations')).toBeVisible(live);
    await page.getByTestId('reports-range').selectOption('7');
    expect(await figure(page, 'opened')).toBe(opened + 1);
    expect(await figure(page, 'closed')).toBe(closed + 1);
    await expect(page.getByTestId('figure-first-response-median')).not.toHaveText('—');
    const sms = page.getByTestId('report-breakdown').getByRole('row', { name: /SMS/ });
    await expect(sms).toBeVisible();
    await page.getByTestId('reports-group-by').selectOption('agent');
    await expect(page).toHaveURL(/by=agent/);
    await expect(
      page.getByTestId('report-breakdown').getByRole('row', { name: /Jane Doe/ }),
    ).toBeVisible(live);
    await checkScreenEveryWay(page, 'reports');

    // The CSV export carries the figures of the screen, the whole range first.
    const download = page.waitForEvent('download');
    await page.getByTestId('reports-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^conversations-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = (await readFile(await file.path(), 'utf8')).split('\r\n');
    expect(csv[0]).toMatch(/^Agent,Opened,Closed,First response median \(s\)/);
    expect(csv[1]).toMatch(new RegExp(`^All,${opened + 1},${closed + 1},`));

    await page.getByTestId('reports-tab-csat').click();
    await expect(page).toHaveURL(/tab=csat/);
    expect(await figure(page, 'responses')).toBe(answers + 1);
    await expectNoAxeViolations(page, 'reports: satisfaction');

    await page.getByTestId('reports-tab-calls').click();
    await expect(page.getByTestId('report-calls')).toBeVisible(live);

    // A custom range that runs backwards is refused on the screen, not sent.
    await page.getByTestId('reports-range').selectOption('custom');
    await page.getByTestId('reports-from').fill('2026-01-10');
    await page.getByTestId('reports-to').fill('2026-01-01');
    await expect(page.getByRole('alert')).toContainText('The start must be on or before the end');
    await expect(page.getByTestId('reports-export')).toBeDisabled();
  });

  test('at 375 px in the dark theme; a member without the permit has no Reports', async ({
    page,
    browser,
  }) => {
    await useTheme(page, 'dark');
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAs(page, USERS.jane);
    await page.goto('/ws/acme/reports?range=30');
    await expect(page.getByTestId('report-conversations')).toBeVisible(live);
    // Nothing wider than the screen (a pixel of sub-pixel rounding aside).
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(1);
    await expectNoAxeViolations(page, 'reports at 375 px, dark');

    const samContext = await browser.newContext();
    const sam = await samContext.newPage();
    await signInAs(sam, USERS.sam);
    await sam.goto('/ws/acme/inbox');
    await expect(sam.getByTestId('nav-inbox')).toBeVisible(live);
    await expect(sam.getByTestId('nav-reports')).toHaveCount(0);
    await sam.goto('/ws/acme/reports');
    await expect(sam).not.toHaveURL(/reports/, live);
    await samContext.close();
  });
});
