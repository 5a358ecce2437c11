// Settings journeys (the settings routes and screens) in the real app on the real workspace server: permissions
// edited and seen after the agent signs in, teams, message templates in the composer, a
// 10,000-row contact import with 20 bad rows, the unknown-path redirect, permits, and axe on
// every settings screen in both themes.
import type { Browser, Page } from '@playwright/test';
import { apiCall, apiSignIn, DEMO_PASSWORD, USERS } from './support/api';
import {
  expect,
  expectNoAxeViolations,
  navigateInApp,
  signInAs,
  test,
  useTheme,
} from './support/fixtures';
import { InboxPage } from './support/pages/inbox.page';
import { SettingsPage } from './support/pages/settings.page';
import { ShellPage } from './support/pages/shell.page';
import { SignInPage } from './support/pages/sign-in.page';
import { VoicePage } from './support/pages/voice.page';
import { VoiceEmulator } from './support/voice';
import { checkScreenEveryWay, saveReadmeScreenshot } from './support/screenshots';

/** Saves a screenshot the README of examples/workspace shows. */
async function shoot(page: Page, name: string): Promise<void> {
  await saveReadmeScreenshot(page, name);
}

/** The admin of the second demo workspace. */
const GLOBEX_ADMIN = 'gary@globex.test';

interface Agent {
  readonly id: string;
  readonly email: string;
  readonly permits: Record<string, boolean> | null;
}

async function agentByEmail(page: Page, email: string): Promise<Agent> {
  const { token } = await apiSignIn(page.request, USERS.jane);
  const { agents } = await apiCall<{ agents: Agent[] }>(
    page.request,
    token,
    'GET',
    '/ws/acme/settings/agents',
  );
  const agent = agents.find((a) => a.email === email);
  if (!agent) throw new Error(`no agent ${email}`);
  return agent;
}

/** Signs `email` in through the sign-in page of a fresh browser context. */
async function signInFresh(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signIn(email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/ws\/acme\//);
  return { context, page, shell: new ShellPage(page) };
}

test.describe('settings: agents and permissions', () => {
  test("an admin edits an agent's permissions; the agent sees the effect after signing in", async ({
    page,
    browser,
    baseURL,
  }) => {
    const john = await agentByEmail(page, USERS.john);
    expect(john.permits?.flag_campaigns).toBe(false);
    const before = await signInFresh(browser, baseURL, USERS.john);
    await expect(before.shell.nav('inbox')).toBeVisible();
    await expect(before.shell.nav('campaigns')).toHaveCount(0);
    await before.context.close();

    await signInAs(page, USERS.jane);
    const settings = new SettingsPage(page);
    try {
      await settings.open('acme');
      await expect(page).toHaveURL(/\/settings\/agents$/);
      const row = settings.agentRow(USERS.john);
      await expect(row.getByTestId('agent-permits')).toHaveText('Shared inbox');
      await row.getByTestId('agent-edit').click();
      await expect(page).toHaveURL(new RegExp(`/settings/agents/edit/${john.id}$`));
      await expect(settings.permit('flag_campaigns')).toHaveAttribute('aria-checked', 'false');
      await settings.permit('flag_campaigns').click();
      await expect(settings.permit('flag_campaigns')).toHaveAttribute('aria-checked', 'true');
      await settings.agentSave.click();
      await expect(settings.toasts.filter({ hasText: 'Agent saved' })).toBeVisible();
      await page.getByTestId('agent-back').click();
      await expect(settings.agentRow(USERS.john).getByTestId('agent-permits')).toHaveText(
        'Campaigns, Shared inbox',
      );

      const after = await signInFresh(browser, baseURL, USERS.john);
      await expect(after.shell.nav('campaigns')).toBeVisible();
      await after.shell.nav('campaigns').click();
      await expect(after.page).toHaveURL(/\/ws\/acme\/campaigns\//);
      await after.context.close();
    } finally {
      const { token } = await apiSignIn(page.request, USERS.jane);
      await apiCall(page.request, token, 'PATCH', `/ws/acme/settings/agents/${john.id}`, {
        permits: { flag_campaigns: false },
      });
    }
  });

  test('the last admin cannot remove their own admin permit; the form says why', async ({
    page,
  }) => {
    const jane = await agentByEmail(page, USERS.jane);
    await signInAs(page, USERS.jane);
    const settings = new SettingsPage(page);
    await settings.open('acme', `agents/edit/${jane.id}`);
    await settings.permit('admin').click();
    await settings.agentSave.click();
    await expect(page.getByTestId('permit-admin-error')).toHaveText(
      'A workspace needs at least one admin: make another member admin first.',
    );
    expect((await agentByEmail(page, USERS.jane)).permits?.admin).toBe(true);
  });

  test('without the permissions permit: no edit buttons, agents/edit redirects to agents, admin screens say so', async ({
    page,
  }) => {
    await signInAs(page, USERS.john);
    const settings = new SettingsPage(page);
    await settings.open('acme', 'agents');
    await expect(settings.agentRows.first()).toBeVisible();
    await expect(page.getByTestId('agent-edit')).toHaveCount(0);
    await expect(settings.nav('channels')).toHaveCount(0);
    const jane = await agentByEmail(page, USERS.jane);
    await navigateInApp(page, `/ws/acme/settings/agents/edit/${jane.id}`);
    await expect(page).toHaveURL(/\/settings\/agents$/);
    await navigateInApp(page, '/ws/acme/settings/message-templates');
    await expect(page).toHaveURL(/\/settings\/agents$/);
    await navigateInApp(page, '/ws/acme/settings/channels');
    await expect(settings.forbidden).toContainText('You do not have the admin permission.');
  });
});

test.describe('settings: teams', () => {
  // A journey that fails half-way must not leave its team behind: the voice journeys group the
  // agent list by the seeded teams.
  test.afterEach(async ({ request }) => {
    const { token } = await apiSignIn(request, USERS.jane);
    const { teams } = await apiCall<{ teams: { id: string; name: string }[] }>(
      request,
      token,
      'GET',
      '/ws/acme/teams',
    );
    for (const team of teams.filter((t) => t.name.startsWith('Night shift ')))
      await apiCall(request, token, 'DELETE', `/ws/acme/settings/teams/${team.id}`);
  });

  test('create a team with an emoji and members; it shows on the agents and in the workspace teams', async ({
    page,
  }) => {
    const name = `Night shift ${Date.now() % 100_000}`;
    await signInAs(page, USERS.jane);
    const settings = new SettingsPage(page);
    await settings.open('acme', 'teams');
    await settings.newTeam.click();
    await expect(settings.teamDialog).toBeVisible();
    // Inline validation before the server is asked.
    await settings.teamSave.click();
    await expect(settings.teamDialog.getByRole('alert').first()).toHaveText('Required');
    await settings.teamName.fill(name);
    await settings.teamEmoji.fill('ab');
    await settings.teamSave.click();
    await expect(settings.teamDialog.getByText('Pick one emoji')).toBeVisible();
    await settings.teamDialog.getByRole('button', { name: 'Use 🌙' }).click();
    await settings.teamMember(USERS.john).check();
    await settings.teamMember(USERS.ana).check();
    // The contact-centre queue its transfers go to, from the contact centre's queues.
    const queue = settings.teamDialog.getByLabel('Contact-centre queue');
    await expect(queue.locator('option', { hasText: 'Sales' })).toHaveCount(1);
    await queue.selectOption({ label: 'Sales' });
    await settings.teamSave.click();
    await expect(settings.teamDialog).toBeHidden();
    await expect(settings.toasts.filter({ hasText: 'Team created' })).toBeVisible();
    const card = settings.teamCard(name);
    await expect(card).toContainText('2 members');
    await expect(card.getByTestId('team-queue')).toHaveText('Calls transfer to the queue Sales');
    await expect(card).toContainText('John Roe');
    await expect(card).toContainText('Ana Silva');

    await settings.nav('agents').click();
    await expect(settings.agentRow(USERS.john)).toContainText(name);
    await expect(settings.agentRow(USERS.ana)).toContainText(name);

    // The team data model the voice agent list groups by (GET /ws/{slug}/teams).
    const { token } = await apiSignIn(page.request, USERS.sam);
    const { teams } = await apiCall<{
      teams: { name: string; emoji: string | null; memberIds: string[] }[];
    }>(page.request, token, 'GET', '/ws/acme/teams');
    const created = teams.find((t) => t.name === name);
    expect(created?.emoji).toBe('🌙');
    expect(created?.memberIds).toHaveLength(2);
    // The voice agent list groups John and Ana under the new team (their first team by name),
    // once they are signed in to the softphone.
    const { list } = await apiCall<{
      list: { agent: { name: string }; team: { name: string } | null }[];
    }>(page.request, token, 'GET', '/ws/acme/addons/voice/agents/status');
    expect(
      list
        .filter((a) => a.team?.name === name)
        .map((a) => a.agent.name)
        .sort(),
    ).toEqual(['Ana Silva', 'John Roe']);
    const emulator = await VoiceEmulator.find(page.request, token);
    try {
      await emulator.quiet();
      await emulator.setAgentState('john', 'Away');
      await emulator.setAgentState('ana', 'Away');
      const voice = new VoicePage(page);
      await voice.ready();
      await voice.openPanel('Agent list');
      await voice.panel.getByLabel('Group agents').selectOption({ label: 'By team' });
      const group = voice.agentGroups.filter({ hasText: name });
      // The server shares the contact centre's live data for a second (answering the last
      // snapshot while it reads the next): refresh until John and Ana show as signed in.
      await expect
        .poll(async () => {
          await voice.panel.getByTestId('voice-panel-refresh').click();
          return group.count();
        })
        .toBe(1);
      await expect(group).toContainText('2');
      await expect(voice.agentRows.filter({ hasText: 'John Roe' })).toBeVisible();
      await expect(voice.agentRows.filter({ hasText: 'Ana Silva' })).toBeVisible();
      await expect(voice.agentGroups.filter({ hasText: 'Support' })).toHaveCount(0);
      await voice.panel.getByTestId('voice-panel-close').click();
    } finally {
      await emulator.quiet();
      await emulator.dispose();
    }

    await settings.nav('teams').click();
    await settings.teamCard(name).getByTestId('team-delete').click();
    await page.getByTestId('team-delete-confirm').click();
    await expect(settings.teamCard(name)).toHaveCount(0);
  });
});

test.describe('settings: message templates', () => {
  test('a template written in settings is offered by the inbox composer', async ({ page }) => {
    const title = `Opening hours ${Date.now() % 100_000}`;
    await signInAs(page, USERS.jane);
    const settings = new SettingsPage(page);
    await settings.open('acme', 'message-templates');
    await settings.newTemplate.click();
    await settings.templateTitle.fill(title);
    await settings.templateBody.fill('We are open Monday to Friday, 9:00 to 18:00.');
    await settings.templateSave.click();
    await expect(settings.templateRows.filter({ hasText: title })).toBeVisible();

    const inbox = new InboxPage(page);
    await inbox.open('acme', 'all');
    await inbox.rows.first().click();
    await inbox.savedReplies.click();
    await page.getByTestId('saved-reply').filter({ hasText: title }).click();
    await expect(inbox.composerInput).toHaveValue('We are open Monday to Friday, 9:00 to 18:00.');
  });
});

test.describe('settings: import history', () => {
  test('import a 10,000-row CSV with 20 bad rows: progress shown, errors listed by line, the rest imported', async ({
    page,
  }) => {
    const run = String(Date.now() % 1000).padStart(3, '0');
    const lines = ['name,phone,email,company'];
    for (let i = 0; i < 10_000; i++)
      lines.push(
        `Imported ${run}-${i},+1888${run}${String(i).padStart(5, '0')},imported.${run}.${i}@bulk.test,Bulk Co`,
      );
    const badLines = Array.from({ length: 20 }, (_, k) => 2 + k * 500); // file line numbers
    for (const line of badLines)
      lines[line - 1] = `Bad row ${line},555-01${line},bad.${run}.${line}@bulk.test,`;
    const csv = lines.join('\n');

    // In globex (its admin), so that the 9,980 new contacts stay out of acme, which the other
    // journeys read.
    await signInAs(page, GLOBEX_ADMIN);
    const settings = new SettingsPage(page);
    await settings.open('globex', 'import-history');
    // Record every value the progress bar shows.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[data-testid="import-progress"]');
        const value = bar?.getAttribute('aria-valuenow');
        if (value !== null && value !== undefined && seen.at(-1) !== Number(value))
          seen.push(Number(value));
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['aria-valuenow'],
      });
    });
    await settings.importFile.setInputFiles({
      name: `bulk-${run}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await settings.importStart.click();
    await expect(settings.importResult).toBeVisible();
    await expect(settings.importResult).toHaveAttribute('data-status', 'completed');
    await expect(page.getByTestId('import-total')).toHaveText('10,000');
    await expect(page.getByTestId('import-created')).toHaveText('9,980');
    await expect(page.getByTestId('import-failed')).toHaveText('20');
    await expect(settings.importErrors).toHaveCount(20);
    const listed = await settings.importErrors.evaluateAll((rows) =>
      rows.map((r) => Number(r.querySelector('td')?.textContent)),
    );
    expect(listed).toEqual(badLines);
    await expect(settings.importErrors.first()).toContainText('Phone number is not valid.');
    await expect(settings.importProgress).toHaveAttribute('aria-valuenow', '100');
    const seen = await page.evaluate(
      () => (window as unknown as { progressSeen: number[] }).progressSeen,
    );
    expect(
      seen.some((v) => v > 0 && v < 100),
      `progress values seen: ${seen.join(', ')}`,
    ).toBe(true);
    await expect(settings.importRows.first()).toContainText(`bulk-${run}.csv`);
    await expect(settings.importRows.first()).toContainText('9,980 new');
    await settings.toasts.getByRole('button').first().click();
    await expect(settings.toasts).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, 'settings-import-light');

    // The contacts are there.
    await page.goto('/ws/globex/contacts/users');
    await page.getByTestId('contacts-search').fill(`imported.${run}.4242@bulk.test`);
    await expect(page.getByTestId('contact-row')).toHaveCount(1);
    await expect(page.getByTestId('contact-row')).toContainText(`Imported ${run}-4242`);
  });

  test('a rejected file imports nothing and says why', async ({ page }) => {
    await signInAs(page, USERS.jane);
    const settings = new SettingsPage(page);
    await settings.open('acme', 'import-history');
    await settings.importFile.setInputFiles({
      name: 'no-header.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('first,last\nAda,Lovelace\n'),
    });
    await settings.importStart.click();
    await expect(settings.importResult).toHaveAttribute('data-status', 'rejected');
    await expect(page.getByTestId('import-reason')).toHaveText(
      'The first line must name the columns, with a phone or email column (name, phone, email, company).',
    );
    await expect(page.getByTestId('import-created')).toHaveText('0');
  });
});

test.describe('settings: routes', () => {
  test('unknown settings paths redirect to agents; the assigment-rules spelling is the route', async ({
    page,
  }) => {
    await signInAs(page, USERS.jane);
    const settings = new SettingsPage(page);
    await settings.open('acme', 'no/such/page');
    await expect(page).toHaveURL(/\/settings\/agents$/);
    await expect(settings.agentsPage).toBeVisible();
    await navigateInApp(page, '/ws/acme/settings/assignment-rules');
    await expect(page).toHaveURL(/\/settings\/agents$/);
    await settings.nav('assigment-rules').click();
    await expect(page).toHaveURL(/\/settings\/assigment-rules$/);
    await expect(settings.heading).toHaveText('Assignment rules');
  });
});

test('Salesforce and Google Meet both act on their settings: neither says it is not available', async ({
  page,
}) => {
  await signInAs(page, USERS.jane);
  const settings = new SettingsPage(page);
  await settings.open('acme', 'integrations');
  for (const kind of ['salesforce', 'googleMeet'])
    await expect(page.getByTestId(`integration-${kind}`)).not.toContainText('Not available yet');
  await checkScreenEveryWay(page, 'settings-integrations');
  await settings.open('acme', 'integrations/googleMeet');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Google Meet');
  await expect(page.getByTestId('integration-unavailable')).toHaveCount(0);
  await settings.open('acme', 'integrations/salesforce');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Salesforce');
  await expect(page.getByTestId('salesforce-run-status')).toBeVisible();
  await expect(page.getByTestId('integration-unavailable')).toHaveCount(0);
});

const SCREENS = [
  ['agents', 'settings-agents'],
  ['teams', 'settings-teams'],
  ['message-templates', 'settings-message-templates'],
  ['assigment-rules', 'settings-assignment-rules'],
  ['customer-satisfaction', 'settings-csat'],
  ['integrations', 'settings-integrations'],
  ['integrations/salesforce', 'settings-salesforce'],
  ['integrations/googleMeet', 'settings-google-meet'],
  ['channels', 'settings-channels'],
  ['import-history', 'settings-import-history'],
] as const;

for (const theme of ['light', 'dark'] as const) {
  test.describe(`settings screens, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await useTheme(page, theme);
    });

    test('axe finds no violations on any settings screen', async ({ page }) => {
      // Twelve screens, each loaded and checked: more than one screen's budget.
      await page.setViewportSize({ width: 1280, height: 800 });
      await signInAs(page, USERS.jane);
      const settings = new SettingsPage(page);
      await settings.open('acme', 'agents');
      for (const [path, testId] of SCREENS) {
        await navigateInApp(page, `/ws/acme/settings/${path}`);
        await expect(page.getByTestId(testId)).toBeVisible();
        await expect(settings.loading).toHaveCount(0);
        await expectNoAxeViolations(page, `settings/${path} (${theme})`);
        if (path === 'customer-satisfaction' && theme === 'dark')
          await shoot(page, 'settings-csat-dark');
      }
      const jane = await agentByEmail(page, USERS.jane);
      await navigateInApp(page, `/ws/acme/settings/agents/edit/${jane.id}`);
      await expect(settings.agentForm).toBeVisible();
      await expectNoAxeViolations(page, `settings/agents/edit (${theme})`);
      await navigateInApp(page, '/ws/acme/settings/teams');
      await settings.newTeam.click();
      await expect(settings.teamDialog).toBeVisible();
      await expectNoAxeViolations(page, `settings/teams new-team dialog (${theme})`);
    });

    test('360 px wide: the navigation scrolls, the screens fit', async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await signInAs(page, USERS.jane);
      const settings = new SettingsPage(page);
      for (const path of ['agents', 'assigment-rules', 'import-history'] as const) {
        await settings.open('acme', path);
        await expect(settings.heading).toBeVisible();
        await expect(settings.loading).toHaveCount(0);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page, `settings/${path} at 360 px (${theme})`);
      }
    });
  });
}
