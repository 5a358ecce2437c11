// The customer-satisfaction survey of a conversation, as the inbox shows it.
import { z } from '@hono/zod-openapi';
import { orNull, isoDateTime } from './common';

export const conversationSurveySchema = z
  .object({
    id: z.string(),
    channel: z.enum(['chat', 'email', 'sms', 'whatsapp']),
    /** The scale it asked on (1 to scale). */
    scale: z.number(),
    sentAt: isoDateTime,
    /** Until when it can be answered. */
    expiresAt: isoDateTime,
    answeredAt: isoDateTime.nullable(),
    score: z.number().nullable(),
    /** The delivery state of the message that carried it (queued, sent, delivered, read, failed). */
    delivery: z.string().nullable(),
  })
  .openapi('ConversationSurvey');

export const conversationSurveyResponseSchema = z
  .object({ survey: orNull(conversationSurveySchema) })
  .openapi('ConversationSurveyResponse');

export type ConversationSurvey = z.infer<typeof conversationSurveySchema>;
