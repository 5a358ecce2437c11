// The control API's service routes (fault rules, Voice ID, webhooks and contact events, regions)
// on Hono with zod route schemas, registered on the control app: its OpenAPI document is
// generated from these declarations too.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { MAX_FAULT_RULES, MAX_WEBHOOKS } from '../constants';
import {
  voiceIdCustomerSchema,
  voiceIdSettingsSchema,
  type VoiceIdSimulator,
} from '../agent-app/voice-id-simulator';
import type { ContactEventHub } from '../events/contact-events';
import type { WebhookDispatcher } from '../events/webhook-dispatcher';
import { faultRuleInputSchema, type FaultEngine } from '../faults/fault-engine';
import { ALREADY_SENT } from '../http/node-env';
import { HttpError, requestUrl, type RouteHandler } from '../lib/http';
import { failoverRequestSchema, type RegionController } from '../regions/regions';
import { body, json } from './route-docs';

/** The services the control API drives beside the simulation. */
export interface ControlServices {
  readonly faults: FaultEngine;
  readonly voiceId: VoiceIdSimulator;
  readonly events: ContactEventHub;
  readonly webhooks: WebhookDispatcher;
  /** Where agent events are POSTed (absent on an older host of these routes). */
  readonly agentWebhooks?: WebhookDispatcher;
  /** The server-sent event stream of contact events (it keeps its streams for shutdown). */
  readonly eventStream: RouteHandler;
  /** The two regions, when the emulator runs them. */
  readonly regions?: RegionController | undefined;
  /** Recordings and transcripts, streamed from their files. */
  readonly media?: RouteHandler;
}

const anyObject = z.record(z.string(), z.unknown());
const pathParam = (name: string) =>
  z.object({
    [name]: z
      .string()
      .min(1)
      .openapi({ param: { name, in: 'path' } }),
  });
const notFound = (message: string): never => {
  throw new HttpError(404, 'NotFoundException', message);
};

/** Registers the service routes on the control app; `services` is read per request. */
export function registerServiceRoutes(
  app: OpenAPIHono,
  services: () => ControlServices | undefined,
): void {
  const get = (): ControlServices => services() ?? notFound('No control services.');

  // ---------------------------------------------------------------- fault rules
  const faultRule = faultRuleInputSchema;
  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/faults',
      summary: 'Fault rules with their fired/matched counters',
      responses: { 200: json(z.object({ rules: z.array(anyObject) }), 'Fault rules') },
    }),
    (c) => c.json({ rules: get().faults.list() as never[] }, 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/faults',
      summary: 'Add a fault rule, or several with {rules: [...]} (at most 200 at once)',
      request: {
        body: body(z.union([z.object({ rules: z.array(faultRule) }), faultRule])),
      },
      responses: { 201: json(anyObject, 'The rule, or {rules}') },
    }),
    (c) => {
      const { faults } = get();
      const input = c.req.valid('json');
      const rules = 'rules' in input ? input.rules : [input];
      if (faults.list().length + rules.length > MAX_FAULT_RULES)
        throw new HttpError(
          400,
          'LimitExceededException',
          `At most ${MAX_FAULT_RULES} fault rules at once.`,
        );
      const added = rules.map((r) => faults.add(r));
      return c.json(('rules' in input ? { rules: added } : added[0]) as never, 201);
    },
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/control/faults',
      summary: 'Remove every fault rule',
      responses: { 200: json(z.object({ rules: z.array(anyObject) }), 'No rules') },
    }),
    (c) => {
      get().faults.clear();
      return c.json({ rules: [] }, 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/faults/seed',
      summary: 'Re-seed the probability source of the fault rules',
      request: { body: body(z.strictObject({ seed: z.number().int() })) },
      responses: { 200: json(z.object({ seed: z.number() }), 'The seed') },
    }),
    (c) => {
      const { seed } = c.req.valid('json');
      get().faults.seed(seed);
      return c.json({ seed }, 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/control/faults/{id}',
      summary: 'Remove one fault rule',
      request: { params: pathParam('id') },
      responses: { 200: json(anyObject, 'Removed') },
    }),
    (c) => {
      const { id } = c.req.valid('param');
      if (!get().faults.remove(id as string)) notFound(`No fault rule ${id}`);
      return c.json({}, 200);
    },
  );

  // ---------------------------------------------------------------- Voice ID
  const settingsPatch = voiceIdSettingsSchema.partial().strict();
  const customerPatch = voiceIdCustomerSchema.strict();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/voice-id/settings',
      summary: 'The simulated Voice ID domain settings',
      responses: { 200: json(anyObject, 'Settings') },
    }),
    (c) => c.json(get().voiceId.getSettings() as never, 200),
  );
  const patchSettings = createRoute({
    method: 'patch',
    path: '/control/voice-id/settings',
    summary: 'Change the Voice ID domain settings',
    request: { body: body(settingsPatch) },
    responses: { 200: json(anyObject, 'Settings') },
  });
  app.openapi(patchSettings, (c) =>
    c.json(get().voiceId.updateSettings(c.req.valid('json')) as never, 200),
  );
  app.put('/control/voice-id/settings', async (c) =>
    c.json(get().voiceId.updateSettings(parse(settingsPatch, await bodyJson(c))) as never, 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/voice-id/customers/{customerId}',
      summary: "A simulated customer's Voice ID behaviour",
      request: { params: pathParam('customerId') },
      responses: { 200: json(anyObject, 'The customer') },
    }),
    (c) => c.json(get().voiceId.customer(c.req.valid('param').customerId as string) as never, 200),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/control/voice-id/customers/{customerId}',
      summary: "Set a simulated customer's Voice ID behaviour",
      request: { params: pathParam('customerId'), body: body(customerPatch) },
      responses: { 200: json(anyObject, 'The customer') },
    }),
    (c) =>
      c.json(
        get().voiceId.configureCustomer(
          c.req.valid('param').customerId as string,
          c.req.valid('json'),
        ) as never,
        200,
      ),
  );
  app.patch('/control/voice-id/customers/:customerId', async (c) =>
    c.json(
      get().voiceId.configureCustomer(
        c.req.param('customerId'),
        parse(customerPatch, await bodyJson(c)),
      ) as never,
      200,
    ),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/voice-id/sessions',
      summary: 'Voice ID sessions with their accumulated speech',
      responses: { 200: json(z.object({ sessions: z.array(anyObject) }), 'Sessions') },
    }),
    (c) => c.json({ sessions: get().voiceId.listSessions() as never[] }, 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/voice-id/sessions/{contactId}/speech',
      summary: "Add speech to a contact's Voice ID session, or hold it back / release it",
      request: {
        params: pathParam('contactId'),
        body: body(
          z.strictObject({
            addMs: z.number().int().min(0).optional(),
            hold: z.boolean().optional(),
          }),
        ),
      },
      responses: { 200: json(anyObject, 'The session') },
    }),
    (c) => {
      const { voiceId } = get();
      const contactId = c.req.valid('param').contactId as string;
      const p = c.req.valid('json');
      if (p.hold !== undefined) voiceId.holdSpeech(contactId, p.hold);
      return c.json(voiceId.addSpeech(contactId, p.addMs ?? 0) as never, 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/voice-id/lcms-updates',
      summary: 'Recorded updateVoiceIdData calls',
      responses: { 200: json(z.object({ updates: z.array(anyObject) }), 'Updates') },
    }),
    (c) => c.json({ updates: get().voiceId.lcmsUpdates as never[] }, 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/voice-id/reset',
      summary: 'Forget every speaker, session and customer setting',
      responses: { 200: json(anyObject, 'Reset') },
    }),
    (c) => {
      get().voiceId.reset();
      return c.json({}, 200);
    },
  );

  // ---------------------------------------------------------------- webhooks and events
  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/webhooks',
      summary: 'Contact-event webhooks',
      responses: { 200: json(z.object({ webhooks: z.array(anyObject) }), 'Webhooks') },
    }),
    (c) => c.json({ webhooks: get().webhooks.list() as never[] }, 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/webhooks',
      summary: 'Add a contact-event webhook (at most 20)',
      request: {
        body: body(
          z.strictObject({
            url: z.url({ protocol: /^https?$/ }).max(2048),
            id: z.string().min(1).max(128).optional(),
          }),
        ),
      },
      responses: { 201: json(anyObject, 'The webhook') },
    }),
    (c) => {
      const { webhooks } = get();
      const p = c.req.valid('json');
      if (webhooks.list().length >= MAX_WEBHOOKS)
        throw new HttpError(
          400,
          'LimitExceededException',
          `At most ${MAX_WEBHOOKS} webhooks at once.`,
        );
      return c.json(webhooks.add(p.url, p.id) as never, 201);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/webhooks/attempts',
      summary: 'Webhook delivery attempts (status, retry delay, give-ups)',
      responses: { 200: json(z.object({ attempts: z.array(anyObject) }), 'Attempts') },
    }),
    (c) => c.json({ attempts: get().webhooks.attempts as never[] }, 200),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/control/webhooks/{id}',
      summary: 'Remove a webhook',
      request: { params: pathParam('id') },
      responses: { 200: json(anyObject, 'Removed') },
    }),
    (c) => {
      const id = c.req.valid('param').id as string;
      if (!get().webhooks.remove(id)) notFound(`No webhook ${id.slice(0, 200)}`);
      return c.json({}, 200);
    },
  );
  // ---------------------------------------------------------------- agent-event webhooks
  const agentHooks = (): WebhookDispatcher =>
    get().agentWebhooks ?? notFound('No agent events on this server.');
  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/agent-event-webhooks',
      summary: 'Agent-event webhooks (where agent event stream records are POSTed)',
      responses: { 200: json(z.object({ webhooks: z.array(anyObject) }), 'Webhooks') },
    }),
    (c) => c.json({ webhooks: agentHooks().list() as never[] }, 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/agent-event-webhooks',
      summary:
        'Add an agent-event webhook (at most 20): each agent event record (STATE_CHANGE) is POSTed to it as JSON, in order per agent, retried like contact events',
      request: {
        body: body(
          z.strictObject({
            url: z.url({ protocol: /^https?$/ }).max(2048),
            id: z.string().min(1).max(128).optional(),
          }),
        ),
      },
      responses: { 201: json(anyObject, 'The webhook') },
    }),
    (c) => {
      const hooks = agentHooks();
      const p = c.req.valid('json');
      if (hooks.list().length >= MAX_WEBHOOKS)
        throw new HttpError(
          400,
          'LimitExceededException',
          `At most ${MAX_WEBHOOKS} webhooks at once.`,
        );
      return c.json(hooks.add(p.url, p.id) as never, 201);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/agent-event-webhooks/attempts',
      summary: 'Agent-event webhook delivery attempts (`contactId` is the agent ARN)',
      responses: { 200: json(z.object({ attempts: z.array(anyObject) }), 'Attempts') },
    }),
    (c) => c.json({ attempts: agentHooks().attempts as never[] }, 200),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/control/agent-event-webhooks/{id}',
      summary: 'Remove an agent-event webhook',
      request: { params: pathParam('id') },
      responses: { 200: json(anyObject, 'Removed') },
    }),
    (c) => {
      const id = c.req.valid('param').id as string;
      if (!agentHooks().remove(id)) notFound(`No webhook ${id.slice(0, 200)}`);
      return c.json({}, 200);
    },
  );
  const eventsQuery = z.object({
    since: z.string().max(32).optional(),
    contactId: z.string().max(256).optional(),
  });
  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/events',
      summary: 'Recent contact events (?since=N&contactId=)',
      request: { query: eventsQuery },
      responses: { 200: json(z.object({ events: z.array(anyObject) }), 'Events') },
    }),
    (c) => {
      const q = c.req.valid('query');
      const since = Number(q.since ?? 0);
      return c.json(
        {
          events: get().events.since(Number.isFinite(since) ? since : 0, q.contactId) as never[],
        },
        200,
      );
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/events/stream',
      summary: 'Contact events as server-sent events (Last-Event-ID or ?since=N replays)',
      request: { query: eventsQuery },
      responses: {
        200: {
          description: 'An event stream',
          content: { 'text/event-stream': { schema: z.string() } },
        },
      },
    }),
    // The stream is written on the Node response (it stays open until the client leaves).
    async (c) => {
      const { incoming, outgoing } = (c as unknown as Context<{ Bindings: HttpBindings }>).env;
      await get().eventStream(incoming, outgoing, requestUrl(incoming.url)!);
      return ALREADY_SENT;
    },
  );

  // ---------------------------------------------------------------- media (not protected)
  const media = async (c: Context): Promise<Response> => {
    const { incoming, outgoing } = (c as unknown as Context<{ Bindings: HttpBindings }>).env;
    const url = requestUrl(incoming.url);
    const handler = get().media;
    if (url && handler && (await handler(incoming, outgoing, url))) return ALREADY_SENT;
    return notFound('Not found');
  };
  app.openapi(
    createRoute({
      method: 'get',
      path: '/recordings/{location}',
      summary:
        'The recording at a DescribeContact Recordings[].Location (bucket/key); not protected, like a presigned URL',
      request: { params: pathParam('location') },
      responses: {
        200: { description: 'The recording', content: { 'audio/wav': { schema: z.string() } } },
      },
    }),
    media as never,
  );
  app.get('/recordings/*', media);
  app.openapi(
    createRoute({
      method: 'get',
      path: '/media/transcripts/{contactId}',
      summary: "A contact's transcript; not protected",
      request: { params: pathParam('contactId') },
      responses: { 200: json(anyObject, 'The transcript') },
    }),
    media as never,
  );

  // ---------------------------------------------------------------- regions (two regions only)
  const regions = (): RegionController =>
    get().regions ?? notFound('The emulator runs one region.');
  const regionStatus = z.record(z.string(), z.unknown());
  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/regions',
      summary:
        'Primary, secondary, active and pending region, failover count and mode (two regions only)',
      responses: { 200: json(regionStatus, 'Region status') },
    }),
    (c) => {
      const r = regions();
      return c.json(
        { primary: r.primary, secondary: r.secondary, ...r.status(r.activeRegion) } as never,
        200,
      );
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/regions/failover-pending',
      summary: 'Announce a failover: the active panel sends failover-pending (two regions only)',
      responses: { 200: json(regionStatus, 'Region status') },
    }),
    (c) => {
      const r = regions();
      r.announceFailover();
      return c.json(r.status(r.activeRegion) as never, 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/regions/failover',
      summary:
        'Fail over (mode soft or hard, in the body or the query); without an announcement it goes through the pending step first (two regions only)',
      responses: { 200: json(regionStatus, 'Region status') },
    }),
    async (c) => {
      const r = regions();
      const text = await c.req.text();
      let raw: unknown = {};
      try {
        if (text.trim() !== '') raw = JSON.parse(text);
      } catch {
        throw new HttpError(400, 'SerializationException', 'The body must be JSON.');
      }
      const query = c.req.query('mode');
      const parsed = failoverRequestSchema.safeParse(query ? { mode: query } : raw);
      if (!parsed.success)
        throw new HttpError(400, 'ValidationException', 'mode must be soft or hard.');
      void r.failover(parsed.data.mode ?? 'hard');
      return c.json(r.status(r.activeRegion) as never, 200);
    },
  );
}

/** The JSON body (well-formed: the control app checked it), `{}` when empty. */
async function bodyJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  return text.trim() === '' ? {} : (JSON.parse(text) as unknown);
}

/** Reads a body with a schema; a mismatch is a 400 `ValidationException`. */
function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new HttpError(
      400,
      'ValidationException',
      `${issue?.path.join('.') || '(body)'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return result.data;
}
