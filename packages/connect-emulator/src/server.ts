import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_MISSED_CALL_TIMEOUT_MS,
  DEFAULT_OUTBOUND_RING_TIMEOUT_MS,
  DEFAULT_PORT,
  DEFAULT_ADMIN_CREDENTIALS,
  DEFAULT_TOKEN_LIFETIME_MS,
  CONTROL_TOKEN_HEADER,
  SESSION_COOKIE,
  SOFTPHONE_SIGNALLING_PATH,
} from './constants';
import { cookieValue } from './lib/http';
import { ApiGuard } from './security/api-guard';
import { SessionStore } from './auth/sessions';
import { SignInTickets } from './auth/sign-in-tickets';
import { loginAgent, signInLinks } from './auth/sign-in-links';
import { instanceControlApp } from './control/instance-control';
import type { DomainServicesOptions } from './services/domain-services';
import { EmulatorInstance } from './services/emulator-instance';
import { emulatorApp } from './http/emulator-app';
import { OriginPolicy, ServedAddress } from './http/origin-policy';
import { requestHandler } from './http/request-handler';
import { createNodeServer, generateCertificate, listen } from './http/node-server';
import { CtiService } from './cti/service';
import { SystemClock, type Clock } from './domain/clock';
import { type AgentRecord, ContactCentre } from './domain/contact-centre';
import type { ContactCentreOptions } from './domain/records';
import { DEMO_SEED, loadSeedFile, parseSeed, type Seed, type SeedInput } from './domain/seed';
import { StateFile } from './domain/state-file';
import { WEB_SOCKET_PATH } from './ws/socket-server';
import { RegionController, type RegionsOptions } from './regions/regions';
import { regionPanels } from './regions/region-panels';
import type { PanelRouteOptions } from './panel';

/**
 * A route the host application adds to the emulator's origin (e.g. a test harness page). Return
 * `true` when the request was answered.
 * @public
 */
export type ExtraRoute = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) => boolean | Promise<boolean>;

/**
 * Options of {@link startEmulator}.
 * @public
 */
export interface EmulatorOptions {
  /** Port to listen on; `0` picks a free one. Default 4700. */
  readonly port?: number;
  /** Interface to bind. Default `127.0.0.1`. */
  readonly host?: string;
  /** `'demo'` (default), a JSON/YAML seed file path, or a seed object. */
  readonly seed?: string | SeedInput;
  /** Directory where agent choices (state, preferences) persist across restarts. */
  readonly stateDir?: string;
  /**
   * Origins allowed to call the emulator with credentials (CORS), to frame the panel, and listed
   * by `/whitelisted-origins`. Empty: loopback origins (`localhost`, `127.0.0.1`, `[::1]`, any
   * port) on the emulator's own scheme. Never `null`; never the control or admin API.
   */
  readonly allowedOrigins?: readonly string[];
  /**
   * The control-API token (header `x-connect-emulator-token`); default a random one per start,
   * given as {@link Emulator.controlToken}.
   */
  readonly controlToken?: string;
  /**
   * The admin API's credentials: the access key id every SigV4 `Authorization` must name.
   * Default {@link DEFAULT_ADMIN_CREDENTIALS}.
   */
  readonly adminCredentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
  /** Accept control and admin API calls from other machines (default: loopback only). */
  readonly allowRemoteControl?: boolean;
  /** Where notices and bugs (a request answered 500) are logged; default standard error. */
  readonly log?: (line: string) => void;
  /** Serve HTTPS and WSS: `true` generates a self-signed certificate for localhost and 127.0.0.1 at start. */
  readonly tls?: boolean | { readonly key: string; readonly cert: string };
  /** Time source; pass a `ManualClock` for exact tests. */
  readonly clock?: Clock;
  /** Ring time of an inbound offer before it is missed. Default 20 s. */
  readonly missedCallTimeoutMs?: number;
  /** Ring time of an outbound call before it counts as not answered. Default 30 s. */
  readonly outboundRingTimeoutMs?: number;
  /** Access-token lifetime. Default 1 h. */
  readonly tokenLifetimeMs?: number;
  /** Per-agent CTI request rate limit (every token of an agent shares it) (429 ThrottlingException beyond it); `null` turns it off. Default 50/s, burst 100. */
  readonly rateLimit?: { readonly requestsPerSecond: number; readonly burst: number } | null;
  /** Extra routes served on the emulator origin before its own. */
  readonly extraRoutes?: readonly ExtraRoute[];
  /** Webhook URLs that receive contact events (more can be added through the control API). */
  readonly webhooks?: readonly string[];
  /**
   * URLs that receive agent events: each record of the agent event stream (STATE_CHANGE, as
   * Amazon Connect puts on its Kinesis stream) is POSTed as JSON (more through the control API).
   */
  readonly agentEventWebhooks?: readonly string[];
  /**
   * Fault rules active from the start (see `POST /control/faults` for the shape): per service
   * and operation, an HTTP status, added latency, a dropped request, a closed web socket or a
   * missed heartbeat, with probability, count and time window.
   */
  readonly faultRules?: readonly {
    readonly service: string;
    readonly operation?: string;
    readonly action: { readonly type: string; readonly [key: string]: unknown };
    readonly [key: string]: unknown;
  }[];
  /** Seed of the fault probabilities (default 1). */
  readonly faultSeed?: number;
  /** Observes every CTI call (operation, caller, validated body), e.g. softphone metrics in tests. */
  readonly onCtiCall?: (operation: string, agent: AgentRecord | undefined, body: unknown) => void;
  /** The CCP panel page at `/connect/ccp-v2/` (softphone timings; shorten them in tests). */
  readonly panel?: Pick<
    PanelRouteOptions,
    | 'metricsFlushIntervalMs'
    | 'statsIntervalMs'
    | 'agentAppEndpoint'
    | 'regionPollIntervalMs'
    | 'heartbeatIntervalMs'
    | 'storageAccessDecision'
  >;
  /**
   * Run two regions (global resiliency) over one shared instance state: the secondary
   * region's panel and CTI endpoint are served under `/secondary` (see {@link RegionController}).
   */
  readonly regions?: RegionsOptions;
}

/**
 * A running emulator.
 * @public
 */
export interface Emulator {
  /** Base URL, e.g. `http://127.0.0.1:4700` (no trailing slash). */
  readonly url: string;
  /** The port it listens on. */
  readonly port: number;
  /** The CTI endpoint (`<url>/api`). */
  readonly ctiEndpoint: string;
  /** The login page, usable as the CCP `loginUrl`. */
  readonly loginUrl: string;
  /** `GET` returns `{accessToken, expiration}` for the session cookie. */
  readonly authorizeUrl: string;
  /** The sign-out URL, the `logoutUrl` of the panel (ends the session). */
  readonly logoutUrl: string;
  /** The control API base and customer-phone page. */
  readonly controlUrl: string;
  /** The control-API token: send it in the `x-connect-emulator-token` header. */
  readonly controlToken: string;
  /** Headers for a control-API call: the token and `Content-Type: application/json`. */
  readonly controlHeaders: Readonly<Record<string, string>>;
  /** The admin API's credentials (for `@aws-sdk/client-connect`'s `credentials`). */
  readonly adminCredentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
  /** The CCP panel URL (`<url>/connect/ccp-v2/`), the `ccpUrl` of `initCCP`. */
  readonly ccpUrl: string;
  /** The agent web-socket base URL (`ws://` or `wss://`). */
  readonly webSocketUrl: string;
  /** The simulated instance's ARN. */
  readonly instanceArn: string;
  /** The PEM certificate when serving TLS. */
  readonly certificate: string | null;
  /** The live domain model (replaced on reset). */
  readonly centre: ContactCentre;
  /** The clock of the emulator (a `ManualClock` when the options gave one). */
  readonly clock: Clock;
  /** The signed-in sessions and their tokens. */
  readonly sessions: SessionStore;
  /** Logs `username` in and returns a fresh access token (for tests and tools). */
  login(username: string): { accessToken: string; refreshToken: string; expiresAt: number };
  /**
   * A one-time sign-in link of `username` (then `redirect`, a path of the emulator): it signs a
   * browser in even when opened from another site (a host page's sign-on frame or popup), where
   * a plain `/login?username=` link only shows the login form. It expires within minutes
   * (`SIGN_IN_TICKET_LIFETIME_MS`) and works once. `POST /control/sign-in-links` mints the same.
   * Throws for an unknown agent.
   */
  signInUrl(username: string, redirect?: string): string;
  /** The two regions, when started with `regions`. */
  readonly regions: RegionController | undefined;
  /** Resets the instance to its seed (sessions stay). */
  reset(): void;
  /** Stops the server: closes its sockets and timers. */
  close(): Promise<void>;
}

/**
 * Starts an emulator (HTTP(S) server, CTI service, auth, web socket, control API).
 * @example
 * ```ts
 * const emulator = await startEmulator({ port: 0 });
 * console.log(emulator.loginUrl);
 * await emulator.close();
 * ```
 * @public
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const clock = options.clock ?? new SystemClock();
  const seed = await resolveSeed(options.seed);
  const allowedOrigins = [...(options.allowedOrigins ?? [])];
  const controlToken = options.controlToken ?? randomBytes(18).toString('base64url');
  const adminCredentials = options.adminCredentials ?? DEFAULT_ADMIN_CREDENTIALS;
  const sessions = new SessionStore(clock, options.tokenLifetimeMs ?? DEFAULT_TOKEN_LIFETIME_MS);
  const tickets = new SignInTickets(clock);
  /** Where the emulator is served, set once it listens. */
  const address = new ServedAddress();
  const centreOptions = contactCentreOptions(options, clock, address);
  const first = new ContactCentre(seed, centreOptions);
  const stateFile = options.stateDir ? new StateFile(options.stateDir) : undefined;
  await stateFile?.load(first);

  const mediaDir = options.stateDir ?? (await mkdtemp(join(tmpdir(), 'connect-emulator-')));
  const instance = new EmulatorInstance(
    first,
    () => new ContactCentre(seed, centreOptions),
    domainServiceOptions(options, { sessions, clock, seed, stateDir: mediaDir }),
  );
  const { services, sockets, chatSockets } = instance;
  const centre = () => instance.centre;
  const faulting = services.withFaults(() => Promise.resolve(false));

  const tls = options.tls === true ? await generateCertificate() : options.tls || null;
  const secure = tls !== null;
  const host = options.host ?? '127.0.0.1';
  const origins = new OriginPolicy(allowedOrigins, secure, address);
  const guard = new ApiGuard({
    controlToken,
    adminCredentials,
    adminRegions: () => [
      instance.centre.region,
      ...(regions ? [regions.primary, regions.secondary] : []),
    ],
    allowRemote: options.allowRemoteControl ?? false,
    scheme: origins.scheme,
    ownOrigins: () => origins.ownOrigins(),
    hostnames: host === '0.0.0.0' || host === '::' ? [] : [host],
  });

  const cti = new CtiService({
    centre,
    sessions,
    now: () => clock.now(),
    epoch: () => instance.epoch,
    ...(options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit }),
    webSocketUrl: (token) =>
      `${address.wsBase}${WEB_SOCKET_PATH}?token=${encodeURIComponent(token)}`,
    ...(options.onCtiCall ? { onCall: options.onCtiCall } : {}),
  });

  /** One line per request that ended in a bug (500), and other notices. */
  const log =
    options.log ?? ((line: string) => process.stderr.write(`connect-emulator: ${line}\n`));

  const regions = options.regions ? new RegionController(options.regions, centre) : undefined;
  const signInLink = signInLinks(tickets, centre, address);
  const controlApp = instanceControlApp(instance, { seed, clock, regions, signInLink, log });

  const secondaryRequests = new WeakSet<IncomingMessage>();
  const app = emulatorApp({
    address,
    secure,
    clock,
    instance,
    sessions,
    tickets,
    allowedOrigins,
    origins,
    guard,
    regions,
    secondaryRequests,
    cti,
    controlApp,
    controlToken,
    steps: [...(options.extraRoutes ?? []), faulting],
    panels: regionPanels(origins, regions, instance.centre.region, options.panel),
    log,
  });
  const handler = requestHandler({
    fetch: app.fetch,
    host,
    address,
    regions,
    secondaryRequests,
    log,
  });
  const server = createNodeServer(
    tls,
    handler,
    (req, socket, head) => instance.handleUpgrade(req, socket, head),
    log,
  );
  await listen(server, options.port ?? DEFAULT_PORT, host);
  address.listening(host, (server.address() as AddressInfo).port, secure);
  const { base, wsBase, port } = address;
  stateFile?.start(centre);

  return {
    url: base,
    port,
    ctiEndpoint: `${base}/api`,
    loginUrl: `${base}/login`,
    authorizeUrl: `${base}/auth/authorize`,
    logoutUrl: `${base}/logout`,
    controlUrl: `${base}/control`,
    controlToken,
    controlHeaders: { [CONTROL_TOKEN_HEADER]: controlToken, 'content-type': 'application/json' },
    adminCredentials: { ...adminCredentials },
    ccpUrl: `${base}/connect/ccp-v2/`,
    webSocketUrl: `${wsBase}${WEB_SOCKET_PATH}`,
    instanceArn: instance.centre.arns.instance,
    certificate: tls?.cert ?? null,
    regions,
    get centre() {
      return instance.centre;
    },
    clock,
    sessions,
    login: (username: string) => loginAgent(instance.centre, sessions, username),
    signInUrl(username: string, redirect?: string) {
      const link = signInLink(username, redirect);
      if (!link) throw new Error(`Unknown agent ${username} or redirect ${String(redirect)}`);
      return link.url;
    },
    reset: () => instance.reset(),
    async close() {
      await stateFile?.stop();
      instance.centre.dispose();
      instance.closeMedia();
      services.close();
      regions?.dispose();
      await services.ledger.flush();
      if (options.stateDir === undefined) await rm(mediaDir, { recursive: true, force: true });
      // Stop accepting first, then drop the open connections: a page still polling (a 30 s
      // long poll on a fresh keep-alive connection) must not hold the close.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await sockets.close();
      await chatSockets.close();
      server.closeAllConnections();
      await closed;
    },
  };
}

/** The domain model's options: the clock, the ring timeouts and the softphone endpoint. */
function contactCentreOptions(
  options: EmulatorOptions,
  clock: Clock,
  address: ServedAddress,
): ContactCentreOptions {
  return {
    clock,
    missedCallTimeoutMs: options.missedCallTimeoutMs ?? DEFAULT_MISSED_CALL_TIMEOUT_MS,
    outboundRingTimeoutMs: options.outboundRingTimeoutMs ?? DEFAULT_OUTBOUND_RING_TIMEOUT_MS,
    // Known once the emulator listens (the views name no endpoint before).
    softphoneSignallingUrl: () =>
      address.wsBase ? `${address.wsBase}${SOFTPHONE_SIGNALLING_PATH}` : '',
  };
}

/** The services' options: the emulator's webhooks and fault rules when given. */
function domainServiceOptions(
  options: EmulatorOptions,
  parts: Pick<DomainServicesOptions, 'sessions' | 'clock' | 'seed' | 'stateDir'>,
): Omit<DomainServicesOptions, 'centre'> {
  return {
    ...parts,
    sessionIdFromCookie: (header) => cookieValue(header, SESSION_COOKIE),
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
    ...(options.agentEventWebhooks ? { agentEventWebhooks: options.agentEventWebhooks } : {}),
    ...(options.faultRules ? { faultRules: options.faultRules as never } : {}),
    ...(options.faultSeed === undefined ? {} : { faultSeed: options.faultSeed }),
  };
}

async function resolveSeed(seed: EmulatorOptions['seed']): Promise<Seed> {
  if (seed === undefined || seed === 'demo') return parseSeed(DEMO_SEED, 'demo seed');
  if (typeof seed === 'string') return loadSeedFile(seed);
  return parseSeed(seed);
}
