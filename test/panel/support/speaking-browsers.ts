// The voice journeys' browsers: each launched with a fake microphone that plays its own steady
// tone (so each side can tell what it hears from what it says), and what the specs read of the
// interop host page (its recorded events, the panel's frame).
import { chromium, expect, type Browser, type Frame, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../../scripts/chromium.mjs';
import { toneWav } from './audio-probe';
import type { Harness } from './emulator-harness';

/** Browsers a spec launched, closed together after each test. */
export class SpeakingBrowsers {
  private readonly browsers: Browser[] = [];

  /** A page in a browser of its own whose microphone plays a steady `hz` tone. */
  async page(hz: number): Promise<Page> {
    const browser = await chromium.launch({
      executablePath: findChromium(),
      args: [...CHROMIUM_ARGS, `--use-file-for-fake-audio-capture=${toneWav(hz)}`],
    });
    this.browsers.push(browser);
    return (await browser.newContext({ ignoreHTTPSErrors: true })).newPage();
  }

  /** Closes every browser launched so far. */
  async closeAll(): Promise<void> {
    await Promise.all(this.browsers.splice(0).map((browser) => browser.close()));
  }
}

/** The events the interop host page (support/host-page.js) recorded so far. */
export const hostEvents = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __events: string[] }).__events.slice());

/** The emulator panel's frame in a host page, once it is there. */
export async function panelFrame(page: Page, server: Harness): Promise<Frame> {
  const panelUrl = `${server.emulator.url}/connect/ccp-v2/`;
  await expect.poll(() => page.frames().some((f) => f.url() === panelUrl)).toBe(true);
  return page.frames().find((f) => f.url() === panelUrl)!;
}
