import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  AGENT_APP_PATHS,
  DEFAULT_MISSED_CALL_TIMEOUT_MS,
  DEFAULT_OUTBOUND_RING_TIMEOUT_MS,
  DEFAULT_PORT,
  DEFAULT_ADMIN_CREDENTIALS,
  DEFAULT_TOKEN_LIFETIME_MS,
  CONTROL_TOKEN_HEADER,
  SESSION_COOKIE,
} from './constants';
import { adminOperation } from './admin/admin-router';
import {
  awsErrorBody,
  cookieValue,
  header,
  HttpError,
  requestUrl,
  sendAwsError,
  sendHttpError,
} from './lib/http';
import { ApiGuard, isLoopbackHostname, isLoopbackOrigin } from './security/api-guard';
import { authRoutes } from './auth/auth-routes';
import { SessionStore } from './auth/sessions';
import { SignInTickets } from './auth/sign-in-tickets';
import { customerPhonePage } from './control/page';
import { controlOpenApi } from './control/openapi';
import { createControlApp } from './control/control-app';
import { contactStartBackend } from './services/contact-start-backend';
import { getRequestListener } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { ctiRoutes } from './cti/cti-route';
import { ALREADY_SENT, nodeSteps, type EmulatorEnv } from './http/node-env';
import { createNodeServer, generateCertificate, listen } from './http/node-server';
import { CtiService } from './cti/service';
import { SystemClock, type Clock } from './domain/clock';
import { type AgentRecord, ContactCentre } from './domain/contact-centre';
import { DEMO_SEED, loadSeedFile, parseSeed, type Seed, type SeedInput } from './domain/seed';
import { MESSAGES } from './messages';
import { AgentSocketServer, WEB_SOCKET_PATH } from './ws/socket-server';
import { publishTopics } from './ws/topic-publisher';
import {
  RegionController,
  REGION_STATUS_PATH,
  SECONDARY_REGION_PREFIX,
  type RegionsOptions,
} from './regions/regions';
import { decideWsFault } from './faults/ws-faults';
import { createDomainServices } from './services/domain-services';
import { panelRoutes, type PanelRouteOptions } from './panel';
import { frameAncestors } from './panel/panel-page';
import { ChatSessions } from './chat/chat-sessions';
import { ChatSocketServer } from './chat/chat-socket-server';
import { participantRoutes } from './chat/participant-routes';
import { CHAT_TOPIC } from './constants';

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
  const centreOptions = {
    clock,
    missedCallTimeoutMs: options.missedCallTimeoutMs ?? DEFAULT_MISSED_CALL_TIMEOUT_MS,
    outboundRingTimeoutMs: options.outboundRingTimeoutMs ?? DEFAULT_OUTBOUND_RING_TIMEOUT_MS,
  };
  let centre = new ContactCentre(seed, centreOptions);
  let epoch = 1;
  const stateFile = options.stateDir ? join(options.stateDir, 'state.json') : undefined;
  if (stateFile) {
    await mkdir(options.stateDir!, { recursive: true });
    try {
      centre.importState(JSON.parse(await readFile(stateFile, 'utf8')));
    } catch {
      // No saved state yet, or unreadable: start from the seed.
    }
  }

  const mediaDir = options.stateDir ?? (await mkdtemp(join(tmpdir(), 'connect-emulator-')));
  const services = createDomainServices({
    centre: () => centre,
    sessions,
    clock,
    seed,
    stateDir: mediaDir,
    sessionIdFromCookie: (header) => cookieValue(header, SESSION_COOKIE),
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
    ...(options.agentEventWebhooks ? { agentEventWebhooks: options.agentEventWebhooks } : {}),
    ...(options.faultRules ? { faultRules: options.faultRules as never } : {}),
    ...(options.faultSeed === undefined ? {} : { faultSeed: options.faultSeed }),
  });
  centre.onContactChange(services.contactChanged);
  centre.onAgentChange(services.agentChanged);
  const faulting = services.withFaults(() => Promise.resolve(false));

  const tls = options.tls === true ? await generateCertificate() : options.tls || null;
  const secure = tls !== null;
  const sockets = new AgentSocketServer(
    sessions,
    (op) => decideWsFault(services.faults, op),
    () => centre,
  );
  publishTopics(centre, sockets);
  // Chats: the Participant Service's sessions, their socket, and the agents' chat topic.
  const chats = new ChatSessions(() => clock.now());
  let unfollowChats = chats.follow(centre);
  const chatSockets = new ChatSocketServer(
    () => centre.chatSecret,
    () => chats,
  );
  chats.deliverTo(chatSockets);
  chats.deliverTo({
    toParticipants: () => undefined,
    toAgents: (agentIds, item) => sockets.publish(CHAT_TOPIC, agentIds, item),
  });
  let base = '';
  let wsBase = '';
  let port = 0;
  const host = options.host ?? '127.0.0.1';
  const guard = new ApiGuard({
    controlToken,
    adminAccessKeyId: adminCredentials.accessKeyId,
    allowRemote: options.allowRemoteControl ?? false,
    scheme: secure ? 'https:' : 'http:',
    ownOrigins: () => ownOrigins(),
    hostnames: host === '0.0.0.0' || host === '::' ? [] : [host],
  });
  /** The session cookie for a request: cross-site attributes where the browser accepts them. */
  const sessionCookie = (req: IncomingMessage, value: string, expire = false): string => {
    const hostname = URL.canParse(`http://${header(req, 'host') ?? ''}`)
      ? new URL(`http://${header(req, 'host') ?? ''}`).hostname
      : '';
    return sessionCookieFor(value, secure || isLoopbackHostname(hostname), expire);
  };

  const cti = new CtiService({
    centre: () => centre,
    sessions,
    now: () => clock.now(),
    epoch: () => epoch,
    ...(options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit }),
    webSocketUrl: (token) => `${wsBase}${WEB_SOCKET_PATH}?token=${encodeURIComponent(token)}`,
    ...(options.onCtiCall ? { onCall: options.onCtiCall } : {}),
  });

  const reset = () => {
    const old = centre;
    centre = new ContactCentre(seed, centreOptions);
    centre.onContactChange(services.contactChanged);
    centre.onAgentChange(services.agentChanged);
    services.agentEvents.reset();
    publishTopics(centre, sockets);
    unfollowChats();
    unfollowChats = chats.follow(centre);
    epoch++;
    old.dispose();
  };

  /** One line per request that ended in a bug (500), and other notices. */
  const log =
    options.log ?? ((line: string) => process.stderr.write(`connect-emulator: ${line}\n`));

  /** The emulator's own origins: its base URL's and the loopback names on its port. */
  const ownOrigins = (): string[] => {
    const scheme = secure ? 'https' : 'http';
    return [
      base,
      `${scheme}://127.0.0.1:${port}`,
      `${scheme}://localhost:${port}`,
      `${scheme}://[::1]:${port}`,
    ];
  };

  /**
   * The origin CORS grants (with credentials): the allowed origins when given, else any loopback
   * origin on the emulator's own scheme; always the emulator's own origins; never `null`.
   */
  const corsOrigin = (req: IncomingMessage): string | undefined => {
    const origin = header(req, 'origin');
    if (!origin || origin === 'null') return undefined;
    if (ownOrigins().includes(origin)) return origin;
    if (allowedOrigins.length > 0) return allowedOrigins.includes(origin) ? origin : undefined;
    return isLoopbackOrigin(origin, secure ? 'https:' : 'http:') ? origin : undefined;
  };

  /** The origins allowed to frame the panel (CSP `frame-ancestors`). */
  const frameOrigins = (): string[] => {
    if (allowedOrigins.length > 0) return allowedOrigins;
    const scheme = secure ? 'https' : 'http';
    return [`${scheme}://localhost:*`, `${scheme}://127.0.0.1:*`, `${scheme}://[::1]:*`];
  };

  // The CCP panel page: framed only by the allowed origins (loopback pages when none
  // are set; the browser enforces it through CSP frame-ancestors).
  const regions = options.regions ? new RegionController(options.regions, () => centre) : undefined;
  const panelOptions = {
    allowedOrigins: frameOrigins,
    anyOrigin: () => allowedOrigins.length === 0,
  };
  const primaryPanel: PanelRouteOptions = {
    ...panelOptions,
    region: regions?.primary ?? centre.region,
    // Voice ID and other agent-app calls go from the panel's worker to this emulator's endpoint.
    agentAppEndpoint: AGENT_APP_PATHS[0],
    ...options.panel,
    ...(regions ? { regionStatusEndpoint: REGION_STATUS_PATH } : {}),
  };
  const secondaryPanel: PanelRouteOptions | undefined = regions
    ? {
        ...panelOptions,
        region: regions.secondary,
        agentAppEndpoint: `${SECONDARY_REGION_PREFIX}${AGENT_APP_PATHS[0]}`,
        ...options.panel,
        ctiEndpoint: `${SECONDARY_REGION_PREFIX}/api`,
        basePath: SECONDARY_REGION_PREFIX,
        regionStatusEndpoint: `${SECONDARY_REGION_PREFIX}${REGION_STATUS_PATH}`,
      }
    : undefined;

  // The control API: simulation and service routes (Hono, zod route schemas).
  /** A one-time sign-in link (undefined for an unknown agent or a redirect off this origin). */
  const signInLink = (username: string, redirect: string | undefined) => {
    if (!centre.agentByUsername(username)) return undefined;
    if (redirect !== undefined && !/^\/(?![/\\])/.test(redirect)) return undefined;
    const { ticket, expiresAt } = tickets.mint(username, redirect ?? '');
    const query = new URLSearchParams({
      username,
      ...(redirect === undefined ? {} : { redirect }),
      ticket,
    });
    return { url: `${base}/login?${query.toString()}`, expiresAt };
  };
  const controlApp = createControlApp({
    signInLink,
    centre: () => centre,
    clock,
    reset: () => reset(),
    log,
    // The customer page's chats start as the admin API's StartChatContact does.
    startChatContact: (input) =>
      contactStartBackend(() => centre, seed, clock).startChatContact(input),
    services: () => ({
      faults: services.faults,
      voiceId: services.voiceId,
      events: services.events,
      webhooks: services.webhooks,
      agentWebhooks: services.agentWebhooks,
      eventStream: services.eventStream,
      regions,
      media: services.mediaRoutes,
    }),
  });

  /** The protected surface a request is for: the control API, the admin API, or neither. */
  const protectedSurface = (method: string, path: string): 'control' | 'admin' | undefined => {
    if (path === '/api' || path === '/connect/api') return undefined; // the CTI hot path
    if (path === '/control' || path.startsWith('/control/')) return 'control';
    return adminOperation(method, path) === undefined ? undefined : 'admin';
  };

  // Every surface on one Hono app. Its first middleware is the one place of the protections:
  // the request URL parsed defensively, the control and admin APIs' guard (loopback, Host,
  // cross-site refusal, credential; no CORS), CORS for the others.
  const app = new Hono<EmulatorEnv>();
  // The error boundary of every surface: a bug answers an AWS-shaped 500 for this one request
  // and a log line, never a dead process.
  app.onError((error, c) => {
    const req = c.env.incoming;
    const res = c.env.outgoing;
    if (error instanceof HttpError) sendHttpError(res, error);
    else {
      log(
        `500 on ${req.method ?? '?'} ${String(req.url).slice(0, 200)}: ${
          error.stack ?? String(error)
        }`,
      );
      if (!res.headersSent) sendAwsError(res, 500, 'InternalServiceException', MESSAGES.internal);
      else res.destroy();
    }
    return ALREADY_SENT;
  });
  app.use(async (c, next) => {
    const req = c.env.incoming;
    const res = c.env.outgoing;
    const url = requestUrl(req.url, base);
    if (url === undefined) throw new HttpError(400, 'InvalidRequestException', MESSAGES.badPath);
    const method = req.method ?? 'GET';
    const surface = protectedSurface(method, url.pathname);
    if (surface) {
      if (method === 'OPTIONS') {
        // No CORS for the control and admin APIs: a preflight is refused.
        throw new HttpError(403, 'AccessDeniedException', MESSAGES.crossSiteRefused);
      }
      const page = url.pathname === '/control' || url.pathname === '/control/';
      guard.check(req, surface, !page && url.pathname !== '/control/openapi.json');
    } else {
      const origin = corsOrigin(req);
      if (origin) {
        res.setHeader('Access-Control-Allow-Origin', origin);
        res.setHeader('Access-Control-Allow-Credentials', 'true');
        res.setHeader('Vary', 'Origin');
      }
      if (method === 'OPTIONS') {
        if (!origin) throw new HttpError(403, 'AccessDeniedException', MESSAGES.corsRefused);
        res.writeHead(204, {
          'Access-Control-Allow-Methods': 'GET, POST, PUT, OPTIONS',
          'Access-Control-Allow-Headers':
            header(req, 'access-control-request-headers') ??
            'content-type, x-amz-target, x-amz-bearer, x-amz-user-agent',
          'Access-Control-Max-Age': '600',
        });
        res.end();
        return ALREADY_SENT;
      }
    }
    c.set('url', url);
    c.set('region', secondaryRequests.has(req) ? regions?.secondary : regions?.primary);
    await next();
  });
  // The host application's routes, then the fault injection (which may answer for any surface).
  app.use(nodeSteps(...(options.extraRoutes ?? []), faulting));
  // The CTI endpoint.
  app.route('/', ctiRoutes({ cti, regions, base: () => base, log }));
  // A region's status and the regions' discovery document (two regions only).
  app.use(async (c, next) => {
    const region = c.get('region');
    const path = c.get('url').pathname;
    if (regions && region && (await regions.handle(c.env.incoming, c.env.outgoing, path, region)))
      return ALREADY_SENT;
    await next();
  });
  // The Participant Service (chat), then the admin API, the agent-app endpoint and the
  // task-templates proxy.
  app.route(
    '/',
    participantRoutes({
      centre: () => centre,
      chats,
      base: () => base,
      wsBase: () => (secure ? wsBase : `ws://127.0.0.1:${port}`),
      now: () => clock.now(),
    }),
  );
  app.route('/', services.admin);
  app.route('/', services.agentApp);
  // Sign-in: login, authorize, logout, whitelisted origins.
  app.route(
    '/',
    authRoutes({
      centre: () => centre,
      sessions,
      allowedOrigins,
      sessionCookie,
      tickets,
      frameAncestors: () => frameAncestors(frameOrigins()),
      // The host pages the emulator already trusts (CORS): the allowed origins, else loopback.
      trustedPage: (origin) =>
        allowedOrigins.length > 0
          ? allowedOrigins.includes(origin) || allowedOrigins.includes('*')
          : isLoopbackOrigin(origin, secure ? 'https:' : 'http:'),
    }),
  );
  // The control API: the customer-phone page, its OpenAPI document, its routes.
  const phonePage = (c: Context<EmulatorEnv>) =>
    c.html(customerPhonePage(controlToken), 200, {
      'Content-Security-Policy': "frame-ancestors 'none'",
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    });
  app.all('/control', phonePage);
  app.all('/control/', phonePage);
  app.all('/control/openapi.json', (c) => c.json(controlOpenApi(base), 200));
  app.route('/', controlApp);
  app.get('/', (c) =>
    c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>connect-emulator</title></head><body style="font:14px system-ui,sans-serif;margin:2rem"><h1>connect-emulator</h1><ul><li>Instance: <code>${centre.arns.instance}</code></li><li><a href="/login">Login</a></li><li><a href="/connect/ccp-v2/">CCP panel</a></li><li><a href="/control">Customer phone</a></li><li><a href="/control/openapi.json">Control API (OpenAPI)</a></li><li>CTI endpoint: <code>${base}/api</code></li></ul></body></html>`,
      200,
    ),
  );
  // The CCP panel (the secondary region's under its prefix), then 404.
  app.route(
    '/',
    panelRoutes<EmulatorEnv>((c) =>
      secondaryPanel && c.get('region') === regions?.secondary ? secondaryPanel : primaryPanel,
    ),
  );
  app.all('*', (c) => {
    throw new HttpError(
      404,
      'NotFoundException',
      MESSAGES.notFoundRoute(c.req.method, c.get('url').pathname.slice(0, 200)),
    );
  });

  const listener = getRequestListener(app.fetch, {
    // A request without a Host header (HTTP/1.0) is for this emulator.
    hostname: host,
    // A request line or Host header the URL parser refuses: an AWS-shaped 400.
    errorHandler: () =>
      new Response(JSON.stringify(awsErrorBody('InvalidRequestException', MESSAGES.badPath)), {
        status: 400,
        headers: {
          'content-type': 'application/json',
          'x-amzn-ErrorType': 'InvalidRequestException',
        },
      }),
  });
  // The secondary region: its own panel, CTI endpoint and status under one prefix, which is
  // taken off before routing (and before the protections, which see the path they protect).
  const secondaryRequests = new WeakSet<IncomingMessage>();
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    req.on('error', () => res.destroy());
    res.on('error', () => undefined);
    if (regions) {
      const url = requestUrl(req.url, base);
      if (url?.pathname.startsWith(`${SECONDARY_REGION_PREFIX}/`)) {
        secondaryRequests.add(req);
        req.url = `${url.pathname.slice(SECONDARY_REGION_PREFIX.length)}${url.search}`;
      }
    }
    listener(req, res).catch((error: unknown) => {
      log(`request failed: ${(error as Error)?.stack ?? String(error)}`);
      res.destroy();
    });
  };

  const server = createNodeServer(
    tls,
    handler,
    (req, socket, head) => {
      if (ChatSocketServer.handles(req)) chatSockets.handleUpgrade(req, socket, head);
      else sockets.handleUpgrade(req, socket, head);
    },
    log,
  );
  await listen(server, options.port ?? DEFAULT_PORT, host);
  port = (server.address() as AddressInfo).port;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  base = `${secure ? 'https' : 'http'}://${shownHost}:${port}`;
  wsBase = `${secure ? 'wss' : 'ws'}://${shownHost}:${port}`;

  let savedChanges = -1;
  const save = async () => {
    if (!stateFile || centre.changes === savedChanges) return;
    savedChanges = centre.changes;
    await writeFile(stateFile, JSON.stringify(centre.exportState(), null, 2));
  };
  const saver = stateFile ? setInterval(() => void save().catch(() => undefined), 1000) : undefined;
  saver?.unref();

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
    instanceArn: centre.arns.instance,
    certificate: tls?.cert ?? null,
    regions,
    get centre() {
      return centre;
    },
    clock,
    sessions,
    login(username: string) {
      const agent = centre.agentByUsername(username);
      if (!agent) throw new Error(`Unknown agent ${username}`);
      const session = sessions.login(agent.id);
      const issued = sessions.issueToken(session);
      return {
        accessToken: issued.accessToken,
        refreshToken: session.refreshToken,
        expiresAt: issued.expiresAt,
      };
    },
    signInUrl(username: string, redirect?: string) {
      const link = signInLink(username, redirect);
      if (!link) throw new Error(`Unknown agent ${username} or redirect ${String(redirect)}`);
      return link.url;
    },
    reset,
    async close() {
      if (saver) clearInterval(saver);
      await save().catch(() => undefined);
      centre.dispose();
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

async function resolveSeed(seed: EmulatorOptions['seed']): Promise<Seed> {
  if (seed === undefined || seed === 'demo') return parseSeed(DEMO_SEED, 'demo seed');
  if (typeof seed === 'string') return loadSeedFile(seed);
  return parseSeed(seed);
}

/**
 * The session cookie. Over HTTPS, and over HTTP on loopback hosts (which browsers count as
 * secure contexts), it is `SameSite=None; Secure; Partitioned`, so that a CCP framed by a page of
 * another loopback origin (`localhost` framing `127.0.0.1`) is signed in; elsewhere over plain
 * HTTP it can only be `SameSite=Lax` (the panel then works on its own origin only).
 */
function sessionCookieFor(value: string, crossSite: boolean, expire = false): string {
  const attrs = crossSite ? 'SameSite=None; Secure; Partitioned' : 'SameSite=Lax';
  return `${SESSION_COOKIE}=${encodeURIComponent(value)}; Path=/; HttpOnly; ${attrs}${expire ? '; Max-Age=0' : ''}`;
}
