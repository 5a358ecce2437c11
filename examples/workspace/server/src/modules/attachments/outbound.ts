// A reply's files as the adapters send them: the bytes read from the store (email attaches them)
// and a signed public URL that expires (SMS MediaUrl and WhatsApp `link`: the provider fetches it).
import type { OutboundAttachment } from '../../integrations/channels/types';
import type { Services } from '../../lib/context';
import { ATTACHMENT_LIMITS, SIGNED_URL_TTL_MS } from './constants';
import { AttachmentService, readCapped } from './service';

/** The stored files of message `messageId` (unavailable ones are not sent). */
export async function outboundAttachments(
  services: Services,
  workspaceId: string,
  messageId: string,
): Promise<OutboundAttachment[]> {
  const service = new AttachmentService(services);
  const rows = (await service.ofMessages(workspaceId, [messageId])).get(messageId) ?? [];
  const origin = services.callbackOrigin.url;
  return rows
    .filter((row) => row.status === 'stored')
    .map((row) => ({
      filename: row.filename,
      contentType: row.content_type,
      size: row.size,
      url: origin ? service.signedUrl(origin, row.id, SIGNED_URL_TTL_MS) : null,
      read: async () =>
        readCapped(await service.open(row), ATTACHMENT_LIMITS.maxBytes, row.filename),
    }));
}
