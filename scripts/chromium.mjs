// Finds a Chromium executable for browser and end-to-end tests.
// Order: $PLAYWRIGHT_CHROMIUM_EXECUTABLE, /usr/bin/chromium, then Playwright's own cache.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Flags every test launch uses (root on Debian, closed network, fake media devices). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];

export const CHROMIUM_MISSING_MESSAGE =
  'No Chromium was found for the browser and end-to-end tests. Looked at $PLAYWRIGHT_CHROMIUM_EXECUTABLE, ' +
  '/usr/bin/chromium and the Playwright browser cache. On Debian or Ubuntu install one with ' +
  '`sudo apt-get update && sudo apt-get install -y chromium`; elsewhere install Chromium or Chrome and set ' +
  'PLAYWRIGHT_CHROMIUM_EXECUTABLE to its path (or run `npx playwright install chromium` where downloads are allowed), ' +
  'then run `npm test` again.';

function playwrightCached() {
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** @returns {string | undefined} the path of a Chromium executable, or undefined when none exists */
export function findChromium() {
  const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return playwrightCached();
}
