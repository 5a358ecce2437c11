// Settings routes of the teams (`/settings/teams`) and of the contact-centre queues a team can be
// mapped to (`/settings/queues`).
import { z } from '@hono/zod-openapi';
import { idParamsSchema, slugParamsSchema } from '../../contract/common';
import {
  settingsQueuesResponseSchema,
  settingsTeamResponseSchema,
  settingsTeamsResponseSchema,
  teamCreateSchema,
  teamPatchSchema,
} from '../../contract/settings';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import type { SettingsService } from './service';

const tags = ['Settings'];

/** The team routes: list, create, edit and delete teams, and the queues they map to. */
export function teamSettingsRoutes(settings: SettingsService) {
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/settings/teams',
      tags,
      summary: 'The teams with their members',
      request: { params: slugParamsSchema },
      responses: { 200: json(settingsTeamsResponseSchema) },
    }),
    async (c) => c.json({ teams: await settings.teams(c.get('access')) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/settings/teams',
      tags,
      summary:
        'Create a team: name, emoji, members, contact-centre queue (flag_permissions; queueId must be one of GET /settings/queues, else 400)',
      request: { params: slugParamsSchema, ...jsonBody(teamCreateSchema) },
      responses: {
        201: json(settingsTeamResponseSchema, 'Created'),
        409: json(z.object({ error: z.string(), message: z.string() }), 'Name taken'),
      },
    }),
    async (c) =>
      c.json({ team: await settings.createTeam(c.get('access'), c.req.valid('json')) }, 201),
  );

  router.openapi(
    authRoute({
      method: 'patch',
      path: '/ws/{slug}/settings/teams/{id}',
      tags,
      summary:
        'Edit a team (flag_permissions); queueId: one of GET /settings/queues (400 otherwise), null unmaps it',
      request: { params: idParamsSchema, ...jsonBody(teamPatchSchema) },
      responses: {
        200: json(settingsTeamResponseSchema),
        409: json(z.object({ error: z.string(), message: z.string() }), 'Name taken'),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const team = await settings.updateTeam(c.get('access'), id, c.req.valid('json'));
      return c.json({ team }, 200);
    },
  );

  router.openapi(
    authRoute({
      method: 'delete',
      path: '/ws/{slug}/settings/teams/{id}',
      tags,
      summary: 'Delete a team (flag_permissions); its members stay',
      request: { params: idParamsSchema },
      responses: { 204: { description: 'Deleted' } },
    }),
    async (c) => {
      await settings.deleteTeam(c.get('access'), c.req.valid('param').id);
      return c.body(null, 204);
    },
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/settings/queues',
      tags,
      summary:
        "The contact centre's standard queues a team can be mapped to (ListQueues); 409 voice_instance_not_created without an instance",
      request: { params: slugParamsSchema },
      responses: { 200: json(settingsQueuesResponseSchema) },
    }),
    async (c) => c.json({ queues: await settings.queues(c.get('access')) }, 200),
  );

  return router;
}
