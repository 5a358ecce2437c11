// Settings routes of the assignment rules (`/settings/assignment-rules`): how new conversations
// are assigned within a team.
import { slugParamsSchema } from '../../contract/common';
import {
  assignmentRulePutSchema,
  assignmentRuleResponseSchema,
  assignmentRulesResponseSchema,
  teamParamsSchema,
} from '../../contract/settings';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import type { SettingsService } from './service';

const tags = ['Settings'];

/** The assignment-rule routes: list the rules, set or remove a team's rule. */
export function assignmentRuleRoutes(settings: SettingsService) {
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/settings/assignment-rules',
      tags,
      summary: 'Assignment rules of new conversations, one per team (admin)',
      request: { params: slugParamsSchema },
      responses: { 200: json(assignmentRulesResponseSchema) },
    }),
    async (c) => c.json({ rules: await settings.rules(c.get('access')) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'put',
      path: '/ws/{slug}/settings/assignment-rules/{teamId}',
      tags,
      summary: "Set a team's rule: round-robin or least-busy, channels, on/off (admin)",
      request: { params: teamParamsSchema, ...jsonBody(assignmentRulePutSchema) },
      responses: { 200: json(assignmentRuleResponseSchema) },
    }),
    async (c) => {
      const input = c.req.valid('json');
      return c.json(
        {
          rule: await settings.putRule(c.get('access'), c.req.valid('param').teamId, {
            strategy: input.strategy,
            channels: input.channels,
            enabled: input.enabled,
          }),
        },
        200,
      );
    },
  );

  router.openapi(
    authRoute({
      method: 'delete',
      path: '/ws/{slug}/settings/assignment-rules/{teamId}',
      tags,
      summary: "Remove a team's rule (admin)",
      request: { params: teamParamsSchema },
      responses: { 204: { description: 'Deleted' } },
    }),
    async (c) => {
      await settings.deleteRule(c.get('access'), c.req.valid('param').teamId);
      return c.body(null, 204);
    },
  );

  return router;
}
