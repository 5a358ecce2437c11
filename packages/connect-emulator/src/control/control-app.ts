// The control API's simulation routes (customers dialling, answering, hanging up, pressing
// digits; agents and contacts; reset; the manual clock) on Hono with zod route schemas: the
// requests are validated by the same schemas the OpenAPI document is generated from.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { CtiErrorType } from '@x/connect-streams/protocol';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from '../constants';
import { ManualClock, type Clock } from '../domain/clock';
import { DomainError, type ContactCentre, type ContactRecord } from '../domain/contact-centre';
import { getRequestListener } from '@hono/node-server';
import { awsErrorBody, HttpError, jsonDepth, safeDecode, type RouteHandler } from '../lib/http';
import { registerServiceRoutes, type ControlServices } from './service-routes';
import { MESSAGES } from '../messages';
import type { ContactStartBackend } from '../admin/contact-start-routes';
import { CUSTOMER_CHAT_FLOW } from '../constants';
import { body, json } from './route-docs';

/** What the control API acts on. */
export interface ControlContext {
  readonly centre: () => ContactCentre;
  readonly clock: Clock;
  readonly reset: () => void;
  /** Logs a bug (a request answered 500). */
  readonly log?: (line: string) => void;
  /** The services the control API drives beside the simulation (faults, Voice ID, events, regions). */
  readonly services?: () => ControlServices;
  /** Starts a chat contact as the admin API's StartChatContact does (`POST /control/chats`). */
  readonly startChatContact?: ContactStartBackend['startChatContact'];
  /**
   * A one-time sign-in link of an agent (`POST /control/sign-in-links`); undefined for an
   * unknown agent.
   */
  readonly signInLink?: (
    username: string,
    redirect: string | undefined,
  ) => { readonly url: string; readonly expiresAt: number } | undefined;
}

/** `POST /control/sign-in-links` body. */
const signInLinkSchema = z
  .object({
    username: z.string().min(1).max(256),
    redirect: z
      .string()
      .max(2048)
      .regex(/^\/(?![/\\])/, 'must be a path of the emulator (starting with one /)')
      .optional(),
  })
  .openapi('SignInLinkRequest');

const e164 = z.string().regex(/^\+[1-9]\d{1,14}$/, 'must be an E.164 phone number');

/** An AWS-shaped error body (the `x-amzn-ErrorType` header names the type too). */
export const controlErrorSchema = z
  .object({ __type: z.string(), message: z.string(), Message: z.string() })
  .openapi('Error');

const connectionSchema = z.object({
  connectionId: z.string(),
  type: z.string(),
  state: z.string(),
  agent: z.string().optional(),
  /** The external number a third-party connection dials (a phone-number endpoint). */
  phoneNumber: z.string().optional(),
});

/** A contact as the control API shows it. */
export const controlContactSchema = z
  .object({
    contactId: z.string(),
    type: z.enum(['voice', 'queue_callback', 'task', 'chat']),
    initiationMethod: z.enum(['inbound', 'outbound', 'callback', 'api']),
    queue: z.string(),
    contactFlow: z.string().nullable(),
    attributes: z.record(z.string(), z.string()),
    state: z.string(),
    waiting: z.boolean(),
    customerNumber: z.string(),
    endReason: z.string().nullable(),
    connections: z.array(connectionSchema),
    digits: z.array(z.object({ from: z.enum(['agent', 'customer']), digits: z.string() })),
  })
  .openapi('Contact');

const agentSchema = z.object({
  username: z.string(),
  name: z.string(),
  agentARN: z.string(),
  state: z.object({ type: z.string(), name: z.string() }),
  selectedState: z.string(),
  nextState: z.string().nullable(),
  contacts: z.array(z.string()),
});

/** A quick connect as the control API shows it. */
const quickConnectSchema = z.object({
  endpointARN: z.string(),
  type: z.string(),
  name: z.string(),
  agent: z.string().optional(),
  queue: z.string().optional(),
  phoneNumber: z.string().optional(),
});

/** `POST /control/calls`: a customer dials. */
export const dialSchema = z
  .strictObject({
    to: z
      .string()
      .min(1)
      .openapi({ description: 'An E.164 number of the instance, or a queue name' }),
    from: e164.optional().openapi({ description: "The customer's E.164 number" }),
    attributes: z.record(z.string().min(1).max(128), z.string().max(32_768)).optional().openapi({
      description:
        "Contact attributes the call carries (a flow's setAttributes steps apply over them)",
    }),
    contactFlow: z.string().min(1).optional().openapi({
      description: "A contact flow of the seed to run (default: the dialled number's, if any)",
    }),
  })
  .openapi('Dial');

/** `POST /control/chats`: a customer starts a chat (the customer page's "Start a chat"). */
export const startChatSchema = z
  .strictObject({
    displayName: z
      .string()
      .trim()
      .min(1)
      .max(256)
      .openapi({ description: "The customer's display name (ParticipantDetails.DisplayName)" }),
    message: z.string().trim().min(1).max(1024).optional().openapi({
      description: "The customer's first message (text/plain InitialMessage, 1 to 1024 characters)",
    }),
    contactFlow: z.string().min(1).max(500).optional().openapi({
      description:
        "A contact flow of the seed (name or id) whose steps pick the queue and attributes; default: the instance's first queue",
    }),
    attributes: z.record(z.string().min(1).max(128), z.string().max(32_768)).optional().openapi({
      description: "Contact attributes (a flow's setAttributes steps apply under them)",
    }),
  })
  .openapi('StartChat');

/** The answer of `POST /control/chats`: StartChatContact's response. */
const startedChatSchema = z
  .object({
    ContactId: z.string(),
    ParticipantId: z.string(),
    ParticipantToken: z
      .string()
      .openapi({ description: 'For CreateParticipantConnection (X-Amz-Bearer)' }),
  })
  .openapi('StartedChat');

const callbackSchema = z.strictObject({
  queue: z.string().min(1).openapi({ description: 'Queue name or a phone number of the instance' }),
  number: e164.openapi({ description: "The customer's E.164 number" }),
});
const digitsSchema = z.strictObject({
  digits: z.string().regex(/^[0-9*#]+$/, 'must be 0-9, * or #'),
});
const advanceSchema = z.strictObject({ ms: z.number().int().nonnegative().max(86_400_000) });
const contactParams = z.object({
  contactId: z
    .string()
    .min(1)
    .openapi({ param: { name: 'contactId', in: 'path' } }),
});

const errors = {
  400: json(controlErrorSchema, 'Bad input (ValidationException, SerializationException)'),
  404: json(controlErrorSchema, 'Unknown contact, number, queue or flow'),
  409: json(controlErrorSchema, 'Not possible in the current state'),
};

function contactJson(
  c: ContactRecord,
  centre: ContactCentre,
): z.infer<typeof controlContactSchema> {
  return {
    contactId: c.id,
    type: c.type,
    initiationMethod: c.initiationMethod,
    queue: c.queue.name,
    contactFlow: c.contactFlow ?? null,
    attributes: Object.fromEntries(Object.entries(c.attributes).map(([k, v]) => [k, v.value])),
    state: c.state,
    waiting: c.waiting,
    customerNumber: c.customerNumber,
    endReason: c.endReason ?? null,
    connections: c.connections.map((x) => ({
      connectionId: x.id,
      type: x.type,
      state: x.state,
      ...(x.agentId ? { agent: centre.agents.get(x.agentId)?.username } : {}),
      ...(!x.initial && x.endpoint.type === 'phone_number' && x.endpoint.phoneNumber
        ? { phoneNumber: x.endpoint.phoneNumber }
        : {}),
    })),
    digits: c.digits.map((d) => ({ from: d.from, digits: d.digits })),
  };
}

/** An AWS-shaped error answer. */
function fail<S extends 400 | 404 | 409 | 413 | 500>(
  c: Context,
  status: S,
  type: string,
  message: string,
) {
  return c.json(awsErrorBody(type, message), status, { 'x-amzn-ErrorType': type });
}

/**
 * The control API's simulation routes as a Hono app (declared with zod route schemas; its OpenAPI
 * document is generated from them, see {@link controlOpenApiPaths}).
 * @public
 */
/**
 * A Hono app with the control API's conventions: zod validation failures are 400
 * `ValidationException`, bodies bounded and well-formed JSON, domain errors mapped to 404/409/400,
 * every error AWS-shaped, unknown routes 404.
 */
export function newControlHono(log?: (line: string) => void): OpenAPIHono {
  const app = new OpenAPIHono({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        return fail(
          c,
          400,
          'ValidationException',
          `${issue?.path.join('.') || '(body)'}: ${issue?.message ?? 'invalid'}`,
        );
      }
      return undefined;
    },
  });

  // Bounded, well-formed JSON before any route reads it; a path with a malformed `%` escape is
  // refused (as every surface does).
  app.use('/control/*', async (ctxt, next) => {
    const c = ctxt as Context;
    const raw = new URL(c.req.url).pathname;
    if (raw.split('/').some((segment) => safeDecode(segment) === undefined))
      return fail(c, 400, 'InvalidRequestException', MESSAGES.badPath);
    await next();
    return undefined;
  });
  app.use(
    '/control/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        fail(
          c,
          413,
          'RequestEntityTooLargeException',
          `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
        ),
    }),
  );
  app.use('/control/*', async (ctxt, next) => {
    const c = ctxt as Context;
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.method !== 'DELETE') {
      const text = await c.req.text();
      if (jsonDepth(text) > MAX_JSON_DEPTH)
        return fail(
          c,
          400,
          'SerializationException',
          `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`,
        );
      if (text.trim() !== '') {
        try {
          JSON.parse(text);
        } catch {
          return fail(c, 400, 'SerializationException', 'The request body is not valid JSON.');
        }
      }
    }
    await next();
    return undefined;
  });

  app.onError((error, c) => {
    if (error instanceof DomainError) {
      if (error.type === CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION)
        return fail(c, 404, 'ResourceNotFoundException', error.message);
      if (error.type === CtiErrorType.INVALID_STATE_EXCEPTION)
        return fail(c, 409, 'ConflictException', error.message);
      return fail(c, 400, 'ValidationException', error.message);
    }
    if (error instanceof HttpError)
      return c.json(awsErrorBody(error.type, error.message), error.status as 400, {
        'x-amzn-ErrorType': error.type,
      });
    if (error instanceof HTTPException)
      return fail(c, 400, 'SerializationException', error.message);
    log?.(`500 on ${c.req.method} ${c.req.path}: ${error.stack ?? String(error)}`);
    return fail(c, 500, 'InternalServiceException', MESSAGES.internal);
  });
  app.notFound((c) =>
    fail(
      c,
      404,
      'NotFoundException',
      `No control endpoint ${c.req.method} ${c.req.path.slice(0, 200)}.`,
    ),
  );

  return app;
}

export function createControlApp(ctx: ControlContext): OpenAPIHono {
  const app = newControlHono(ctx.log);
  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/sign-in-links',
      summary:
        'A one-time sign-in link of an agent: signs a browser in even when opened from another site (a host page’s sign-on frame or popup), once, within minutes',
      request: { body: body(signInLinkSchema) },
      responses: {
        201: json(
          z.object({
            url: z.string().describe('`<emulator>/login?username=…&redirect=…&ticket=…`'),
            expiresAt: z.string().describe('When the link stops working (ISO 8601)'),
          }),
          'The link',
        ),
        ...errors,
      },
    }),
    (c) => {
      const { username, redirect } = c.req.valid('json');
      const link = ctx.signInLink?.(username, redirect);
      if (!link) return fail(c, 404, 'ResourceNotFoundException', MESSAGES.unknownAgent(username));
      return c.json({ url: link.url, expiresAt: new Date(link.expiresAt).toISOString() }, 201);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/agents',
      summary: 'List agents and their states',
      responses: { 200: json(z.object({ agents: z.array(agentSchema) }), 'Agents') },
    }),
    (c) => {
      const centre = ctx.centre();
      return c.json(
        {
          agents: [...centre.agents.values()].map((a) => ({
            username: a.username,
            name: a.name,
            agentARN: a.arn,
            state: { type: a.shown.type, name: a.shown.name },
            selectedState: a.selected.name,
            nextState: a.nextState?.name ?? null,
            contacts: centre.contactsOf(a).map((x) => x.id),
          })),
        },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/quick-connects',
      summary:
        "List the instance's quick connects (transfer destinations) with their endpoint ARNs",
      responses: {
        200: json(z.object({ quickConnects: z.array(quickConnectSchema) }), 'Quick connects'),
      },
    }),
    (c) =>
      c.json(
        {
          quickConnects: ctx
            .centre()
            .quickConnects()
            .map((e) => ({
              endpointARN: e.endpointARN,
              type: e.type,
              name: e.name ?? '',
              ...(e.agentLogin ? { agent: e.agentLogin } : {}),
              ...(e.type === 'queue' && e.queue?.name ? { queue: e.queue.name } : {}),
              ...(e.phoneNumber ? { phoneNumber: e.phoneNumber } : {}),
            })),
        },
        200,
      ),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/contacts',
      summary: 'List contacts and their states',
      responses: {
        200: json(z.object({ contacts: z.array(controlContactSchema) }), 'Contacts'),
      },
    }),
    (c) => {
      const centre = ctx.centre();
      return c.json(
        { contacts: [...centre.contacts.values()].map((x) => contactJson(x, centre)) },
        200,
      );
    },
  );

  /** The customer's call, also when named by the id of a contact a transfer created. */
  const callOf = (asked: string) => ctx.centre().findContact(asked)?.contact.id ?? asked;

  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/contacts/{contactId}',
      summary: 'One contact',
      request: { params: contactParams },
      responses: { 200: json(controlContactSchema, 'The contact'), 404: errors[404] },
    }),
    (c) => {
      const centre = ctx.centre();
      const id = callOf(c.req.valid('param').contactId);
      const contact = centre.contacts.get(id);
      if (!contact) return fail(c, 404, 'ResourceNotFoundException', `Contact ${id} not found.`);
      return c.json(contactJson(contact, centre), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/calls',
      summary:
        'A customer dials a phone number of the instance (through its contact flow) or a queue name',
      request: { body: body(dialSchema) },
      responses: { 201: json(controlContactSchema, 'The new contact'), ...errors },
    }),
    (c) => {
      const req = c.req.valid('json');
      const centre = ctx.centre();
      const contact = centre.dialIn(req.to, req.from, {
        ...(req.attributes ? { attributes: req.attributes } : {}),
        ...(req.contactFlow ? { contactFlow: req.contactFlow } : {}),
      });
      return c.json(contactJson(contact, centre), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/callbacks',
      summary: 'A customer asks to be called back: a queued callback waits in the queue',
      request: { body: body(callbackSchema) },
      responses: { 201: json(controlContactSchema, 'The new contact'), ...errors },
    }),
    (c) => {
      const req = c.req.valid('json');
      const centre = ctx.centre();
      return c.json(contactJson(centre.queueCallback(req.queue, req.number), centre), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/chats',
      summary:
        "A customer starts a chat, through StartChatContact's backend: answers its ContactId, ParticipantId and ParticipantToken, for the Participant Service (CreateParticipantConnection, then the chat web socket)",
      request: { body: body(startChatSchema) },
      responses: { 201: json(startedChatSchema, 'The new chat'), ...errors },
    }),
    (c) => {
      const req = c.req.valid('json');
      if (!ctx.startChatContact)
        return fail(c, 404, 'NotFoundException', 'This emulator starts no chats.');
      const started = ctx.startChatContact({
        contactFlowId: req.contactFlow ?? CUSTOMER_CHAT_FLOW,
        displayName: req.displayName,
        attributes: req.attributes ?? {},
        ...(req.message
          ? { initialMessage: { contentType: 'text/plain', content: req.message } }
          : {}),
      });
      return c.json(
        {
          ContactId: started.contactId,
          ParticipantId: started.participantId,
          ParticipantToken: started.participantToken,
        },
        201,
      );
    },
  );

  const gone = z.object({ contactId: z.string(), state: z.literal('gone') });
  const after = (id: string) => {
    const centre = ctx.centre();
    const contact = centre.contacts.get(id);
    return contact ? contactJson(contact, centre) : { contactId: id, state: 'gone' as const };
  };
  const actions = [
    [
      'answer',
      'The customer answers an outbound call or a callback',
      (id: string) => ctx.centre().customerAnswers(id),
    ],
    [
      'reject',
      'The customer rejects an outbound call',
      (id: string) => ctx.centre().customerOutcome(id, 'rejected'),
    ],
    [
      'no-answer',
      'The customer does not answer an outbound call',
      (id: string) => ctx.centre().customerOutcome(id, 'no answer'),
    ],
    ['hangup', 'The customer hangs up', (id: string) => ctx.centre().customerHangsUp(id)],
  ] as const;
  for (const [action, summary, run] of actions)
    app.openapi(
      createRoute({
        method: 'post',
        path: `/control/contacts/{contactId}/${action}`,
        summary,
        request: { params: contactParams },
        responses: {
          200: json(z.union([controlContactSchema, gone]), 'The contact after the action'),
          ...errors,
        },
      }),
      (c) => {
        const id = callOf(c.req.valid('param').contactId);
        run(id);
        return c.json(after(id), 200);
      },
    );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/contacts/{contactId}/digits',
      summary: 'The customer presses digits',
      request: { params: contactParams, body: body(digitsSchema) },
      responses: {
        200: json(z.union([controlContactSchema, gone]), 'The contact after the action'),
        ...errors,
      },
    }),
    (c) => {
      const id = callOf(c.req.valid('param').contactId);
      ctx.centre().customerPressesDigits(id, c.req.valid('json').digits);
      return c.json(after(id), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/reset',
      summary: 'Reset the instance to its seed (sessions stay)',
      responses: { 200: json(z.object({ reset: z.literal(true) }), 'Reset') },
    }),
    (c) => {
      ctx.reset();
      return c.json({ reset: true as const }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/clock/advance',
      summary: 'Advance the manual clock (only when started with one)',
      request: { body: body(advanceSchema) },
      responses: {
        200: json(z.object({ now: z.number() }), 'The new time (epoch ms)'),
        400: errors[400],
        409: json(controlErrorSchema, 'The emulator runs on the system clock'),
      },
    }),
    (c) => {
      if (!(ctx.clock instanceof ManualClock))
        return fail(
          c,
          409,
          'ConflictException',
          'The clock is the system clock; start the emulator with a manual clock.',
        );
      ctx.clock.advance(c.req.valid('json').ms);
      return c.json({ now: ctx.clock.now() }, 200);
    },
  );

  registerServiceRoutes(app, () => ctx.services?.());
  // Mounted on the emulator's app, an unknown control path is the control API's 404 too.
  app.all('/control/*', (c) =>
    fail(
      c,
      404,
      'NotFoundException',
      `No control endpoint ${c.req.method} ${c.req.path.slice(0, 200)}.`,
    ),
  );
  return app;
}

/**
 * The control API's service routes ({@link registerServiceRoutes}) as a Node-style route handler
 * for the paths under `prefix` (for a server that is not the emulator's Hono app).
 */
export function controlServiceRouter(
  services: Partial<ControlServices>,
  prefix: string,
): RouteHandler {
  const app = newControlHono();
  registerServiceRoutes(app, () => services as ControlServices);
  const listener = getRequestListener(app.fetch, { hostname: 'localhost' });
  return async (req, res, url) => {
    if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return false;
    await listener(req, res);
    return true;
  };
}

/**
 * The OpenAPI 3.1 paths and schemas generated from {@link createControlApp}'s routes.
 * @public
 */
export function controlOpenApiPaths(): {
  paths: Record<string, unknown>;
  schemas: Record<string, unknown>;
} {
  const app = createControlApp({
    centre: () => {
      throw new Error('not for requests');
    },
    clock: new ManualClock(),
    reset: () => undefined,
  });
  const doc = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'control', version: '1' },
  }) as { paths?: Record<string, unknown>; components?: { schemas?: Record<string, unknown> } };
  return { paths: doc.paths ?? {}, schemas: doc.components?.schemas ?? {} };
}
