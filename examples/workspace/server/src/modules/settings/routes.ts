// Settings routes (`/ws/{slug}/settings/...`): agents and permits, teams, assignment rules,
// customer satisfaction, integrations, channels and contact imports. Message templates are the
// inbox's saved-reply routes. Permits are checked by the service (see service.ts).
import { z } from '@hono/zod-openapi';
import { idParamsSchema, slugParamsSchema } from '../../contract/common';
import {
  agentPatchSchema,
  assignmentRulePutSchema,
  assignmentRuleResponseSchema,
  assignmentRulesResponseSchema,
  channelParamsSchema,
  channelPatchSchema,
  channelResponseSchema,
  channelsResponseSchema,
  csatResponseSchema,
  csatSettingsSchema,
  googleMeetPutSchema,
  googleMeetSchema,
  importEventSchema,
  importQuerySchema,
  importResponseSchema,
  importsResponseSchema,
  integrationsResponseSchema,
  salesforcePutSchema,
  salesforceSchema,
  salesforceSyncSchema,
  settingsAgentResponseSchema,
  settingsAgentsResponseSchema,
  settingsQueuesResponseSchema,
  settingsTeamResponseSchema,
  settingsTeamsResponseSchema,
  SETTINGS_LIMITS,
  teamCreateSchema,
  teamParamsSchema,
  teamPatchSchema,
  generalSettingsResponseSchema,
  generalSettingsSchema,
} from '../../contract/settings';
import type { Services } from '../../lib/context';
import { ApiError } from '../../lib/errors';
import { MESSAGES } from '../../lib/messages';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import { SETTINGS_MESSAGES } from './messages';
import { spoolUpload, UploadTooLarge, type SpooledUpload } from './contact-import';
import { SettingsService } from './service';

const tags = ['Settings'];

/** Content types a CSV upload may arrive with (browsers label .csv files differently). */
const CSV_TYPES = [
  'text/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/octet-stream',
];

export function settingsRoutes(services: Services) {
  const settings = new SettingsService(services);
  const router = createRouter();

  // ── Agents ────────────────────────────────────────────────────────────────────────────────

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
    async (c) =>
      c.json(
        {
          agent: await settings.updateAgent(
            c.get('access'),
            c.req.valid('param').id,
            c.req.valid('json'),
          ),
        },
        200,
      ),
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

  // ── Teams ─────────────────────────────────────────────────────────────────────────────────

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
    async (c) =>
      c.json(
        {
          team: await settings.updateTeam(
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

  // ── Assignment rules ──────────────────────────────────────────────────────────────────────

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

  // ── Customer satisfaction ─────────────────────────────────────────────────────────────────

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

  // ── General ───────────────────────────────────────────────────────────────────────────────

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

  // ── Integrations ──────────────────────────────────────────────────────────────────────────

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/settings/integrations',
      tags,
      summary: 'The integrations and whether each is on (admin)',
      request: { params: slugParamsSchema },
      responses: { 200: json(integrationsResponseSchema) },
    }),
    async (c) => c.json({ integrations: await settings.integrations(c.get('access')) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/settings/integrations/salesforce',
      tags,
      summary: 'Salesforce settings; the client secret only masked (admin)',
      request: { params: slugParamsSchema },
      responses: { 200: json(salesforceSchema) },
    }),
    async (c) => c.json(await settings.salesforce(c.get('access')), 200),
  );

  router.openapi(
    authRoute({
      method: 'put',
      path: '/ws/{slug}/settings/integrations/salesforce',
      tags,
      summary: 'Save Salesforce settings; the secret is stored encrypted (admin)',
      request: { params: slugParamsSchema, ...jsonBody(salesforcePutSchema) },
      responses: { 200: json(salesforceSchema) },
    }),
    async (c) => c.json(await settings.saveSalesforce(c.get('access'), c.req.valid('json')), 200),
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/settings/integrations/salesforce/sync',
      tags,
      summary: 'Sync contacts from Salesforce now (admin)',
      description:
        'Runs one incremental sync of Salesforce Contacts and Leads into the workspace contacts and answers with how many were created, updated and linked. A run Salesforce refuses answers ok: false with the recorded error in status; 409 when the integration is off, not set up or contact sync is off.',
      request: { params: slugParamsSchema },
      responses: {
        200: json(salesforceSyncSchema),
        409: json(z.object({ error: z.string(), message: z.string() }), 'Not set up or off'),
      },
    }),
    async (c) => c.json(await settings.syncSalesforce(c.get('access')), 200),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/settings/integrations/googleMeet',
      tags,
      summary: 'Google Meet settings; the private key only masked (admin)',
      request: { params: slugParamsSchema },
      responses: { 200: json(googleMeetSchema) },
    }),
    async (c) => c.json(await settings.googleMeet(c.get('access')), 200),
  );

  router.openapi(
    authRoute({
      method: 'put',
      path: '/ws/{slug}/settings/integrations/googleMeet',
      tags,
      summary: 'Save Google Meet settings; the key is stored encrypted (admin)',
      request: { params: slugParamsSchema, ...jsonBody(googleMeetPutSchema) },
      responses: { 200: json(googleMeetSchema) },
    }),
    async (c) => c.json(await settings.saveGoogleMeet(c.get('access'), c.req.valid('json')), 200),
  );

  // ── Channels ──────────────────────────────────────────────────────────────────────────────

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/settings/channels',
      tags,
      summary: 'The channels, their addresses and open conversations (admin)',
      request: { params: slugParamsSchema },
      responses: { 200: json(channelsResponseSchema) },
    }),
    async (c) => c.json({ channels: await settings.channels(c.get('access')) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'patch',
      path: '/ws/{slug}/settings/channels/{channel}',
      tags,
      summary: 'Turn a channel on or off, set its address (admin)',
      request: { params: channelParamsSchema, ...jsonBody(channelPatchSchema) },
      responses: { 200: json(channelResponseSchema) },
    }),
    async (c) =>
      c.json(
        {
          channel: await settings.updateChannel(
            c.get('access'),
            c.req.valid('param').channel,
            c.req.valid('json'),
          ),
        },
        200,
      ),
  );

  // ── Contact imports ───────────────────────────────────────────────────────────────────────

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/settings/imports',
      tags,
      summary: 'The import history, newest first (admin)',
      request: { params: slugParamsSchema },
      responses: { 200: json(importsResponseSchema) },
    }),
    async (c) => c.json({ imports: await settings.imports(c.get('access')) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/settings/imports/{id}',
      tags,
      summary: 'One import with its row errors (line numbers) (admin)',
      request: { params: idParamsSchema },
      responses: { 200: json(importResponseSchema) },
    }),
    async (c) =>
      c.json(
        { import: await settings.importDetail(c.get('access'), c.req.valid('param').id) },
        200,
      ),
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/settings/imports',
      tags,
      summary: 'Import contacts from a CSV file (admin)',
      description: `The body is the CSV file (header line with name, phone, email, company; at most ${SETTINGS_LIMITS.importMaxRows.toLocaleString('en-US')} rows and ${SETTINGS_LIMITS.importMaxBytes / 1024 / 1024} MB). The answer streams NDJSON: \`progress\` lines while the file is parsed, then one \`done\` line with the import as recorded. Rows with errors are left out and listed with their line numbers; rows whose phone or email is known are merged into that contact; a rejected file imports nothing.`,
      request: {
        params: slugParamsSchema,
        query: importQuerySchema,
        body: {
          content: { 'text/csv': { schema: z.string().openapi({ format: 'binary' }) } },
          required: true,
        },
      },
      responses: {
        200: {
          description: 'NDJSON: `progress` lines, then `done` (or `error`).',
          content: { 'application/x-ndjson': { schema: importEventSchema } },
        },
        413: json(z.object({ error: z.string(), message: z.string() }), 'File too large'),
        415: json(z.object({ error: z.string(), message: z.string() }), 'Not a CSV upload'),
      },
    }),
    async (c) => {
      const access = c.get('access');
      settings.checkImport(access);
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (!CSV_TYPES.includes(type))
        throw new ApiError(415, 'unsupported_media_type', SETTINGS_MESSAGES.unsupportedImportType);
      const upload = c.req.raw.body;
      if (!upload) throw new ApiError(400, 'invalid_request', SETTINGS_MESSAGES.importNoRows);
      // The whole upload lands in a temporary file first (the declared size was checked before
      // authentication): a file that turns out too large is answered 413 with its reason, before
      // any answer has started and before anything is parsed.
      let spooled: SpooledUpload;
      try {
        spooled = await spoolUpload(upload, SETTINGS_LIMITS.importMaxBytes);
      } catch (error) {
        if (error instanceof UploadTooLarge)
          throw new ApiError(413, 'payload_too_large', error.message, undefined, {
            connection: 'close',
          });
        throw error;
      }
      const { fileName } = c.req.valid('query');
      const log = c.var.log;
      const encoder = new TextEncoder();
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          const send = (event: unknown) =>
            controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
          try {
            const result = await settings.importContacts(access, fileName, spooled, (p) =>
              send({ type: 'progress', ...p }),
            );
            send({ type: 'done', import: result });
          } catch (error) {
            log.error({ err: error }, 'contact import failed');
            send({ type: 'error', message: MESSAGES.internal });
          } finally {
            controller.close();
            await spooled.dispose();
          }
        },
      });
      // A streamed NDJSON body: zod-openapi types only JSON answers, hence the cast.
      return c.body(stream, 200, {
        'content-type': 'application/x-ndjson; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      }) as never;
    },
  );

  return router;
}
