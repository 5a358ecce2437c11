// The control API's region routes (two regions only): status, failover announcement and failover.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { HttpError } from '../lib/http';
import { failoverRequestSchema, type RegionController } from '../regions/regions';
import { json } from './route-docs';
import { notFound, type GetServices } from './service-route-kit';

/** Registers the region routes. */
export function registerRegionRoutes(app: OpenAPIHono, get: GetServices): void {
  const regions = (): RegionController =>
    get().regions ?? notFound('The emulator runs one region.');
  const regionStatus = z.record(z.string(), z.unknown());
  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/regions',
      summary:
        'Primary, secondary, active and pending region, failover count and mode (two regions only)',
      responses: { 200: json(regionStatus, 'Region status') },
    }),
    (c) => {
      const r = regions();
      return c.json(
        { primary: r.primary, secondary: r.secondary, ...r.status(r.activeRegion) } as never,
        200,
      );
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/regions/failover-pending',
      summary: 'Announce a failover: the active panel sends failover-pending (two regions only)',
      responses: { 200: json(regionStatus, 'Region status') },
    }),
    (c) => {
      const r = regions();
      r.announceFailover();
      return c.json(r.status(r.activeRegion) as never, 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/regions/failover',
      summary:
        'Fail over (mode soft or hard, in the body or the query); without an announcement it goes through the pending step first (two regions only)',
      responses: { 200: json(regionStatus, 'Region status') },
    }),
    async (c) => {
      const r = regions();
      const text = await c.req.text();
      let raw: unknown = {};
      try {
        if (text.trim() !== '') raw = JSON.parse(text);
      } catch {
        throw new HttpError(400, 'SerializationException', 'The body must be JSON.');
      }
      const query = c.req.query('mode');
      const parsed = failoverRequestSchema.safeParse(query ? { mode: query } : raw);
      if (!parsed.success)
        throw new HttpError(400, 'ValidationException', 'mode must be soft or hard.');
      void r.failover(parsed.data.mode ?? 'hard');
      return c.json(r.status(r.activeRegion) as never, 200);
    },
  );
}
