// Inbox routes of the conversations: the counts, lists, one conversation, its assignment and
// status (one or in bulk), and starting a conversation.
import { idParamsSchema, slugParamsSchema } from '../../contract/common';
import {
  conversationBulkResponseSchema,
  conversationBulkSchema,
  conversationListQuerySchema,
  conversationListResponseSchema,
  conversationPatchSchema,
  conversationResponseSchema,
  conversationStartResponseSchema,
  conversationStartSchema,
  countsResponseSchema,
} from '../../contract/inbox';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import type { InboxService } from './service';

const tags = ['Inbox'];

/** The conversation routes: counts, list, read, edit, bulk edit and start. */
export function conversationRoutes(inbox: InboxService) {
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
    async (c) => {
      const { id } = c.req.valid('param');
      const conversation = await inbox.patch(c.get('access'), id, c.req.valid('json'));
      return c.json({ conversation }, 200);
    },
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

  return router;
}
