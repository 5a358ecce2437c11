// Inbox routes: counts, conversation lists and details, messages, call parts, assignment and
// status, tags, views and saved replies.
import { idParamsSchema, slugParamsSchema } from '../../contract/common';
import {
  callPartResponseSchema,
  conversationBulkResponseSchema,
  conversationBulkSchema,
  conversationListQuerySchema,
  conversationListResponseSchema,
  conversationPatchSchema,
  conversationResponseSchema,
  conversationStartResponseSchema,
  conversationStartSchema,
  countsResponseSchema,
  messageCreateSchema,
  messageListQuerySchema,
  messageListResponseSchema,
  messageParamsSchema,
  messageResponseSchema,
  partParamsSchema,
  savedRepliesResponseSchema,
  savedReplyCreateSchema,
  savedReplyPatchSchema,
  savedReplyQuerySchema,
  savedReplyResponseSchema,
  tagsResponseSchema,
  templateMessageCreateSchema,
  viewsResponseSchema,
  whatsappWindowResponseSchema,
} from '../../contract/inbox';
import type { Services } from '../../lib/context';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import { InboxService } from './service';

const tags = ['Inbox'];

export function inboxRoutes(services: Services) {
  const inbox = new InboxService(services);
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/inbox/counts',
      tags,
      summary:
        'Open conversations per folder (all, unassigned, mine, tags, views) the caller can see',
      request: { params: slugParamsSchema },
      responses: { 200: json(countsResponseSchema) },
    }),
    async (c) => c.json({ counts: await inbox.counts(c.get('access')) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/inbox/conversations',
      tags,
      summary: 'A page of conversations of a folder, newest activity first, with text search',
      description:
        'Folders all, unassigned and tag need the shared-inbox permit (flag_inbox_shared), view needs flag_inbox_views; mine is open to every member. Without the shared-inbox permit only conversations assigned to the caller are listed.',
      request: { params: slugParamsSchema, query: conversationListQuerySchema },
      responses: { 200: json(conversationListResponseSchema) },
    }),
    async (c) => c.json(await inbox.list(c.get('access'), c.req.valid('query')), 200),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/inbox/conversations/{id}',
      tags,
      summary: 'One conversation',
      request: { params: idParamsSchema },
      responses: { 200: json(conversationResponseSchema) },
    }),
    async (c) =>
      c.json({ conversation: await inbox.get(c.get('access'), c.req.valid('param').id) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'patch',
      path: '/ws/{slug}/inbox/conversations/{id}',
      tags,
      summary: 'Change status, assignee, tags or subject of a conversation',
      request: { params: idParamsSchema, ...jsonBody(conversationPatchSchema) },
      responses: { 200: json(conversationResponseSchema) },
    }),
    async (c) =>
      c.json(
        {
          conversation: await inbox.patch(
            c.get('access'),
            c.req.valid('param').id,
            c.req.valid('json'),
          ),
        },
        200,
      ),
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/inbox/conversations/bulk',
      tags,
      summary: 'Assign, tag, prioritise, close or snooze many conversations at once',
      description:
        'Each conversation the caller can see is changed as a PATCH of it would change it; ids the caller cannot see are listed in notFound and left alone.',
      request: { params: slugParamsSchema, ...jsonBody(conversationBulkSchema) },
      responses: { 200: json(conversationBulkResponseSchema) },
    }),
    async (c) => c.json(await inbox.bulk(c.get('access'), c.req.valid('json')), 200),
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/inbox/conversations',
      tags,
      summary: 'Start a conversation with a contact on email, SMS or WhatsApp',
      description:
        "Answers the contact's open conversation on that channel when there is one (200, created false), else a new one assigned to the caller (201). 409 no_address when the contact has no address for the channel, channel_off when the channel is off, open_elsewhere when the open one is another agent's and the caller sees only their own.",
      request: { params: slugParamsSchema, ...jsonBody(conversationStartSchema) },
      responses: {
        200: json(conversationStartResponseSchema, 'The open conversation'),
        201: json(conversationStartResponseSchema, 'Started'),
      },
    }),
    async (c) => {
      const started = await inbox.startConversation(c.get('access'), c.req.valid('json'));
      return started.created ? c.json(started, 201) : c.json(started, 200);
    },
  );

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
        await inbox.messages(c.get('access'), c.req.valid('param').id, cursor, limit),
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
    async (c) =>
      c.json(
        {
          message: await inbox.postMessage(
            c.get('access'),
            c.req.valid('param').id,
            c.req.valid('json'),
          ),
        },
        201,
      ),
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
      c.json({ window: await inbox.whatsappWindow(c.get('access'), c.req.valid('param').id) }, 200),
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
    async (c) =>
      c.json(
        {
          message: await inbox.postTemplateMessage(
            c.get('access'),
            c.req.valid('param').id,
            c.req.valid('json'),
          ),
        },
        201,
      ),
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
      return c.json({ message: await inbox.retryMessage(c.get('access'), id, messageId) }, 200);
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
      return c.json({ part: await inbox.part(c.get('access'), id, idPart) }, 200);
    },
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/inbox/tags',
      tags,
      summary: 'The workspace tags',
      request: { params: slugParamsSchema },
      responses: { 200: json(tagsResponseSchema) },
    }),
    async (c) => c.json({ tags: await inbox.tags(c.get('access')) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/inbox/views',
      tags,
      summary: 'Saved inbox views (flag_inbox_views)',
      request: { params: slugParamsSchema },
      responses: { 200: json(viewsResponseSchema) },
    }),
    async (c) => c.json({ views: await inbox.views(c.get('access')) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/inbox/saved-replies',
      tags,
      summary: 'Saved replies, searchable by title and text',
      request: { params: slugParamsSchema, query: savedReplyQuerySchema },
      responses: { 200: json(savedRepliesResponseSchema) },
    }),
    async (c) =>
      c.json(
        { savedReplies: await inbox.savedReplies(c.get('access'), c.req.valid('query').q) },
        200,
      ),
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/inbox/saved-replies',
      tags,
      summary: 'Create a saved reply (flag_inbox_savedReplies)',
      request: { params: slugParamsSchema, ...jsonBody(savedReplyCreateSchema) },
      responses: { 201: json(savedReplyResponseSchema, 'Created') },
    }),
    async (c) =>
      c.json(
        { savedReply: await inbox.createSavedReply(c.get('access'), c.req.valid('json')) },
        201,
      ),
  );

  router.openapi(
    authRoute({
      method: 'patch',
      path: '/ws/{slug}/inbox/saved-replies/{id}',
      tags,
      summary: 'Edit a saved reply (flag_inbox_savedReplies)',
      request: { params: idParamsSchema, ...jsonBody(savedReplyPatchSchema) },
      responses: { 200: json(savedReplyResponseSchema) },
    }),
    async (c) =>
      c.json(
        {
          savedReply: await inbox.updateSavedReply(
            c.get('access'),
            c.req.valid('param').id,
            c.req.valid('json'),
          ),
        },
        200,
      ),
  );

  router.openapi(
    authRoute({
      method: 'delete',
      path: '/ws/{slug}/inbox/saved-replies/{id}',
      tags,
      summary: 'Delete a saved reply (flag_inbox_savedReplies)',
      request: { params: idParamsSchema },
      responses: { 204: { description: 'Deleted' } },
    }),
    async (c) => {
      await inbox.deleteSavedReply(c.get('access'), c.req.valid('param').id);
      return c.body(null, 204);
    },
  );

  return router;
}
