// Playwright fixtures of the workspace journeys: sign a demo user in (token in storage, as the
// app's own sign-in leaves it), collect page errors, run axe.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { apiSignIn } from './api';
import type { SignedIn } from './api';

/** The local-storage key where the app keeps the signed-in user's token. */
export const AUTH_STORAGE_KEY = 'workspace.auth';

/** Puts a signed-in user's token in the page's storage before any script runs. */
export async function useToken(page: Page, auth: SignedIn): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('e2e.auth-set')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('e2e.auth-set', '1');
      }
    },
    [AUTH_STORAGE_KEY, JSON.stringify(auth)] as const,
  );
}

/** Signs `email` in through the API and gives the page its token. */
export async function signInAs(page: Page, email: string): Promise<SignedIn> {
  const auth = await apiSignIn(page.request, email);
  await useToken(page, auth);
  return auth;
}

/** Runs axe on the page and expects no violations (WCAG 2.1 A/AA and best practices). */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // The hidden softphone and sign-on frames are the contact centre's pages, not ours.
    .exclude('[data-voice-softphone]')
    .exclude('[data-voice-sign-on]')
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  expect(summary, `axe violations on ${screen}`).toEqual([]);
}

/** Sets the theme the app starts in (stored choice), before any script runs. */
export async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((t) => localStorage.setItem('workspace.theme', t), theme);
}

export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Navigates inside the running app (as a link would, without reloading the page): pushes the
 * path and lets the router handle the history event. Faster than `page.goto` for route tables.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
