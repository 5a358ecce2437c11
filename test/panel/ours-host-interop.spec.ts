import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import {
  inboundCallScenario,
  missingEvents,
  runScenario,
  type ScenarioDriver,
} from '../scenarios/inbound-call.scenario';
import { startHarness, type Harness } from './support/emulator-harness';

// Our host client (@x/connect-streams initCCP) against the emulator panel (its softphone page on
// @x/connect-streams/panel, served cross-origin by the emulator over TLS): the shared inbound-call
// scenario plus hold, resume, digits, terminate and re-init, and the double-init guard.

const here = dirname(fileURLToPath(import.meta.url));
let bundle: string | undefined;
async function oursBundle(): Promise<string> {
  bundle ??= (
    await build({
      stdin: {
        contents: `export { initCCP } from '@x/connect-streams';`,
        resolveDir: here,
        loader: 'ts',
      },
      bundle: true,
      format: 'iife',
      globalName: 'XConnect',
      platform: 'browser',
      conditions: ['source'],
      write: false,
      logLevel: 'silent',
    })
  ).outputFiles[0]!.text;
  return bundle;
}

test.use({ ignoreHTTPSErrors: true });

let harness: Harness | undefined;
let hostServer: Server | undefined;
test.afterEach(async () => {
  await harness?.close();
  harness = undefined;
  hostServer?.closeAllConnections();
  await new Promise<void>((resolve) =>
    hostServer ? hostServer.close(() => resolve()) : resolve(),
  );
  hostServer = undefined;
});

/**
 * Serves the host page on its own localhost port (another site than the panel on 127.0.0.1), with
 * our client bundled as the XConnect global.
 */
async function startHostServer(panelUrl: () => string): Promise<number> {
  const js = await oursBundle();
  const hostJs = readFileSync(join(here, 'support/ours-host-page.js'), 'utf8');
  hostServer = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/ours.js' || path === '/ours-host.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      return res.end(path === '/ours.js' ? js : hostJs);
    }
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(`<!doctype html><html><head><meta charset="utf-8"><title>ours</title>
<script>window.PANEL_URL = ${JSON.stringify(panelUrl())};</script><script src="/ours.js"></script></head>
<body><div id="ccp" style="width:360px;height:560px"></div><script src="/ours-host.js"></script></body></html>`);
  });
  await new Promise<void>((resolve) => hostServer!.listen(0, '127.0.0.1', resolve));
  return (hostServer.address() as AddressInfo).port;
}

async function openHost(page: Page): Promise<Harness> {
  const hostPort = await startHostServer(
    // no '%' in ccpUrl (kept as in the real host's harness)
    () => `${harness!.emulator.url}/login?username=jane&redirect=/connect/ccp-v2/`,
  );
  const hostOrigin = `http://localhost:${hostPort}`;
  harness = await startHarness({ allowedOrigins: (origin) => [origin, hostOrigin] });
  await page.goto(`${hostOrigin}/ours-host.html`);
  return harness;
}

function driverFor(page: Page, server: Harness): ScenarioDriver {
  return {
    placeInboundCall: async () => {
      await server.placeInboundCall();
    },
    host: (action, argument) => hostCall(page, action, argument),
    events: () => events(page),
  };
}

async function hostCall(page: Page, action: string, argument?: string): Promise<void> {
  await page.evaluate(
    ([name, arg]) => {
      const host = (window as unknown as { host: Record<string, (a?: string) => unknown> }).host;
      host[name]?.(arg);
    },
    [action, argument] as const,
  );
}

const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: string[] }).__events.slice());

async function waitForEvents(
  page: Page,
  expected: readonly string[],
  message: string,
): Promise<void> {
  await expect.poll(() => events(page), { message }).toEqual(expect.arrayContaining([...expected]));
}

test('our initCCP runs the shared inbound-call scenario against the emulator panel (init, Available, accept, hang-up, ACW, clear, Lunch)', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const server = await openHost(page);
  const seen = await runScenario(
    driverFor(page, server),
    inboundCallScenario,
    async (step, get) => {
      await expect
        .poll(async () => missingEvents(step, await get()), { message: step.name })
        .toEqual([]);
    },
  );
  expect(seen.filter((e) => e === 'contact:accepted')).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('our client holds, resumes and sends digits on an accepted inbound call through the emulator panel', async ({
  page,
}) => {
  const server = await openHost(page);
  await waitForEvents(page, ['initialized', 'agent'], 'agent arrives');
  await hostCall(page, 'setState', 'Available');
  await waitForEvents(page, ['setState:success'], 'Available');
  await server.placeInboundCall();
  await waitForEvents(page, ['contact:connecting'], 'call rings');
  await hostCall(page, 'accept');
  await waitForEvents(page, ['accept:success', 'contact:connected'], 'accepted');
  await hostCall(page, 'hold');
  await waitForEvents(page, ['hold:success'], 'hold');
  await expect
    .poll(() =>
      page.evaluate(() =>
        (window as unknown as { host: { customerHoldState(): string } }).host.customerHoldState(),
      ),
    )
    .toBe('hold');
  await hostCall(page, 'resume');
  await waitForEvents(page, ['resume:success'], 'resume');
  await expect
    .poll(() =>
      page.evaluate(() =>
        (window as unknown as { host: { customerHoldState(): string } }).host.customerHoldState(),
      ),
    )
    .toBe('connected');
  await hostCall(page, 'digits', '12#');
  await waitForEvents(page, ['digits:success'], 'digits');
  const ops = server.operations.map((o) => o.op);
  expect(ops).toEqual(expect.arrayContaining(['HoldConnection', 'ResumeConnection', 'SendDigits']));
  expect(server.operations.find((o) => o.op === 'SendDigits')?.body).toMatchObject({
    digits: '12#',
  });
  await hostCall(page, 'hangUp');
  await waitForEvents(page, ['hangUp:success', 'contact:acw'], 'hang up');
});

test('a second initCCP on the same container leaves one iframe; terminate removes it and a following initCCP works as new', async ({
  page,
}) => {
  await openHost(page);
  await waitForEvents(page, ['initialized', 'agent'], 'first init');
  await hostCall(page, 'initAgain');
  const iframes = () =>
    page.evaluate(() => (window as unknown as { host: { iframes(): number } }).host.iframes());
  expect(await iframes()).toBe(1);
  expect(await events(page)).toContain('initAgain:same');
  await hostCall(page, 'terminate');
  expect(await iframes()).toBe(0);
  const before = (await events(page)).length;
  await hostCall(page, 'reinit');
  await expect
    .poll(async () => (await events(page)).slice(before))
    .toEqual(expect.arrayContaining(['reinit', 'initialized', 'agent']));
  expect(await iframes()).toBe(1);
});
