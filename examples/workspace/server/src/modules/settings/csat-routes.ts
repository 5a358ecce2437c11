// Settings routes of the customer-satisfaction survey (`/settings/customer-satisfaction`).
import { slugParamsSchema } from '../../contract/common';
import { csatResponseSchema, csatSettingsSchema } from '../../contract/settings';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import type { SettingsService } from './service';

const tags = ['Settings'];

/** The survey routes: read the settings with recent results, and save them. */
export function csatRoutes(settings: SettingsService) {
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/settings/customer-satisfaction',
      tags,
      summary: 'Survey settings and the results of the last 30 days (admin)',
      request: { params: slugParamsSchema },
      responses: { 200: json(csatResponseSchema) },
    }),
    async (c) => c.json(await settings.csat(c.get('access')), 200),
  );

  router.openapi(
    authRoute({
      method: 'put',
      path: '/ws/{slug}/settings/customer-satisfaction',
      tags,
      summary: 'Turn the survey on or off, set its question and scale (admin)',
      request: { params: slugParamsSchema, ...jsonBody(csatSettingsSchema) },
      responses: { 200: json(csatResponseSchema) },
    }),
    async (c) => c.json(await settings.saveCsat(c.get('access'), c.req.valid('json')), 200),
  );

  return router;
}
