// Inbox routes of the saved replies (message templates of the inbox): list, create, edit, delete.
import { idParamsSchema, slugParamsSchema } from '../../contract/common';
import {
  savedRepliesResponseSchema,
  savedReplyCreateSchema,
  savedReplyPatchSchema,
  savedReplyQuerySchema,
  savedReplyResponseSchema,
} from '../../contract/inbox';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import type { InboxFilters } from './filter-service';

const tags = ['Inbox'];

/** The saved-reply routes. */
export function savedReplyRoutes(filters: InboxFilters) {
  const router = createRouter();

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
        { savedReplies: await filters.savedReplies(c.get('access'), c.req.valid('query').q) },
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
        { savedReply: await filters.createSavedReply(c.get('access'), c.req.valid('json')) },
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
    async (c) => {
      const { id } = c.req.valid('param');
      const savedReply = await filters.updateSavedReply(c.get('access'), id, c.req.valid('json'));
      return c.json({ savedReply }, 200);
    },
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
      await filters.deleteSavedReply(c.get('access'), c.req.valid('param').id);
      return c.body(null, 204);
    },
  );

  return router;
}
