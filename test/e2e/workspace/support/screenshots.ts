// The README screenshots of examples/workspace (docs/screenshots/*.png, committed) are taken by the
// journeys that reach each screen, but only when `npm run screenshots` asks for them (it sets
// WORKSPACE_SCREENSHOTS_DIR): an ordinary test run writes nothing into the tracked tree.
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';

/** Where `npm run screenshots` wants the README screenshots; undefined in ordinary runs. */
export const SCREENSHOTS_DIR: string | undefined =
  process.env.WORKSPACE_SCREENSHOTS_DIR || undefined;

/** Waits for the fonts, then saves `name`.png without animations (when screenshots are asked for). */
export async function saveReadmeScreenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS_DIR) return;
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}.png`), animations: 'disabled' });
}

/** The widths and themes every new screen is checked (and, when asked, photographed) in. */
export const SCREEN_WAYS = [
  { width: 1280, theme: 'light' },
  { width: 1280, theme: 'dark' },
  { width: 375, theme: 'light' },
  { width: 375, theme: 'dark' },
] as const;

/**
 * Checks the screen as it stands at 1280 and 375 px in the light and dark themes: axe clean and no
 * sideways scrolling at each, photographed as `name-<width>-<theme>.png` when screenshots are
 * asked for. Leaves the page as it found it (viewport and theme). `check` runs at each way too,
 * for what the screen must still show (e.g. a dialog's confirm button in view).
 */
export async function checkScreenEveryWay(
  page: Page,
  name: string,
  check?: (way: (typeof SCREEN_WAYS)[number]) => Promise<void>,
): Promise<void> {
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const theme = await page.evaluate(() => document.documentElement.dataset['theme'] ?? 'light');
  for (const way of SCREEN_WAYS) {
    await page.setViewportSize({ width: way.width, height: way.width < 600 ? 800 : 860 });
    await page.evaluate((t) => {
      document.documentElement.dataset['theme'] = t;
    }, way.theme);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
        message: `${name} scrolls sideways at ${way.width} px`,
      })
      .toBeLessThanOrEqual(way.width);
    await expectNoAxeViolations(page, `${name} at ${way.width} px, ${way.theme}`);
    await check?.(way);
    await saveReadmeScreenshot(page, `${name}-${way.width}-${way.theme}`);
  }
  await page.setViewportSize(viewport);
  await page.evaluate((t) => {
    document.documentElement.dataset['theme'] = t;
  }, theme);
}
