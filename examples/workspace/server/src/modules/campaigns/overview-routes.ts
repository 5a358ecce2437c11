// Campaign routes beside the campaigns themselves: the overview (counts, recent activity) and
// the audience builder (its options and the live estimate of a segment).
import { slugParamsSchema } from '../../contract/common';
import {
  audienceEstimateBodySchema,
  audienceEstimateResponseSchema,
  audienceOptionsResponseSchema,
  campaignOverviewResponseSchema,
} from '../../contract/campaigns';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import type { CampaignReports } from './report-service';
import type { CampaignService } from './service';
import { PERMIT, tags } from './route-docs';

/** The overview and audience routes. */
export function overviewRoutes(campaigns: CampaignService, reports: CampaignReports) {
  const router = createRouter();

  // Not `/campaigns/overview`: a static segment where `/campaigns/{id}` also matches would have
  // its answer checked against the wrong route's schema.
  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/campaign-overview',
      tags,
      summary:
        'Campaign counts by state, messages of the last 30 days by day, active and recent campaigns',
      description: PERMIT,
      request: { params: slugParamsSchema },
      responses: { 200: json(campaignOverviewResponseSchema) },
    }),
    async (c) => c.json(await reports.overview(c.get('access')), 200),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/campaigns/audience/options',
      tags,
      summary: 'What segments can use: the workspace tags, and its time zone',
      description: PERMIT,
      request: { params: slugParamsSchema },
      responses: { 200: json(audienceOptionsResponseSchema) },
    }),
    async (c) => c.json(await campaigns.audienceOptions(c.get('access')), 200),
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/campaigns/audience/estimate',
      tags,
      summary: 'Live count of a segment: contacts matched, reachable on the channel, and a sample',
      description: PERMIT,
      request: { params: slugParamsSchema, ...jsonBody(audienceEstimateBodySchema) },
      responses: { 200: json(audienceEstimateResponseSchema) },
    }),
    async (c) => {
      const { channel, audience } = c.req.valid('json');
      return c.json(
        { estimate: await campaigns.estimate(c.get('access'), channel, audience) },
        200,
      );
    },
  );

  return router;
}
