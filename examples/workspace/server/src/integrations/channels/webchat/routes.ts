// The web-chat widget's API, `/api/widget/{slug}/…` (no bearer token: the visitor's token in
// `x-widget-token`, or `?token=` on the event stream which EventSource cannot give headers).
// Any origin may call it (the widget runs on the customer's website); it never reads cookies.
import { createRoute, z } from '@hono/zod-openapi';
import { cors } from 'hono/cors';
import { streamSSE } from 'hono/streaming';
import { orNull, apiErrorSchema } from '../../../contract/common';
import type { Services } from '../../../lib/context';
import { ApiError } from '../../../lib/errors';
import { createRouter, json, jsonBody } from '../../../lib/router';
import type { LiveEvent } from '../../../modules/live/bus';
import { WEBCHAT, WEBCHAT_MESSAGES } from './constants';
import { WebchatService } from './service';
import { widgetSurveyRoutes, widgetSurveySchema } from './survey';
import { widgetAttachmentRoutes, widgetAttachmentSchema } from './attachments';

const tags = ['Web chat'];
const errors = {
  400: {
    description: 'Invalid request',
    content: { 'application/json': { schema: apiErrorSchema } },
  },
  401: {
    description: 'Missing or unknown visitor token',
    content: { 'application/json': { schema: apiErrorSchema } },
  },
  403: {
    description: 'Web chat is off for this workspace (channel_off)',
    content: { 'application/json': { schema: apiErrorSchema } },
  },
  404: {
    description: 'Unknown workspace',
    content: { 'application/json': { schema: apiErrorSchema } },
  },
} as const;

const slugParams = z.object({ slug: z.string().min(1).max(64) });
const tokenHeaders = z.object({ [WEBCHAT.tokenHeader]: z.string().max(200).optional() });

const widgetMessageSchema = z
  .object({
    id: z.string(),
    direction: z.enum(['inbound', 'outbound']),
    body: z.string(),
    /** The agent's first name on replies. */
    author: z.string().nullable(),
    createdAt: z.string(),
    status: z.string().nullable(),
    /** The satisfaction survey this message carries (the widget shows a card), when it does. */
    survey: orNull(widgetSurveySchema).optional(),
    /** The files of the message, when it has any. */
    attachments: z.array(widgetAttachmentSchema).optional(),
  })
  .openapi('WidgetMessage');

const configSchema = z
  .object({ workspace: z.object({ name: z.string(), slug: z.string() }), enabled: z.boolean() })
  .openapi('WidgetConfig');

const postSchema = z
  .object({
    body: z.string().trim().min(1).max(WEBCHAT.maxMessageLength),
    /** The widget's id of the message: sending it again stores it once. */
    clientId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  })
  .strict();

const emailSchema = z.object({ email: z.string().max(254) }).strict();

export function webchatRoutes(services: Services) {
  const chat = new WebchatService(services);
  const router = createRouter();

  router.use(
    '/widget/*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      allowHeaders: ['content-type', WEBCHAT.tokenHeader],
      maxAge: 600,
    }),
  );
  // Size before parsing: a body over the limit is refused from its declared length.
  router.use('/widget/*', async (c, next) => {
    // A file upload has its own, larger limit (the attachment route class and the file's cap).
    if (c.req.method === 'POST' && /^\/api\/widget\/[^/]+\/attachments\/?$/.test(c.req.path))
      return next();
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > WEBCHAT.maxBodyBytes)
      throw new ApiError(413, 'payload_too_large', WEBCHAT_MESSAGES.bodyTooLarge);
    return next();
  });

  router.openapi(
    createRoute({
      method: 'get',
      path: '/widget/{slug}/config',
      tags,
      summary: "The widget's settings: the workspace's name and whether its web chat is on",
      request: { params: slugParams },
      responses: { 200: json(configSchema), 404: errors[404] },
    }),
    async (c) => {
      const ws = await chat.workspace(c.req.valid('param').slug);
      return c.json({ workspace: { name: ws.name, slug: ws.slug }, enabled: ws.enabled }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/widget/{slug}/messages',
      tags,
      summary: "The visitor's conversation (latest messages, oldest first) and the email they left",
      description: 'Replies the widget receives here are reported delivered.',
      request: { params: slugParams, headers: tokenHeaders },
      responses: {
        200: json(
          z.object({ messages: z.array(widgetMessageSchema), email: z.string().nullable() }),
        ),
        ...errors,
      },
    }),
    async (c) => {
      const ws = await chat.openWorkspace(c.req.valid('param').slug);
      const visitor = await chat.requireVisitor(ws.id, c.req.header(WEBCHAT.tokenHeader));
      return c.json(await chat.messages(ws, visitor), 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/widget/{slug}/messages',
      tags,
      summary: "A visitor's message (the first one, without a token, starts the visitor)",
      description:
        'Answers the visitor token when it made a new visitor (`token`, else null): the widget keeps it, so the conversation survives a page reload. A repeated clientId stores the message once.',
      request: {
        params: slugParams,
        headers: tokenHeaders,
        ...jsonBody(postSchema),
      },
      responses: {
        201: json(z.object({ token: z.string().nullable(), messageId: z.string() }), 'Stored'),
        ...errors,
      },
    }),
    async (c) => {
      const ws = await chat.openWorkspace(c.req.valid('param').slug);
      const r = await chat.post(ws, c.req.header(WEBCHAT.tokenHeader), c.req.valid('json'));
      return c.json({ token: r.token, messageId: r.messageId }, 201);
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/widget/{slug}/read',
      tags,
      summary: 'The visitor has seen the replies: they are read',
      request: { params: slugParams, headers: tokenHeaders },
      responses: { 200: json(z.object({ read: z.number() })), ...errors },
    }),
    async (c) => {
      const ws = await chat.openWorkspace(c.req.valid('param').slug);
      const visitor = await chat.requireVisitor(ws.id, c.req.header(WEBCHAT.tokenHeader));
      return c.json({ read: await chat.read(ws, visitor) }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/widget/{slug}/email',
      tags,
      summary: 'The visitor leaves an email address (when nobody answers) for the reply',
      request: {
        params: slugParams,
        headers: tokenHeaders,
        ...jsonBody(emailSchema),
      },
      responses: { 200: json(z.object({ email: z.string() })), ...errors },
    }),
    async (c) => {
      const ws = await chat.openWorkspace(c.req.valid('param').slug);
      const visitor = await chat.requireVisitor(ws.id, c.req.header(WEBCHAT.tokenHeader));
      return c.json({ email: await chat.leaveEmail(ws, visitor, c.req.valid('json').email) }, 200);
    },
  );

  widgetSurveyRoutes(router, services, chat);
  widgetAttachmentRoutes(router, services, chat);

  router.openapi(
    createRoute({
      method: 'get',
      path: '/widget/{slug}/events',
      tags,
      summary: "The visitor's conversation changes as server-sent events",
      description:
        'Each event is `event: message` with `data: {"id"}` when a message of the visitor\'s chat is added or changes state; the widget then reloads its messages. The token is given as `?token=`.',
      request: { params: slugParams, query: z.object({ token: z.string().max(200).optional() }) },
      responses: {
        200: {
          description: 'text/event-stream',
          content: { 'text/event-stream': { schema: z.string() } },
        },
        ...errors,
      },
    }),
    async (c) => {
      const ws = await chat.openWorkspace(c.req.valid('param').slug);
      const visitor = await chat.requireVisitor(ws.id, c.req.valid('query').token);
      return streamSSE(c, async (stream) => {
        const pending: LiveEvent[] = [];
        let wake: (() => void) | undefined;
        const off = services.bus.subscribe(ws.id, (event) => {
          if (event.type === 'message.created' || event.type === 'message.updated') {
            pending.push(event);
            wake?.();
          }
        });
        stream.onAbort(() => {
          off();
          wake?.();
        });
        await stream.writeSSE({ event: 'ready', data: '{}' });
        while (!stream.aborted && !stream.closed) {
          const event = pending.shift();
          if (event) {
            if (event.conversationId && (await chat.concerns(ws, visitor, event.conversationId)))
              await stream.writeSSE({ event: 'message', data: JSON.stringify({ id: event.id }) });
            continue;
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, WEBCHAT.keepAliveMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = undefined;
          if (pending.length === 0 && !stream.aborted) await stream.write(': keep-alive\n\n');
        }
        off();
      });
    },
  );

  return router;
}
