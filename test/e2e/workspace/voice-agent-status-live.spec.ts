// A status the agent picks reaches supervisors live: Ana, a supervisor, has the agent
// list open; John picks Lunch in his status menu; the contact centre's agent event reaches the
// server, which announces it on the event stream, and Ana's list shows it without Refresh.
import { apiSignIn, USERS } from './support/api';
import { expect, signInAs, test } from './support/fixtures';
import { VoicePage } from './support/pages/voice.page';
import { VoiceEmulator } from './support/voice';

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

test("an agent's status change from Available to Lunch shows in a supervisor's agent list without Refresh", async ({
  page,
  browser,
}) => {
  await signInAs(page, USERS.ana);
  await page.goto('/ws/acme/inbox/all');
  const ana = new VoicePage(page);
  await ana.ready();
  const refreshes: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/addons/voice/agents/status')) refreshes.push(r.url());
  });

  const context = await browser.newContext();
  try {
    const johnPage = await context.newPage();
    await signInAs(johnPage, USERS.john);
    await johnPage.goto('/ws/acme/inbox/all');
    const john = new VoicePage(johnPage);
    await john.ready();
    await john.setStatus('On');
    await expect(john.chip).toHaveAttribute('data-state', 'available');

    await ana.openPanel('Agent list');
    const johnRow = ana.agentRows.filter({ hasText: 'John Roe' });
    await expect(johnRow.locator('.xv-agent__badge')).toHaveText('On');
    const before = refreshes.length;

    await john.setStatus('Lunch');
    await expect(john.chip).toHaveAttribute('data-state', 'custom');
    // Only the server's event can bring it: the list has no timer and nobody presses Refresh.
    await expect(johnRow.locator('.xv-agent__badge')).toHaveText('Lunch');
    expect(refreshes.length).toBeGreaterThan(before);
    await expect(ana.panel.getByTestId('voice-panel-refresh')).toBeVisible();
  } finally {
    await context.close();
  }
});
