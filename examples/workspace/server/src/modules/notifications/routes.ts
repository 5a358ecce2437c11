// A member's notifications (mentions in notes): list with unread count, mark read, mark all read.
import { slugParamsSchema } from '../../contract/common';
import {
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationParamsSchema,
  notificationReadResponseSchema,
  notificationsReadAllResponseSchema,
} from '../../contract/notifications';
import type { Services } from '../../lib/context';
import { authRoute, createRouter, json } from '../../lib/router';
import { NotificationService } from './service';

export function notificationRoutes(services: Services) {
  const notifications = new NotificationService(services);
  const router = createRouter();
  const tags = ['Notifications'];

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/notifications',
      tags,
      summary: "The caller's notifications, newest first, and their unread count",
      description:
        "Only the caller's own notifications (a mention of them in a note). `page.nextCursor` loads older ones; `unreadCount` counts every unread one. The event stream says `notification.created` to the recipient alone.",
      request: { params: slugParamsSchema, query: notificationListQuerySchema },
      responses: { 200: json(notificationListResponseSchema) },
    }),
    async (c) => {
      const { cursor, limit } = c.req.valid('query');
      return c.json(await notifications.list(c.get('access'), cursor, limit), 200);
    },
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/notifications/{id}/read',
      tags,
      summary: "Mark one of the caller's notifications read",
      description: "Another member's notification answers 404.",
      request: { params: notificationParamsSchema },
      responses: { 200: json(notificationReadResponseSchema) },
    }),
    async (c) =>
      c.json(await notifications.markRead(c.get('access'), c.req.valid('param').id), 200),
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/notifications/read-all',
      tags,
      summary: "Mark every one of the caller's notifications read",
      request: { params: slugParamsSchema },
      responses: { 200: json(notificationsReadAllResponseSchema) },
    }),
    async (c) => c.json(await notifications.markAllRead(c.get('access')), 200),
  );

  return router;
}
