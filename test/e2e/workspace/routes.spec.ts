// The app's route table and its guards, with the permits the server gives each demo user.
import type { Page } from '@playwright/test';
import { apiCall, apiSignIn, USERS } from './support/api';
import { expect, navigateInApp, signInAs, test } from './support/fixtures';
import { InboxPage } from './support/pages/inbox.page';

interface Permits {
  readonly admin: boolean;
  readonly flag_campaigns: boolean;
  readonly flag_inbox_shared: boolean;
  readonly flag_inbox_views: boolean;
  readonly flag_permissions: boolean;
}

async function permitsOf(page: Page, email: string): Promise<Permits> {
  const auth = await apiSignIn(page.request, email);
  const { session } = await apiCall<{ session: { permits: Permits } }>(
    page.request,
    auth.token,
    'GET',
    '/ws/acme/session',
  );
  return session.permits;
}

/** The first demo user whose permits match, or undefined. */
async function userWhere(page: Page, match: (p: Permits) => boolean): Promise<string | undefined> {
  for (const email of Object.values(USERS)) if (match(await permitsOf(page, email))) return email;
  return undefined;
}

test.describe('inbox guard (§2)', () => {
  test('paths containing all, unassigned or tags need the shared-inbox permit; otherwise redirect to home', async ({
    page,
  }) => {
    const email = await userWhere(page, (p) => !p.admin && !p.flag_inbox_shared);
    test.skip(!email, 'no demo user lacks the shared-inbox permit');
    await signInAs(page, email ?? '');
    await page.goto('/ws/acme/inbox/all');
    await expect(page).toHaveURL(/\/ws\/acme\/inbox\/mine$/);
    for (const path of ['unassigned', 'tags/any', 'all/conversations/x']) {
      await navigateInApp(page, `/ws/acme/inbox/${path}`);
      // home sends a user without the shared inbox to their own list
      await expect(page).toHaveURL(/\/ws\/acme\/inbox\/mine$/);
    }
  });

  test('a path containing views needs the inbox-views permit', async ({ page }) => {
    const email = await userWhere(page, (p) => !p.admin && !p.flag_inbox_views);
    test.skip(!email, 'no demo user lacks the inbox-views permit');
    await signInAs(page, email ?? '');
    await page.goto('/ws/acme/inbox/views/any');
    await expect(page).not.toHaveURL(/\/views\//);
  });

  test('admins pass everything', async ({ page }) => {
    expect((await permitsOf(page, USERS.jane)).admin).toBe(true);
    await signInAs(page, USERS.jane);
    const inbox = new InboxPage(page);
    await page.goto('/ws/acme/inbox');
    await expect(page).toHaveURL(/\/ws\/acme\/inbox\/all$/);
    for (const [link, path] of [
      [inbox.listLink('unassigned'), /\/inbox\/unassigned$/],
      [inbox.listLink('mine'), /\/inbox\/mine$/],
      [
        inbox.list.page().locator('[data-testid^="inbox-list-tags-"]').first(),
        /\/inbox\/tags\/[^/]+$/,
      ],
      [
        inbox.list.page().locator('[data-testid^="inbox-list-views-"]').first(),
        /\/inbox\/views\/[^/]+$/,
      ],
      [inbox.listLink('all'), /\/inbox\/all$/],
    ] as const) {
      await link.click();
      await expect(page).toHaveURL(path);
      await expect(inbox.list).toBeVisible();
    }
  });
});

test.describe('route table (§2)', () => {
  test('campaigns needs the campaigns permit; otherwise redirect to home on first load', async ({
    page,
  }) => {
    const email = await userWhere(page, (p) => !p.admin && !p.flag_campaigns);
    test.skip(!email, 'no demo user lacks the campaigns permit');
    await signInAs(page, email ?? '');
    await page.goto('/ws/acme/campaigns/all');
    await expect(page).toHaveURL(/\/ws\/acme\/inbox\//);
  });

  test('campaign routes exist for a permitted user, each with its screen', async ({ page }) => {
    await signInAs(page, USERS.jane);
    await page.goto('/ws/acme/campaigns');
    await expect(page).toHaveURL(/\/campaigns\/overview$/);
    for (const [path, screen] of [
      ['all', 'campaign-list'],
      ['all/c1', 'campaign-viewer'],
      ['templates', 'template-list'],
      ['templates/editor/t1', 'template-editor'],
      ['editor/new', 'campaign-editor'],
      ['overview', 'campaigns-overview'],
    ] as const) {
      await navigateInApp(page, `/ws/acme/campaigns/${path}`);
      await expect(page).toHaveURL(new RegExp(`/campaigns/${path}$`));
      await expect(page.getByTestId(screen)).toBeVisible();
    }
  });

  test('settings: agents is the default child, the assigment-rules spelling is the route, unknown paths redirect to agents', async ({
    page,
  }) => {
    await signInAs(page, USERS.jane);
    await page.goto('/ws/acme/settings');
    await expect(page).toHaveURL(/\/settings\/agents$/);
    await page.goto('/ws/acme/settings/assigment-rules');
    await expect(page).toHaveURL(/\/settings\/assigment-rules$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Assignment rules');
    for (const [path, title] of [
      ['teams', 'Teams'],
      ['agents/edit/a1', 'Edit agent'],
      ['message-templates', 'Message templates'],
      ['customer-satisfaction', 'Customer satisfaction'],
      ['integrations', 'Integrations'],
      ['integrations/salesforce', 'Salesforce'],
      ['integrations/googleMeet', 'Google Meet'],
      ['channels', 'Channels'],
      ['import-history', 'Import history'],
    ] as const) {
      await navigateInApp(page, `/ws/acme/settings/${path}`);
      await expect(page).toHaveURL(new RegExp(`/settings/${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    }
    await navigateInApp(page, '/ws/acme/settings/assignment-rules');
    await expect(page).toHaveURL(/\/settings\/agents$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Agents');
    await navigateInApp(page, '/ws/acme/settings/no/such/page');
    await expect(page).toHaveURL(/\/settings\/agents$/);
  });

  test('contacts routes: users and a profile', async ({ page }) => {
    await signInAs(page, USERS.jane);
    await page.goto('/ws/acme/contacts');
    await expect(page).toHaveURL(/\/contacts\/users$/);
  });
});
