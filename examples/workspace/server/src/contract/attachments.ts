// Attachments of messages: customers' files and agents' uploads.
import { z } from '@hono/zod-openapi';
import { isoDateTime } from './common';

export const attachmentSchema = z
  .object({
    id: z.string(),
    filename: z.string(),
    /** The checked content type (by magic bytes for images and PDF). */
    contentType: z.string(),
    size: z.number().int().min(0),
    /** `unavailable`: the provider's file could not be fetched (`reason` says why). */
    status: z.enum(['stored', 'unavailable']),
    reason: z.string().nullable(),
    /** The authenticated download path (`GET`, bearer), null when unavailable. */
    url: z.string().nullable(),
    createdAt: isoDateTime,
  })
  .openapi('Attachment');

export const attachmentResponseSchema = z.object({ attachment: attachmentSchema });

export const signedMediaParamsSchema = z.object({ id: z.uuid() });
export const signedMediaQuerySchema = z.object({
  expires: z.string().regex(/^\d{10,13}$/),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

export type Attachment = z.infer<typeof attachmentSchema>;
