// The built web app on the API's origin (SERVE_WEB=1): hashed assets cached for good, every other
// GET outside /api answered with index.html so that the app's router shows the screen (or its
// own 404 page). /api keeps its JSON 404.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import type { AppEnv } from './context';

/** Thrown at start when SERVE_WEB is on but the app was not built. */
export class WebAppMissingError extends Error {
  constructor(webDir: string) {
    super(
      `SERVE_WEB is on but ${join(webDir, 'index.html')} does not exist: build the app first (npm run build -w examples/workspace).`,
    );
    this.name = 'WebAppMissingError';
  }
}

/** Serves the built app in `webDir` from `app` (call after the API routes). */
export function serveWebApp(app: OpenAPIHono<AppEnv>, webDir: string): void {
  const indexPath = join(webDir, 'index.html');
  if (!existsSync(indexPath)) throw new WebAppMissingError(webDir);
  const indexHtml = readFileSync(indexPath, 'utf8');
  const isApi = (path: string) => path === '/api' || path.startsWith('/api/');
  const files = serveStatic<AppEnv>({ root: webDir });
  const outsideApi =
    (handler: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> =>
    (c, next) =>
      isApi(c.req.path) ? next() : handler(c, next);

  app.use('*', outsideApi(compress()));
  app.use(
    '*',
    outsideApi((c, next) => {
      // Hashed names never change content; the page (and the rest) names this build's assets,
      // so it is always asked again.
      const asset = c.req.path.startsWith('/assets/');
      c.header('Cache-Control', asset ? 'public, max-age=31536000, immutable' : 'no-cache');
      return files(c, next);
    }),
  );
  app.get('*', (c) => {
    if (isApi(c.req.path)) return c.notFound();
    if (c.req.path.startsWith('/assets/')) {
      c.header('Cache-Control', undefined);
      return c.notFound();
    }
    return c.html(indexHtml);
  });
}
