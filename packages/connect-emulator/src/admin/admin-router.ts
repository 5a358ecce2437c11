/**
 * The admin API's router: the operation table (for fault rules), the Hono binding of each
 * resource family's routes (metrics, users, instance resources, contacts, storage, contact starts) and
 * the AWS REST-JSON error replies.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { EmulatorEnv } from '../http/node-env';
import {
  BodyTooLargeError,
  HttpError,
  parseJson,
  pathSegments,
  readJson,
  sendJson,
  type RouteHandler,
} from '../lib/http';
import { contactRoutes } from './contact-routes';
import { CONTACT_START_OPERATIONS, contactStartRoutes } from './contact-start-routes';
import { AdminApiError } from './errors';
import { metricsRoutes } from './metrics-routes';
import { resourceRoutes } from './resource-routes';
import { storageRoutes } from './storage-routes';
import { adminScope, parseBody, type Route } from './route-kit';
import type { AdminBackend } from './types';
import { userRoutes } from './user-routes';

/** Operation names of the admin routes (`METHOD path-pattern` → operation), for fault rules. */
export const ADMIN_OPERATIONS: Readonly<Record<string, string>> = {
  'POST metrics/userdata/*': 'GetCurrentUserData',
  'POST metrics/current/*': 'GetCurrentMetricData',
  'GET users-summary/*': 'ListUsers',
  'GET users/*/*': 'DescribeUser',
  'POST search-users': 'SearchUsers',
  'GET queues-summary/*': 'ListQueues',
  'GET queues/*/*': 'DescribeQueue',
  'GET quick-connects/*': 'ListQuickConnects',
  'GET quick-connects/*/*': 'DescribeQuickConnect',
  'GET routing-profiles-summary/*': 'ListRoutingProfiles',
  'GET agent-status/*': 'ListAgentStatuses',
  'GET contacts/*/*': 'DescribeContact',
  'POST search-contacts': 'SearchContacts',
  'PUT contact/outbound-voice': 'StartOutboundVoiceContact',
  'POST contact/stop': 'StopContact',
  'GET contact/attributes/*/*': 'GetContactAttributes',
  'POST phone-number/list': 'ListPhoneNumbersV2',
  'POST realtime-contact-analysis/analysis-segments': 'ListRealtimeContactAnalysisSegments',
  'POST contact/monitor': 'MonitorContact',
  'POST contact/attributes': 'UpdateContactAttributes',
  'PUT users/*/*/status': 'PutUserStatus',
  'GET instance/*/storage-configs': 'ListInstanceStorageConfigs',
  'GET instance/*/storage-config/*': 'DescribeInstanceStorageConfig',
  ...CONTACT_START_OPERATIONS,
};

function matchPattern(pattern: string, segments: readonly string[]): string[] | undefined {
  const parts = pattern.split('/');
  if (parts.length !== segments.length) return undefined;
  const params: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (parts[i] === '*') params.push(segments[i]!);
    else if (parts[i] !== segments[i]) return undefined;
  }
  return params;
}

/** The admin operation a request is for (e.g. `GetCurrentUserData`), or undefined. */
export function adminOperation(method: string, pathname: string): string | undefined {
  let segments: string[];
  try {
    segments = pathSegments(pathname);
  } catch {
    return undefined;
  }
  for (const [key, name] of Object.entries(ADMIN_OPERATIONS)) {
    const [m, pattern] = key.split(' ') as [string, string];
    if (m === method && matchPattern(pattern, segments) !== undefined) return name;
  }
  return undefined;
}

/** Options of {@link createAdminRouter}. */
export interface AdminRouterOptions {
  /** Makes the `x-amzn-RequestId` of each reply (random UUIDs by default). */
  requestId?: () => string;
}

/**
 * The Amazon Connect public REST subset at the real paths and JSON shapes, on Hono, so that
 * `@aws-sdk/client-connect` and `@aws-sdk/client-connect-contact-lens` work unchanged with
 * `endpoint` pointed at the emulator. Each operation reads its body with its zod schema; errors
 * use the AWS REST-JSON shape.
 */
export function adminRoutes(
  backend: AdminBackend,
  options: AdminRouterOptions = {},
): Hono<EmulatorEnv> {
  const makeRequestId = options.requestId ?? randomUUID;
  const scope = adminScope(backend);
  const routes: Record<string, Route> = {
    ...metricsRoutes(scope),
    ...userRoutes(scope),
    ...resourceRoutes(scope),
    ...contactRoutes(scope),
    ...storageRoutes(scope),
    ...contactStartRoutes({ backend, parseBody, checkInstance: scope.checkInstance }),
  };

  const table = Object.entries(routes).map(([key, fn]) => {
    const [method, pattern] = key.split(' ') as [string, string];
    return { method, pattern, fn };
  });

  // One Hono route per operation: `users/*/*` is `/users/:p0/:p1`.
  const app = new Hono<EmulatorEnv>();
  for (const entry of table) {
    let count = 0;
    const path = `/${entry.pattern
      .split('/')
      .map((part) => (part === '*' ? `:p${count++}` : part))
      .join('/')}`;
    const names = Array.from({ length: count }, (_, i) => `p${i}`);
    app.on(entry.method, path, async (c) => {
      const requestId = makeRequestId();
      const reply = (status: number, body: unknown, type?: string) =>
        c.json(body as object, status as ContentfulStatusCode, {
          'x-amzn-RequestId': requestId,
          ...(type ? { 'x-amzn-ErrorType': type } : {}),
        });
      try {
        let body: unknown = {};
        if (entry.method !== 'GET') {
          try {
            const read = c.get('body');
            body =
              read === undefined
                ? await readJson(c.env.incoming)
                : parseJson(read.toString('utf8'));
          } catch (error) {
            if (error instanceof BodyTooLargeError) throw error;
            throw new AdminApiError(
              'InvalidRequestException',
              error instanceof HttpError ? error.message : 'The request body is not valid JSON',
            );
          }
        }
        const query = new URL(c.req.url).searchParams;
        const params = names.map((name) => c.req.param(name) ?? '');
        return reply(200, await entry.fn({ params, query, body }));
      } catch (error) {
        if (error instanceof HttpError || error instanceof AdminApiError)
          return reply(error.status, { Message: error.message }, error.type);
        throw error; // a bug: the app's error boundary answers 500
      }
    });
  }
  return app;
}

/**
 * The admin routes ({@link adminRoutes}) as a Node-style route handler (for a server that is not
 * the emulator's Hono app).
 */
export function createAdminRouter(
  backend: AdminBackend,
  options: AdminRouterOptions = {},
): RouteHandler {
  const listener = getRequestListener(adminRoutes(backend, options).fetch, {
    hostname: 'localhost',
  });
  return async (req, res, url) => {
    if (adminOperation(req.method ?? 'GET', url.pathname) === undefined) return false;
    await listener(req, res);
    return true;
  };
}

/** Sends an error in the AWS REST-JSON shape (`x-amzn-ErrorType` header plus `{"Message"}`). */
export function sendAdminError(res: ServerResponse, error: unknown, requestId: string): void {
  if (error instanceof HttpError) {
    sendJson(
      res,
      error.status,
      { Message: error.message },
      { 'x-amzn-ErrorType': error.type, 'x-amzn-RequestId': requestId },
    );
    return;
  }
  if (!(error instanceof AdminApiError)) throw error; // a bug: the server's boundary answers 500
  sendJson(
    res,
    error.status,
    { Message: error.message },
    { 'x-amzn-ErrorType': error.type, 'x-amzn-RequestId': requestId },
  );
}
