// Settings routes of the agents (`/settings/agents`): their role, permits and teams, and
// deactivating or reactivating a member.
import { z } from '@hono/zod-openapi';
import { idParamsSchema, slugParamsSchema } from '../../contract/common';
import {
  agentPatchSchema,
  settingsAgentResponseSchema,
  settingsAgentsResponseSchema,
} from '../../contract/settings';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import type { SettingsService } from './service';

const tags = ['Settings'];

/** The agent routes: list, read, edit, deactivate and reactivate. */
export function agentRoutes(settings: SettingsService) {
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/settings/agents',
      tags,
      summary: 'The workspace agents with their role, permits and teams',
      request: { params: slugParamsSchema },
      responses: { 200: json(settingsAgentsResponseSchema) },
    }),
    async (c) => c.json({ agents: await settings.agents(c.get('access')) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/settings/agents/{id}',
      tags,
      summary: 'One agent',
      request: { params: idParamsSchema },
      responses: { 200: json(settingsAgentResponseSchema) },
    }),
    async (c) =>
      c.json({ agent: await settings.agent(c.get('access'), c.req.valid('param').id) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'patch',
      path: '/ws/{slug}/settings/agents/{id}',
      tags,
      summary:
        'Edit an agent: name, role, permits, teams (flag_permissions; the admin permit needs admin)',
      description:
        'Answers 409 `last_admin` when the change would leave the workspace without an admin.',
      request: { params: idParamsSchema, ...jsonBody(agentPatchSchema) },
      responses: {
        200: json(settingsAgentResponseSchema),
        409: json(z.object({ error: z.string(), message: z.string() }), 'The last admin'),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const agent = await settings.updateAgent(c.get('access'), id, c.req.valid('json'));
      return c.json({ agent }, 200);
    },
  );

  for (const action of ['deactivate', 'reactivate'] as const) {
    router.openapi(
      authRoute({
        method: 'post',
        path: `/ws/{slug}/settings/agents/{id}/${action}`,
        tags,
        summary:
          action === 'deactivate'
            ? 'Deactivate a member (admin): their sessions end at once and they cannot sign in'
            : 'Reactivate a deactivated member (admin): they can sign in again',
        description:
          action === 'deactivate'
            ? 'Answers 409 `cannot_deactivate_self` for the caller, 409 `last_admin` for the last active admin.'
            : undefined,
        request: { params: idParamsSchema },
        responses: {
          200: json(settingsAgentResponseSchema),
          409: json(z.object({ error: z.string(), message: z.string() }), 'Not allowed'),
        },
      }),
      async (c) => {
        const id = c.req.valid('param').id;
        const agent =
          action === 'deactivate'
            ? await settings.deactivateAgent(c.get('access'), id)
            : await settings.reactivateAgent(c.get('access'), id);
        return c.json({ agent }, 200);
      },
    );
  }

  return router;
}
