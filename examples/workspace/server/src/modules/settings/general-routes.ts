// Settings routes of the workspace's general settings (`/settings/general`).
import { slugParamsSchema } from '../../contract/common';
import { generalSettingsResponseSchema, generalSettingsSchema } from '../../contract/settings';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import type { SettingsService } from './service';

const tags = ['Settings'];

/** The general-settings routes: read and save the default country of phone numbers. */
export function generalRoutes(settings: SettingsService) {
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/settings/general',
      tags,
      summary: "The workspace's general settings: the default country of phone numbers",
      request: { params: slugParamsSchema },
      responses: { 200: json(generalSettingsResponseSchema) },
    }),
    (c) => c.json({ settings: settings.general(c.get('access')) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'put',
      path: '/ws/{slug}/settings/general',
      tags,
      summary: 'Set the default country of phone numbers (admin)',
      request: { params: slugParamsSchema, ...jsonBody(generalSettingsSchema) },
      responses: { 200: json(generalSettingsResponseSchema) },
    }),
    async (c) =>
      c.json({ settings: await settings.saveGeneral(c.get('access'), c.req.valid('json')) }, 200),
  );

  return router;
}
