// A host page for the Voice ID panel suites: an esbuild bundle of `entry` (as the global
// `globalName`) and `hostJs`, served from an ephemeral port next to an emulator whose agent jane
// has the voiceId permission; the page embeds the emulator panel (window.PANEL_URL) and records
// its events in window.__events.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { DEMO_SEED, type SeedInput } from '../../../packages/connect-emulator/src/index';
import { startHarness, type Harness } from './emulator-harness';

const here = dirname(fileURLToPath(import.meta.url));

/** The demo seed with Voice ID permission for jane. */
const seed: SeedInput = {
  ...DEMO_SEED,
  agents: DEMO_SEED.agents?.map((a) =>
    a.username === 'jane' ? { ...a, permissions: ['outboundCall', 'voiceId'] } : a,
  ),
};

/** A served host page and its emulator; `close()` stops both. */
export interface VoiceIdHost {
  readonly harness: Harness;
  close(): Promise<void>;
}

/** Serves the host page, starts the emulator and opens the page in `page`. */
export async function openVoiceIdHost(
  page: Page,
  options: { entry: string; globalName: string; hostJs: string; title: string },
): Promise<VoiceIdHost> {
  const js = (
    await build({
      stdin: { contents: options.entry, resolveDir: here, loader: 'ts' },
      bundle: true,
      format: 'iife',
      globalName: options.globalName,
      platform: 'browser',
      conditions: ['source'],
      write: false,
      logLevel: 'silent',
    })
  ).outputFiles[0]!.text;
  let panelUrl = '';
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/x.js' || path === '/host.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      return res.end(path === '/x.js' ? js : options.hostJs);
    }
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(`<!doctype html><html><head><meta charset="utf-8"><title>${options.title}</title>
<script>window.PANEL_URL = ${JSON.stringify(panelUrl)};</script>
<script src="/x.js"></script></head>
<body><div id="ccp" style="width:360px;height:560px"></div><script src="/host.js"></script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const hostOrigin = `http://localhost:${(server.address() as AddressInfo).port}`;
  const started = await startHarness({ allowedOrigins: (origin) => [origin, hostOrigin], seed });
  panelUrl = `${started.emulator.url}/login?username=jane&redirect=/connect/ccp-v2/`;
  await page.goto(`${hostOrigin}/host.html`);
  return {
    harness: started,
    async close() {
      await started.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The events the host page recorded. */
export const hostEvents = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __events: string[] }).__events.slice());

/** Waits (up to 20 s) until the host page recorded every one of `expected`. */
export async function waitForHostEvents(
  page: Page,
  expected: string[],
  message: string,
): Promise<void> {
  await expect.poll(() => hostEvents(page), { message }).toEqual(expect.arrayContaining(expected));
}

/**
 * Enrols `caller` in the emulator's Voice ID (short speech needed), sets the host's agent
 * Available, places the call and accepts it through the page's `host.available()` and
 * `host.accept()`.
 */
export async function acceptEnrolledCaller(
  page: Page,
  harness: Harness,
  caller: string,
): Promise<void> {
  await harness.control('PATCH', '/control/voice-id/settings', { authenticationSpeechMs: 100 });
  await harness.control('PUT', `/control/voice-id/customers/${encodeURIComponent(caller)}`, {
    speakerStatus: 'ENROLLED',
  });
  await waitForHostEvents(page, ['agent'], 'agent arrives');
  await page.evaluate(() =>
    (window as unknown as { host: { available(): void } }).host.available(),
  );
  await waitForHostEvents(page, ['available'], 'Available');
  await harness.placeInboundCall(caller);
  await waitForHostEvents(page, ['contact:connecting'], 'call rings');
  await page.evaluate(() => (window as unknown as { host: { accept(): void } }).host.accept());
  await waitForHostEvents(page, ['accepted', 'contact:connected'], 'accepted');
}

/** Fast Voice ID timings for evaluations against the emulator. */
export const FAST_VOICE_ID = {
  evaluateSessionDelay: 50,
  evaluationPollingInterval: 200,
  evaluationMaxPollTimes: 100,
  startSessionDelay: 100,
} as const;
