// Voice add-on routes, under /ws/{slug}/addons/voice, with the
// shapes of the shared contract (@x/react-voice/api).
import { Readable } from 'node:stream';
import { z } from '@hono/zod-openapi';
import { slugParamsSchema } from '../../contract/common';
import {
  acceptCallResponseSchema,
  agentsStatusResponseSchema,
  connectionParamsSchema,
  connectionResponseSchema,
  contactByPhoneResponseSchema,
  historyBodySchema,
  historyQuerySchema,
  historyResponseSchema,
  liveCallBodySchema,
  liveCallResponseSchema,
  liveCallsResponseSchema,
  monitorCallBodySchema,
  monitorCallResponseSchema,
  phoneParamsSchema,
  queuesResponseSchema,
  recordingParamsSchema,
  startConversationBodySchema,
  startConversationResponseSchema,
  transcriptCsvQuerySchema,
  transfersQuerySchema,
  transfersResponseSchema,
  voiceConfigResponseSchema,
} from '../../contract/voice';
import type { Services } from '../../lib/context';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import { VoiceService } from './service';

const tags = ['Voice'];
const base = '/ws/{slug}/addons/voice';
const GATE =
  'Needs the planVoice flag (403 voice_plan_required) and a contact-centre instance with status CREATED (409 voice_instance_not_created, "Voice instance is not created").';
const LIVE_PERMIT = 'Needs the live-calls permit (flag_addons_voice_live_calls) or admin.';
const OWN_CALL =
  "The contact centre must confirm the call (DescribeContact): 404 call_not_found for a contact it does not know, 403 call_not_yours when its agent is not the caller's linked contact-centre user, 403 no_voice_agent for a member without one.";

export function voiceRoutes(services: Services) {
  const voice = new VoiceService(services);
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

  router.openapi(
    authRoute({
      method: 'get',
      path: `${base}/contacts/{phone}`,
      tags,
      summary: 'The contact with a phone number (404 when none)',
      description: GATE,
      request: { params: phoneParamsSchema },
      responses: { 200: json(contactByPhoneResponseSchema) },
    }),
    async (c) =>
      c.json(
        { contact: await voice.contactByPhone(c.get('access'), c.req.valid('param').phone) },
        200,
      ),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: `${base}/transfers`,
      tags,
      summary: 'Transfer targets: agents and groups from the quick connects, each with endpointId',
      description: `Agents: the instance's agent quick connects of workspace agents other than the caller, with status and first connection; with includePending=false (the default) only agents signed in to the softphone. Groups: the teams of Settings → Teams mapped to a contact-centre queue that has a quick connect (the team's endpointId is that quick connect's; description: its name). Quick connects: the queue and external-number (PHONE_NUMBER) quick connects, each with its type and, for a number, its E.164 phoneNumber. ${GATE}`,
      request: { params: slugParamsSchema, query: transfersQuerySchema },
      responses: { 200: json(transfersResponseSchema) },
    }),
    async (c) =>
      c.json(
        {
          connections: await voice.transfers(
            c.get('access'),
            c.req.valid('query').includePending === 'true',
          ),
        },
        200,
      ),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: `${base}/agents/status`,
      tags,
      summary: 'Every workspace agent with status (GetCurrentUserData), team and first connection',
      description: `An agent the contact centre reports nothing for is Offline. ${GATE}`,
      request: { params: slugParamsSchema },
      responses: { 200: json(agentsStatusResponseSchema) },
    }),
    async (c) => c.json({ list: await voice.agentsStatus(c.get('access')) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: `${base}/live-calls`,
      tags,
      summary: "The calls the workspace's agents are on or being offered",
      description: `${LIVE_PERMIT} ${GATE}`,
      request: { params: slugParamsSchema },
      responses: { 200: json(liveCallsResponseSchema) },
    }),
    async (c) => c.json({ list: await voice.liveCalls(c.get('access')) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: `${base}/queues`,
      tags,
      summary:
        "Each queue's calls waiting, longest wait (s) and agents available (GetCurrentMetricData)",
      description: `The contact centre's real-time metrics of its standard queues, voice only. ${LIVE_PERMIT} ${GATE}`,
      request: { params: slugParamsSchema },
      responses: { 200: json(queuesResponseSchema) },
    }),
    async (c) => c.json({ list: await voice.queues(c.get('access')) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'patch',
      path: `${base}/history`,
      tags,
      summary: 'One page of the call history, newest first (lastId pages; an empty page ends)',
      description: `searchType (lowercase): all, missed (not answered, over), inbound, outbound, transferred; searchText matches the contact's name or phone. Without the shared-inbox permit, only the caller's own calls. ${GATE}`,
      request: {
        params: slugParamsSchema,
        query: historyQuerySchema,
        ...jsonBody(historyBodySchema),
      },
      responses: { 200: json(historyResponseSchema) },
    }),
    async (c) =>
      c.json(
        {
          list: await voice.history(
            c.get('access'),
            c.req.valid('query').lastId,
            c.req.valid('json'),
          ),
        },
        200,
      ),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: `${base}/recordings/{idCommunication}`,
      tags,
      summary: 'The recording of a call (WAV), streamed from the location DescribeContact gives',
      description: `404 recording_not_ready until the call is over and its recording stored. ${GATE}`,
      request: { params: recordingParamsSchema },
      responses: {
        200: { description: 'WAV audio', content: { 'audio/wav': { schema: z.string() } } },
      },
    }),
    async (c) => {
      const { body: stream, size } = await voice.recording(
        c.get('access'),
        c.req.valid('param').idCommunication,
      );
      return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
        'content-type': 'audio/wav',
        'content-disposition': `attachment; filename="voice_call_recording-${Date.now()}.wav"`,
        ...(size === undefined ? {} : { 'content-length': String(size) }),
      });
    },
  );

  return router;
}
