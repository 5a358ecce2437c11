// Files in the web-chat widget, both ways. A visitor's file is posted as multipart to
// `POST /api/widget/{slug}/attachments` (with an optional text and the widget's client id): it is
// read through the attachments module's size cap and type check first, so a refused file answers
// 413/415 in the error shape and nothing is stored; a file taken becomes the visitor's message
// through the conversation intake like any customer's media. The files of the visitor's messages
// and of the agent's replies are listed on the widget's messages and downloaded through
// `GET /api/widget/{slug}/attachments/{id}`, authorised by the visitor's token (header, or `?token=`
// for a plain link) and served with the agent download's safe headers.
import { Readable } from 'node:stream';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { apiErrorSchema } from '../../../contract/common';
import type { AppEnv, Services } from '../../../lib/context';
import { ApiError, notFound } from '../../../lib/errors';
import { json } from '../../../lib/router';
import { ATTACHMENT_LIMITS } from '../../../modules/attachments/constants';
import { ATTACHMENT_MESSAGES } from '../../../modules/attachments/messages';
import { downloadHeaders } from '../../../modules/attachments/routes';
import {
  AttachmentService,
  cleanFilename,
  readCapped,
  unsupportedType,
} from '../../../modules/attachments/service';
import { checkType } from '../../../modules/attachments/sniff';
import { WEBCHAT } from './constants';
import type { WebchatService } from './service';

/** A file on a widget message. */
export const widgetAttachmentSchema = z
  .object({
    id: z.string(),
    filename: z.string(),
    contentType: z.string(),
    size: z.number(),
    /** `stored`, or `unavailable` (then there is no url). */
    status: z.string(),
    /** The widget route that serves it (add the visitor's token), or null. */
    url: z.string().nullable(),
  })
  .openapi('WidgetAttachment');

export type WidgetAttachment = z.infer<typeof widgetAttachmentSchema>;

/** The widget's path of an attachment. */
export const widgetAttachmentPath = (slug: string, id: string) =>
  `/api/widget/${encodeURIComponent(slug)}/attachments/${id}`;

/** The files of the given messages (by message id), as the widget shows them. */
export async function widgetAttachments(
  services: Services,
  ws: { readonly id: string; readonly slug: string },
  messageIds: readonly string[],
): Promise<Map<string, WidgetAttachment[]>> {
  const rows = await new AttachmentService(services).ofMessages(ws.id, messageIds);
  return new Map(
    [...rows].map(([messageId, list]) => [
      messageId,
      list.map((r) => ({
        id: r.id,
        filename: r.filename,
        contentType: r.content_type,
        size: r.size,
        status: r.status,
        url: r.status === 'stored' ? widgetAttachmentPath(ws.slug, r.id) : null,
      })),
    ]),
  );
}

const errors = (description: string) => ({
  description,
  content: { 'application/json': { schema: apiErrorSchema } },
});
const slugParams = z.object({ slug: z.string().min(1).max(64) });
const clientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

/** The widget's attachment routes (on the web-chat router, after its CORS and size checks). */
export function widgetAttachmentRoutes(
  router: OpenAPIHono<AppEnv>,
  services: Services,
  chat: WebchatService,
): void {
  const attachments = new AttachmentService(services);

  router.openapi(
    createRoute({
      method: 'post',
      path: '/widget/{slug}/attachments',
      tags: ['Web chat'],
      summary: "A visitor's file (with an optional text) as their message",
      description:
        'multipart/form-data: `file`, `clientId` (a repeated one stores the message once) and an optional `body`. The file is checked (size, type by its bytes) before anything is stored. Answers the visitor token when it made a new visitor, like `POST /messages`.',
      request: {
        params: slugParams,
        body: {
          content: {
            'multipart/form-data': {
              schema: z.object({
                file: z.any().openapi({ type: 'string', format: 'binary' }),
                clientId: z.string(),
                body: z.string().optional(),
              }),
            },
          },
          required: true,
        },
      },
      responses: {
        201: json(z.object({ token: z.string().nullable(), messageId: z.string() }), 'Stored'),
        400: errors('Invalid request'),
        401: errors('Unknown visitor token'),
        403: errors('Web chat is off for this workspace (channel_off)'),
        404: errors('Unknown workspace'),
        413: errors('Larger than the limit.'),
        415: errors('A type not taken, or bytes that do not match the type.'),
      },
    }),
    async (c) => {
      const ws = await chat.openWorkspace(c.req.valid('param').slug);
      const form = c.req.valid('form') as Record<string, unknown>;
      const file = form['file'];
      if (!(file instanceof File))
        throw new ApiError(400, 'invalid_request', ATTACHMENT_MESSAGES.noFile, [
          { path: 'body.file', message: ATTACHMENT_MESSAGES.noFile },
        ]);
      const clientId = clientIdSchema.safeParse(form['clientId']);
      const text = z
        .string()
        .trim()
        .max(WEBCHAT.maxMessageLength)
        .safeParse(form['body'] ?? '');
      if (!clientId.success || !text.success)
        throw new ApiError(400, 'invalid_request', 'The request is not valid.', [
          { path: clientId.success ? 'body.body' : 'body.clientId', message: 'Invalid value' },
        ]);
      // Checked before anything is stored: a refused file leaves no visitor, message or file.
      const label = cleanFilename(file.name, file.type);
      const bytes = await readCapped(file.stream(), ATTACHMENT_LIMITS.maxBytes, label);
      const check = checkType(bytes, file.type);
      if (!check.ok) throw unsupportedType(label, check.type, check.reason === 'mismatch');
      const r = await chat.post(ws, c.req.header(WEBCHAT.tokenHeader), {
        body: text.data,
        clientId: clientId.data,
        attachments: [{ filename: file.name, contentType: check.type, content: bytes }],
      });
      return c.json({ token: r.token, messageId: r.messageId }, 201);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/widget/{slug}/attachments/{id}',
      tags: ['Web chat'],
      summary: "A file of the visitor's chat (served so that it cannot run script)",
      description:
        'Authorised by the visitor token (`x-widget-token`, or `?token=` for a link); a file of another visitor is a 404.',
      request: {
        params: slugParams.extend({ id: z.string().min(1).max(64) }),
        query: z.object({ token: z.string().max(200).optional() }),
      },
      responses: {
        200: {
          description: 'The file',
          content: {
            'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
          },
        },
        401: errors('Missing or unknown visitor token'),
        404: errors('Unknown, or not of this visitor'),
      },
    }),
    async (c) => {
      const { slug, id } = c.req.valid('param');
      const ws = await chat.openWorkspace(slug);
      const visitor = await chat.requireVisitor(
        ws.id,
        c.req.header(WEBCHAT.tokenHeader) ?? c.req.valid('query').token,
      );
      const row = await attachments.find(ws.id, id);
      // Only files of a message (never a note, never a draft upload) of the visitor's own chat.
      const message = row.message_id
        ? await services.db
            .selectFrom('messages')
            .select('id')
            .where('id', '=', row.message_id)
            .where('kind', '=', 'message')
            .executeTakeFirst()
        : undefined;
      if (!message || !(await chat.concerns(ws, visitor, row.conversation_id)))
        throw notFound(ATTACHMENT_MESSAGES.notFound);
      const stream = await attachments.open(row);
      return c.body(Readable.toWeb(stream) as ReadableStream, 200, downloadHeaders(row)) as never;
    },
  );
}
