// Inbox routes of what the inbox filters by: the workspace tags and the saved views.
import { slugParamsSchema } from '../../contract/common';
import { tagsResponseSchema, viewsResponseSchema } from '../../contract/inbox';
import { authRoute, createRouter, json } from '../../lib/router';
import type { InboxFilters } from './filter-service';

const tags = ['Inbox'];

/** The tag and view routes. */
export function filterRoutes(filters: InboxFilters) {
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/inbox/tags',
      tags,
      summary: 'The workspace tags',
      request: { params: slugParamsSchema },
      responses: { 200: json(tagsResponseSchema) },
    }),
    async (c) => c.json({ tags: await filters.tags(c.get('access')) }, 200),
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
    async (c) => c.json({ views: await filters.views(c.get('access')) }, 200),
  );

  return router;
}
