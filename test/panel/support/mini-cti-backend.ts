/**
 * A small stand-in for the emulator's CTI service, used by the panel interop suite until the
 * emulator core (`startEmulator`, issue 3) lands on this branch. It serves the real panel page
 * (`createPanelRequestHandler`), `GET /auth/authorize`, `GET /whitelisted-origins`, the
 * `AmazonConnectCTIService` JSON 1.0 operations the scenario needs at `POST /api`, the two
 * streams bundles for the host page, and a control endpoint that places an inbound call.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { createPanelRequestHandler } from '../../../packages/connect-emulator/src/panel/panel-page';

const require = createRequire(import.meta.url);
const INSTANCE =
  'arn:aws:connect:us-east-1:123456789012:instance/11111111-2222-3333-4444-555555555555';
const QUEUE = { queueARN: `${INSTANCE}/queue/ffff`, name: 'BasicQueue' };
const STATES = [
  { agentStateARN: `${INSTANCE}/agent-state/aaaa`, type: 'routable', name: 'Available' },
  { agentStateARN: `${INSTANCE}/agent-state/cccc`, type: 'not_routable', name: 'Lunch' },
  { agentStateARN: `${INSTANCE}/agent-state/dddd`, type: 'offline', name: 'Offline' },
];

interface Conn {
  connectionId: string;
  type: string;
  initial: boolean;
  state: { type: string; timestamp: number };
  endpoint: Record<string, unknown>;
  mute: boolean;
  softphoneMediaInfo?: Record<string, unknown>;
}
interface Contact {
  contactId: string;
  initialContactId: string;
  type: string;
  initiationMethod: string;
  state: { type: string; timestamp: number };
  queue: typeof QUEUE;
  queueTimestamp: number;
  attributes: Record<string, unknown>;
  contactDuration: string;
  connections: Conn[];
}

/** Options of {@link startMiniBackend}. */
export interface MiniBackendOptions {
  /** Origins allowed to frame the panel (CSP frame-ancestors), given the backend's port. */
  readonly allowedOrigins: (port: number) => readonly string[];
  /** The whitelisted-origins list (default: the same as `allowedOrigins`). */
  readonly whitelistedOrigins?: (port: number) => readonly string[];
  /** Softphone metrics flush period for the panel. */
  readonly metricsFlushIntervalMs?: number;
  /** Whether the agent has the softphone enabled (default true). */
  readonly softphoneEnabled?: boolean;
}

/** A running backend. */
export interface MiniBackend {
  readonly port: number;
  /** The panel URL on 127.0.0.1. */
  readonly panelUrl: string;
  /** The host page URL on localhost (another site than the panel). */
  readonly hostUrl: (streamsVersion: '2.18.7' | '2.28.2') => string;
  /** Places an inbound call to the agent; returns its contact id. */
  placeInboundCall(phoneNumber?: string): string;
  /** Every CTI call seen, by operation. */
  readonly operations: { op: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

const now = (): number => Date.now() / 1000;

/** Starts the backend on 127.0.0.1 with an ephemeral port. */
export async function startMiniBackend(options: MiniBackendOptions): Promise<MiniBackend> {
  let agentState: {
    agentStateARN: string | null;
    type: string;
    name: string;
    startTimestamp: number;
  } = {
    ...STATES[0]!,
    startTimestamp: now(),
  };
  let routableBeforeCall = agentState;
  let contacts: Contact[] = [];
  let version = 1;
  let contactCounter = 0;
  const waiters = new Set<() => void>();
  const operations: { op: string; body: Record<string, unknown> }[] = [];
  const changed = (): void => {
    version += 1;
    for (const wake of waiters) wake();
    waiters.clear();
  };
  const setAgentState = (state: {
    agentStateARN: string | null;
    type: string;
    name: string;
  }): void => {
    agentState = { ...state, startTimestamp: now() };
  };
  const stamp = (type: string) => ({ type, timestamp: now() });
  const findContact = (id: unknown) => contacts.find((c) => c.contactId === id);

  const snapshot = () => ({
    snapshot: {
      state: agentState,
      agentAvailabilityState: { state: agentState.name, timeStamp: agentState.startTimestamp },
      contacts,
      snapshotTimestamp: now(),
    },
    nextToken: `v${version}`,
  });

  const panel = createPanelRequestHandler({
    allowedOrigins: () => options.allowedOrigins(port),
    region: 'us-east-1',
    metricsFlushIntervalMs: options.metricsFlushIntervalMs ?? 30_000,
  });

  const streams = {
    '2.18.7': require.resolve('amazon-connect-streams/release/connect-streams.js'),
    '2.28.2': require.resolve('amazon-connect-streams-2-28/release/connect-streams.js'),
  };

  const json = (
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const handleApi = async (
    op: string,
    body: Record<string, unknown>,
  ): Promise<[number, unknown]> => {
    operations.push({ op, body });
    const token = (body['authentication'] as { authToken?: string } | undefined)?.authToken;
    const contact = findContact(body['contactId']);
    switch (op) {
      case 'GetAgentSnapshot': {
        if (body['nextToken'] === `v${version}`) {
          const timeout = Math.min(Number(body['timeout'] ?? 30_000), 30_000);
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, timeout);
            waiters.add(() => {
              clearTimeout(timer);
              resolve();
            });
          });
        }
        return [200, snapshot()];
      }
      case 'GetAgentConfiguration':
        return [
          200,
          {
            configuration: {
              name: 'Jane Doe',
              username: 'jane',
              agentARN: `${INSTANCE}/agent/bbbb`,
              extension: '+15555550100',
              softphoneEnabled: options.softphoneEnabled ?? true,
              softphoneAutoAccept: false,
              agentPreferences: { LANGUAGE: 'en_US' },
              routingProfile: {
                name: 'Basic',
                routingProfileARN: `${INSTANCE}/routing-profile/eeee`,
                defaultOutboundQueue: QUEUE,
                channelConcurrencyMap: { VOICE: 1 },
              },
            },
          },
        ];
      case 'GetAgentPermissions':
        return [200, { permissions: ['outboundCall'] }];
      case 'GetAgentStates':
        return [200, { states: STATES }];
      case 'GetDialableCountryCodes':
        return [200, { countryCodes: ['us'] }];
      case 'GetRoutingProfileQueues':
        return [200, { queues: [QUEUE] }];
      case 'PutAgentState': {
        const state = body['state'] as { agentStateARN: string; type: string; name: string };
        setAgentState(state);
        changed();
        return [200, {}];
      }
      case 'AcceptContact': {
        if (!contact) return [400, { __type: 'InvalidStateException', message: 'no contact' }];
        contact.state = stamp('connected');
        for (const c of contact.connections) c.state = stamp('connected');
        setAgentState({ agentStateARN: null, type: 'system', name: 'Busy' });
        changed();
        return [200, {}];
      }
      case 'RejectContact':
      case 'ClearContact':
      case 'CompleteContact': {
        contacts = contacts.filter((c) => c.contactId !== body['contactId']);
        setAgentState(routableBeforeCall);
        changed();
        return [200, {}];
      }
      case 'DestroyConnection': {
        if (!contact) return [400, { __type: 'InvalidStateException', message: 'no contact' }];
        contact.state = stamp('ended');
        for (const c of contact.connections) c.state = stamp('disconnected');
        setAgentState({ agentStateARN: null, type: 'system', name: 'AfterCallWork' });
        changed();
        return [200, {}];
      }
      case 'HoldConnection':
      case 'ResumeConnection': {
        const conn = contact?.connections.find((c) => c.connectionId === body['connectionId']);
        if (!conn) return [400, { __type: 'InvalidStateException', message: 'no connection' }];
        conn.state = stamp(op === 'HoldConnection' ? 'hold' : 'connected');
        changed();
        return [200, {}];
      }
      case 'SendDigits':
      case 'SendClientLogs':
      case 'SendSoftphoneCallMetrics':
      case 'SendSoftphoneCallReport':
        return [200, {}];
      default:
        return [400, { __type: 'InvalidStateException', message: `unsupported ${op}`, token }];
    }
  };

  const readBody = (req: IncomingMessage): Promise<string> =>
    new Promise((resolve) => {
      let data = '';
      req.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      req.on('end', () => resolve(data));
    });

  let port = 0;
  const hostPage = (
    version: string,
  ): string => `<!doctype html><html><head><meta charset="utf-8"><title>host</title>
<script src="/streams/${version}.js"></script></head><body><div id="ccp" style="width:360px;height:560px"></div>
<script src="/host.js"></script></body></html>`;

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (await panel(req, res)) return;
      if (url.pathname === '/auth/authorize') {
        return json(res, 200, {
          accessToken: 'tok-agent',
          expiration: new Date(Date.now() + 12 * 3600_000).toISOString(),
        });
      }
      if (url.pathname === '/whitelisted-origins') {
        return json(res, 200, {
          whitelistedOrigins: (options.whitelistedOrigins ?? options.allowedOrigins)(port),
        });
      }
      if (url.pathname === '/api' && req.method === 'POST') {
        const target = String(req.headers['x-amz-target'] ?? '').replace(
          'AmazonConnectCTIService.',
          '',
        );
        const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
        const [status, answer] = await handleApi(target, body);
        return json(res, status, answer, { 'Content-Type': 'application/x-amz-json-1.0' });
      }
      const streamsMatch = /^\/streams\/(2\.18\.7|2\.28\.2)\.js$/.exec(url.pathname);
      if (streamsMatch) {
        res.writeHead(200, { 'Content-Type': 'text/javascript' });
        return res.end(readFileSync(streams[streamsMatch[1] as '2.18.7' | '2.28.2']));
      }
      const hostMatch = /^\/host-(2\.18\.7|2\.28\.2)\.html$/.exec(url.pathname);
      if (hostMatch) {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        return res.end(hostPage(hostMatch[1] ?? ''));
      }
      if (url.pathname === '/host.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript' });
        return res.end(readFileSync(new URL('./host-page.js', import.meta.url)));
      }
      res.writeHead(404);
      res.end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;

  return {
    port,
    panelUrl: `http://127.0.0.1:${port}/connect/ccp-v2/`,
    hostUrl: (streamsVersion) => `http://localhost:${port}/host-${streamsVersion}.html`,
    operations,
    placeInboundCall(phoneNumber = '+15555550123') {
      contactCounter += 1;
      const contactId = `c-${contactCounter}`;
      if (agentState.type === 'routable') routableBeforeCall = agentState;
      contacts.push({
        contactId,
        initialContactId: contactId,
        type: 'voice',
        initiationMethod: 'inbound',
        state: stamp('connecting'),
        queue: QUEUE,
        queueTimestamp: now(),
        attributes: {},
        contactDuration: '0',
        connections: [
          {
            connectionId: `${contactId}-agent`,
            type: 'agent',
            initial: false,
            state: stamp('connecting'),
            endpoint: { type: 'agent' },
            mute: false,
            softphoneMediaInfo: { callType: 'audio_only', autoAccept: false },
          },
          {
            connectionId: `${contactId}-customer`,
            type: 'inbound',
            initial: true,
            state: stamp('connected'),
            endpoint: { type: 'phone_number', phoneNumber },
            mute: false,
          },
        ],
      });
      setAgentState({ agentStateARN: null, type: 'system', name: 'PendingBusy' });
      changed();
      return contactId;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const wake of waiters) wake();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
