// Settings routes of the contact imports (`/settings/imports`): the import history, and a CSV
// upload answered with a stream of NDJSON progress lines.
import { z } from '@hono/zod-openapi';
import { idParamsSchema, slugParamsSchema } from '../../contract/common';
import {
  importEventSchema,
  importQuerySchema,
  importResponseSchema,
  importsResponseSchema,
  SETTINGS_LIMITS,
} from '../../contract/settings';
import { ApiError } from '../../lib/errors';
import { MESSAGES } from '../../lib/messages';
import { authRoute, createRouter, json } from '../../lib/router';
import { SETTINGS_MESSAGES } from './messages';
import { spoolUpload, UploadTooLarge, type SpooledUpload } from './contact-import';
import type { ImportSettings } from './import-service';

const tags = ['Settings'];

/** Content types a CSV upload may arrive with (browsers label .csv files differently). */
const CSV_TYPES = [
  'text/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/octet-stream',
];

/** The contact-import routes: the history, one import, and a new import from a CSV file. */
export function importRoutes(settings: ImportSettings) {
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/settings/imports',
      tags,
      summary: 'The import history, newest first (admin)',
      request: { params: slugParamsSchema },
      responses: { 200: json(importsResponseSchema) },
    }),
    async (c) => c.json({ imports: await settings.imports(c.get('access')) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/settings/imports/{id}',
      tags,
      summary: 'One import with its row errors (line numbers) (admin)',
      request: { params: idParamsSchema },
      responses: { 200: json(importResponseSchema) },
    }),
    async (c) =>
      c.json(
        { import: await settings.importDetail(c.get('access'), c.req.valid('param').id) },
        200,
      ),
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/settings/imports',
      tags,
      summary: 'Import contacts from a CSV file (admin)',
      description: `The body is the CSV file (header line with name, phone, email, company; at most ${SETTINGS_LIMITS.importMaxRows.toLocaleString('en-US')} rows and ${SETTINGS_LIMITS.importMaxBytes / 1024 / 1024} MB). The answer streams NDJSON: \`progress\` lines while the file is parsed, then one \`done\` line with the import as recorded. Rows with errors are left out and listed with their line numbers; rows whose phone or email is known are merged into that contact; a rejected file imports nothing.`,
      request: {
        params: slugParamsSchema,
        query: importQuerySchema,
        body: {
          content: { 'text/csv': { schema: z.string().openapi({ format: 'binary' }) } },
          required: true,
        },
      },
      responses: {
        200: {
          description: 'NDJSON: `progress` lines, then `done` (or `error`).',
          content: { 'application/x-ndjson': { schema: importEventSchema } },
        },
        413: json(z.object({ error: z.string(), message: z.string() }), 'File too large'),
        415: json(z.object({ error: z.string(), message: z.string() }), 'Not a CSV upload'),
      },
    }),
    async (c) => {
      const access = c.get('access');
      settings.checkImport(access);
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (!CSV_TYPES.includes(type))
        throw new ApiError(415, 'unsupported_media_type', SETTINGS_MESSAGES.unsupportedImportType);
      const upload = c.req.raw.body;
      if (!upload) throw new ApiError(400, 'invalid_request', SETTINGS_MESSAGES.importNoRows);
      // The whole upload lands in a temporary file first (the declared size was checked before
      // authentication): a file that turns out too large is answered 413 with its reason, before
      // any answer has started and before anything is parsed.
      let spooled: SpooledUpload;
      try {
        spooled = await spoolUpload(upload, SETTINGS_LIMITS.importMaxBytes);
      } catch (error) {
        if (error instanceof UploadTooLarge)
          throw new ApiError(413, 'payload_too_large', error.message, undefined, {
            connection: 'close',
          });
        throw error;
      }
      const { fileName } = c.req.valid('query');
      const log = c.var.log;
      const encoder = new TextEncoder();
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          const send = (event: unknown) =>
            controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
          try {
            const result = await settings.importContacts(access, fileName, spooled, (p) =>
              send({ type: 'progress', ...p }),
            );
            send({ type: 'done', import: result });
          } catch (error) {
            log.error({ err: error }, 'contact import failed');
            send({ type: 'error', message: MESSAGES.internal });
          } finally {
            controller.close();
            await spooled.dispose();
          }
        },
      });
      // A streamed NDJSON body: zod-openapi types only JSON answers, hence the cast.
      return c.body(stream, 200, {
        'content-type': 'application/x-ndjson; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      }) as never;
    },
  );

  return router;
}
