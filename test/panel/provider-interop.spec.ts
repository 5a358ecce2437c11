import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { startHarness, type Harness } from './support/emulator-harness';

// The message-port (Amazon Connect SDK) channel end to end: our StreamsSiteProvider on the host page
// takes the port the emulator panel offers from its iframe (cross-origin), then a ContactClient
// request and subscription round-trip through the panel's subject side.

const here = dirname(fileURLToPath(import.meta.url));
let bundle: string | undefined;
async function hostBundle(): Promise<string> {
  bundle ??= (
    await build({
      stdin: {
        contents: `export { initCCP } from '@x/connect-streams';
export { StreamsSiteProvider, ContactClient, VoiceClient } from '@x/connect-streams/provider';`,
        resolveDir: here,
        loader: 'ts',
      },
      bundle: true,
      format: 'iife',
      globalName: 'X',
      platform: 'browser',
      conditions: ['source'],
      write: false,
      logLevel: 'silent',
    })
  ).outputFiles[0]!.text;
  return bundle;
}

const HOST_SCRIPT = `(function () {
  const events = [];
  window.__events = events;
  const container = document.getElementById('ccp');
  const ccp = X.initCCP(container, { ccpUrl: window.PANEL_URL, loginPopup: false,
    softphone: { allowFramedSoftphone: true, disableRingtone: true } });
  ccp.agent.on('init', () => {
    const available = ccp.agent.getAgentStates().find((s) => s.name === 'Available');
    void ccp.agent.setState(available);
  });
  ccp.agent.on('stateChange', (c) => events.push('agent:' + c.newState));
  const { provider } = X.StreamsSiteProvider.init({ instanceUrl: window.PANEL_URL });
  provider.setCCPIframe(container.querySelector('iframe'));
  provider.getProxy().onConnectionStatusChange((e) => events.push('status:' + e.status));
  const contact = new X.ContactClient(provider);
  for (const key of ['contact/connecting', 'contact/incoming', 'contact/connected', 'contact/acw', 'contact/destroy']) {
    contact.subscribe({ key }, (d) => events.push(key + ':' + d.contactId));
  }
  window.client = {
    getType: (id) => contact.getType(id),
    accept: (id) => contact.accept(id),
    missing: () => contact.getType('no-such-contact').catch((e) => 'error:' + e.errorKey),
  };
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

async function openHost(page: Page): Promise<Harness> {
  const js = await hostBundle();
  let panelUrl = '';
  hostServer = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/x.js' || path === '/host.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      return res.end(path === '/x.js' ? js : HOST_SCRIPT);
    }
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(`<!doctype html><html><head><meta charset="utf-8"><title>provider</title>
<script>window.PANEL_URL = ${JSON.stringify(panelUrl)};</script><script src="/x.js"></script></head>
<body><div id="ccp" style="width:360px;height:560px"></div><script src="/host.js"></script></body></html>`);
  });
  await new Promise<void>((resolve) => hostServer!.listen(0, '127.0.0.1', resolve));
  const hostPort = (hostServer.address() as AddressInfo).port;
  harness = await startHarness({ allowedOrigins: () => [`http://localhost:${hostPort}`] });
  panelUrl = `${harness.emulator.url}/login?username=jane&redirect=/connect/ccp-v2/`;
  await page.goto(`http://localhost:${hostPort}/provider.html`);
  return harness;
}

const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: string[] }).__events.slice());

test('the message-port provider connects to the emulator panel and round-trips a request and a subscription', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const server = await openHost(page);
  await expect.poll(() => events(page)).toContain('status:ready');
  expect((await events(page)).filter((e) => e.startsWith('status:'))).toEqual([
    'status:initializing',
    'status:ready',
  ]);

  await expect.poll(() => events(page)).toContain('agent:Available');
  const contactId = await server.placeInboundCall();
  await expect.poll(() => events(page)).toContain(`contact/connecting:${contactId}`);
  const type = await page.evaluate(
    (id) =>
      (window as unknown as { client: { getType(id: string): Promise<string> } }).client.getType(
        id,
      ),
    contactId,
  );
  expect(type).toBe('voice');
  const missing = await page.evaluate(() =>
    (window as unknown as { client: { missing(): Promise<string> } }).client.missing(),
  );
  expect(missing).toBe('error:noResult');

  await page.evaluate(
    (id) =>
      (window as unknown as { client: { accept(id: string): Promise<void> } }).client.accept(id),
    contactId,
  );
  await expect.poll(() => events(page)).toContain(`contact/connected:${contactId}`);
  expect(errors).toEqual([]);
});
