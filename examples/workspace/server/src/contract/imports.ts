// The contact-import history of the settings: each import, its row errors and the events of a
// running import.
import { z } from '@hono/zod-openapi';
import { isoDateTime } from './common';

export const importRowErrorSchema = z
  .object({
    /** The line of the file (1 is the header). */
    line: z.number(),
    /** The column at fault, when one is. */
    column: z.string().nullable(),
    message: z.string(),
  })
  .openapi('ImportRowError');

export const contactImportSchema = z
  .object({
    id: z.string(),
    fileName: z.string(),
    status: z.enum(['completed', 'rejected']),
    rowsTotal: z.number(),
    rowsCreated: z.number(),
    rowsMerged: z.number(),
    rowsFailed: z.number(),
    /** Why the whole file was rejected (nothing was imported). */
    reason: z.string().nullable(),
    createdBy: z.string().nullable(),
    createdAt: isoDateTime,
    finishedAt: isoDateTime,
  })
  .openapi('ContactImport');

export const contactImportDetailSchema = contactImportSchema
  .extend({ errors: z.array(importRowErrorSchema) })
  .openapi('ContactImportDetail');

export const importsResponseSchema = z
  .object({ imports: z.array(contactImportSchema) })
  .openapi('ContactImports');
export const importResponseSchema = z.object({ import: contactImportDetailSchema });

export const importQuerySchema = z.object({
  fileName: z.string().trim().min(1).max(200).default('contacts.csv'),
});

/**
 * One line of the streamed answer of POST …/settings/import-history (NDJSON): progress while the
 * file is parsed (bytes read of the upload, rows seen), then the import as recorded (or an
 * `error` line when the server failed).
 */
export const importEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), bytes: z.number(), rows: z.number() }),
  z.object({ type: z.literal('done'), import: contactImportDetailSchema }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);

export type ImportRowError = z.infer<typeof importRowErrorSchema>;
export type ContactImport = z.infer<typeof contactImportSchema>;
export type ContactImportDetail = z.infer<typeof contactImportDetailSchema>;
export type ImportEvent = z.infer<typeof importEventSchema>;
