// Workspace agents and teams.
import { slugParamsSchema } from '../../contract/common';
import { agentsResponseSchema, teamsResponseSchema } from '../../contract/workspaces';
import type { Services } from '../../lib/context';
import { authRoute, createRouter, json } from '../../lib/router';
import { WorkspaceService } from './service';

export function workspaceRoutes(services: Services) {
  const workspaces = new WorkspaceService(services);
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/agents',
      tags: ['Workspaces'],
      summary: 'The workspace agents with their teams (assignment pickers)',
      request: { params: slugParamsSchema },
      responses: { 200: json(agentsResponseSchema) },
    }),
    async (c) => c.json({ agents: await workspaces.agents(c.get('access')) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/teams',
      tags: ['Workspaces'],
      summary: 'The workspace teams with their members',
      request: { params: slugParamsSchema },
      responses: { 200: json(teamsResponseSchema) },
    }),
    async (c) => c.json({ teams: await workspaces.teams(c.get('access')) }, 200),
  );

  return router;
}
