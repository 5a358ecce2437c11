import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import {
  inboundCallScenario,
  runScenario,
  type ScenarioDriver,
} from '../scenarios/inbound-call.scenario';
import { startMiniBackend, type MiniBackend } from './support/mini-cti-backend';
import { startRealWorkerPanel, type RealWorkerPanel } from './support/real-worker-panel';

// Our host client (@x/connect-streams initCCP) against the emulator panel (its softphone page on
// @x/connect-streams/panel, served cross-origin by the mini CTI backend): the shared inbound-call
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

let backend: MiniBackend | undefined;
let hostServer: Server | undefined;
let realPanel: RealWorkerPanel | undefined;
test.afterEach(async () => {
  await realPanel?.close();
  realPanel = undefined;
  await backend?.close();
  backend = undefined;
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

async function openHost(
  page: Page,
  panel: 'emulator' | 'real-worker' = 'emulator',
): Promise<MiniBackend> {
  let hostPort = 0;
  hostPort = await startHostServer(() =>
    panel === 'emulator' ? backend!.panelUrl : realPanel!.url,
  );
  backend = await startMiniBackend({
    allowedOrigins: () => [`http://localhost:${hostPort}`],
    metricsFlushIntervalMs: 1000,
  });
  if (panel === 'real-worker') {
    realPanel = await startRealWorkerPanel({
      backendPort: backend.port,
      allowedOrigins: () => [`http://127.0.0.1:${hostPort}`],
    });
  }
  // The real worker needs a SharedWorker, which Chromium refuses in a cross-site frame without
  // third-party storage: host and panel are then another origin on the same site (127.0.0.1).
  const hostName = panel === 'real-worker' ? '127.0.0.1' : 'localhost';
  await page.goto(`http://${hostName}:${hostPort}/ours-host.html`);
  return backend;
}

function driverFor(page: Page, server: MiniBackend): ScenarioDriver {
  return {
    placeInboundCall: () => {
      server.placeInboundCall();
      return Promise.resolve();
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
  await expect
    .poll(() => events(page), { message, timeout: 15_000 })
    .toEqual(expect.arrayContaining([...expected]));
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
        .poll(get, { message: step.name, timeout: 15_000 })
        .toEqual(expect.arrayContaining([...step.expect]));
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
  server.placeInboundCall();
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
    contactId: 'c-1',
    connectionId: 'c-1-customer',
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
    .poll(async () => (await events(page)).slice(before), { timeout: 15_000 })
    .toEqual(expect.arrayContaining(['reinit', 'initialized', 'agent']));
  expect(await iframes()).toBe(1);
});

test('the same inbound-call scenario passes with the panel running the real amazon-connect-streams 2.18.7 CCP side and SharedWorker (our client speaks the real conduit)', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const server = await openHost(page, 'real-worker');
  const seen = await runScenario(
    driverFor(page, server),
    inboundCallScenario,
    async (step, get) => {
      await expect
        .poll(get, { message: step.name, timeout: 20_000 })
        .toEqual(expect.arrayContaining([...step.expect]));
    },
  );
  expect(seen.filter((e) => e === 'contact:accepted')).toHaveLength(1);
  expect(server.operations.map((o) => o.op)).toEqual(
    expect.arrayContaining([
      'GetAgentSnapshot',
      'AcceptContact',
      'DestroyConnection',
      'ClearContact',
      'PutAgentState',
    ]),
  );
  expect(errors).toEqual([]);
});
