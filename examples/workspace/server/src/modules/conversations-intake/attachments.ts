// Customers' files on the inbound path: each file of a stored message is read (or fetched from the
// provider) through the size cap, type-checked and stored. A file that cannot be had (the provider
// answers an error, times out, the file is too large or of a type not taken) is recorded on the
// message as unavailable with the reason, and the message is kept: it is never retried (the
// provider's copy may be gone, and Twilio and Meta do not resend a webhook that was answered 200).
import type { Services } from '../../lib/context';
import { ApiError } from '../../lib/errors';
import { ATTACHMENT_LIMITS } from '../attachments/constants';
import { ATTACHMENT_MESSAGES } from '../attachments/messages';
import {
  AttachmentService,
  tooLarge,
  type AttachmentOwner,
  type AttachmentSource,
} from '../attachments/service';

/** One file of a customer's message, as an adapter parsed it. */
export interface InboundAttachment {
  readonly filename: string | null;
  /** The type the provider declared (checked against the bytes). */
  readonly contentType: string | null;
  /** The bytes, or how to fetch them from the provider (a rejection records the file unavailable). */
  readonly content: AttachmentSource | (() => Promise<AttachmentSource>);
}

/** Stores the files of a received message; answers how many were stored. */
export async function storeInboundAttachments(
  services: Services,
  owner: AttachmentOwner & { readonly messageId: string },
  files: readonly InboundAttachment[],
): Promise<number> {
  const service = new AttachmentService(services);
  let stored = 0;
  for (const [index, file] of files.entries()) {
    const meta = { filename: file.filename, contentType: file.contentType };
    if (index >= ATTACHMENT_LIMITS.maxPerMessage) {
      await service.unavailable(owner, { ...meta, reason: ATTACHMENT_MESSAGES.tooMany() });
      continue;
    }
    try {
      const source = typeof file.content === 'function' ? await file.content() : file.content;
      await service.add(owner, { ...meta, source });
      stored++;
    } catch (error) {
      const reason =
        error instanceof ApiError
          ? error.message
          : ATTACHMENT_MESSAGES.fetchFailed(error instanceof Error ? error.message : String(error));
      services.log.warn({ messageId: owner.messageId, reason }, 'inbound attachment not stored');
      await service.unavailable(owner, { ...meta, reason });
    }
  }
  return stored;
}

/**
 * Fetches a provider's media URL (with its authorization) as a stream: refused when the answer is
 * not 2xx or declares more than the limit, cut off past the limit while read.
 */
export async function fetchMedia(
  url: string,
  init: { readonly authorization?: string; readonly name: string },
): Promise<{ body: ReadableStream<Uint8Array>; contentType: string | null }> {
  const res = await fetch(url, {
    headers: init.authorization ? { authorization: init.authorization } : {},
    redirect: 'follow',
    signal: AbortSignal.timeout(ATTACHMENT_LIMITS.fetchTimeoutMs),
  });
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => {});
    throw new Error(`HTTP ${res.status}`);
  }
  const length = Number(res.headers.get('content-length'));
  if (Number.isFinite(length) && length > ATTACHMENT_LIMITS.maxBytes) {
    await res.body.cancel().catch(() => {});
    throw tooLarge(init.name);
  }
  return { body: res.body, contentType: res.headers.get('content-type') };
}
