import { CHROMIUM_MISSING_MESSAGE, findChromium } from './chromium.mjs';

if (!findChromium()) {
  console.error(`\n${CHROMIUM_MISSING_MESSAGE}\n`);
  process.exit(1);
}
