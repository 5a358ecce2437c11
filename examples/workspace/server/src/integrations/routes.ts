// Inbound integrations (no bearer token; a shared secret instead): the contact centre's
// contact events, `POST /integrations/connect/contact-events?key=…`.
import { presenceOf } from '../modules/live/presence';
import { timingSafeEqual, createHash } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '../contract/common';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Services } from '../lib/context';
import { ApiError } from '../lib/errors';
import { MESSAGES } from '../lib/messages';
import { createRouter, json, jsonBody } from '../lib/router';
import { VoiceRepository } from '../modules/voice/repository';
import { ContactEventIntake, contactEventSchema } from './contact-events';

/**
 * The parts of an agent event stream record the server reads (Amazon Connect's Kinesis record:
 * AgentARN, EventType, InstanceARN, the snapshots; other fields are allowed and ignored).
 */
export const agentEventSchema = z.object({
  AgentARN: z.string().min(1).max(400),
  EventId: z.string().min(1).max(200),
  EventType: z.enum(['STATE_CHANGE', 'HEART_BEAT', 'LOGIN', 'LOGOUT']),
  EventTimestamp: z.string().max(40),
  InstanceARN: z.string().min(1).max(400),
  Version: z.string().max(20),
  CurrentAgentSnapshot: z
    .object({
      AgentStatus: z.object({ Name: z.string().max(200), Type: z.string().max(40) }).optional(),
    })
    .nullable()
    .optional(),
});

/** The last path segment of an ARN (`…/instance/{id}`, `…/agent/{id}`). */
const lastSegment = (arn: string) => arn.slice(arn.lastIndexOf('/') + 1);

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Compares the presented key with the secret in constant time. */
export function keyMatches(presented: string | undefined, secret: string): boolean {
  return presented !== undefined && timingSafeEqual(digest(presented), digest(secret));
}

const errors = (description: string) => ({
  description,
  content: { 'application/json': { schema: apiErrorSchema } },
});

export function integrationRoutes(services: Services) {
  const intake = new ContactEventIntake(services);
  const router = createRouter();
  const path = '/integrations/connect/contact-events';
  // The key is checked before the body is read, so a caller without it learns nothing.
  const agentPath = '/integrations/connect/agent-events';
  const checkKey: MiddlewareHandler<AppEnv> = async (c, next) => {
    const secret = services.config.contactEventsSecret;
    if (!secret) throw new ApiError(404, 'not_found', MESSAGES.contactEventsDisabled);
    if (!keyMatches(c.req.query('key'), secret))
      throw new ApiError(401, 'unauthorized', MESSAGES.contactEventsKey);
    return next();
  };
  router.use(path, checkKey);
  router.use(agentPath, checkKey);
  router.openapi(
    createRoute({
      method: 'post',
      path,
      tags: ['Integrations'],
      summary: 'Receive a contact event (Amazon Connect Contact Event, EventBridge JSON)',
      description:
        "The contact centre's webhook (the emulator's, or an EventBridge API destination). Each event is processed once by its id: a duplicate answers `duplicate`; events of another instance or channel are `ignored`. Authenticated by the shared secret CONTACT_EVENTS_SECRET in `?key=`.",
      request: {
        query: z.object({ key: z.string().max(200).optional() }),
        ...jsonBody(contactEventSchema),
      },
      responses: {
        200: json(
          z.object({ outcome: z.enum(['processed', 'duplicate', 'ignored']) }),
          'Accepted (processed, a duplicate, or ignored)',
        ),
        400: errors('Not a contact event: `issues` lists each field error.'),
        401: errors('Missing or wrong key.'),
        404: errors('Contact events are not enabled (no CONTACT_EVENTS_SECRET).'),
      },
    }),
    async (c) => {
      const result = await intake.receive(c.req.valid('json'));
      if (result.outcome === 'ignored')
        c.var.log.info(
          { eventId: c.req.valid('json').id, reason: result.reason },
          'contact event ignored',
        );
      return c.json({ outcome: result.outcome }, 200);
    },
  );
  const voiceRepo = new VoiceRepository(services.db);
  router.openapi(
    createRoute({
      method: 'post',
      path: agentPath,
      tags: ['Integrations'],
      summary: 'Receive an agent event (a record of the Amazon Connect agent event stream)',
      description:
        "The agent event stream's records (the emulator's agent-event webhook, or a Kinesis consumer in production), one per POST. A STATE_CHANGE of an agent linked to a workspace agent (the agent chose another status, or their contacts changed) announces `agent.updated` on the workspace's event stream, so agent lists refetch at once. Other types, and agents or instances the server does not know, are `ignored`. Authenticated by the shared secret CONTACT_EVENTS_SECRET in `?key=`.",
      request: {
        query: z.object({ key: z.string().max(200).optional() }),
        ...jsonBody(agentEventSchema),
      },
      responses: {
        200: json(z.object({ outcome: z.enum(['processed', 'ignored']) }), 'Accepted'),
        400: errors('Not an agent event: `issues` lists each field error.'),
        401: errors('Missing or wrong key.'),
        404: errors('Contact events are not enabled (no CONTACT_EVENTS_SECRET).'),
      },
    }),
    async (c) => {
      const event = c.req.valid('json');
      if (event.EventType !== 'STATE_CHANGE') return c.json({ outcome: 'ignored' as const }, 200);
      const workspace = await voiceRepo.workspaceByInstance(lastSegment(event.InstanceARN));
      const agent = workspace
        ? await voiceRepo.agentByConnectUser(workspace.id, lastSegment(event.AgentARN))
        : undefined;
      if (!workspace || !agent) return c.json({ outcome: 'ignored' as const }, 200);
      const at = Date.parse(event.EventTimestamp);
      presenceOf(services).statusChanged(
        workspace.id,
        agent.id,
        Number.isFinite(at) ? Math.min(at, Date.now()) : Date.now(),
      );
      services.bus.publish({ type: 'agent.updated', workspaceId: workspace.id, id: agent.id });
      return c.json({ outcome: 'processed' as const }, 200);
    },
  );
  return router;
}
