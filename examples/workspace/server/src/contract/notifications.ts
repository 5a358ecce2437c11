// Notifications: a member's own list of mentions (newest first) and their unread count.
import { z } from '@hono/zod-openapi';
import { agentRefSchema } from './inbox';
import { idParamsSchema, isoDateTime, orNull, pageInfoSchema } from './common';

export const notificationSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['mention']),
    /** Who mentioned the member (null when that member is gone). */
    actor: orNull(agentRefSchema),
    conversation: z.object({ id: z.string(), subject: z.string() }),
    messageId: z.string(),
    /** The note as people read it (mentions as `@Name`), cut to a preview. */
    preview: z.string(),
    createdAt: isoDateTime,
    readAt: isoDateTime.nullable(),
  })
  .openapi('Notification');

export const notificationListQuerySchema = z.object({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const notificationListResponseSchema = z
  .object({
    /** Newest first; `page.nextCursor` loads older ones. */
    notifications: z.array(notificationSchema),
    page: pageInfoSchema,
    /** The member's unread notifications (all of them, not only this page's). */
    unreadCount: z.number().int(),
  })
  .openapi('NotificationList');

export const notificationParamsSchema = idParamsSchema;

export const notificationReadResponseSchema = z
  .object({ notification: notificationSchema, unreadCount: z.number().int() })
  .openapi('NotificationRead');

export const notificationsReadAllResponseSchema = z
  .object({ unreadCount: z.number().int() })
  .openapi('NotificationsReadAll');

export type NotificationView = z.infer<typeof notificationSchema>;
export type NotificationList = z.infer<typeof notificationListResponseSchema>;
