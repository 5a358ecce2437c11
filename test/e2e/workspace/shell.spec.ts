// Sign-in, session restore, sign-out, the workspace switcher and the 404 page, in the real app
// on the real workspace server (demo seed of `npm start`).
import { apiCall, apiSignIn, DEMO_PASSWORD, USERS } from './support/api';
import { AUTH_STORAGE_KEY, expect, signInAs, test } from './support/fixtures';
import { ShellPage } from './support/pages/shell.page';
import { SignInPage } from './support/pages/sign-in.page';

interface Me {
  readonly workspaces: readonly { slug: string; name: string }[];
}

test.describe('sign in', () => {
  test('a wrong password says so and signs nobody in', async ({ page }) => {
    const signIn = new SignInPage(page);
    await signIn.open();
    await signIn.signIn(USERS.jane, 'not-the-password');
    await expect(signIn.error).toHaveText('Email or password is incorrect.');
    await expect(page).toHaveURL(/\/sign-in/);
    expect(await page.evaluate((k) => localStorage.getItem(k), AUTH_STORAGE_KEY)).toBeNull();
  });

  test('signing in opens the workspace inbox; a reload restores the session', async ({ page }) => {
    const signIn = new SignInPage(page);
    const shell = new ShellPage(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in/);
    await signIn.signIn(USERS.jane, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/ws\/acme\/inbox\/all$/);
    await expect(shell.root).toBeVisible();
    await expect(shell.workspaceSwitcher).toContainText('Acme');
    await page.reload();
    await expect(page).toHaveURL(/\/ws\/acme\/inbox\/all$/);
    await expect(shell.root).toBeVisible();
  });

  test('a signed-out visitor of a deep link signs in and lands on that link', async ({ page }) => {
    const signIn = new SignInPage(page);
    await page.goto('/ws/acme/contacts/users');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fws%2Facme%2Fcontacts%2Fusers/);
    await signIn.signIn(USERS.jane, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/ws\/acme\/contacts\/users$/);
  });
});

test.describe('sign out', () => {
  test('signing out revokes the token on the server and returns to sign-in', async ({ page }) => {
    const auth = await signInAs(page, USERS.jane);
    const shell = new ShellPage(page);
    await page.goto('/ws/acme/inbox');
    await expect(shell.root).toBeVisible();
    await shell.signOut();
    await expect(new SignInPage(page).root).toBeVisible();
    expect(await page.evaluate((k) => localStorage.getItem(k), AUTH_STORAGE_KEY)).toBeNull();
    const me = await page.request.get('/api/me', {
      headers: { authorization: `Bearer ${auth.token}` },
    });
    expect(me.status()).toBe(401);
  });

  test('signing out in one tab signs the other tab out too', async ({ page, context }) => {
    await signInAs(page, USERS.jane);
    await page.goto('/ws/acme/inbox');
    const other = await context.newPage();
    await other.goto('/ws/acme/contacts/users');
    await expect(new ShellPage(other).root).toBeVisible();
    await new ShellPage(page).signOut();
    await expect(new SignInPage(other).root).toBeVisible();
  });
});

test.describe('workspaces', () => {
  test('the switcher lists the user’s workspaces and opens another one', async ({ page }) => {
    const auth = await apiSignIn(page.request, USERS.sam);
    const me = await apiCall<Me>(page.request, auth.token, 'GET', '/me');
    expect(me.workspaces.map((w) => w.slug).sort()).toEqual(['acme', 'globex']);
    await signInAs(page, USERS.sam);
    const shell = new ShellPage(page);
    await page.goto('/ws/acme/inbox');
    await shell.switchWorkspace('globex');
    await expect(page).toHaveURL(/\/ws\/globex\/inbox/);
    await expect(shell.workspaceSwitcher).toContainText('Globex');
  });

  test('a workspace the user is not a member of shows the 404 page', async ({ page }) => {
    await signInAs(page, USERS.jane);
    await page.goto('/ws/no-such-workspace/inbox');
    await expect(new ShellPage(page).notFound).toContainText('This workspace does not exist');
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await signInAs(page, USERS.jane);
    await page.goto('/ws/acme/nowhere/at/all');
    await expect(new ShellPage(page).notFound).toBeVisible();
    await page.goto('/definitely-not-a-page');
    await expect(new ShellPage(page).notFound).toBeVisible();
  });
});
