// Every HTTP surface of the emulator on one Hono app, in the order a request meets them: the
// protections, the host's routes and fault injection, the CTI endpoint, the regions' status, the
// Participant Service, the admin API, the recordings bucket (S3) and agent-app endpoint, sign-in, the control API, the home
// page, the CCP panel, then 404.
import type { IncomingMessage } from 'node:http';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { Hono, type Context } from 'hono';
import { authRoutes } from '../auth/auth-routes';
import type { SessionStore } from '../auth/sessions';
import type { SignInTickets } from '../auth/sign-in-tickets';
import { participantRoutes } from '../chat/participant-routes';
import { controlOpenApi } from '../control/openapi';
import { customerPhonePage } from '../control/page';
import { ctiRoutes } from '../cti/cti-route';
import type { CtiService } from '../cti/service';
import type { Clock } from '../domain/clock';
import { HttpError } from '../lib/http';
import { s3Routes } from '../media/s3-routes';
import { MESSAGES } from '../messages';
import { panelRoutes, type PanelRouteOptions } from '../panel';
import { buildCustomerPhoneBundle, frameAncestors } from '../panel/panel-page';
import type { RegionController } from '../regions/regions';
import type { ApiGuard } from '../security/api-guard';
import type { EmulatorInstance } from '../services/emulator-instance';
import { ALREADY_SENT, nodeSteps, type EmulatorEnv, type NodeStep } from './node-env';
import type { OriginPolicy, ServedAddress } from './origin-policy';
import { errorBoundary, protections } from './protections';

/** The parts the emulator's app routes to. */
export interface EmulatorAppParts {
  readonly address: ServedAddress;
  readonly secure: boolean;
  readonly clock: Clock;
  readonly instance: EmulatorInstance;
  readonly sessions: SessionStore;
  readonly tickets: SignInTickets;
  /** The allowed origins of the options (listed by `/whitelisted-origins`). */
  readonly allowedOrigins: readonly string[];
  readonly origins: OriginPolicy;
  readonly guard: ApiGuard;
  readonly regions: RegionController | undefined;
  /** The requests that came in under the secondary region's prefix. */
  readonly secondaryRequests: WeakSet<IncomingMessage>;
  readonly cti: CtiService;
  /** The control API's routes (simulation and services). */
  readonly controlApp: OpenAPIHono;
  readonly controlToken: string;
  /** The host application's routes, then the fault injection. */
  readonly steps: readonly NodeStep[];
  /** The panel options of a request (per region). */
  readonly panels: (c: Context<EmulatorEnv>) => PanelRouteOptions;
  readonly log: (line: string) => void;
}

/** The emulator's Hono app: every surface, behind one error boundary and one protection step. */
export function emulatorApp(parts: EmulatorAppParts): Hono<EmulatorEnv> {
  const { address, instance, regions, origins, log } = parts;
  const base = () => address.base;
  const app = new Hono<EmulatorEnv>();
  app.onError(errorBoundary(log));
  app.use(protections(parts));
  // The host application's routes, then the fault injection (which may answer for any surface).
  app.use(nodeSteps(...parts.steps));
  // The CTI endpoint.
  app.route('/', ctiRoutes({ cti: parts.cti, regions, base, log }));
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
      centre: () => instance.centre,
      chats: instance.chats,
      base,
      wsBase: () => (parts.secure ? address.wsBase : `ws://127.0.0.1:${address.port}`),
      now: () => parts.clock.now(),
    }),
  );
  app.route('/', instance.services.admin);
  // The recordings bucket, as S3 serves it (SigV4-signed GetObject and HeadObject).
  app.route(
    '/',
    s3Routes({
      media: () => instance.services.media,
      guard: parts.guard,
      secondaryRequests: parts.secondaryRequests,
    }),
  );
  app.route('/', instance.services.agentApp);
  // Sign-in: login, authorize, logout, whitelisted origins.
  app.route(
    '/',
    authRoutes({
      centre: () => instance.centre,
      sessions: parts.sessions,
      allowedOrigins: parts.allowedOrigins,
      sessionCookie: (req, value, expire) => origins.sessionCookie(req, value, expire),
      tickets: parts.tickets,
      frameAncestors: () => frameAncestors(origins.frameOrigins()),
      trustedPage: (origin) => origins.trustedPage(origin),
    }),
  );
  // The control API: the customer-phone page, its OpenAPI document, its routes.
  const phonePage = (c: Context<EmulatorEnv>) =>
    c.html(customerPhonePage(parts.controlToken), 200, {
      'Content-Security-Policy': "frame-ancestors 'none'",
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    });
  app.all('/control', phonePage);
  app.all('/control/', phonePage);
  app.get('/control/phone.js', async (c) =>
    c.body(await buildCustomerPhoneBundle(), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    }),
  );
  app.all('/control/openapi.json', (c) => c.json(controlOpenApi(address.base), 200));
  app.route('/', parts.controlApp);
  app.get('/', (c) => c.html(homePage(instance.centre.arns.instance, address.base), 200));
  // The CCP panel (the secondary region's under its prefix), then 404.
  app.route('/', panelRoutes<EmulatorEnv>(parts.panels));
  app.all('*', (c) => {
    throw new HttpError(
      404,
      'NotFoundException',
      MESSAGES.notFoundRoute(c.req.method, c.get('url').pathname.slice(0, 200)),
    );
  });
  return app;
}

/** The emulator's home page: the instance and links to its pages and endpoints. */
function homePage(instanceArn: string, base: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>connect-emulator</title></head><body style="font:14px system-ui,sans-serif;margin:2rem"><h1>connect-emulator</h1><ul><li>Instance: <code>${instanceArn}</code></li><li><a href="/login">Login</a></li><li><a href="/connect/ccp-v2/">CCP panel</a></li><li><a href="/control">Customer phone</a></li><li><a href="/control/openapi.json">Control API (OpenAPI)</a></li><li>CTI endpoint: <code>${base}/api</code></li></ul></body></html>`;
}
