// Voice add-on routes of the caller's calls: the add-on's configuration, the conversation of a
// call, its transcript and connection record, and answering, monitoring or reporting a live call.
import { z } from '@hono/zod-openapi';
import { slugParamsSchema } from '../../contract/common';
import {
  acceptCallResponseSchema,
  connectionParamsSchema,
  connectionResponseSchema,
  liveCallBodySchema,
  liveCallResponseSchema,
  monitorCallBodySchema,
  monitorCallResponseSchema,
  startConversationBodySchema,
  startConversationResponseSchema,
  transcriptCsvQuerySchema,
  voiceConfigResponseSchema,
} from '../../contract/voice';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import type { VoiceService } from './service';
import { base, GATE, LIVE_PERMIT, OWN_CALL, tags } from './route-docs';

/** The call routes: configuration, a call's conversation, transcript and connection, and its legs. */
export function callRoutes(voice: VoiceService) {
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'get',
      path: `${base}/config`,
      tags,
      summary: 'Voice configuration (§1): planVoice, instance, panel and sign-on URLs',
      request: { params: slugParamsSchema },
      responses: { 200: json(voiceConfigResponseSchema) },
    }),
    async (c) => c.json({ config: await voice.config(c.get('access')) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: `${base}/conversation`,
      tags,
      summary: 'Start (or find) the conversation of a call',
      description: `Finds or creates the contact with the phone number (visitor-named when new) and its open voice conversation, and records the connection. Idempotent per idCommunication. The number must be E.164 ('Phone number is not valid.'); the contact centre's customer number wins when it gives one. ${OWN_CALL} ${GATE}`,
      request: { params: slugParamsSchema, ...jsonBody(startConversationBodySchema) },
      responses: { 200: json(startConversationResponseSchema) },
    }),
    async (c) =>
      c.json(
        {
          conversation: await voice.startConversation(c.get('access'), c.req.valid('json').call),
        },
        200,
      ),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: `${base}/connections/transcript/csv`,
      tags,
      summary: 'The transcript of a call part, as CSV',
      description: `404 transcript_not_ready ('Call transcript is not ready, please try again later.') until the call is over and transcribed. ${GATE}`,
      request: { params: slugParamsSchema, query: transcriptCsvQuerySchema },
      responses: {
        200: {
          description:
            'CSV: participantRole, participantName, beginOffsetMillis, endOffsetMillis, sentiment, content',
          content: { 'text/csv': { schema: z.string() } },
        },
      },
    }),
    async (c) => {
      const { idConversation, idPart } = c.req.valid('query');
      const csv = await voice.transcript(c.get('access'), idConversation, idPart);
      return c.body(csv, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="voice_call_transcript-${Date.now()}.csv"`,
      });
    },
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: `${base}/connections/{id}`,
      tags,
      summary: 'The connection record of a communication (with idConversation)',
      description: GATE,
      request: { params: connectionParamsSchema },
      responses: { 200: json(connectionResponseSchema) },
    }),
    async (c) =>
      c.json({ connection: await voice.connection(c.get('access'), c.req.valid('param').id) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: `${base}/acceptCall`,
      tags,
      summary: 'Mark a call answered by the caller',
      description: `Records the connection (as the conversation start does) and marks it answered by the caller's agent. Idempotent per idCommunication. ${OWN_CALL} ${GATE}`,
      request: { params: slugParamsSchema, ...jsonBody(startConversationBodySchema) },
      responses: { 200: json(acceptCallResponseSchema) },
    }),
    async (c) =>
      c.json(
        { connection: await voice.acceptCall(c.get('access'), c.req.valid('json').call) },
        200,
      ),
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: `${base}/monitorCall`,
      tags,
      summary: "Record the caller's monitoring leg of a call",
      description: `The monitoring communication joins the conversation of the monitored one (previousIdCommunication: 404 call_not_found when the contact centre does not know it, 404 when no call of the workspace has it; 403 no_voice_agent for a member without a contact-centre agent). ${LIVE_PERMIT} ${GATE}`,
      request: { params: slugParamsSchema, ...jsonBody(monitorCallBodySchema) },
      responses: { 200: json(monitorCallResponseSchema) },
    }),
    async (c) =>
      c.json({ connection: await voice.monitorCall(c.get('access'), c.req.valid('json')) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: `${base}/live-call`,
      tags,
      summary:
        'Monitor a live call (MonitorContact): the softphone receives the monitoring contact',
      description: `409 no_agent when the caller has no contact-centre agent, 409 already_on_call while the caller is on a call, 404 call_not_found for a contact the contact centre does not know. ${LIVE_PERMIT} ${GATE}`,
      request: { params: slugParamsSchema, ...jsonBody(liveCallBodySchema) },
      responses: { 200: json(liveCallResponseSchema) },
    }),
    async (c) => {
      await voice.joinLiveCall(c.get('access'), c.req.valid('json').call.idCommunication);
      return c.json({ ok: true as const }, 200);
    },
  );

  return router;
}
