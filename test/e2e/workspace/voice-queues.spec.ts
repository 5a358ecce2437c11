// The supervisor's Queues tab on the real stack: a call with no agent available waits in its
// queue in the contact-centre emulator; the tab (GetCurrentMetricData through the workspace
// server) shows it without Refresh, from the server's events, and 'Take next call' sets the
// supervisor Available so that the contact centre rings the waiting call to them.
import type { Page, Request } from '@playwright/test';
import { apiSignIn, USERS } from './support/api';
import { expect, expectNoAxeViolations, signInAs, test, useTheme } from './support/fixtures';
import { VoicePage } from './support/pages/voice.page';
import { saveReadmeScreenshot } from './support/screenshots';
import { CALLERS, VoiceEmulator } from './support/voice';

let emulator: VoiceEmulator;

test.beforeAll(async ({ request }) => {
  const { token } = await apiSignIn(request, USERS.ana);
  emulator = await VoiceEmulator.find(request, token);
});

test.afterAll(async () => {
  await emulator.quiet();
  await emulator.dispose();
});

test.beforeEach(async () => {
  // Every agent Offline, no call left: a call dialled now waits in its queue.
  await emulator.quiet();
});

/** Ana (supervisor, and an agent of the Basic routing profile) with the Queues tab open. */
async function anaOnQueues(page: Page) {
  await signInAs(page, USERS.ana);
  await page.goto('/ws/acme/inbox/all');
  const ana = new VoicePage(page);
  await ana.ready();
  const queueLoads: { request: Request; at: number; done?: number }[] = [];
  const isQueues = (r: Request) => new URL(r.url()).pathname.endsWith('/addons/voice/queues');
  page.on('request', (r) => {
    if (isQueues(r)) queueLoads.push({ request: r, at: Date.now() });
  });
  page.on('requestfinished', (r) => {
    const load = queueLoads.find((l) => l.request === r);
    if (load) load.done = Date.now();
  });
  await ana.openPanel('Live calls');
  await ana.panel.getByRole('tab', { name: 'Queues', exact: true }).click();
  const tab = ana.panel.getByTestId('voice-queues');
  await expect(tab).toHaveAttribute('data-state', 'ready');
  const row = tab.getByTestId('voice-queue-row').filter({ hasText: 'BasicQueue' });
  return {
    ana,
    tab,
    row,
    waiting: row.getByTestId('voice-queue-waiting'),
    take: row.getByRole('button', { name: 'Take next call from BasicQueue' }),
    queueLoads,
  };
}

test("a supervisor's Queues tab is live: a call waiting appears once it is queued and goes when it is answered, without Refresh", async ({
  page,
  browser,
}) => {
  const caller = CALLERS.demo;
  const { ana, tab, row, waiting, queueLoads } = await anaOnQueues(page);
  await expect(waiting).toHaveText('0');
  await expect(row.getByTestId('voice-queue-longest-wait')).toHaveText('None');
  await expectNoAxeViolations(page, 'voice panel, Queues');

  // Nobody is available: the call waits in BasicQueue (the support line's queue). The page notes
  // when the figure changes (a MutationObserver, not Playwright's polling).
  await waiting.evaluate((el) => {
    const seen = window as unknown as { queueShownAt?: number };
    new MutationObserver(() => {
      if (el.textContent === '1' && seen.queueShownAt === undefined) seen.queueShownAt = Date.now();
    }).observe(el, { childList: true, characterData: true, subtree: true });
  });
  const loadsBefore = queueLoads.length;
  const dialled = Date.now();
  const call = await emulator.dial(caller.phone);
  await expect(waiting).toHaveText('1');
  // How long the figure took is a bench's business; the journey notes it (one machine, one clock).
  const shownAt = await page.evaluate(
    () => (window as unknown as { queueShownAt?: number }).queueShownAt,
  );
  test.info().annotations.push({
    type: 'dial → Queues figure',
    description: `${shownAt! - dialled} ms (the dial request included)`,
  });
  const refetch = queueLoads[loadsBefore]!;
  test.info().annotations.push({
    type: 'dial → first Queues refetch (the event reached the page) → its answer',
    description: `${refetch.at - dialled} ms → ${(refetch.done ?? NaN) - dialled} ms`,
  });
  await expect(row.getByTestId('voice-queue-longest-wait')).toHaveText(/^\d\d:\d\d$/);
  expect((await emulator.contact(call.contactId)).connections.some((c) => c.agent)).toBe(false);
  // Refetched on the server's events only: no Refresh was pressed, no timer asks.
  expect(queueLoads.length).toBeGreaterThan(loadsBefore);

  // John becomes available in his own browser: the contact centre rings him; he answers.
  const context = await browser.newContext();
  try {
    const johnPage = await context.newPage();
    await signInAs(johnPage, USERS.john);
    await johnPage.goto('/ws/acme/inbox/all');
    const john = new VoicePage(johnPage);
    await john.ready();
    await john.setStatus('On');
    await emulator.waitForContact(caller.phone, 'john');
    await john.control('Accept').click();
    await expect(john.callPanel).toHaveAttribute('data-state', 'connected');
    await expect(waiting).toHaveText('0');
    await expect(row.getByTestId('voice-queue-longest-wait')).toHaveText('None');
    await expect(row.getByTestId('voice-queue-on-call')).toHaveText('1');
    await expect(tab).toHaveAttribute('data-state', 'ready');
    await john.control('End call').click();
    await john.control('Finish').click();
    await expect(john.callPanel).toBeHidden();
  } finally {
    await context.close();
  }
  await expect(ana.panel).toBeVisible();
});

test('a waiting caller picked up: the supervisor presses Take next call, is set Available, and the call rings to her and is accepted', async ({
  page,
}) => {
  const caller = CALLERS.olivia;
  const { ana, waiting, take } = await anaOnQueues(page);
  await expect(ana.chip).not.toHaveAttribute('data-state', 'available');
  await emulator.dial(caller.phone);
  await expect(waiting).toHaveText('1');
  await expect(ana.panel.getByTestId('voice-queue-hint')).toContainText(
    'the call that has waited longest in your queues rings for you',
  );
  await take.click();
  // Available through the agent-status path; the contact centre offers her the call at once.
  await expect(ana.callPanel).toHaveAttribute('data-state', 'incoming');
  await emulator.waitForContact(caller.phone, 'ana');
  await ana.control('Accept').click();
  await expect(ana.callPanel).toHaveAttribute('data-state', 'connected');
  await expect(waiting).toHaveText('0');
  // On a call: no more 'Take next call' anywhere.
  await expect(ana.panel.getByTestId('voice-queue-take')).toHaveCount(0);
  await ana.control('End call').click();
  await ana.control('Finish').click();
  await expect(ana.callPanel).toBeHidden();
});

test('a caller the supervisor declined waits in the queue, seen in Queues; Take next call rings it to her again', async ({
  page,
}) => {
  const caller = CALLERS.olivia;
  const { ana, waiting, take } = await anaOnQueues(page);
  await ana.setStatus('On');
  await expect(ana.chip).toHaveAttribute('data-state', 'available');
  await emulator.dial(caller.phone);
  await emulator.waitForContact(caller.phone, 'ana');
  await expect(ana.callPanel).toHaveAttribute('data-state', 'incoming');
  await ana.control('Decline').click();
  await expect(ana.callPanel).toContainText("Rejected call, you're on after call work.");
  // The caller is back in the queue, waiting, and the tab says so.
  await expect(waiting).toHaveText('1');
  await expect(take).toHaveCount(0);
  await ana.control('Finish').click();
  await expect(ana.callPanel).toBeHidden();
  // Still Available, but the contact centre does not ring a declined call back by itself: she
  // asks for it by picking Available again.
  await take.click();
  await expect(ana.callPanel).toHaveAttribute('data-state', 'incoming');
  await ana.control('Accept').click();
  await expect(ana.callPanel).toHaveAttribute('data-state', 'connected');
  await expect(waiting).toHaveText('0');
  await ana.control('End call').click();
  await ana.control('Finish').click();
  await expect(ana.callPanel).toBeHidden();
});

/** Every tab, queue row, figure and button of the open panel lies inside the screen's width. */
async function expectInsideScreen(page: Page, width: number): Promise<void> {
  const boxes = await page
    .getByTestId('voice-panel')
    .locator(
      '[role="tab"], [data-testid="voice-queue-row"], .xv-queue__figure, [data-testid="voice-queue-take"]',
    )
    .evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { what: el.textContent ?? '', left: r.left, right: r.right, width: r.width };
      }),
    );
  expect(boxes.length).toBeGreaterThan(10);
  for (const box of boxes) {
    expect(box.left, box.what).toBeGreaterThanOrEqual(0);
    expect(box.right, box.what).toBeLessThanOrEqual(width + 0.5);
    expect(box.width, box.what).toBeGreaterThan(0);
  }
}

for (const theme of ['light', 'dark'] as const) {
  test(`the Queues tab with a call waiting, ${theme} theme: axe clean, everything inside the screen at 1280 and 375 px`, async ({
    page,
  }) => {
    await useTheme(page, theme);
    await page.setViewportSize({ width: 1280, height: 800 });
    await emulator.dial(CALLERS.demo.phone);
    const { ana, waiting, take } = await anaOnQueues(page);
    await expect(waiting).toHaveText('1');
    await expect(take).toBeVisible();
    await expectInsideScreen(page, 1280);
    await expectNoAxeViolations(page, `voice panel, Queues, ${theme}`);
    await saveReadmeScreenshot(page, `voice-queues-${theme}`);

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(ana.panel).toBeVisible();
    await expect(take).toBeVisible();
    await expectInsideScreen(page, 375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await expectNoAxeViolations(page, `voice panel, Queues, 375 px, ${theme}`);
    await saveReadmeScreenshot(page, `voice-queues-mobile-${theme}`);
  });
}
