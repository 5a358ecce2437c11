// Google Meet links from a conversation, and the settings' connection test.
import { z } from '@hono/zod-openapi';
import { isoDateTime } from './common';
import { messageSchema } from './inbox';

export const meetCreateSchema = z
  .object({
    /**
     * Made by the client once per click (a UUID): the same key makes the same meeting and the same
     * note, so a double click or a retry makes one meeting.
     */
    idempotencyKey: z
      .string()
      .min(8)
      .max(100)
      .regex(/^[\w-]+$/, 'Letters, digits, - and _'),
  })
  .strict()
  .openapi('MeetCreate');

export const meetResponseSchema = z
  .object({
    meeting: z.object({
      url: z.string(),
      eventId: z.string(),
      htmlLink: z.string().nullable(),
      start: isoDateTime,
      end: isoDateTime,
    }),
    /** The note with the link; null when the integration does not post links to conversations. */
    note: messageSchema.nullable(),
  })
  .openapi('MeetCreated');

export const meetTestResponseSchema = z
  .object({ ok: z.boolean(), message: z.string() })
  .openapi('GoogleMeetTest');

export type MeetCreate = z.infer<typeof meetCreateSchema>;
export type MeetCreated = z.infer<typeof meetResponseSchema>;
export type MeetTest = z.infer<typeof meetTestResponseSchema>;
