// The widget's message routes: the visitor's messages (read and send), marking replies read,
// and leaving an email address for replies.
import { createRoute, z } from '@hono/zod-openapi';
import { orNull } from '../../../contract/common';
import { createRouter, json, jsonBody } from '../../../lib/router';
import { WEBCHAT } from './constants';
import { widgetSurveySchema } from './survey';
import { widgetAttachmentSchema } from './attachments';
import type { WebchatService } from './service';
import { errors, slugParams, tags, tokenHeaders } from './route-docs';

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

const postSchema = z
  .object({
    body: z.string().trim().min(1).max(WEBCHAT.maxMessageLength),
    /** The widget's id of the message: sending it again stores it once. */
    clientId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  })
  .strict();

const emailSchema = z.object({ email: z.string().max(254) }).strict();

/** The visitor's message routes: list, send, read, leave an email. */
export function widgetMessageRoutes(chat: WebchatService) {
  const router = createRouter();

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

  return router;
}
