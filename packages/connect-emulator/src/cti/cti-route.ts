// The CTI endpoint on Hono: one route, `POST /api` (and `/connect/api`), dispatched on
// `X-Amz-Target`; the CtiService authenticates and validates each operation's body with the
// protocol's zod schemas, in the service's order (token, then throttling, then parameters). The hot path of the emulator: the body is read straight
// from the Node request and the answer is a string body (no stream on either side).
import { randomUUID } from 'node:crypto';
import { CTI_SERVICE } from '@x/connect-streams/protocol';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { header, HttpError, readBody } from '../lib/http';
import { MESSAGES } from '../messages';
import type { RegionController } from '../regions/regions';
import { ALREADY_SENT, type EmulatorEnv } from '../http/node-env';
import type { CtiService } from './service';

/** The paths of the CTI endpoint (each also under the secondary region's prefix). */
export const CTI_PATHS = ['/api', '/connect/api'] as const;

/** What the CTI route needs. */
export interface CtiRouteOptions {
  readonly cti: CtiService;
  readonly regions: RegionController | undefined;
  /** The emulator's base URL (for the regions' discovery answers). */
  readonly base: () => string;
  /** Logs a 5xx answer. */
  readonly log: (line: string) => void;
}

/** The CTI endpoint's routes. */
export function ctiRoutes(options: CtiRouteOptions): Hono<EmulatorEnv> {
  const { cti, regions } = options;
  const app = new Hono<EmulatorEnv>();
  for (const path of CTI_PATHS)
    app.all(path, async (c) => {
      const req = c.env.incoming;
      const res = c.env.outgoing;
      if (req.method !== 'POST')
        throw new HttpError(405, 'MethodNotAllowedException', MESSAGES.methodNotAllowed('POST'));
      const body = await readBody(req);
      const abort = new AbortController();
      res.once('close', () => abort.abort());
      const target = header(req, CTI_SERVICE.targetHeader);
      const region = c.get('region');
      const standby =
        regions && region ? regions.interceptCti(region, target, body, options.base()) : undefined;
      const result =
        standby ??
        (await cti.handle(target, header(req, CTI_SERVICE.bearerHeader), body, abort.signal));
      if (res.destroyed) return ALREADY_SENT;
      const answer =
        regions && region ? regions.filterCtiAnswer(region, target, result.body) : result.body;
      if (result.status >= 500)
        options.log(`${result.status} on CTI ${target ?? ''}: ${JSON.stringify(answer)}`);
      return c.body(JSON.stringify(answer), result.status as ContentfulStatusCode, {
        'Content-Type': CTI_SERVICE.contentType,
        'x-amzn-RequestId': randomUUID(),
        ...(result.errorType ? { 'x-amzn-ErrorType': result.errorType } : {}),
      });
    });
  return app;
}
