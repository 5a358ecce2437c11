// Campaign routes that move a campaign through its states: unschedule, cancel and schedule.
import { idParamsSchema } from '../../contract/common';
import { campaignResponseSchema, campaignScheduleSchema } from '../../contract/campaigns';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import type { CampaignService } from './service';
import { CONFLICT, PERMIT, tags } from './route-docs';

/** The scheduling routes: back to draft, cancel, schedule. */
export function scheduleRoutes(campaigns: CampaignService) {
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/campaigns/{id}/unschedule',
      tags,
      summary: 'Back to draft (scheduled campaigns only; 409 not_scheduled otherwise)',
      description: PERMIT,
      request: { params: idParamsSchema },
      responses: { 200: json(campaignResponseSchema), ...CONFLICT },
    }),
    async (c) =>
      c.json(
        { campaign: await campaigns.unschedule(c.get('access'), c.req.valid('param').id) },
        200,
      ),
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/campaigns/{id}/cancel',
      tags,
      summary: 'Cancel a scheduled or sending campaign (queued messages are not sent)',
      description: PERMIT,
      request: { params: idParamsSchema },
      responses: { 200: json(campaignResponseSchema), ...CONFLICT },
    }),
    async (c) =>
      c.json({ campaign: await campaigns.cancel(c.get('access'), c.req.valid('param').id) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/campaigns/{id}/schedule',
      tags,
      summary: 'Schedule a ready draft: now, or at a time on the workspace clock',
      description: `${PERMIT} 409 not_ready lists the problems in issues.`,
      request: { params: idParamsSchema, ...jsonBody(campaignScheduleSchema) },
      responses: { 200: json(campaignResponseSchema), ...CONFLICT },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const campaign = await campaigns.schedule(c.get('access'), id, c.req.valid('json'));
      return c.json({ campaign }, 200);
    },
  );

  return router;
}
