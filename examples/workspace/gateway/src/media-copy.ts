// Providers fetch an outbound message's media from the URL the sender gave (Twilio `MediaUrl`,
// WhatsApp `link`) and deliver their own copy. The gateway does the same, so that the customer page
// shows the file after the sender's signed, expiring URL has expired. A file that cannot be
// fetched stays a link to the sender's URL.
import type { GatewayContext } from './context';
import { MAX_MEDIA_BYTES, WEBHOOK_TIMEOUT_MS } from './constants';
import type { ChannelMessage, MediaRef } from './store';

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` first), if any. */
function filenameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch {
      return undefined;
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1];
}

async function copy(ctx: GatewayContext, ref: MediaRef): Promise<MediaRef> {
  if (ref.url.startsWith(`${ctx.origin}/`) || !/^https?:\/\//.test(ref.url)) return ref;
  try {
    const res = await fetch(ref.url, { signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS) });
    const length = Number(res.headers.get('content-length'));
    if (!res.ok || (Number.isFinite(length) && length > MAX_MEDIA_BYTES)) {
      await res.body?.cancel();
      ctx.log(`media: ${ref.url} answered ${res.status}`);
      return ref;
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length > MAX_MEDIA_BYTES) return ref;
    const contentType = (res.headers.get('content-type') ?? ref.contentType).split(';')[0]!.trim();
    const filename = filenameOf(res.headers.get('content-disposition')) ?? ref.filename;
    const stored = ctx.store.putMedia(bytes, contentType, filename);
    return {
      url: `${ctx.origin}/media/${stored.id}`,
      contentType,
      ...(filename ? { filename } : {}),
    };
  } catch (error) {
    ctx.log(`media: ${ref.url}: ${String(error)}`);
    return ref;
  }
}

/** Fetches the message's linked media into the gateway (in the background), then shows the copies. */
export function copyLinkedMedia(ctx: GatewayContext, view: ChannelMessage): void {
  if (view.media.every((m) => m.url.startsWith(`${ctx.origin}/`))) return;
  void Promise.all(view.media.map((m) => copy(ctx, m))).then((media) => {
    view.media = media;
    ctx.store.changed(view);
  });
}
