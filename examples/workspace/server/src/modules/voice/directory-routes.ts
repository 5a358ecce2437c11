// Voice add-on routes of what the call panel looks up: the contact of a phone number, transfer
// targets, the agents with their status, the live calls and the queues.
import { slugParamsSchema } from '../../contract/common';
import {
  agentsStatusResponseSchema,
  contactByPhoneResponseSchema,
  liveCallsResponseSchema,
  phoneParamsSchema,
  queuesResponseSchema,
  transfersQuerySchema,
  transfersResponseSchema,
} from '../../contract/voice';
import { authRoute, createRouter, json } from '../../lib/router';
import type { VoiceDirectory } from './directory';
import type { VoiceService } from './service';
import { base, GATE, LIVE_PERMIT, tags } from './route-docs';

/** The look-up routes: contact by phone, transfers, agent status, live calls, queues. */
export function directoryRoutes(voice: VoiceService, directory: VoiceDirectory) {
  const router = createRouter();

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
          connections: await directory.transfers(
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
    async (c) => c.json({ list: await directory.agentsStatus(c.get('access')) }, 200),
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
    async (c) => c.json({ list: await directory.liveCalls(c.get('access')) }, 200),
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
    async (c) => c.json({ list: await directory.queues(c.get('access')) }, 200),
  );

  return router;
}
