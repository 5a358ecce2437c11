// Inbox routes inside a conversation: its messages (list, send, send a template, retry), the
// WhatsApp reply window and the call parts.
import { idParamsSchema } from '../../contract/common';
import {
  callPartResponseSchema,
  messageCreateSchema,
  messageListQuerySchema,
  messageListResponseSchema,
  messageParamsSchema,
  messageResponseSchema,
  partParamsSchema,
  templateMessageCreateSchema,
  whatsappWindowResponseSchema,
} from '../../contract/inbox';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import type { InboxMessages } from './message-service';

const tags = ['Inbox'];

/** The message routes of a conversation, and its call parts. */
export function messageRoutes(messages: InboxMessages) {
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/inbox/conversations/{id}/messages',
      tags,
      summary: 'Messages of a conversation (latest page first, oldest first within a page)',
      request: { params: idParamsSchema, query: messageListQuerySchema },
      responses: { 200: json(messageListResponseSchema) },
    }),
    async (c) => {
      const { cursor, limit } = c.req.valid('query');
      return c.json(
        await messages.list(c.get('access'), c.req.valid('param').id, cursor, limit),
        200,
      );
    },
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/inbox/conversations/{id}/messages',
      tags,
      summary: 'Reply to the contact, or add an internal note',
      request: { params: idParamsSchema, ...jsonBody(messageCreateSchema) },
      responses: { 201: json(messageResponseSchema, 'Created') },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const message = await messages.post(c.get('access'), id, c.req.valid('json'));
      return c.json({ message }, 201);
    },
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/inbox/conversations/{id}/whatsapp-window',
      tags,
      summary: "A WhatsApp conversation's 24-hour window and approved templates",
      description:
        "Free text may be sent only within 24 hours of the customer's last message; outside it only an approved template (409 not_whatsapp on another channel).",
      request: { params: idParamsSchema },
      responses: { 200: json(whatsappWindowResponseSchema) },
    }),
    async (c) =>
      c.json(
        { window: await messages.whatsappWindow(c.get('access'), c.req.valid('param').id) },
        200,
      ),
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/inbox/conversations/{id}/template-messages',
      tags,
      summary: 'Reply with an approved WhatsApp template',
      description:
        'Sends the template with its variables filled (400 when the template is not approved or a variable is missing; 409 not_whatsapp on another channel).',
      request: { params: idParamsSchema, ...jsonBody(templateMessageCreateSchema) },
      responses: { 201: json(messageResponseSchema, 'Created') },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const message = await messages.postTemplate(c.get('access'), id, c.req.valid('json'));
      return c.json({ message }, 201);
    },
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/inbox/conversations/{id}/messages/{messageId}/retry',
      tags,
      summary: 'Send a failed reply again',
      description:
        'Queues the failed reply for sending again through its channel (409 not_failed when it has not failed).',
      request: { params: messageParamsSchema },
      responses: { 200: json(messageResponseSchema) },
    }),
    async (c) => {
      const { id, messageId } = c.req.valid('param');
      return c.json({ message: await messages.retry(c.get('access'), id, messageId) }, 200);
    },
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/inbox/conversations/{id}/parts/{idPart}',
      tags,
      summary: 'A call part: its recording and transcript links',
      request: { params: partParamsSchema },
      responses: { 200: json(callPartResponseSchema) },
    }),
    async (c) => {
      const { id, idPart } = c.req.valid('param');
      return c.json({ part: await messages.part(c.get('access'), id, idPart) }, 200);
    },
  );

  return router;
}
