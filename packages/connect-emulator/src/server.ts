import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { CTI_SERVICE } from '@x/connect-streams/protocol';
import {
  AGENT_APP_PATHS,
  DEFAULT_MISSED_CALL_TIMEOUT_MS,
  DEFAULT_OUTBOUND_RING_TIMEOUT_MS,
  DEFAULT_PORT,
  DEFAULT_TOKEN_LIFETIME_MS,
  MAX_BODY_BYTES,
  SESSION_COOKIE,
} from './constants';
import { loggedInPage, loginPage } from './auth/pages';
import { SessionStore } from './auth/sessions';
import { customerPhonePage } from './control/page';
import { controlOpenApi } from './control/openapi';
import { handleControl } from './control/routes';
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
import { createPanelRequestHandler, type PanelRouteOptions } from './panel';

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
  /** Origins allowed to call the emulator with credentials (CORS) and listed by `/whitelisted-origins`. Empty: any origin. */
  readonly allowedOrigins?: readonly string[];
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
  /** Per-token CTI request rate limit (429 ThrottlingException beyond it); `null` turns it off. Default 50/s, burst 100. */
  readonly rateLimit?: { readonly requestsPerSecond: number; readonly burst: number } | null;
  /** Extra routes served on the emulator origin before its own. */
  readonly extraRoutes?: readonly ExtraRoute[];
  /** Webhook URLs that receive contact events (more can be added through the control API). */
  readonly webhooks?: readonly string[];
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
   * Run two regions (global resiliency, issue 7 §8) over one shared instance state: the secondary
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
  readonly port: number;
  /** The CTI endpoint (`<url>/api`). */
  readonly ctiEndpoint: string;
  /** The login page, usable as the CCP `loginUrl`. */
  readonly loginUrl: string;
  /** `GET` returns `{accessToken, expiration}` for the session cookie. */
  readonly authorizeUrl: string;
  readonly logoutUrl: string;
  /** The control API base and customer-phone page. */
  readonly controlUrl: string;
  /** The agent web-socket base URL (`ws://` or `wss://`). */
  readonly webSocketUrl: string;
  readonly instanceArn: string;
  /** The PEM certificate when serving TLS. */
  readonly certificate: string | null;
  /** The live domain model (replaced on reset). */
  readonly centre: ContactCentre;
  readonly clock: Clock;
  readonly sessions: SessionStore;
  /** Logs `username` in and returns a fresh access token (for tests and tools). */
  login(username: string): { accessToken: string; refreshToken: string; expiresAt: number };
  /** The two regions, when started with `regions`. */
  readonly regions: RegionController | undefined;
  /** Resets the instance to its seed (sessions stay). */
  reset(): void;
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
  const sessions = new SessionStore(clock, options.tokenLifetimeMs ?? DEFAULT_TOKEN_LIFETIME_MS);
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
    ...(options.faultRules ? { faultRules: options.faultRules as never } : {}),
    ...(options.faultSeed === undefined ? {} : { faultSeed: options.faultSeed }),
  });
  centre.onContactChange(services.contactChanged);
  const faulting = services.withFaults(() => Promise.resolve(false));

  const tls = options.tls === true ? await generateCertificate() : options.tls || null;
  const secure = tls !== null;
  const sockets = new AgentSocketServer(sessions, (op) => decideWsFault(services.faults, op));
  publishTopics(centre, sockets);
  let base = '';
  let wsBase = '';

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
    publishTopics(centre, sockets);
    epoch++;
    old.dispose();
  };

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        sendJson(res, 500, { error: 'InternalError', message: (error as Error).message });
      else res.destroy();
    });
  };

  const corsOrigin = (req: IncomingMessage): string | undefined => {
    const origin = req.headers.origin;
    if (!origin) return undefined;
    return allowedOrigins.length === 0 || allowedOrigins.includes(origin) || origin === base
      ? origin
      : undefined;
  };

  // The CCP panel page (issue 4): framed only by the allowed origins (any origin when none are set).
  const regions = options.regions ? new RegionController(options.regions, () => centre) : undefined;
  const panel = createPanelRequestHandler({
    allowedOrigins: () => (allowedOrigins.length === 0 ? ['*'] : allowedOrigins),
    region: regions?.primary ?? centre.region,
    // Voice ID and other agent-app calls go from the panel's worker to this emulator's endpoint.
    agentAppEndpoint: AGENT_APP_PATHS[0],
    ...options.panel,
    ...(regions ? { regionStatusEndpoint: REGION_STATUS_PATH } : {}),
  });
  const secondaryPanel = regions
    ? createPanelRequestHandler({
        allowedOrigins: () => (allowedOrigins.length === 0 ? ['*'] : allowedOrigins),
        region: regions.secondary,
        agentAppEndpoint: `${SECONDARY_REGION_PREFIX}${AGENT_APP_PATHS[0]}`,
        ...options.panel,
        ctiEndpoint: `${SECONDARY_REGION_PREFIX}/api`,
        basePath: SECONDARY_REGION_PREFIX,
        regionStatusEndpoint: `${SECONDARY_REGION_PREFIX}${REGION_STATUS_PATH}`,
      })
    : undefined;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url = new URL(req.url ?? '/', base);
    // The secondary region: its own panel, CTI endpoint and status under one prefix.
    let region = regions?.primary;
    if (regions && url.pathname.startsWith(`${SECONDARY_REGION_PREFIX}/`)) {
      region = regions.secondary;
      req.url = `${url.pathname.slice(SECONDARY_REGION_PREFIX.length)}${url.search}`;
      url = new URL(req.url, base);
    }
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const origin = corsOrigin(req);
    if (origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Vary', 'Origin');
    }
    if (method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers':
          req.headers['access-control-request-headers'] ??
          'content-type, x-amz-target, x-amz-bearer, x-amz-user-agent',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }
    for (const route of options.extraRoutes ?? []) if (await route(req, res, url)) return;
    if (await faulting(req, res, url)) return;
    if (regions && region && (await regions.handle(req, res, path, region))) return;
    if (await services.routes(req, res, url)) return;

    if (path === '/api' || path === '/connect/api') {
      if (method !== 'POST')
        return sendJson(res, 405, { __type: 'MethodNotAllowed', message: 'Use POST.' });
      const body = await readBody(req, res);
      if (body === undefined) return;
      const abort = new AbortController();
      res.on('close', () => abort.abort());
      const target = header(req, CTI_SERVICE.targetHeader);
      const standby =
        regions && region ? regions.interceptCti(region, target, body, base) : undefined;
      const result =
        standby ??
        (await cti.handle(target, header(req, CTI_SERVICE.bearerHeader), body, abort.signal));
      if (res.destroyed) return;
      const answer =
        regions && region ? regions.filterCtiAnswer(region, target, result.body) : result.body;
      res.writeHead(result.status, {
        'Content-Type': CTI_SERVICE.contentType,
        'x-amzn-RequestId': randomUUID(),
        ...(result.errorType ? { 'x-amzn-ErrorType': result.errorType } : {}),
      });
      res.end(JSON.stringify(answer));
      return;
    }

    if (path === '/login' || path === '/connect/login') {
      if (method === 'GET' && !url.searchParams.get('username'))
        return sendHtml(
          res,
          200,
          loginPage([...centre.agents.values()], url.searchParams.get('redirect') ?? ''),
        );
      let params = url.searchParams;
      if (method === 'POST') {
        const body = await readBody(req, res);
        if (body === undefined) return;
        params = new URLSearchParams(body);
      } else if (method !== 'GET')
        return sendJson(res, 405, { error: 'MethodNotAllowed', message: 'Use GET or POST.' });
      const agent = centre.agentByUsername(params.get('username') ?? '');
      if (!agent)
        return sendJson(res, 400, {
          error: 'BadRequest',
          message: `Unknown agent ${JSON.stringify(params.get('username') ?? '')}.`,
        });
      const session = sessions.login(agent.id);
      res.setHeader('Set-Cookie', sessionCookie(session.id, secure));
      const redirect = params.get('redirect') ?? '';
      if (redirect.startsWith('/') && !redirect.startsWith('//')) {
        res.writeHead(303, { Location: redirect });
        res.end();
        return;
      }
      return sendHtml(res, 200, loggedInPage(agent));
    }

    if (path === '/auth/authorize' || path === '/connect/auth/authorize') {
      if (method !== 'GET')
        return sendJson(res, 405, { error: 'MethodNotAllowed', message: 'Use GET.' });
      const session = sessions.session(cookie(req, SESSION_COOKIE));
      if (!session)
        return sendJson(res, 401, { error: 'Unauthorized', message: MESSAGES.notLoggedIn });
      const issued = sessions.issueToken(session);
      return sendJson(res, 200, {
        accessToken: issued.accessToken,
        expiration: new Date(issued.expiresAt).toISOString(),
        refreshToken: session.refreshToken,
      });
    }

    if (path === '/logout' || path === '/connect/logout') {
      const session = sessions.session(cookie(req, SESSION_COOKIE));
      if (session) sessions.logout(session);
      res.setHeader('Set-Cookie', sessionCookie('', secure, true));
      return sendJson(res, 200, { loggedOut: session !== undefined });
    }

    if (path === '/whitelisted-origins' || path === '/connect/whitelisted-origins') {
      const verdict = sessions.verify(header(req, CTI_SERVICE.bearerHeader));
      if (typeof verdict === 'string')
        return sendJson(res, 401, { error: 'Unauthorized', message: MESSAGES.invalidToken });
      return sendJson(res, 200, { whitelistedOrigins: allowedOrigins });
    }

    if (path === '/control' || path === '/control/') return sendHtml(res, 200, customerPhonePage());
    if (path === '/control/openapi.json') return sendJson(res, 200, controlOpenApi(base));
    if (path.startsWith('/control/')) {
      let body = '';
      if (method === 'POST') {
        const read = await readBody(req, res);
        if (read === undefined) return;
        body = read;
      }
      const result = handleControl({ centre: () => centre, clock, reset }, method, path, body);
      return sendJson(res, result.status, result.body);
    }

    if (path === '/' && method === 'GET') {
      return sendHtml(
        res,
        200,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>connect-emulator</title></head><body style="font:14px system-ui,sans-serif;margin:2rem"><h1>connect-emulator</h1><ul><li>Instance: <code>${centre.arns.instance}</code></li><li><a href="/login">Login</a></li><li><a href="/control">Customer phone</a></li><li><a href="/control/openapi.json">Control API (OpenAPI)</a></li><li>CTI endpoint: <code>${base}/api</code></li></ul></body></html>`,
      );
    }
    if (region !== undefined && region === regions?.secondary) {
      if (await secondaryPanel?.(req, res)) return;
    } else if (await panel(req, res)) return;
    sendJson(res, 404, { error: 'NotFound', message: `No route ${method} ${path}.` });
  }

  const server: Server = tls
    ? createHttpsServer({ key: tls.key, cert: tls.cert }, handler)
    : createHttpServer(handler);
  server.on('upgrade', (req, socket, head) => sockets.handleUpgrade(req, socket, head));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
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

async function generateCertificate(): Promise<{ key: string; cert: string }> {
  const { generate } = await import('selfsigned');
  const notBeforeDate = new Date(Date.now() - 60_000);
  const notAfterDate = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function cookie(req: IncomingMessage, name: string): string | undefined {
  return cookieValue(req.headers.cookie, name);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

function sessionCookie(value: string, secure: boolean, expire = false): string {
  const attrs = secure ? 'SameSite=None; Secure; Partitioned' : 'SameSite=Lax';
  return `${SESSION_COOKIE}=${encodeURIComponent(value)}; Path=/; HttpOnly; ${attrs}${expire ? '; Max-Age=0' : ''}`;
}

function readBody(req: IncomingMessage, res: ServerResponse): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        done = true;
        sendJson(res, 413, {
          __type: 'SerializationException',
          message: 'Request body too large.',
        });
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', () => resolve(undefined));
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(html);
}
