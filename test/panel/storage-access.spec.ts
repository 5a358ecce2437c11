import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { startHarness, type Harness } from './support/emulator-harness';

// The storage-access request flow of our initCCP against the emulator's
// request page: the panel frame loads `…/request-storage-access` first, the host posts
// `storageAccess::request` with `landat`, the page answers init then granted (and goes on to the
// panel) or denied; in custom mode the container is shown while access is missing and hidden on grant.

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

// The host page signs the agent in inside its own cookie partition (a hidden login frame), then
// runs initCCP with the storage-access parameters given in the query.
const HOST_SCRIPT = `
(function () {
  var events = [];
  window.__events = events;
  var q = new URLSearchParams(location.search);
  var container = document.getElementById('ccp');
  var login = document.createElement('iframe');
  login.src = q.get('login');
  login.style.display = 'none';
  login.addEventListener('load', function () {
    login.remove();
    var ccp = XConnect.initCCP(container, {
      ccpUrl: q.get('ccp'),
      loginPopup: false,
      softphone: { allowFramedSoftphone: true, disableRingtone: true },
      storageAccess: JSON.parse(q.get('sa')),
    });
    window.ccp = ccp;
    events.push('src:' + new URL(container.querySelector('iframe').src).pathname);
    if (ccp.storageAccess) ccp.storageAccess.onRequest({
      onInit: function (m) { events.push('init:' + m.data.hasAccess + ':' + container.style.display); },
      onGrant: function () { events.push('granted'); },
      onDeny: function () { events.push('denied:' + container.style.display); },
    });
    ccp.on('initialized', function () { events.push('initialized:' + container.style.display); });
    ccp.agent.on('init', function () { events.push('agent'); });
  });
  document.body.appendChild(login);
})();`;

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

/** Host page on 127.0.0.1, emulator panel on localhost (another site: localhost and 127.0.0.1 are different sites). */
async function open(
  page: Page,
  decision: 'granted' | 'prompt',
  storageAccess: Record<string, unknown>,
): Promise<{ panelOrigin: string }> {
  const js = await oursBundle();
  hostServer = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/ours.js' || path === '/host.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      return res.end(path === '/ours.js' ? js : HOST_SCRIPT);
    }
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(`<!doctype html><html><head><meta charset="utf-8"><title>host</title><script src="/ours.js"></script></head>
<body><div id="ccp" style="width:360px;height:560px;display:none"></div><script src="/host.js"></script></body></html>`);
  });
  await new Promise<void>((resolve) => hostServer!.listen(0, '127.0.0.1', resolve));
  const hostOrigin = `http://127.0.0.1:${(hostServer.address() as AddressInfo).port}`;
  harness = await startHarness({
    allowedOrigins: () => [hostOrigin],
    storageAccessDecision: decision,
  });
  const panelOrigin = harness.emulator.url.replace('127.0.0.1', 'localhost');
  const query = new URLSearchParams({
    login: `${panelOrigin}/login?username=jane`,
    ccp: `${panelOrigin}/connect/ccp-v2/`,
    sa: JSON.stringify(storageAccess),
  });
  await page.goto(`${hostOrigin}/host.html?${query.toString()}`);
  return { panelOrigin };
}

const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: string[] }).__events.slice());

test('with canRequest the panel frame loads the request page first; once access is granted it lands on the panel and the CCP initialises', async ({
  page,
}) => {
  await open(page, 'granted', { canRequest: true });
  await expect
    .poll(() => events(page))
    .toEqual(expect.arrayContaining(['initialized:none', 'agent']));
  const seen = await events(page);
  expect(seen[0]).toBe('src:/connect/ccp-v2//request-storage-access');
  expect(seen.filter((e) => e.startsWith('init:'))).toEqual(['init:true:none']);
  expect(seen.filter((e) => e === 'granted')).toHaveLength(1);
  expect(seen.indexOf('granted')).toBeLessThan(seen.indexOf('initialized:none'));
});

test('custom mode shows the panel while access is missing or denied and hides it on grant (hideCCP default true)', async ({
  page,
}) => {
  await open(page, 'prompt', { canRequest: true, mode: 'custom' });
  await expect.poll(() => events(page)).toContain('init:false:block');
  const frame = page.frameLocator('#ccp iframe');
  await frame.getByRole('button', { name: 'Not now' }).click();
  await expect.poll(() => events(page)).toContain('denied:block');
  expect(await events(page)).not.toContain('granted');
  await frame.getByRole('button', { name: 'Allow' }).click();
  await expect
    .poll(() => events(page))
    .toEqual(expect.arrayContaining(['granted', 'initialized:none', 'agent']));
  expect(await page.locator('#ccp').evaluate((el) => (el as HTMLElement).style.display)).toBe(
    'none',
  );
});

test('without canRequest (the default) the frame loads the panel directly and no request is made', async ({
  page,
}) => {
  await open(page, 'prompt', {});
  await expect
    .poll(() => events(page))
    .toEqual(expect.arrayContaining(['initialized:none', 'agent']));
  const seen = await events(page);
  expect(seen[0]).toBe('src:/connect/ccp-v2/');
  expect(seen.some((e) => e.startsWith('init:'))).toBe(false);
});
