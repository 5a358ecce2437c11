// Team admin journeys in the real app on the real workspace server: an admin
// deactivates a member from Settings → Agents and the member's open page drops to sign-in; a
// deactivated account is told so at sign-in; reactivating restores sign-in. axe on the agent page.
import { apiCall, apiSignIn, USERS } from './support/api';
import { expect, expectNoAxeViolations, signInAs, test, useTheme } from './support/fixtures';
import { SignInPage } from './support/pages/sign-in.page';

interface Agent {
  readonly id: string;
  readonly email: string;
  readonly deactivated: boolean;
}

test.describe('team admin: deactivate and reactivate', () => {
  test('deactivating a member ends their open session; they are told at sign-in; reactivating restores it', async ({
    page,
    browser,
  }) => {
    const admin = await apiSignIn(page.request, USERS.jane);
    const { agents } = await apiCall<{ agents: Agent[] }>(
      page.request,
      admin.token,
      'GET',
      '/ws/acme/settings/agents',
    );
    const john = agents.find((a) => a.email === USERS.john)!;
    expect(john.deactivated).toBe(false);

    // John works in the inbox in his own browser.
    const johns = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const johnPage = await johns.newPage();
    await signInAs(johnPage, USERS.john);
    await johnPage.goto('/ws/acme/inbox');
    await expect(johnPage.getByTestId('sign-in-page')).toHaveCount(0);
    await expect(johnPage).toHaveURL(/\/ws\/acme\/inbox/);

    // Jane deactivates him from his agent page.
    await signInAs(page, USERS.jane);
    await page.goto(`/ws/acme/settings/agents/edit/${john.id}`);
    await page.getByTestId('agent-deactivate').click();
    await expect(page.getByTestId('agent-reactivate')).toBeVisible();

    // His open page drops to sign-in, and signing in says the account is deactivated.
    await expect(johnPage).toHaveURL(/\/sign-in/, { timeout: 15_000 });
    const signIn = new SignInPage(johnPage);
    await signIn.signIn(USERS.john, 'demo1234');
    await expect(signIn.error).toContainText('This account is deactivated.');

    // The list marks him; Jane reactivates him and he signs in again.
    await page.goto('/ws/acme/settings/agents');
    await expect(page.getByTestId('agent-deactivated')).toHaveCount(1);
    await page.goto(`/ws/acme/settings/agents/edit/${john.id}`);
    await page.getByTestId('agent-reactivate').click();
    await expect(page.getByTestId('agent-deactivate')).toBeVisible();
    await signIn.signIn(USERS.john, 'demo1234');
    await expect(johnPage).not.toHaveURL(/\/sign-in/);
    await johns.close();
  });

  for (const theme of ['light', 'dark'] as const)
    test(`the agent page with its access card is axe clean (${theme})`, async ({ page }) => {
      const admin = await apiSignIn(page.request, USERS.jane);
      const { agents } = await apiCall<{ agents: Agent[] }>(
        page.request,
        admin.token,
        'GET',
        '/ws/acme/settings/agents',
      );
      const sam = agents.find((a) => a.email === USERS.sam)!;
      await useTheme(page, theme);
      await signInAs(page, USERS.jane);
      await page.goto(`/ws/acme/settings/agents/edit/${sam.id}`);
      await expect(page.getByTestId('agent-access')).toBeVisible();
      await expectNoAxeViolations(page, `agent edit page (${theme})`);
    });
});
