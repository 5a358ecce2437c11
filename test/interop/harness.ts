// The interop harness: an emulator over TLS that also serves, on its own origin, the pages that run
// the real amazon-connect-streams on both sides:
// - /harness/<version>/ccp.html  the CCP side (connect.core.initSharedWorker + the real worker bundle)
// - /harness/<version>/host.html the host page (connect.core.initCCP), opened on the other origin
//   (https://localhost:<port> vs the CCP on https://127.0.0.1:<port>).
// These pages are test fixtures; no package ships them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEMO_SEED, startEmulator, type Emulator, type SeedInput } from '@x/connect-emulator';

const require = createRequire(import.meta.url);

/** The pinned streams releases the acceptance runs against, by version. */
export const STREAMS_RELEASES = {
  '2.18.7': 'amazon-connect-streams',
  '2.28.2': 'amazon-connect-streams-2-28',
} as const;

export type StreamsVersion = keyof typeof STREAMS_RELEASES;

/** The seed of the interop instance: the demo instance plus 520 quick connects (GetEndpoints spans two pages of 500). */
export const INTEROP_SEED: SeedInput = {
  ...DEMO_SEED,
  quickConnects: [
    ...(DEMO_SEED.quickConnects ?? []),
    ...Array.from({ length: 520 }, (_, i) => ({
      type: 'phone_number' as const,
      name: `Directory ${i}`,
      phoneNumber: `+1555600${String(i).padStart(4, '0')}`,
    })),
  ],
};

/** Ring time of an inbound offer in the interop instance (real time; the missed-call step waits for it). */
export const INTEROP_MISSED_CALL_TIMEOUT_MS = 4_000;

function bundle(version: StreamsVersion): string {
  return readFileSync(
    require.resolve(`${STREAMS_RELEASES[version]}/release/connect-streams.js`),
    'utf8',
  );
}

function ccpPage(version: StreamsVersion): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>CCP (streams ${version})</title>
<script src="/harness/${version}/connect-streams.js"></script></head><body>
<p id="status">starting</p>
<script>
(async () => {
  const origin = location.origin;
  const res = await fetch('/auth/authorize', { credentials: 'include' });
  if (!res.ok) { document.getElementById('status').textContent = 'authorize failed ' + res.status; return; }
  const auth = await res.json();
  connect.core.initSharedWorker({
    sharedWorkerUrl: '/harness/${version}/worker.js',
    authToken: auth.accessToken,
    refreshToken: auth.refreshToken,
    authTokenExpiration: new Date(auth.expiration),
    region: 'us-east-1',
    endpoint: origin + '/api',
    authorizeEndpoint: '/auth/authorize',
    agentAppEndpoint: origin + '/agent-app/api',
    authCookieName: 'lily-auth-emulated',
  });
  document.getElementById('status').textContent = 'worker started';
})();
</script></body></html>`;
}

function hostPage(version: StreamsVersion, ccpOrigin: string, ccpPath?: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Host (streams ${version})</title>
<script src="/harness/${version}/connect-streams.js"></script></head><body>
<div id="ccp" style="width:400px;height:500px"></div>
<script>
window.__events = [];
window.__contacts = {};
const log = (name, data) => window.__events.push({ name, data: data === undefined ? null : data });
connect.core.initCCP(document.getElementById('ccp'), {
  // No percent-encoding: streams logs ccpUrl through sprintf, which breaks on '%'.
  // \`?username=\` on the host page picks the agent (default jane).
  ccpUrl: '${ccpOrigin}/login?username=' + (new URLSearchParams(location.search).get('username') || 'jane') + '&redirect=${ccpPath ?? `/harness/${version}/ccp.html`}',
  loginPopup: false,
  softphone: { allowFramedSoftphone: false, disableRingtone: true },
});
connect.core.onInitialized(() => log('initialized'));
connect.agent((agent) => {
  window.__agent = agent;
  log('agent', { state: agent.getState().name });
  agent.onRefresh((a) => log('agent.refresh', { state: a.getState().name, next: a.getNextState() ? a.getNextState().name : null }));
  agent.onStateChange((e) => log('agent.stateChange', { oldState: e.oldState, newState: e.newState }));
  agent.onAfterCallWork(() => log('agent.acw'));
  agent.onEnqueuedNextState(() => log('agent.enqueuedNextState', { next: agent.getNextState() && agent.getNextState().name }));
  agent.onError(() => log('agent.error', { state: agent.getState().name }));
});
connect.contact((contact) => {
  const id = contact.getContactId();
  window.__contacts[id] = contact;
  log('contact', {
    id,
    initialContactId: contact.getOriginalContactId(),
    state: contact.getStatus().type,
    inbound: contact.isInbound(),
  });
  const on = (name, fn) => fn.call(contact, () => log('contact.' + name, { id }));
  on('incoming', contact.onIncoming);
  on('connecting', contact.onConnecting);
  on('accepted', contact.onAccepted);
  on('connected', contact.onConnected);
  on('ended', contact.onEnded);
  on('acw', contact.onACW);
  on('missed', contact.onMissed);
  on('destroy', contact.onDestroy);
});
</script></body></html>`;
}

/**
 * The differential suite's host page: the version's bundle, then the one host script
 * (differential/host.js), embedding the CCP at `?ccp=<path>` (default the real CCP side of 2.18.7).
 */
function differentialPage(version: StreamsVersion, ccpOrigin: string, ccpPath: string): string {
  const ccpUrl = `${ccpOrigin}/login?username=jane&redirect=${ccpPath}`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Differential (streams ${version})</title>
<script src="/harness/${version}/connect-streams.js"></script></head><body>
<div id="ccp" style="width:400px;height:500px"></div>
<script>window.DIFF_CCP_URL = ${JSON.stringify(ccpUrl)};</script>
<script src="/harness/differential/host.js"></script></body></html>`;
}

/** Serves the harness pages and the real bundles under /harness/<version>/. */
function harnessRoute(ccpOrigin: () => string, ccpPath?: string) {
  return (_req: IncomingMessage, res: ServerResponse, url: URL): boolean => {
    if (url.pathname === '/harness/differential/host.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' });
      res.end(readFileSync(new URL('./differential/host.js', import.meta.url)));
      return true;
    }
    const page = /^\/harness\/([\d.]+)\/differential\.html$/.exec(url.pathname);
    if (page && page[1]! in STREAMS_RELEASES) {
      res.writeHead(200, { 'Content-Type': 'text/html', 'Cache-Control': 'no-store' });
      const ccp = url.searchParams.get('ccp') ?? '/harness/2.18.7/ccp.html';
      res.end(differentialPage(page[1] as StreamsVersion, ccpOrigin(), ccp));
      return true;
    }
    const match =
      /^\/harness\/([\d.]+)\/(connect-streams\.js|worker\.js|ccp\.html|host\.html)$/.exec(
        url.pathname,
      );
    if (!match || !(match[1]! in STREAMS_RELEASES)) return false;
    const version = match[1] as StreamsVersion;
    const file = match[2]!;
    const send = (type: string, body: string) => {
      res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      res.end(body);
    };
    if (file === 'connect-streams.js') send('text/javascript', bundle(version));
    else if (file === 'worker.js')
      send(
        'text/javascript',
        `importScripts('/harness/${version}/connect-streams.js');\nconnect.worker.main();\n`,
      );
    else if (file === 'ccp.html') send('text/html', ccpPage(version));
    else send('text/html', hostPage(version, ccpOrigin(), ccpPath));
    return true;
  };
}

/**
 * A TLS emulator serving the harness; `hostUrl(version)` is the host page on the other origin.
 * `ccpPath` replaces the real-worker CCP page with another panel on the emulator origin (e.g.
 * the emulator's own panel at `/connect/ccp-v2/`).
 */
export async function startInteropEmulator(
  tls = true,
  ccpPath?: string,
): Promise<{
  emulator: Emulator;
  ccpOrigin: string;
  hostUrl: (version: StreamsVersion) => string;
}> {
  let ccpOrigin = '';
  const emulator = await startEmulator({
    port: 0,
    tls,
    seed: INTEROP_SEED,
    missedCallTimeoutMs: INTEROP_MISSED_CALL_TIMEOUT_MS,
    extraRoutes: [
      (req) => {
        if (process.env.INTEROP_DEBUG)
          console.log('HTTP', req.method, req.url, req.headers['x-amz-target'] ?? '');
        return false;
      },
      harnessRoute(() => ccpOrigin, ccpPath),
    ],
  });
  ccpOrigin = emulator.url; // https://127.0.0.1:<port>
  return {
    emulator,
    ccpOrigin,
    hostUrl: (version) =>
      `${emulator.url.replace('127.0.0.1', 'localhost')}/harness/${version}/host.html`,
  };
}
