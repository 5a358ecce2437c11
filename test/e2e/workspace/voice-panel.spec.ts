// The voice panel's agent list (grouped by status and by team) and the microphone rule (no shared microphone: Offline, status changes disabled), on
// the real stack: workspace server, contact-centre emulator, the app in headless Chromium.
import { chromium } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../../scripts/chromium.mjs';
import { apiSignIn, USERS } from './support/api';
import { AUTH_STORAGE_KEY, expect, signInAs, test } from './support/fixtures';
import { VoicePage } from './support/pages/voice.page';
import { VoiceEmulator } from './support/voice';

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

/** The agent list top to bottom: group headings as `# label` and agent names, as shown. */
async function agentListOrder(list: Locator): Promise<string[]> {
  return list.evaluate((root) => {
    const entries = [
      ...root.querySelectorAll<HTMLElement>(
        '[data-testid="voice-agent-group"], [data-testid="voice-agent-row"]',
      ),
    ].map((el) => {
      const top = el.getBoundingClientRect().top;
      const text =
        el.dataset.testid === 'voice-agent-group'
          ? `# ${el.querySelector('.xv-agent-group__label')?.textContent ?? ''}`
          : (el.querySelector('.xv-agent__name')?.textContent ?? '');
      return { top, text };
    });
    return entries.sort((a, b) => a.top - b.top).map((e) => e.text);
  });
}

test('agent list: other agents signed in to the softphone, grouped by status and by team', async ({
  page,
}) => {
  // John is Available, Ana Away (signed in); Jane is the user, who is not listed.
  await emulator.setAgentState('john', 'Available');
  await emulator.setAgentState('ana', 'Away');
  await signInAs(page, USERS.jane);
  await page.goto('/ws/acme/inbox/all');
  const jane = new VoicePage(page);
  await jane.ready();
  await jane.openPanel('Agent list');
  const list = page.getByTestId('voice-agent-list');

  // By status: On, then Away (group order On, Away, other, Off).
  await expect
    .poll(() => agentListOrder(list))
    .toEqual(['# On', 'John Roe', '# Away', 'Ana Silva']);
  await expect(jane.agentRows.filter({ hasText: 'John Roe' })).toContainText('john@acme.test');
  await expect(jane.agentRows.filter({ hasText: 'Jane Doe' })).toHaveCount(0);

  // By team (their first teams of the workspace): alphabetical, 'No team' last.
  await jane.panel.getByLabel('Group agents').selectOption({ label: 'By team' });
  await expect
    .poll(() => agentListOrder(list))
    .toEqual(['# Sales', 'Ana Silva', '# Support', 'John Roe']);

  // Search by name or email; groups collapse and stay collapsed after a reload (local storage).
  await jane.panel.getByRole('searchbox').fill('ANA@');
  await expect.poll(() => agentListOrder(list)).toEqual(['# Sales', 'Ana Silva']);
  await jane.panel.getByRole('searchbox').fill('');
  await jane.agentGroups.filter({ hasText: 'Support' }).getByRole('button').click();
  await expect.poll(() => agentListOrder(list)).toEqual(['# Sales', 'Ana Silva', '# Support']);
  await page.reload();
  await jane.ready();
  await jane.openPanel('Agent list');
  await jane.panel.getByLabel('Group agents').selectOption({ label: 'By team' });
  await expect.poll(() => agentListOrder(list)).toEqual(['# Sales', 'Ana Silva', '# Support']);
  await jane.agentGroups.filter({ hasText: 'Support' }).getByRole('button').click();

  // A status change shows on refresh of the open tab (the server shares the contact centre's
  // live data for a second, answering the last snapshot while it reads the next).
  await emulator.setAgentState('ana', 'Available');
  await jane.panel.getByLabel('Group agents').selectOption({ label: 'By status' });
  await expect
    .poll(async () => {
      await jane.panel.getByTestId('voice-panel-refresh').click();
      return agentListOrder(list);
    })
    .toEqual(['# On', 'Ana Silva', 'John Roe']);
});

test('microphone not shared: the agent is Offline and status changes are disabled with the tooltip', async ({
  baseURL,
  request,
}) => {
  // A browser that denies the microphone (fake devices, but no automatic permission).
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: CHROMIUM_ARGS.filter((a) => a !== '--use-fake-ui-for-media-stream'),
  });
  try {
    await emulator.setAgentState('jane', 'Available');
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const auth = await apiSignIn(request, USERS.jane);
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      AUTH_STORAGE_KEY,
      JSON.stringify(auth),
    ] as const);
    await page.goto('/ws/acme/inbox/all');
    const jane = new VoicePage(page);
    await jane.ready();

    // Forced Offline, at the contact centre too.
    await expect(jane.chip).toHaveAttribute('data-state', 'offline');
    await expect.poll(async () => (await emulator.agent('jane')).state.name).toBe('Offline');
    await expect(
      page.getByText('Microphone is not shared with the browser.').first(),
    ).toBeVisible();

    // The chip's tooltip says why; every status in the menu is disabled.
    const reason = 'Cannot change call status if microphone is not shared with the browser.';
    await jane.chip.hover();
    await expect(page.getByRole('tooltip')).toHaveText(reason);
    await jane.openMenu();
    await expect(jane.menu).toContainText(reason);
    const statuses = jane.menu.getByRole('menuitemradio');
    await expect(statuses).not.toHaveCount(0);
    for (const item of await statuses.all())
      await expect(item).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    await context.close();
  } finally {
    await browser.close();
  }
});

test('no agent list entries without the call permission: the empty state says so', async ({
  page,
}) => {
  await signInAs(page, USERS.ana);
  await page.goto('/ws/acme/inbox/all');
  const ana = new VoicePage(page);
  await ana.ready();
  await ana.openPanel('Agent list');
  await expect(ana.panel).toContainText('No call agents');
  await expect(ana.panel).toContainText('Call permission must be enabled for agents');
});
