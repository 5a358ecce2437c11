// The URL a provider called, as it signed it: the public origin (PUBLIC_API_URL, else the
// server's own URL) + the request's path and query as they arrived.
import type { Context } from 'hono';
import type { Services } from '../../lib/context';

export function calledUrl(services: Services, c: Context): string {
  const url = new URL(c.req.url);
  return `${services.callbackOrigin.url ?? url.origin}${url.pathname}${url.search}`;
}
