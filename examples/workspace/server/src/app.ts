// The Hono app: request ids, JSON logs, bearer auth, workspace membership, error bodies,
// response validation, the OpenAPI document and its reference page, and the modules' routes.
import { OpenAPIHono } from '@hono/zod-openapi';
import { Scalar } from '@scalar/hono-api-reference';
import type { MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { bodyLimits, inputGuard } from './lib/guard';
import { securityHeaders } from './lib/security-headers';
import type { ZodType } from 'zod';
import type { AppEnv, Services } from './lib/context';
import { ApiError } from './lib/errors';
import { MESSAGES } from './lib/messages';
import { serveWebApp } from './lib/web-app';
import { attachmentRoutes } from './modules/attachments/routes';
import { reportRoutes } from './modules/reports/routes';
import { campaignRoutes } from './modules/campaigns/routes';
import { contactRoutes } from './modules/contacts/routes';
import { integrationRoutes } from './integrations/routes';
import { googleMeetRoutes } from './integrations/google-meet/routes';
import { mountWidgetAssets } from './integrations/channels/webchat/assets';
import { twilioRoutes } from './integrations/channels/sms/routes';
import { webchatRoutes } from './integrations/channels/webchat/routes';
import { whatsappRoutes } from './integrations/channels/whatsapp/routes';
import { inboxRoutes } from './modules/inbox/routes';
import { csatRoutes, mountSurveyPage } from './modules/csat/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { liveRoutes } from './modules/live/routes';
import { SessionService } from './modules/session/service';
import { sessionRoutes } from './modules/session/routes';
import { teamRoutes } from './modules/team/routes';
import { settingsRoutes } from './modules/settings/routes';
import { voiceRoutes } from './modules/voice/routes';
import { afterCallWorkRoutes } from './modules/voice/after-call-work-routes';
import { workspaceRoutes } from './modules/workspaces/routes';

/** Paths under /api that need no bearer token. */
const PUBLIC_PATHS = new Set([
  '/api/auth/login',
  // Asking for a password-reset mail (signed out).
  '/api/auth/password-reset',
  '/api/openapi.json',
  '/api/reference',
  '/api/health',
  // The pagehide beacon carries its token in the body (modules/live/routes.ts).
  '/api/presence/leave',
]);
const PUBLIC_PREFIXES = [
  '/api/integrations/',
  '/api/widget/',
  '/api/channels/',
  // Emailed links: the token in the path is the key (modules/team/routes.ts).
  '/api/invitations/',
  '/api/auth/password-reset/',
];

/** GET paths that also take the token as `?access_token=` (EventSource cannot send headers). */
const QUERY_TOKEN_PATH = /^\/api\/ws\/[^/]+\/events$/;

export const OPENAPI_INFO = {
  openapi: '3.1.0',
  info: {
    title: 'Workspace API',
    version: '1.0.0',
    description:
      "The product API of the reference workspace app: auth, workspaces, inbox, contacts, the voice add-on, campaign templates and settings. Every `/ws/{slug}` route needs `Authorization: Bearer <token>` and membership of the workspace; another workspace's resources answer 404.",
  },
} as const;

function bearer(req: {
  header(name: string): string | undefined;
  method: string;
  path: string;
  query(name: string): string | undefined;
}): string | undefined {
  const header = req.header('authorization');
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match?.[1];
  }
  if (req.method === 'GET' && QUERY_TOKEN_PATH.test(req.path)) return req.query('access_token');
  return undefined;
}

/** Builds the app over the given services. */
export function createApp(services: Services): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>();
  const sessions = new SessionService(services);

  app.use(requestId());
  // Every answer: CSP (no inline scripts; frame-ancestors per WIDGET_EMBED_ORIGINS), nosniff, no
  // referrer. API answers are data and also get the rest of the usual set.
  app.use(securityHeaders(services.config));
  app.use('/api/*', secureHeaders({ crossOriginResourcePolicy: false, xFrameOptions: false }));
  app.use(async (c, next) => {
    const log = services.log.child({ reqId: c.get('requestId') });
    c.set('log', log);
    const started = performance.now();
    await next();
    // Only method, route path and status: never headers, query strings (tokens) or bodies.
    log.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...(c.var.auth ? { userId: c.var.auth.userId } : {}),
      },
      'request',
    );
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      for (const [k, v] of Object.entries(error.headers ?? {})) c.header(k, v);
      return c.json(error.toBody(), error.status);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      const body =
        status === 400
          ? {
              error: 'invalid_request',
              message: MESSAGES.invalidJson,
              issues: [{ path: 'body', message: error.message }],
            }
          : { error: 'http_error', message: error.message };
      return c.json(body, status);
    }
    (c.var.log ?? services.log).error({ err: error }, 'unhandled error');
    return c.json({ error: 'internal', message: MESSAGES.internal }, 500);
  });
  app.notFound((c) => c.json({ error: 'not_found', message: MESSAGES.notFound('Route') }, 404));

  // Before anything reads a body or authenticates: the body-size limit of the route's class, and
  // input no route can use (bad percent-encoding, control characters, NUL in JSON).
  app.use(bodyLimits());
  app.use(inputGuard());

  // Authentication and workspace membership.
  app.use('/api/*', async (c, next) => {
    const path = c.req.path;
    if (PUBLIC_PATHS.has(path) || PUBLIC_PREFIXES.some((p) => path.startsWith(p))) return next();
    c.set('auth', await sessions.authenticate(bearer(c.req)));
    const ws = /^\/api\/ws\/([^/]+)(?:\/|$)/.exec(path);
    if (ws) c.set('access', await sessions.access(decodeURIComponent(ws[1]!), c.var.auth.userId));
    return next();
  });

  if (services.config.validateResponses) app.use('/api/*', validateResponses(app));

  const api = new OpenAPIHono<AppEnv>();
  api.get('/health', (c) => c.json({ ok: true }));
  api.route('/', sessionRoutes(services));
  api.route('/', workspaceRoutes(services));
  api.route('/', inboxRoutes(services));
  api.route('/', csatRoutes(services));
  api.route('/', contactRoutes(services));
  api.route('/', campaignRoutes(services));
  api.route('/', reportRoutes(services));
  api.route('/', settingsRoutes(services));
  api.route('/', teamRoutes(services));
  api.route('/', voiceRoutes(services));
  api.route('/', afterCallWorkRoutes(services));
  api.route('/', liveRoutes(services));
  api.route('/', notificationRoutes(services));
  api.route('/', integrationRoutes(services));
  api.route('/', googleMeetRoutes(services));
  api.route('/', webchatRoutes(services));
  api.route('/', twilioRoutes(services));
  api.route('/', whatsappRoutes(services));
  api.route('/', attachmentRoutes(services));
  api.openAPIRegistry.registerComponent('securitySchemes', 'Bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'The token from POST /api/auth/login.',
  });
  app.route('/api', api);
  app.doc31('/api/openapi.json', { ...OPENAPI_INFO, servers: [{ url: '/' }] });
  app.get('/api/reference', Scalar({ url: '/api/openapi.json', pageTitle: 'Workspace API' }));
  mountWidgetAssets(app);
  mountSurveyPage(app, services);
  if (services.config.serveWeb) serveWebApp(app, services.config.webDir);
  return app;
}

/**
 * Checks every JSON answer of a declared route against the schema of its status (on outside
 * production): a mismatch is a server bug, logged and answered 500 rather than sent.
 */
function validateResponses(app: OpenAPIHono<AppEnv>): MiddlewareHandler<AppEnv> {
  let table: Map<string, ZodType> | undefined;
  const build = () => {
    const map = new Map<string, ZodType>();
    for (const def of app.openAPIRegistry.definitions) {
      if (def.type !== 'route') continue;
      const path = def.route.path.replace(/\{([^}]+)\}/g, ':$1');
      for (const [status, response] of Object.entries(def.route.responses ?? {})) {
        const schema = (response as { content?: Record<string, { schema?: unknown }> }).content?.[
          'application/json'
        ]?.schema;
        if (schema && typeof (schema as ZodType).safeParse === 'function')
          map.set(`${def.route.method.toUpperCase()} ${path} ${status}`, schema as ZodType);
      }
    }
    return map;
  };
  return async (c, next) => {
    await next();
    if (!c.res.headers.get('content-type')?.startsWith('application/json')) return;
    table ??= build();
    const route = c.req.matchedRoutes.findLast((r) => r.method !== 'ALL')?.path;
    const schema = route && table.get(`${c.req.method} ${route} ${c.res.status}`);
    if (!schema) return;
    const body: unknown = await c.res.clone().json();
    const result = schema.safeParse(body);
    if (!result.success) {
      c.var.log.error(
        { route, status: c.res.status, issues: result.error.issues },
        'response does not match its schema',
      );
      c.res = c.json({ error: 'internal', message: MESSAGES.internal }, 500);
    }
  };
}
