// After-call work: the disposition codes of Settings (admin), the disposition and notes
// an agent saves on a call, and the call history as CSV with them.
import { z } from '@hono/zod-openapi';
import { slugParamsSchema } from '../../contract/common';
import {
  afterCallWorkBodySchema,
  afterCallWorkParamsSchema,
  afterCallWorkResponseSchema,
  dispositionsPutSchema,
  dispositionsResponseSchema,
  historyCsvQuerySchema,
  HISTORY_CSV_MAX_ROWS,
} from '../../contract/voice';
import type { Services } from '../../lib/context';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import { DispositionSettings } from './dispositions';
import { VoiceService } from './service';

const base = '/ws/{slug}/addons/voice';

export function afterCallWorkRoutes(services: Services) {
  const voice = new VoiceService(services);
  const settings = new DispositionSettings(services);
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/settings/dispositions',
      tags: ['Settings'],
      summary: 'The disposition codes agents choose from after a call, in order (admin)',
      request: { params: slugParamsSchema },
      responses: { 200: json(dispositionsResponseSchema) },
    }),
    async (c) => c.json({ dispositions: await settings.list(c.get('access')) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'put',
      path: '/ws/{slug}/settings/dispositions',
      tags: ['Settings'],
      summary: 'Replace the disposition codes (admin)',
      description:
        'The whole list, in order: at most 50 names of 1–60 characters, no two alike (case aside). Calls keep the disposition they were saved with.',
      request: { params: slugParamsSchema, ...jsonBody(dispositionsPutSchema) },
      responses: { 200: json(dispositionsResponseSchema) },
    }),
    async (c) =>
      c.json(
        {
          dispositions: await settings.replace(c.get('access'), c.req.valid('json').dispositions),
        },
        200,
      ),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: `${base}/dispositions`,
      tags: ['Voice'],
      summary: 'The disposition codes of after-call work, in order',
      request: { params: slugParamsSchema },
      responses: { 200: json(dispositionsResponseSchema) },
    }),
    async (c) => c.json({ dispositions: await voice.dispositions(c.get('access')) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'put',
      path: `${base}/connections/{idCommunication}/after-call-work`,
      tags: ['Voice'],
      summary: "Save a call's after-call work: a disposition and notes",
      description:
        "On the caller's own call (403 call_not_yours otherwise; 404 for a call the workspace has not recorded). The disposition is one of the workspace's codes or null (400 otherwise); notes at most 2000 characters. Sent to the contact centre as the contact attributes `disposition` and `afterCallNotes` (UpdateContactAttributes). Saving the same again changes nothing.",
      request: { params: afterCallWorkParamsSchema, ...jsonBody(afterCallWorkBodySchema) },
      responses: { 200: json(afterCallWorkResponseSchema) },
    }),
    async (c) =>
      c.json(
        {
          afterCallWork: await voice.saveAfterCallWork(
            c.get('access'),
            c.req.valid('param').idCommunication,
            c.req.valid('json'),
          ),
        },
        200,
      ),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: `${base}/history/csv`,
      tags: ['Voice'],
      summary: 'The call history as CSV, with disposition and notes',
      description: `The calls the history shows for the same searchType and searchText (and the caller's visibility), newest first, at most ${HISTORY_CSV_MAX_ROWS}.`,
      request: { params: slugParamsSchema, query: historyCsvQuerySchema },
      responses: {
        200: {
          description:
            'CSV: createdAt, type, answered, contactName, contactPhoneNumber, agent, durationSeconds, disposition, notes',
          content: { 'text/csv': { schema: z.string() } },
        },
      },
    }),
    async (c) => {
      const csv = await voice.historyCsv(c.get('access'), c.req.valid('query'));
      return c.body(csv, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="voice_call_history-${Date.now()}.csv"`,
      });
    },
  );

  return router;
}
