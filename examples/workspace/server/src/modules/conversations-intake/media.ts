// Customers' files as the inbound queue keeps them (references, never fetched in the webhook) and
// how the drainer gets each one once the message is stored: an MMS's MediaUrl fetched with the
// account's Basic auth, only from the Twilio API's own origin; a WhatsApp media id looked up
// (GET /{version}/{media-id}, bearer) and its short-lived URL fetched with the same bearer
// (WhatsApp media are fetched by id from the Graph API); an email's attached bytes, kept in inbound_queue_files until stored.
import { z } from 'zod';
import type { Services } from '../../lib/context';
import { ATTACHMENT_LIMITS } from '../attachments/constants';
import { tooLarge } from '../attachments/service';
import { fetchMedia, type InboundAttachment } from './attachments';

/** One file of a queued message: where the drainer gets it from. */
export type QueuedMedia =
  | { readonly source: 'twilio'; readonly url: string; readonly contentType: string | null }
  | {
      readonly source: 'whatsapp';
      readonly id: string;
      readonly mimeType: string | null;
      readonly filename: string | null;
    }
  | {
      /** Bytes kept in inbound_queue_files at this position (email attachments). */
      readonly source: 'queued';
      readonly position: number;
      readonly filename: string | null;
      readonly contentType: string | null;
    };

/** The Graph answer of GET /{media-id} (`file_size` is a string). */
const mediaInfoSchema = z.looseObject({
  url: z.url({ protocol: /^https?$/ }),
  mime_type: z.string().max(255).optional(),
  file_size: z.union([z.string(), z.number()]).optional(),
});

/** The files of a queued message, each fetched (or read from the queue) when it is stored. */
export function queuedAttachments(
  services: Services,
  queueId: string,
  media: readonly QueuedMedia[],
): InboundAttachment[] {
  return media.map((m, i) => {
    if (m.source === 'twilio')
      return {
        filename: null,
        contentType: m.contentType,
        content: async () => {
          const twilio = services.config.twilio;
          if (!twilio || new URL(m.url).origin !== new URL(twilio.apiBaseUrl).origin)
            throw new Error(`not a Twilio media URL (${new URL(m.url).origin})`);
          const basic = Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64');
          const file = await fetchMedia(m.url, {
            authorization: `Basic ${basic}`,
            name: `MMS ${i}`,
          });
          return file.body;
        },
      };
    if (m.source === 'whatsapp')
      return {
        filename: m.filename,
        contentType: m.mimeType,
        content: async () => {
          const whatsapp = services.config.whatsapp;
          if (!whatsapp) throw new Error('WhatsApp is not connected');
          const authorization = `Bearer ${whatsapp.accessToken}`;
          const res = await fetch(
            `${whatsapp.apiBaseUrl}/${whatsapp.apiVersion}/${encodeURIComponent(m.id)}`,
            {
              headers: { authorization },
              signal: AbortSignal.timeout(ATTACHMENT_LIMITS.fetchTimeoutMs),
            },
          );
          const info = mediaInfoSchema.safeParse(await res.json().catch(() => null));
          if (!res.ok || !info.success) throw new Error(`media ${m.id}: HTTP ${res.status}`);
          if (Number(info.data.file_size) > ATTACHMENT_LIMITS.maxBytes)
            throw tooLarge(m.filename ?? m.id);
          return (await fetchMedia(info.data.url, { authorization, name: m.id })).body;
        },
      };
    return {
      filename: m.filename,
      contentType: m.contentType,
      content: async () => {
        const row = await services.db
          .withTables<{
            inbound_queue_files: { queue_id: string; position: number; content: Uint8Array };
          }>()
          .selectFrom('inbound_queue_files')
          .select('content')
          .where('queue_id', '=', queueId)
          .where('position', '=', m.position)
          .executeTakeFirst();
        if (!row) throw new Error('the file is gone from the inbound queue');
        return new Uint8Array(row.content);
      },
    };
  });
}
