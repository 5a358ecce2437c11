// The README screenshots of examples/workspace (docs/screenshots/*.png, committed) are taken by the
// journeys that reach each screen, but only when `npm run screenshots` asks for them (it sets
// WORKSPACE_SCREENSHOTS_DIR): an ordinary test run writes nothing into the tracked tree.
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** Where `npm run screenshots` wants the README screenshots; undefined in ordinary runs. */
export const SCREENSHOTS_DIR: string | undefined =
  process.env.WORKSPACE_SCREENSHOTS_DIR || undefined;

/** Waits for the fonts, then saves `name`.png without animations (when screenshots are asked for). */
export async function saveReadmeScreenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS_DIR) return;
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}.png`), animations: 'disabled' });
}
