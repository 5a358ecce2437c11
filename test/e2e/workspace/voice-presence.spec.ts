// Agent presence on the real stack: an agent who closes the app while Available is set
// Offline (the page's pagehide beacon, else the server's fallback when its event stream is gone),
// so a supervisor sees it and the next call waits in the queue instead of ringing into nothing.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { PRESENCE_STATUS_RACE_MS } from '../../../examples/workspace/server/src/modules/live/presence';
import { apiCall, apiSignIn, USERS } from './support/api';
import { expect, signInAs, test } from './support/fixtures';
import { VoicePage } from './support/pages/voice.page';
import { CALLERS, VoiceEmulator } from './support/voice';

test.describe.configure({ timeout: 180_000 });

let emulator: VoiceEmulator;

test.beforeAll(async ({ request }) => {
  const { token } = await apiSignIn(request, USERS.jane);
  emulator = await VoiceEmulator.find(request, token);
});

test.afterAll(async () => {
  await emulator.quiet();
  await emulator.dispose();
});

test.beforeEach(async () => {
  await emulator.quiet();
});

/** A signed-in user in a browser context of its own, the voice module ready. */
async function openAgent(
  browser: Browser,
  email: string,
): Promise<{ context: BrowserContext; page: Page; voice: VoicePage }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, email);
  await page.goto('/ws/acme/inbox/all');
  const voice = new VoicePage(page);
  await voice.ready();
  return { context, page, voice };
}

interface QueueRow {
  readonly name: string;
  readonly callsWaiting: number;
}

test('closing the page of an Available agent: a supervisor sees them leave On, the contact centre has them Offline, the next call waits in the queue', async ({
  page,
  browser,
  request,
}) => {
  const { token } = await apiSignIn(request, USERS.ana);
  // Ana supervises: her agent list follows the server's events.
  await signInAs(page, USERS.ana);
  await page.goto('/ws/acme/inbox/all');
  const ana = new VoicePage(page);
  await ana.ready();

  const john = await openAgent(browser, USERS.john);
  try {
    await john.voice.setStatus('On');
    await expect(john.voice.chip).toHaveAttribute('data-state', 'available');
    const pickedAt = Date.now();
    await ana.openPanel('Agent list');
    const johnRow = ana.agentRows.filter({ hasText: 'John Roe' });
    await expect(johnRow.locator('.xv-agent__badge')).toHaveText('On');
    // A status picked this close to closing the tab is the agent's to keep (the server's race
    // rule), so John closes the app only once his pick is older than that.
    await expect
      .poll(() => Date.now() - pickedAt, { intervals: [100] })
      .toBeGreaterThan(PRESENCE_STATUS_RACE_MS + 500);

    // John closes the app (his only page).
    await john.page.close();

    await expect.poll(async () => (await emulator.agent('john')).state.type).toBe('offline');
    await expect(
      johnRow.filter({ has: page.locator('.xv-agent__badge', { hasText: /^On$/ }) }),
    ).toHaveCount(0);

    // A call now waits in the queue: nobody is offered it.
    const call = await emulator.dial(CALLERS.olivia.phone);
    await expect
      .poll(async () => {
        const { list } = await apiCall<{ list: QueueRow[] }>(
          request,
          token,
          'GET',
          '/ws/acme/addons/voice/queues',
        );
        return list.reduce((n, q) => n + q.callsWaiting, 0);
      })
      .toBeGreaterThanOrEqual(1);
    const waiting = await emulator.contact(call.contactId);
    expect(waiting.connections.filter((c) => c.agent !== undefined)).toEqual([]);
  } finally {
    await john.context.close();
  }
});
