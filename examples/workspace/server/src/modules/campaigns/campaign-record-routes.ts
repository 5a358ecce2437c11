// Campaign routes of the campaigns as records: list, create, read, edit, delete and duplicate.
import { apiErrorSchema, idParamsSchema, slugParamsSchema } from '../../contract/common';
import {
  campaignCreateSchema,
  campaignListQuerySchema,
  campaignListResponseSchema,
  campaignPatchSchema,
  campaignResponseSchema,
} from '../../contract/campaigns';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import type { CampaignService } from './service';
import { CONFLICT, PERMIT, tags } from './route-docs';

/** The campaign record routes: list, create, read, edit, delete and duplicate. */
export function campaignRecordRoutes(campaigns: CampaignService) {
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/campaigns',
      tags,
      summary: 'A page of campaigns, newest first, filtered by state and channel, searched by name',
      description: PERMIT,
      request: { params: slugParamsSchema, query: campaignListQuerySchema },
      responses: { 200: json(campaignListResponseSchema) },
    }),
    async (c) => c.json(await campaigns.list(c.get('access'), c.req.valid('query')), 200),
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/campaigns',
      tags,
      summary: 'Create a draft campaign',
      description: `${PERMIT} A WhatsApp campaign needs an approved WhatsApp template in the workspace (409 whatsapp_template_required: 'Create a template to send a whatsapp campaign').`,
      request: { params: slugParamsSchema, ...jsonBody(campaignCreateSchema) },
      responses: {
        201: json(campaignResponseSchema, 'Created'),
        409: json(apiErrorSchema, 'No approved WhatsApp template'),
      },
    }),
    async (c) =>
      c.json({ campaign: await campaigns.create(c.get('access'), c.req.valid('json')) }, 201),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/campaigns/{id}',
      tags,
      summary: 'One campaign with its progress and what keeps a draft from being scheduled',
      description: PERMIT,
      request: { params: idParamsSchema },
      responses: { 200: json(campaignResponseSchema) },
    }),
    async (c) =>
      c.json({ campaign: await campaigns.get(c.get('access'), c.req.valid('param').id) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'patch',
      path: '/ws/{slug}/campaigns/{id}',
      tags,
      summary: 'Edit a draft: name, audience, content (409 not_editable once scheduled)',
      description: PERMIT,
      request: { params: idParamsSchema, ...jsonBody(campaignPatchSchema) },
      responses: { 200: json(campaignResponseSchema), ...CONFLICT },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const campaign = await campaigns.patch(c.get('access'), id, c.req.valid('json'));
      return c.json({ campaign }, 200);
    },
  );

  router.openapi(
    authRoute({
      method: 'delete',
      path: '/ws/{slug}/campaigns/{id}',
      tags,
      summary: 'Delete a campaign (409 campaign_sending while it sends)',
      description: PERMIT,
      request: { params: idParamsSchema },
      responses: { 204: { description: 'Deleted' }, ...CONFLICT },
    }),
    async (c) => {
      await campaigns.remove(c.get('access'), c.req.valid('param').id);
      return c.body(null, 204);
    },
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/campaigns/{id}/duplicate',
      tags,
      summary: 'Copy a campaign as a new draft',
      description: PERMIT,
      request: { params: idParamsSchema },
      responses: { 201: json(campaignResponseSchema, 'Created') },
    }),
    async (c) =>
      c.json(
        { campaign: await campaigns.duplicate(c.get('access'), c.req.valid('param').id) },
        201,
      ),
  );

  return router;
}
