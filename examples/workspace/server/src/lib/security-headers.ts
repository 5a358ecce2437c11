// Security headers on every answer, the app's pages and the API alike: a Content-Security-Policy
// without 'unsafe-inline' scripts (inline scripts a page needs, such as the API reference's, are
// allowed by their SHA-256 hash), frame-ancestors naming only the sites the configuration lets
// embed the app (widget mode), X-Content-Type-Options and Referrer-Policy.
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config';
import type { AppEnv } from './context';

/** Where a real contact centre's panel and sign-in pages live. */
const CONNECT_ORIGINS = ['https://*.my.connect.aws', 'https://*.awsapps.com'];

const origin = (url: string | undefined): string[] => {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
};

/** The CSP of the app's pages (and other HTML), given the inline scripts' hashes. */
export function pagePolicy(config: Config, scriptHashes: readonly string[] = []): string {
  const connect = [...origin(config.connect.publicUrl), ...CONNECT_ORIGINS];
  const sockets = connect.map((o) => o.replace(/^http/, 'ws'));
  const ancestors = config.frameAncestors.length > 0 ? config.frameAncestors.join(' ') : "'none'";
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((h) => ` '${h}'`).join('')} https://cdn.jsdelivr.net`,
    // Components set style attributes; no inline script is allowed.
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com",
    "font-src 'self' data: https://fonts.gstatic.com https://cdn.jsdelivr.net",
    "img-src 'self' data: blob: https:",
    `media-src 'self' blob: data: ${connect.join(' ')}`,
    `connect-src 'self' ${[...connect, ...sockets].join(' ')}`,
    `frame-src 'self' ${connect.join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

/** The CSP of data answers (JSON, CSV, streams): nothing runs, nothing frames them. */
export const DATA_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** SHA-256 hashes (CSP source form) of a page's inline scripts. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1] ?? '') || !m[2]) continue;
    hashes.push(`sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}`);
  }
  return hashes;
}

/** Sets the security headers on every answer. */
export function securityHeaders(config: Config): MiddlewareHandler<AppEnv> {
  const framed = config.frameAncestors.length > 0;
  return async (c, next) => {
    await next();
    const type = c.res.headers.get('content-type') ?? '';
    let policy = DATA_POLICY;
    if (type.startsWith('text/html')) {
      const encoded = c.res.headers.get('content-encoding');
      const html = encoded ? '' : await c.res.clone().text();
      policy = pagePolicy(config, inlineScriptHashes(html));
    }
    // A route that set its own, stricter policy (attachments: `sandbox`) keeps it.
    if (!c.res.headers.get('content-security-policy')?.includes('sandbox'))
      c.header('Content-Security-Policy', policy);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    // Older browsers know only X-Frame-Options, which cannot name several sites.
    if (!framed) c.header('X-Frame-Options', 'DENY');
    else c.header('X-Frame-Options', undefined);
  };
}
