// Attachment routes: the authenticated download (same workspace, a conversation the caller may
// see), an agent's upload to a conversation (multipart, capped before it is read), and the signed,
// expiring public URL providers fetch a reply's media from (MMS MediaUrl, WhatsApp link).
// Every download is served so that it cannot run script: CSP `default-src 'none'; sandbox`,
// nosniff, and `Content-Disposition: attachment` for anything but images and PDF (HTML and SVG are
// never taken in the first place).
import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  attachmentResponseSchema,
  signedMediaParamsSchema,
  signedMediaQuerySchema,
} from '../../contract/attachments';
import { apiErrorSchema, idParamsSchema } from '../../contract/common';
import type { AppEnv, Services } from '../../lib/context';
import { ApiError, notFound } from '../../lib/errors';
import { authRoute, createRouter, json } from '../../lib/router';
import { InboxService } from '../inbox/service';
import { ATTACHMENT_CSP, INLINE_CONTENT_TYPES } from './constants';
import { ATTACHMENT_MESSAGES } from './messages';
import { AttachmentService, attachmentView, type AttachmentRow } from './service';

const tags = ['Attachments'];
const binary = {
  description: 'The file',
  content: {
    'application/octet-stream': { schema: { type: 'string' as const, format: 'binary' } },
  },
};
const errors = (description: string) => ({
  description,
  content: { 'application/json': { schema: apiErrorSchema } },
});

/** The headers of a download: the checked type, never inline unless an image or PDF. */
export function downloadHeaders(row: AttachmentRow): Record<string, string> {
  const inline = INLINE_CONTENT_TYPES.has(row.content_type);
  const type = row.content_type.startsWith('text/')
    ? `${row.content_type}; charset=utf-8`
    : row.content_type;
  const ascii = row.filename.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return {
    'content-type': inline || type.startsWith('text/') ? type : 'application/octet-stream',
    'content-length': String(row.size),
    'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.filename)}`,
    'content-security-policy': ATTACHMENT_CSP,
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, max-age=300',
    'cross-origin-resource-policy': 'same-origin',
  };
}

async function send(c: Context<AppEnv>, service: AttachmentService, row: AttachmentRow) {
  const stream = await service.open(row);
  return c.body(Readable.toWeb(stream) as ReadableStream, 200, downloadHeaders(row));
}

export function attachmentRoutes(services: Services) {
  const attachments = new AttachmentService(services);
  const inbox = new InboxService(services);
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/attachments/{id}',
      tags,
      summary: 'Download an attachment (served so that it cannot run script)',
      request: { params: idParamsSchema },
      responses: { 200: binary },
    }),
    async (c) => {
      const row = await attachments.find(c.var.access.workspace.id, c.req.valid('param').id);
      // The conversation must be one the caller may see (404 like any other).
      await inbox.get(c.var.access, row.conversation_id);
      return send(c, attachments, row) as never;
    },
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/inbox/conversations/{id}/attachments',
      tags,
      summary: "Upload a file for the conversation's next reply",
      description:
        'multipart/form-data with one `file` field. The file is checked (size, type by its bytes) and kept for the reply that names it in `attachmentIds`.',
      request: {
        params: idParamsSchema,
        body: {
          content: {
            'multipart/form-data': {
              schema: z.object({
                file: z.any().openapi({ type: 'string', format: 'binary' }),
              }),
            },
          },
          required: true,
        },
      },
      responses: {
        201: json(attachmentResponseSchema, 'Stored'),
        413: errors('Larger than the limit, or too many files.'),
        415: errors('A type not taken, or bytes that do not match the type.'),
      },
    }),
    async (c) => {
      const access = c.var.access;
      const { id } = c.req.valid('param');
      await inbox.get(access, id);
      const form = c.req.valid('form') as Record<string, unknown>;
      const file = form['file'];
      if (!(file instanceof File))
        throw new ApiError(400, 'invalid_request', ATTACHMENT_MESSAGES.noFile, [
          { path: 'body.file', message: ATTACHMENT_MESSAGES.noFile },
        ]);
      const row = await attachments.add(
        { workspaceId: access.workspace.id, conversationId: id, messageId: null },
        { filename: file.name, contentType: file.type, source: file.stream() },
      );
      return c.json({ attachment: attachmentView(access.workspace.slug, row) }, 201);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/channels/media/{id}',
      tags,
      summary: "A reply's file for the provider (signed, expiring URL; no bearer)",
      request: { params: signedMediaParamsSchema, query: signedMediaQuerySchema },
      responses: { 200: binary, 404: errors('Unknown, expired or badly signed.') },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { expires, signature } = c.req.valid('query');
      if (!attachments.verify(id, expires, signature))
        throw new ApiError(404, 'not_found', ATTACHMENT_MESSAGES.badSignature);
      const row = await services.db
        .selectFrom('attachments')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound(ATTACHMENT_MESSAGES.notFound);
      return send(c, attachments, row) as never;
    },
  );

  return router;
}
