// Campaign routes: campaigns (list, overview, create, edit, duplicate, delete, schedule,
// unschedule, cancel), audience estimates, reports (JSON and CSV), recipients; campaign templates
// (list, create, edit, delete, review) and the voice add-on's template search.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { neutraliseCell } from '../../contract/csv-cell';
import { apiErrorSchema, idParamsSchema, slugParamsSchema } from '../../contract/common';
import {
  audienceEstimateBodySchema,
  audienceEstimateResponseSchema,
  audienceOptionsResponseSchema,
  campaignCreateSchema,
  campaignListQuerySchema,
  campaignListResponseSchema,
  campaignOverviewResponseSchema,
  campaignPatchSchema,
  campaignReportResponseSchema,
  campaignResponseSchema,
  campaignScheduleSchema,
  recipientListQuerySchema,
  recipientListResponseSchema,
  reportCsvQuerySchema,
  templateCreateSchema,
  templateListQuerySchema,
  templateListResponseSchema,
  templatePatchSchema,
  templateResponseSchema,
  templateReviewSchema,
  templateSearchBodySchema,
  templateSearchResponseSchema,
} from '../../contract/campaigns';
import type { Services } from '../../lib/context';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import { CampaignService } from './service';
import { TemplateService } from './template-service';
import { wakeCampaignWorker } from './worker';

const tags = ['Campaigns'];
const templateTags = ['Campaign templates'];
const PERMIT = 'Needs the campaigns permit (flag_campaigns); admins pass.';
/** The answer when the resource's state forbids the change (`error` names the rule). */
const CONFLICT = { 409: json(apiErrorSchema, 'Not allowed in the current state') };

/** A cell as a spreadsheet will not run it as a formula (the shared CSV cell rule). */
export const safeCell = neutraliseCell;

export function campaignRoutes(services: Services) {
  const campaigns = new CampaignService(services, () => wakeCampaignWorker(services));
  const templates = new TemplateService(services);
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
    async (c) => c.json(await campaigns.overview(c.get('access')), 200),
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
    async (c) =>
      c.json(
        {
          campaign: await campaigns.patch(
            c.get('access'),
            c.req.valid('param').id,
            c.req.valid('json'),
          ),
        },
        200,
      ),
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
    async (c) =>
      c.json(
        {
          campaign: await campaigns.schedule(
            c.get('access'),
            c.req.valid('param').id,
            c.req.valid('json'),
          ),
        },
        200,
      ),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/campaigns/{id}/report',
      tags,
      summary: 'Sent, delivered, failed and replied: totals and over time',
      description: PERMIT,
      request: { params: idParamsSchema },
      responses: { 200: json(campaignReportResponseSchema) },
    }),
    async (c) =>
      c.json({ report: await campaigns.report(c.get('access'), c.req.valid('param').id) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/campaigns/{id}/report.csv',
      tags,
      summary: 'The report as CSV: one row per recipient, or the timeline',
      description: PERMIT,
      request: { params: idParamsSchema, query: reportCsvQuerySchema },
      responses: {
        200: {
          description: 'CSV (text/csv)',
          content: { 'text/csv': { schema: { type: 'string' } } },
        },
      },
    }),
    async (c) => {
      const access = c.get('access');
      const { id } = c.req.valid('param');
      const { kind } = c.req.valid('query');
      // Checks the permit and the campaign before the first byte goes out.
      const filename = await campaigns.csvName(access, id, kind);
      const rows = campaigns.csvRows(access, id, kind);
      const csv = Readable.from(
        (async function* () {
          for await (const row of rows) yield row.map(safeCell);
        })(),
      ).pipe(stringify());
      return c.body(Readable.toWeb(csv) as ReadableStream, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${filename}"`,
      });
    },
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/campaigns/{id}/recipients',
      tags,
      summary: 'A page of recipients with their delivery state',
      description: PERMIT,
      request: { params: idParamsSchema, query: recipientListQuerySchema },
      responses: { 200: json(recipientListResponseSchema) },
    }),
    async (c) =>
      c.json(
        await campaigns.recipients(c.get('access'), c.req.valid('param').id, c.req.valid('query')),
        200,
      ),
  );

  // ── templates ──────────────────────────────────────────────────────────────────────────────

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/campaign-templates',
      tags: templateTags,
      summary: 'A page of templates by name, filtered by channel and review status',
      description: PERMIT,
      request: { params: slugParamsSchema, query: templateListQuerySchema },
      responses: { 200: json(templateListResponseSchema) },
    }),
    async (c) => c.json(await templates.list(c.get('access'), c.req.valid('query')), 200),
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/campaign-templates',
      tags: templateTags,
      summary: 'Create a template (pending review)',
      description: `${PERMIT} WhatsApp template names use lower-case letters, digits and underscores; {{n}} placeholders become its variables.`,
      request: { params: slugParamsSchema, ...jsonBody(templateCreateSchema) },
      responses: { 201: json(templateResponseSchema, 'Created') },
    }),
    async (c) => c.json(await templates.create(c.get('access'), c.req.valid('json')), 201),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/campaign-templates/{id}',
      tags: templateTags,
      summary: 'One template and how many open campaigns use it',
      description: PERMIT,
      request: { params: idParamsSchema },
      responses: { 200: json(templateResponseSchema) },
    }),
    async (c) => c.json(await templates.get(c.get('access'), c.req.valid('param').id), 200),
  );

  router.openapi(
    authRoute({
      method: 'patch',
      path: '/ws/{slug}/campaign-templates/{id}',
      tags: templateTags,
      summary: 'Edit a template (a change sends it back to review; 409 while a campaign sends it)',
      description: PERMIT,
      request: { params: idParamsSchema, ...jsonBody(templatePatchSchema) },
      responses: { 200: json(templateResponseSchema), ...CONFLICT },
    }),
    async (c) =>
      c.json(
        await templates.patch(c.get('access'), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  );

  router.openapi(
    authRoute({
      method: 'delete',
      path: '/ws/{slug}/campaign-templates/{id}',
      tags: templateTags,
      summary: 'Delete a template (409 while a scheduled or sending campaign uses it)',
      description: PERMIT,
      request: { params: idParamsSchema },
      responses: { 204: { description: 'Deleted' }, ...CONFLICT },
    }),
    async (c) => {
      await templates.remove(c.get('access'), c.req.valid('param').id);
      return c.body(null, 204);
    },
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/campaign-templates/{id}/review',
      tags: templateTags,
      summary: "Records the provider's review of a pending template: approve or reject",
      description: `${PERMIT} With a real provider the review arrives from the provider.`,
      request: { params: idParamsSchema, ...jsonBody(templateReviewSchema) },
      responses: { 200: json(templateResponseSchema), ...CONFLICT },
    }),
    async (c) =>
      c.json(
        await templates.review(
          c.get('access'),
          c.req.valid('param').id,
          c.req.valid('json').decision,
        ),
        200,
      ),
  );

  router.openapi(
    authRoute({
      method: 'patch',
      path: '/ws/{slug}/v2/campaign-templates',
      tags: templateTags,
      summary: '§7 template search by text and channel',
      description:
        'Every member may search (the inbox and the voice add-on use it); without the campaigns permit only approved templates are listed.',
      request: { params: slugParamsSchema, ...jsonBody(templateSearchBodySchema) },
      responses: { 200: json(templateSearchResponseSchema) },
    }),
    async (c) => {
      const { text, channel } = c.req.valid('json');
      return c.json(
        { campaignTemplates: await templates.search(c.get('access'), text, channel) },
        200,
      );
    },
  );

  return router;
}
