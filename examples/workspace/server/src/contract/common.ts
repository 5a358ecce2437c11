// Shared pieces of the workspace API contract (classic zod with OpenAPI metadata). The web app
// imports the inferred types from `server/src/contract` with `import type`.
import { z } from '@hono/zod-openapi';

/** An ISO-8601 date-time string with offset. */
export const isoDateTime = z.iso.datetime({ offset: true });
/** A row id (UUID or contact-centre id). */
/**
 * A named (component) schema or null. `.nullable()` on a named schema marks the component itself
 * nullable in the OpenAPI document (every use of it then reads as nullable); a union with null
 * keeps the component as it is and says null at this one place.
 */
export function orNull<T extends z.ZodType>(schema: T) {
  return z.union([schema, z.null()]);
}

export const idSchema = z.string().min(1).max(200);

/** The error body of every non-2xx answer; a 400 lists its field errors in `issues`. */
export const apiErrorSchema = z
  .object({
    error: z.string(),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .openapi('ApiError');

export const slugParamsSchema = z.object({
  slug: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9-]+$/)
    .openapi({ param: { name: 'slug', in: 'path' }, example: 'acme' }),
});

export const idParamsSchema = slugParamsSchema.extend({
  id: idSchema.openapi({ param: { name: 'id', in: 'path' } }),
});

/** A page of a cursor-paginated list: pass `nextCursor` back as `cursor` for the next page. */
export const pageInfoSchema = z.object({
  nextCursor: z.string().nullable(),
});

export const cursorQuerySchema = z.object({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** Names a new contact made from an unknown phone number gets: the prefix, then the number. */
export const VISITOR_NAME_PREFIX = 'visitor-';

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
export type PageInfo = z.infer<typeof pageInfoSchema>;
