// Request guards that run before authentication: a body-size limit per route class (by path
// prefix, so that modules added later fall into a class without touching this file), and input
// that no route can use (malformed percent-encoding, control characters in the path or query, NUL
// in a JSON body) refused with a 400 in the error shape before it reaches a route or PostgreSQL.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { SETTINGS_LIMITS } from '../contract/settings';
import { ATTACHMENT_LIMITS } from '../modules/attachments/constants';
import type { AppEnv } from './context';
import { ApiError, invalidField } from './errors';
import { MESSAGES } from './messages';

/** A class of routes and the largest request body it takes. */
export interface RouteClass {
  readonly name: string;
  /** Whether a request path belongs to the class (the first class that matches wins). */
  readonly matches: (path: string, method: string) => boolean;
  readonly maxBytes: number;
  /**
   * Whether the route reads the body as a stream and enforces the limit itself (the declared
   * Content-Length is still checked here); otherwise the body is counted here as it arrives.
   */
  readonly streamed?: boolean;
}

const KIB = 1024;
const MIB = 1024 * KIB;

/** The route classes, most specific first. */
export const ROUTE_CLASSES: readonly RouteClass[] = [
  // Sign-in takes an email and a password: a few hundred bytes.
  { name: 'auth', matches: (p) => p.startsWith('/api/auth/'), maxBytes: 8 * KIB },
  {
    name: 'import',
    matches: (p, m) => m === 'POST' && /^\/api\/ws\/[^/]+\/settings\/imports\/?$/.test(p),
    maxBytes: SETTINGS_LIMITS.importMaxBytes,
    streamed: true,
  },
  // An agent's or a web-chat visitor's file upload: the largest attachment and its multipart framing, counted as it arrives.
  {
    name: 'attachment',
    matches: (p, m) =>
      m === 'POST' &&
      (/^\/api\/ws\/[^/]+\/inbox\/conversations\/[^/]+\/attachments\/?$/.test(p) ||
        /^\/api\/widget\/[^/]+\/attachments\/?$/.test(p)),
    maxBytes: ATTACHMENT_LIMITS.maxBytes + ATTACHMENT_LIMITS.uploadOverheadBytes,
  },
  // Provider webhooks (contact events, channel messages and receipts): small JSON or forms.
  {
    name: 'webhook',
    matches: (p) => p.startsWith('/api/integrations/') || p.startsWith('/api/channels/'),
    maxBytes: 512 * KIB,
  },
  { name: 'api', matches: (p) => p === '/api' || p.startsWith('/api/'), maxBytes: 1 * MIB },
  // The web app's pages and files take no body.
  { name: 'web', matches: () => true, maxBytes: 16 * KIB },
];

/** The class of a request. */
export function routeClassOf(path: string, method: string): RouteClass {
  return ROUTE_CLASSES.find((c) => c.matches(path, method)) ?? ROUTE_CLASSES.at(-1)!;
}

/** 413 in the error shape; the connection is closed after it (the rest of the body is unread). */
export const payloadTooLarge = (maxBytes: number): ApiError =>
  new ApiError(413, 'payload_too_large', MESSAGES.payloadTooLarge(maxBytes), undefined, {
    connection: 'close',
  });

/** Limits request bodies per route class, before anything reads them. */
export function bodyLimits(
  classes: readonly RouteClass[] = ROUTE_CLASSES,
): MiddlewareHandler<AppEnv> {
  const limiters = new Map(
    classes.map((c) => [
      c,
      bodyLimit({
        maxSize: c.maxBytes,
        onError: () => {
          throw payloadTooLarge(c.maxBytes);
        },
      }),
    ]),
  );
  return async (c, next) => {
    const cls = classes.find((k) => k.matches(c.req.path, c.req.method)) ?? classes.at(-1)!;
    if (cls.streamed) {
      const length = Number(c.req.header('content-length'));
      if (Number.isFinite(length) && length > cls.maxBytes) throw payloadTooLarge(cls.maxBytes);
      return next();
    }
    return limiters.get(cls)!(c, next);
  };
}

/** C0 control characters and DEL. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
/** What a text field of a JSON body may not hold: NUL (PostgreSQL text cannot store it). */
const NUL = '\u0000';

/** Whether a JSON value holds a string (or key) with NUL, at any depth (bounded by the body limit). */
function holdsNul(value: unknown, depth = 0): boolean {
  if (depth > 64) return true;
  if (typeof value === 'string') return value.includes(NUL);
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => k.includes(NUL) || holdsNul(v, depth + 1));
  return false;
}

/**
 * Refuses requests no route can serve: a path or query that is not valid percent-encoded UTF-8
 * or that holds control characters, and JSON bodies with NUL in a string.
 */
export function inputGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    const start = url.indexOf('/', url.indexOf('//') + 2);
    const rest = start < 0 ? '/' : url.slice(start);
    const hash = rest.indexOf('#');
    const target = hash < 0 ? rest : rest.slice(0, hash);
    const q = target.indexOf('?');
    const rawPath = q < 0 ? target : target.slice(0, q);
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      throw invalidField('path', MESSAGES.badEncoding);
    }
    if (CONTROL.test(path)) throw invalidField('path', MESSAGES.controlCharacters);
    if (q >= 0) {
      for (const part of target.slice(q + 1).split('&')) {
        let decoded: string;
        try {
          decoded = decodeURIComponent(part.replace(/\+/g, ' '));
        } catch {
          throw invalidField('query', MESSAGES.badEncoding);
        }
        if (CONTROL.test(decoded)) throw invalidField('query', MESSAGES.controlCharacters);
      }
    }
    const type = c.req.header('content-type') ?? '';
    if (c.req.raw.body && /^application\/(.+\+)?json\b/i.test(type)) {
      // Read as text (cached: a signature check later reads the same bytes) and parsed here.
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        // Not JSON: the route's validation answers it (400, invalid JSON).
        return next();
      }
      if (holdsNul(body)) throw invalidField('body', MESSAGES.controlCharacters);
    }
    return next();
  };
}
