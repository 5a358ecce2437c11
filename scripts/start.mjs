// `npm start`: the development stack on one command: the local channel gateway (Twilio, WhatsApp
// and SMTP stand-in with the customer page), the contact-centre emulator (seeded demo
// instance, contact events posted to the workspace server), the workspace server (PGlite under
// examples/workspace/.data/, demo workspaces seeded on first start) and the web app (Vite, with
// `/api` proxied to the server). The web URL answers only once all three are up, so Playwright's
// webServer waits for the whole stack. Prints how to sign in and take a call.
//
// CONNECT_PROFILE=aws configures the server as for an Amazon Connect instance instead (see
// scripts/aws-endpoints.mjs): Connect, Contact Lens and S3 at endpoints of their own, a key pair
// the emulator is started to accept in place of its demo key, the instance's region, and no
// emulator token; the stack drives the customers' side and delivers the contact and agent events
// as before (EventBridge and the agent event stream would, against AWS).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { createServer as createNetServer } from 'node:net';
import { createInterface } from 'node:readline';
import { build, createServer, preview } from 'vite';
import { awsContactCentreEnv, iamStyleKeys } from './aws-endpoints.mjs';
import { root } from './packages.mjs';

const port = await webPort(process.env.WORKSPACE_WEB_PORT);
const emulatorPort = Number(process.env.EMULATOR_PORT ?? 4700);
const apiPort = Number(process.env.WORKSPACE_API_PORT ?? 4800);
const profile = process.env.CONNECT_PROFILE || 'emulator';
if (profile !== 'emulator' && profile !== 'aws') {
  console.error(`CONNECT_PROFILE must be emulator or aws, not ${profile}.`);
  process.exit(2);
}
/** As for AWS: the only key pair the emulator accepts (its demo key is refused). */
const awsKeys = profile === 'aws' ? iamStyleKeys() : undefined;
const children = [];

/**
 * The web app's port: WORKSPACE_WEB_PORT, default 5173; `0` picks a free one (as the end-to-end
 * tests do). It is known before the emulator starts, which allows the web origin.
 */
async function webPort(given) {
  const wanted = Number(given ?? 5173);
  if (wanted !== 0) return wanted;
  const probe = createNetServer();
  await new Promise((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port: free } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

/** Spawns a TypeScript entry from source; resolves with the first stdout line that is JSON and passes `ready`. */
function startProcess(name, args, env, ready) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  children.push(child);
  return new Promise((resolve) => {
    let done = false;
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      let value;
      try {
        value = JSON.parse(line);
      } catch {
        value = undefined;
      }
      if (!done && value && ready(value)) {
        done = true;
        resolve(value);
      } else if (value?.level >= 40 || value === undefined) {
        // Warnings and errors of the server's JSON log, and any plain line, reach the console.
        console.log(`[${name}] ${line}`);
      }
    });
    child.once('exit', (code) => {
      if (!done) {
        console.error(`${name} exited (code ${code}) before it was ready.`);
        resolve(null);
      }
    });
  });
}

function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}

/**
 * The web app: Vite's dev server; or, when WORKSPACE_WEB_BUILD names a folder (the end-to-end
 * tests do), the production build written there and served by Vite's preview server (the same
 * app and `/api` proxy, a few files per page load instead of hundreds of modules, which a busy
 * machine serves in time). Resolves with something to `close()`.
 */
async function startWeb() {
  const options = {
    root: `${root}examples/workspace`,
    configFile: `${root}examples/workspace/vite.config.ts`,
    logLevel: 'warn',
  };
  const listen = { port, host: '127.0.0.1', strictPort: true };
  if (!process.env.WORKSPACE_WEB_BUILD) {
    const dev = await createServer({ ...options, server: listen });
    await dev.listen();
    return dev;
  }
  const outDir = resolvePath(process.env.WORKSPACE_WEB_BUILD);
  await build({ ...options, build: { outDir, emptyOutDir: true } });
  const served = await preview({ ...options, build: { outDir }, preview: listen });
  return { close: () => served.close() };
}

// The app's API types from the server's routes (for the editor and typecheck; Vite strips types),
// written while the stack starts.
const apiTypes = new Promise((resolve) => {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', 'examples/workspace/server/scripts/api-types.ts'],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  child.on('exit', resolve);
  child.on('error', resolve);
});

const secret = randomBytes(24).toString('base64url');
/** The local Salesforce org's connected app and a few of its people (not secrets: a local stand-in). */
const SALESFORCE_DEMO = {
  clientId: '3MVG9demoWorkspaceConsumerKey',
  clientSecret: 'DEMO0SALESFORCE0CONSUMER0SECRET',
  contacts: [
    {
      FirstName: 'Marie',
      LastName: 'Curie',
      Email: 'marie.curie@example.com',
      Phone: '+33 1 44 27 00 00',
    },
    {
      FirstName: 'Nikola',
      LastName: 'Tesla',
      Email: 'nikola.tesla@example.com',
      Phone: '+1 212 555 0142',
    },
  ],
  leads: [
    {
      FirstName: 'Rosalind',
      LastName: 'Franklin',
      Email: 'rosalind@example.com',
      Company: 'Kings Labs',
    },
  ],
};
const webhookUrl = (url) => `${url}/api/integrations/connect/contact-events?key=${secret}`;

// 0. The local channel gateway (Twilio, WhatsApp Cloud API and SMTP stand-in; its own port).
const gateway = await startProcess(
  'channel-gateway',
  [
    `${root}examples/workspace/gateway/src/main.ts`,
    '--port',
    process.env.CHANNEL_GATEWAY_PORT ?? '0',
    '--json',
  ],
  {
    // The Salesforce stand-in's connected app: fixed, so that the demo's admin can type them in.
    GATEWAY_SALESFORCE_CLIENT_ID:
      process.env.GATEWAY_SALESFORCE_CLIENT_ID ?? SALESFORCE_DEMO.clientId,
    GATEWAY_SALESFORCE_CLIENT_SECRET:
      process.env.GATEWAY_SALESFORCE_CLIENT_SECRET ?? SALESFORCE_DEMO.clientSecret,
  },
  (info) => info.ready === true && typeof info.customerPageUrl === 'string',
);
if (!gateway) {
  console.error('The channel gateway did not start. Is CHANNEL_GATEWAY_PORT free?');
  stopAll();
  process.exit(1);
}
const whatsappVerifyToken = randomBytes(18).toString('base64url');

// 1. The emulator (its own port; the webhook to the server is registered once the server is up).
const emulatorSeed = `${root}examples/workspace/emulator-seed.yaml`;
const emulator = await startProcess(
  'connect-emulator',
  [
    `${root}packages/connect-emulator/src/cli.ts`,
    '--port',
    String(emulatorPort),
    '--json',
    ...(existsSync(emulatorSeed) ? ['--seed', emulatorSeed] : []),
    '--allowed-origin',
    `http://127.0.0.1:${port}`,
    '--allowed-origin',
    `http://localhost:${port}`,
    ...(awsKeys
      ? [
          '--admin-access-key-id',
          awsKeys.accessKeyId,
          '--admin-secret-access-key',
          awsKeys.secretAccessKey,
        ]
      : []),
  ],
  {},
  (info) => typeof info.loginUrl === 'string',
);
if (!emulator) {
  console.error(`Is port ${emulatorPort} free? Set EMULATOR_PORT.`);
  stopAll();
  process.exit(1);
}
const emulatorUrl = new URL(emulator.loginUrl).origin;
// The server's contact-centre settings: every endpoint at the emulator with its demo key and
// token, or as for AWS.
const aws = awsKeys ? await awsContactCentreEnv(emulator, awsKeys) : undefined;
const contactCentreEnv = aws?.env ?? {
  CONNECT_ENDPOINT: emulatorUrl,
  CONTACT_LENS_ENDPOINT: emulatorUrl,
  CONNECT_RECORDINGS_S3_ENDPOINT: `${emulatorUrl}/s3`,
  // The admin API's credentials, as the emulator printed them.
  CONNECT_ACCESS_KEY_ID: emulator.adminCredentials.accessKeyId,
  CONNECT_SECRET_ACCESS_KEY: emulator.adminCredentials.secretAccessKey,
  // The voice configuration hands the browser one-time sign-in links the emulator mints.
  CONNECT_EMULATOR_CONTROL_TOKEN: emulator.controlToken,
};

// 2. The workspace server on PGlite (DATA_DIR, default examples/workspace/.data/pglite).
const server = await startProcess(
  'workspace-server',
  [`${root}examples/workspace/server/src/main.ts`],
  {
    WORKSPACE_API_PORT: String(apiPort),
    ...contactCentreEnv,
    CONTACT_EVENTS_SECRET: secret,
    // The channel adapters, pointed at the gateway (production sets the providers' own values).
    TWILIO_API_BASE_URL: gateway.twilio.apiBaseUrl,
    TWILIO_ACCOUNT_SID: gateway.twilio.accountSid,
    TWILIO_AUTH_TOKEN: gateway.twilio.authToken,
    WHATSAPP_API_BASE_URL: gateway.whatsapp.apiBaseUrl,
    WHATSAPP_ACCESS_TOKEN: gateway.whatsapp.accessToken,
    WHATSAPP_APP_SECRET: gateway.whatsapp.appSecret,
    WHATSAPP_VERIFY_TOKEN: whatsappVerifyToken,
    WHATSAPP_BUSINESS_ACCOUNT_ID: gateway.whatsapp.businessAccountId,
    SMTP_URL: gateway.smtp.relayUrl,
    // Google Meet links: Google's token endpoint and Calendar API, as the gateway stands them in.
    GOOGLE_OAUTH_TOKEN_URL: gateway.google.tokenUrl,
    GOOGLE_CALENDAR_API_BASE_URL: gateway.google.calendarApiBaseUrl,
    // Salesforce calls go to the gateway's org stand-in (production leaves this unset).
    SALESFORCE_API_BASE_URL: gateway.salesforce.instanceUrl,
    // Invitation and password-reset mails link to the web app.
    PUBLIC_APP_URL: `http://127.0.0.1:${port}`,
    INBOUND_SMTP_PORT: '0',
    SEED_DEMO: '1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    // The pinned AWS SDK runs on Node 20; its notice that later versions will need Node 22 would
    // bury the sign-in instructions below (SDK releases after January 2027 will need Node 22).
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED:
      process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ?? 'true',
  },
  (line) => line.ready === true,
);
if (!server) {
  console.error(`Is port ${apiPort} free? Set WORKSPACE_API_PORT.`);
  stopAll();
  process.exit(1);
}
const hook = await fetch(`${emulatorUrl}/control/webhooks`, {
  method: 'POST',
  // The control API needs the token the emulator printed.
  headers: {
    'content-type': 'application/json',
    'x-connect-emulator-token': emulator.controlToken,
  },
  body: JSON.stringify({ url: webhookUrl(server.url) }),
});
if (!hook.ok) console.error(`Could not register the contact-event webhook (${hook.status}).`);
// The agent event stream's records (an agent's status and contacts) go to the server too, so that
// agent lists hear of a status the agent picks at once.
const agentHook = await fetch(`${emulatorUrl}/control/agent-event-webhooks`, {
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    'x-connect-emulator-token': emulator.controlToken,
  },
  body: JSON.stringify({
    url: `${server.url}/api/integrations/connect/agent-events?key=${secret}`,
  }),
});
if (!agentHook.ok)
  console.error(`Could not register the agent-event webhook (${agentHook.status}).`);

// The server's channel webhooks and inbound SMTP listener, registered with the gateway one by
// one (a server without some of these routes gets a warning for those, not a stop).
const channelHooks = {
  twilio: { smsUrl: `${server.url}/api/channels/twilio/inbound` },
  whatsapp: {
    callbackUrl: `${server.url}/api/channels/whatsapp/webhook`,
    verifyToken: whatsappVerifyToken,
  },
  ...(server.inboundSmtp ? { smtp: { inbound: server.inboundSmtp } } : {}),
};
for (const [part, value] of Object.entries(channelHooks)) {
  const res = await fetch(`${gateway.url}/control/webhooks`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-channel-gateway-token': gateway.controlToken,
    },
    body: JSON.stringify({ [part]: value }),
  }).catch((error) => ({ ok: false, status: error.message, json: async () => ({}) }));
  if (!res.ok) {
    const body = await res.json().catch(() => ({}));
    console.warn(
      `Warning: the channel gateway could not register the server's ${part} webhook (${res.status}${body.message ? `: ${body.message}` : ''}).`,
    );
  }
}

// Google Meet for Acme, on the gateway's demo service account (its key is new each start): set
// as the demo admin would in Settings → Integrations → Google Meet, unless someone set up another
// service account there.
async function configureDemoMeet() {
  const api = `${server.url}/api`;
  const login = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'jane@acme.test', password: 'demo1234' }),
  });
  if (!login.ok) return `sign-in ${login.status}`;
  const { token } = await login.json();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const meetUrl = `${api}/ws/acme/settings/integrations/googleMeet`;
  const current = await fetch(meetUrl, { headers }).then((r) => (r.ok ? r.json() : null));
  const email = current?.config?.serviceAccountEmail;
  if (email && email !== gateway.google.serviceAccountEmail) return 'kept';
  const put = await fetch(meetUrl, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      enabled: current?.config ? current.enabled : true,
      config: {
        serviceAccountEmail: gateway.google.serviceAccountEmail,
        delegatedUser: gateway.google.delegatedUsers[0] ?? 'jane@acme.test',
        defaultDurationMinutes: current?.config?.defaultDurationMinutes ?? 30,
        addLinkToConversations: current?.config?.addLinkToConversations ?? true,
      },
      privateKey: gateway.google.privateKeyPem.trim(),
    }),
  });
  await fetch(`${api}/auth/logout`, { method: 'POST', headers }).catch(() => {});
  return put.ok ? 'ok' : `PUT ${put.status}`;
}
const meet = await configureDemoMeet().catch((error) => error.message);
if (meet !== 'ok' && meet !== 'kept')
  console.warn(`Warning: Google Meet was not set up for the demo (${meet}).`);

// The Salesforce stand-in's people, for Settings → Integrations → Salesforce → Sync now.
for (const [type, records] of [
  ['Contact', SALESFORCE_DEMO.contacts],
  ['Lead', SALESFORCE_DEMO.leads],
]) {
  const res = await fetch(`${gateway.url}/control/salesforce/records`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-channel-gateway-token': gateway.controlToken,
    },
    body: JSON.stringify({ type, records }),
  }).catch((error) => ({ ok: false, status: error.message }));
  if (!res.ok)
    console.warn(`Warning: the Salesforce stand-in took no ${type} records (${res.status}).`);
}

// 3. The web app, proxying /api to the server.
process.env.WORKSPACE_API_PORT = new URL(server.url).port;
await apiTypes;
const vite = await startWeb();
const url = `http://127.0.0.1:${port}/`;
console.log(`
Workspace app      ${url}
Workspace API      ${server.url}/api  (reference: ${server.url}/api/reference)
Emulator           ${emulatorUrl}  (customer phone: ${emulator.controlUrl})${
  aws
    ? `
Contact centre     as for AWS: Connect ${aws.endpoints.connect}, Contact Lens ${aws.endpoints.contactLens}, S3 ${aws.endpoints.s3}, region ${aws.env.CONNECT_REGION}, access key ${aws.env.CONNECT_ACCESS_KEY_ID}`
    : ''
}
Customer page      ${gateway.customerPageUrl}  (write as a customer on SMS, WhatsApp or email)
Web chat           ${url}widget/demo/acme  (a demo website with Acme's chat widget)
Inbound SMTP       ${server.inboundSmtp ? `${server.inboundSmtp}  (mail support@acme.test from any mail client)` : 'off (this server has no inbound SMTP listener)'}

Sign in at ${url} with password demo1234 as:
  jane@acme.test   admin of Acme (voice agent "jane")
  john@acme.test   agent (shared inbox, no live calls; voice agent "john")
  ana@acme.test    supervisor (live calls; voice agent "ana")
  gary@globex.test admin of Globex (voice instance not created)
  sam@both.test    member of both workspaces

Take a call: sign in as jane, open Acme, set the voice status to Available, then open the
customer phone (${emulator.controlUrl}) and press Call: it rings, and once you accept in the call
panel the two of you talk through each tab's microphone and speaker (the emulator carries the
audio; hold plays hold music, the keypad sends digits). When it ends, its conversation in the
inbox has the call part and the voice panel's Call history lists it.
Write in as a customer: open the customer page (${gateway.customerPageUrl}), pick SMS, WhatsApp
or Email and send; the message arrives in Acme's inbox, and the agent's reply and its receipts
appear on the page. Or chat as a website visitor: open the web-chat demo
(${url}widget/demo/acme) and write in the chat bubble; attach a file with the paperclip.
When the agent closes the conversation, the customer gets the satisfaction survey.
Salesforce: as jane, open Settings → Integrations → Salesforce, enter the My Domain URL
https://acme.my.salesforce.com, consumer key ${SALESFORCE_DEMO.clientId} and consumer secret
${SALESFORCE_DEMO.clientSecret} (the local org stand-in at ${gateway.salesforce.instanceUrl}),
turn it on, save and press Sync now: its Contacts and Leads appear in Contacts.
Monitor it: while jane is on the call, sign in as ana (supervisor) in another browser and
choose Join in the voice panel's Live calls tab.
Press Ctrl+C to stop.`);

const stop = async () => {
  stopAll();
  aws?.close();
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
