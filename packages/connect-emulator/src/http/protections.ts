// The emulator's first HTTP steps, the one place of its protections: the error boundary of every
// surface, and the first middleware (the request URL parsed defensively, the control and admin
// APIs' guard (with the admin API's SigV4 signature checked over the whole request), CORS for the
// other surfaces, the request's region).
import type { IncomingMessage } from 'node:http';
import type { ErrorHandler, MiddlewareHandler } from 'hono';
import { adminOperation } from '../admin/admin-router';
import {
  header,
  HttpError,
  readBodyBytes,
  requestUrl,
  sendAwsError,
  sendHttpError,
} from '../lib/http';
import { MESSAGES } from '../messages';
import { SECONDARY_REGION_PREFIX, type RegionController } from '../regions/regions';
import type { ApiGuard } from '../security/api-guard';
import { ALREADY_SENT, type EmulatorEnv } from './node-env';
import type { OriginPolicy, ServedAddress } from './origin-policy';

/** The customer phone page (and its phone script) under the control API's path. */
const CONTROL_PAGE_PATHS: ReadonlySet<string> = new Set([
  '/control',
  '/control/',
  '/control/phone.js',
]);

/**
 * The error boundary of every surface: a bug answers an AWS-shaped 500 for this one request
 * and a log line, never a dead process.
 */
export function errorBoundary(log: (line: string) => void): ErrorHandler<EmulatorEnv> {
  return (error, c) => {
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
  };
}

/** What the protections read. */
export interface ProtectionOptions {
  readonly address: ServedAddress;
  readonly guard: ApiGuard;
  readonly origins: OriginPolicy;
  /** The two regions, when running two. */
  readonly regions: RegionController | undefined;
  /** The requests that came in under the secondary region's prefix. */
  readonly secondaryRequests: WeakSet<IncomingMessage>;
}

/** A request as its signature covers it: the path as sent (with the secondary region's prefix). */
export function signedRequest(req: IncomingMessage, body: Buffer, secondary: boolean) {
  const raw = req.url ?? '/';
  const q = raw.indexOf('?');
  return {
    method: req.method ?? 'GET',
    path: `${secondary ? SECONDARY_REGION_PREFIX : ''}${q < 0 ? raw : raw.slice(0, q)}`,
    query: q < 0 ? '' : raw.slice(q + 1),
    header: (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    body,
  };
}

/** The protected surface a request is for: the control API, the admin API, or neither. */
function protectedSurface(method: string, path: string): 'control' | 'admin' | undefined {
  if (path === '/api' || path === '/connect/api') return undefined; // the CTI hot path
  if (path === '/control' || path.startsWith('/control/')) return 'control';
  return adminOperation(method, path) === undefined ? undefined : 'admin';
}

/**
 * The first middleware: the request URL parsed defensively, the control and admin APIs' guard
 * (loopback, Host, cross-site refusal, credential; no CORS), CORS for the others; then the
 * request's URL and region for the routes.
 */
export function protections(options: ProtectionOptions): MiddlewareHandler<EmulatorEnv> {
  const { address, guard, origins, regions, secondaryRequests } = options;
  return async (c, next) => {
    const req = c.env.incoming;
    const res = c.env.outgoing;
    const url = requestUrl(req.url, address.base);
    if (url === undefined) throw new HttpError(400, 'InvalidRequestException', MESSAGES.badPath);
    const method = req.method ?? 'GET';
    const surface = protectedSurface(method, url.pathname);
    if (surface) {
      if (method === 'OPTIONS') {
        // No CORS for the control and admin APIs: a preflight is refused.
        throw new HttpError(403, 'AccessDeniedException', MESSAGES.crossSiteRefused);
      }
      // The customer phone page and its script carry no secret of their own: no token needed.
      const page = CONTROL_PAGE_PATHS.has(url.pathname);
      guard.check(req, surface, !page && url.pathname !== '/control/openapi.json');
      if (surface === 'admin') {
        // The signature covers the body: it is read here, once, and handed to the admin routes.
        const body = await readBodyBytes(req);
        guard.verifyAdminSignature(signedRequest(req, body, secondaryRequests.has(req)));
        c.set('body', body);
      }
    } else {
      const origin = origins.corsOrigin(req);
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
  };
}
