/**
 * A real call from the emulator through `VoiceProvider` (`@x/react-voice`) to the call
 * components in Chromium — the status dropdown sets the agent Available; the CallPanel rings,
 * accepts, holds, mutes, sends keypad digits that reach the emulator, transfers to an agent through
 * the TransferModal, ends, shows after-call work and Finish. The emulator runs in-process
 * (`startEmulator`); the page and a fake product voice API (the workspace server is not needed for
 * these rules) are served next to it on the same site (127.0.0.1), as the product contract has it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { startEmulator, type Emulator } from '../../packages/connect-emulator/src/index';

const here = dirname(fileURLToPath(import.meta.url));
const HOST = '127.0.0.1';

/** The harness page's script and stylesheet (the package's `styles.css`), bundled once. */
let bundle: Promise<{ js: string; css: string }> | undefined;
function harnessBundle(): Promise<{ js: string; css: string }> {
  bundle ??= build({
    entryPoints: [join(here, 'support/react-voice-harness.tsx')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['source'],
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"development"' },
    outdir: join(here, 'out'),
    write: false,
    logLevel: 'silent',
  }).then(({ outputFiles }) => ({
    js: outputFiles.find((f) => f.path.endsWith('.js'))!.text,
    css: outputFiles.find((f) => f.path.endsWith('.css'))!.text,
  }));
  return bundle;
}

interface ApiCall {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: unknown;
}

interface Setup {
  readonly emulator: Emulator;
  readonly origin: string;
  readonly apiCalls: ApiCall[];
  readonly cti: (
    token: string,
    op: string,
    body?: Record<string, unknown>,
  ) => Promise<Record<string, unknown>>;
  readonly control: (
    method: string,
    path: string,
    body?: unknown,
  ) => Promise<Record<string, unknown>>;
  readonly close: () => Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  res.writeHead(status, { 'content-type': type });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

async function setup(): Promise<Setup> {
  const apiCalls: ApiCall[] = [];
  const pageServer: Server = createServer();
  await new Promise<void>((resolve) => pageServer.listen(0, HOST, resolve));
  const origin = `http://${HOST}:${(pageServer.address() as AddressInfo).port}`;
  const emulator = await startEmulator({ port: 0, host: HOST, allowedOrigins: [origin] });

  const cti = async (token: string, op: string, body: Record<string, unknown> = {}) => {
    const res = await fetch(emulator.ctiEndpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': `AmazonConnectCTIService.${op}`,
        'x-amz-bearer': token,
      },
      body: JSON.stringify({ ...body, authentication: { authToken: token } }),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status >= 300) throw new Error(`${op}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const control = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${emulator.url}${path}`, {
      method,
      headers: emulator.controlHeaders,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };

  // John's agent quick connect, as jane's panel lists it: the transfer target of the fake API.
  const { endpoints } = (await cti(emulator.login('jane').accessToken, 'GetEndpoints', {
    queueARNs: [],
  })) as { endpoints: { endpointId: string; type: string; name: string }[] };
  const john = endpoints.find((e) => e.type === 'agent' && e.name === 'John Roe');
  if (!john) throw new Error('the demo seed has no quick connect to John');

  const record = (idCommunication: string, answered = false) => ({
    idCommunication,
    idConversation: `conv-${idCommunication}`,
    communicationType: 'inbound',
    previousIdCommunication: null,
    contactPhoneNumber: '+15555550123',
    answered,
    createdAt: new Date().toISOString(),
  });
  const contact = { id: 'ct-ada', name: 'Ada Lovelace', phone: '+15555550123', avatar: null };

  pageServer.on('request', (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      const path = url.pathname;
      if (path === '/') {
        return send(
          res,
          200,
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>voice</title>
<link rel="stylesheet" href="/harness.css"></head>
<body style="margin:0;font-family:system-ui,sans-serif"><div id="root"></div>
<script type="module" src="/harness.js"></script></body></html>`,
          'text/html',
        );
      }
      if (path === '/harness.js')
        return send(res, 200, (await harnessBundle()).js, 'text/javascript');
      if (path === '/harness.css') return send(res, 200, (await harnessBundle()).css, 'text/css');
      const voice = /^\/api\/ws\/acme\/addons\/voice\/(.+)$/.exec(path);
      if (!voice) return send(res, 404, { error: 'not_found', message: path });
      const body = await readJson(req);
      apiCalls.push({
        method: req.method ?? 'GET',
        path: `${path}${url.search}`,
        authorization: req.headers.authorization,
        body,
      });
      const route = voice[1]!;
      if (route === 'config')
        return send(res, 200, {
          config: {
            planVoice: true,
            isVoiceModuleEnabled: true,
            connect: {
              instanceStatus: 'CREATED',
              instanceId: '11111111-2222-3333-4444-555555555555',
              subdomain: 'demo',
              region: 'us-east-1',
            },
            ccpUrl: `${emulator.url}/connect/ccp-v2/`,
            loginUrl: `${emulator.url}/login?username=jane&redirect=/auth/authorize`,
            agentUsername: 'jane',
          },
        });
      if (route.startsWith('connections/'))
        return send(res, 200, { connection: record(decodeURIComponent(route.slice(12))) });
      if (route === 'acceptCall') {
        const { call } = body as { call: { idCommunication: string } };
        return send(res, 200, { connection: record(call.idCommunication, true) });
      }
      if (route.startsWith('contacts/')) return send(res, 200, { contact });
      if (route === 'transfers')
        return send(res, 200, {
          connections: {
            agents: [
              {
                idAgent: 'john',
                name: 'John Roe',
                email: 'john@acme.test',
                avatarURL: null,
                status: { name: 'Available' },
                connections: [],
                endpointId: john.endpointId,
              },
            ],
            groups: [],
          },
        });
      return send(res, 404, { error: 'not_found', message: route });
    })().catch((error: unknown) => send(res, 500, { error: 'fake', message: String(error) }));
  });

  return {
    emulator,
    origin,
    apiCalls,
    cti,
    control,
    close: async () => {
      await emulator.close();
      pageServer.closeAllConnections();
      await new Promise<void>((resolve) => pageServer.close(() => resolve()));
    },
  };
}

let env: Setup | undefined;
test.afterEach(async () => {
  await env?.close();
  env = undefined;
});

const chip = (page: Page) => page.getByRole('button', { name: /^Agent status:/ });
const panel = (page: Page) => page.getByTestId('voice-call-panel');
const control = (page: Page, name: string) =>
  panel(page).getByRole('button', { name, exact: true });

test('a real call through VoiceProvider to the CallPanel: ring, accept, hold, mute, keypad digits reach the emulator, transfer to an agent, end, after-call work, Finish', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  env = await setup();
  const { control: emulatorControl, cti, emulator } = env;

  await page.goto(env.origin);
  // the hidden sign-on frame signs jane in; the hidden softphone frame loads the emulator's panel
  await expect(page.getByTestId('phase')).toHaveText('ready');
  await expect(page.locator('iframe[data-voice-sign-on]')).toHaveAttribute(
    'src',
    `${emulator.url}/login?username=jane&redirect=/auth/authorize`,
  );
  // the status dropdown: jane goes On (Available)
  await chip(page).click();
  await page.getByRole('menuitemradio', { name: 'On' }).click();
  await expect(chip(page)).toHaveAccessibleName(/^Agent status: On /);
  await expect(chip(page)).toHaveAttribute('data-state', 'available');
  await expect(panel(page)).toHaveCount(0);

  // ring: the call panel shows the incoming call with Accept and Decline
  const dialled = await emulatorControl('POST', '/control/calls', {
    to: '+15555550001',
    from: '+15555550123',
  });
  const contactId = dialled.contactId as string;
  await expect(panel(page)).toHaveAttribute('data-state', 'incoming');
  await expect(panel(page)).toContainText('Incoming call');
  await expect(control(page, 'Decline')).toBeVisible();

  // accept: connected, marked answered, the conversation and its contact known
  await control(page, 'Accept').click();
  await expect(panel(page)).toHaveAttribute('data-state', 'connected');
  await expect(panel(page).getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  await expect(panel(page)).toContainText('On a call with...');
  await expect
    .poll(() => env!.apiCalls.map((c) => `${c.method} ${c.path}`))
    .toEqual(
      expect.arrayContaining([
        'GET /api/ws/acme/addons/voice/config',
        `GET /api/ws/acme/addons/voice/connections/${contactId}`,
        'POST /api/ws/acme/addons/voice/acceptCall',
        'GET /api/ws/acme/addons/voice/contacts/%2B15555550123',
      ]),
    );
  expect(env.apiCalls.every((c) => c.authorization === 'Bearer test-token')).toBe(true);
  const axe = await new AxeBuilder({ page }).include('[data-testid="voice-call-panel"]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  const customerLeg = async () =>
    (
      (await emulatorControl('GET', `/control/contacts/${contactId}`)).connections as {
        type: string;
        state: string;
      }[]
    ).find((c) => c.type === 'inbound')?.state;

  // hold and resume: the customer's leg in the emulator
  await control(page, 'Hold').click();
  await expect(control(page, 'Resume')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(customerLeg).toBe('hold');
  await expect(panel(page)).toContainText('Call on hold');
  await control(page, 'Resume').click();
  await expect(control(page, 'Hold')).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(customerLeg).toBe('connected');

  // mute: the panel's softphone mutes and reports it
  await control(page, 'Mute').click();
  await expect(control(page, 'Unmute')).toHaveAttribute('aria-pressed', 'true');
  await control(page, 'Unmute').click();
  await expect(control(page, 'Mute')).toHaveAttribute('aria-pressed', 'false');

  // keypad: each digit is sent as typed and reaches the emulator
  await control(page, 'Keypad').click();
  const keypad = panel(page).getByRole('group', { name: 'Keypad' });
  for (const key of ['1', '2', '#'])
    await keypad.getByRole('button', { name: key, exact: true }).click();
  await expect(keypad.getByLabel('Digits sent')).toHaveText('12#');
  await expect
    .poll(async () =>
      (
        (await emulatorControl('GET', `/control/contacts/${contactId}`)).digits as {
          from: string;
          digits: string;
        }[]
      )
        .filter((d) => d.from === 'agent')
        .map((d) => d.digits)
        .join(''),
    )
    .toBe('12#');

  // transfer to an agent through the transfer modal: John (available) is offered the call and
  // accepts it; the panel offers 'Exit' and lists the participants
  const johnToken = emulator.login('john').accessToken;
  await cti(johnToken, 'PutAgentState', { state: { name: 'Available', type: 'routable' } });
  await control(page, 'Transfer').click();
  const modal = page.getByRole('dialog', { name: 'Transfer call' });
  await expect(modal.getByRole('tab', { name: 'Agents 1' })).toBeVisible();
  await modal.getByRole('button', { name: /^Transfer to John Roe/ }).click();
  await expect(modal).toHaveCount(0);
  await expect(panel(page)).toContainText('Transfer call');
  await expect(control(page, 'Exit')).toBeVisible();
  let johnContact: string | undefined;
  await expect
    .poll(async () => {
      const { snapshot } = (await cti(johnToken, 'GetAgentSnapshot', { timeout: 0 })) as {
        snapshot: { contacts: { contactId: string }[] };
      };
      johnContact = snapshot.contacts[0]?.contactId;
      return johnContact;
    })
    .toBeTruthy();
  await cti(johnToken, 'AcceptContact', { contactId: johnContact });
  const participants = panel(page).getByRole('region', { name: 'Participants' });
  await expect(participants.getByText('John Roe')).toBeVisible();
  await expect(participants.getByText('Connecting')).toHaveCount(0);

  // end: jane leaves, the call goes on between the customer and John; jane is in after-call work
  await control(page, 'End call').click();
  await expect(panel(page)).toHaveAttribute('data-state', 'afterCallWork');
  await expect(panel(page)).toContainText("Call ended, you're on after call work");
  await expect(keypad).toHaveCount(0);
  const legs = (await emulatorControl('GET', `/control/contacts/${contactId}`)).connections as {
    agent?: string;
    state: string;
  }[];
  expect(legs.find((l) => l.agent === 'john')?.state).toBe('connected');

  // Finish: after-call work ends, the call is cleared and the panel closes
  await control(page, 'Finish').click();
  await expect(panel(page)).toHaveCount(0);
  await expect(chip(page)).toHaveAttribute('data-state', 'available');
  expect(
    env.apiCalls.filter((c) => c.path.startsWith('/api/ws/acme/addons/voice/acceptCall')),
  ).toHaveLength(1);
  expect(errors).toEqual([]);
});
