// WhatsApp media on the Graph API: uploading a file for a business number, looking a media id up
// (a download URL with a limited life, as Meta's lookaside URLs have) and downloading it with the
// same bearer token.
import type { Hono } from 'hono';
import { MAX_MEDIA_BYTES, WHATSAPP_MEDIA_URL_TTL_MS, WHATSAPP_PREFIX } from './constants';
import type { GatewayContext, WhatsappNumber } from './context';
import { GraphError } from './constants';
import { GRAPH_MESSAGES } from './messages';
import { GraphApiError, invalidParameter, missing } from './whatsapp-wire';

function mediaMissing(id: string): GraphApiError {
  return new GraphApiError(404, GraphError.invalidParameter, GRAPH_MESSAGES.mediaMissing(id));
}

/** The download route (no version segment). */
export function mountMediaDownload(app: Hono, ctx: GatewayContext): void {
  app.get('/media-download/:id', (c) => {
    const media = ctx.store.getMedia(c.req.param('id'));
    const expires = Number(c.req.query('ext'));
    if (!media || !(expires > Date.now())) throw mediaMissing(c.req.param('id'));
    return c.body(new Uint8Array(media.bytes), 200, { 'content-type': media.contentType });
  });
}

/** The upload route of a business number, under version segment `v`. */
export function mountMediaUpload(
  app: Hono,
  ctx: GatewayContext,
  v: string,
  numberById: (id: string) => WhatsappNumber | undefined,
): void {
  app.post(`/${v}/:phone/media`, async (c) => {
    if (!numberById(c.req.param('phone'))) throw invalidParameter('phone number id');
    const declared = Number(c.req.header('content-length'));
    if (declared > MAX_MEDIA_BYTES + 64 * 1024) throw invalidParameter('file is too large');
    const form = await c.req.parseBody();
    const file = form['file'];
    if (!(file instanceof File)) throw missing('file');
    if (form['messaging_product'] !== 'whatsapp') throw missing('messaging_product');
    if (file.size > MAX_MEDIA_BYTES) throw invalidParameter('file is too large');
    const type = typeof form['type'] === 'string' && form['type'] ? form['type'] : file.type;
    const stored = ctx.store.putMedia(
      Buffer.from(await file.arrayBuffer()),
      type,
      file.name || undefined,
    );
    return c.json({ id: stored.id });
  });
}

/** The media lookup route (`GET /{version}/{media id}`): its URL, type, hash and size. */
export function mountMediaLookup(app: Hono, ctx: GatewayContext, v: string): void {
  app.get(`/${v}/:id`, (c) => {
    const media = ctx.store.getMedia(c.req.param('id'));
    if (!media) throw mediaMissing(c.req.param('id'));
    const ext = Date.now() + WHATSAPP_MEDIA_URL_TTL_MS;
    return c.json({
      messaging_product: 'whatsapp',
      url: `${ctx.origin}${WHATSAPP_PREFIX}/media-download/${media.id}?mid=${media.id}&ext=${ext}`,
      mime_type: media.contentType,
      sha256: media.sha256,
      file_size: String(media.bytes.length),
      id: media.id,
    });
  });
}
