// The Participant Service's attachment routes: StartAttachmentUpload gives a signed upload URL,
// the file is PUT there, CompleteAttachmentUpload shares it in the chat, and GetAttachment gives
// a signed download URL.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  CHAT_ATTACHMENT_DATA_PATH,
  CHAT_ATTACHMENT_TYPES,
  CHAT_ATTACHMENT_URL_TTL_S,
  CHAT_MAX_ATTACHMENT_BYTES,
} from '../constants';
import type { EmulatorEnv } from '../http/node-env';
import { readBodyBytes } from '../lib/http';
import { PARTICIPANT_MESSAGES as M, ParticipantApiError } from './participant-errors';
import { parse, type ParticipantKit } from './participant-kit';

const startUploadBody = z.object({
  ContentType: z.string().min(1).max(255),
  AttachmentSizeInBytes: z.number().int().min(1),
  AttachmentName: z.string().min(1).max(256),
  ClientToken: z.string().min(1).max(500).optional(),
});
const completeUploadBody = z.object({
  AttachmentIds: z.array(z.string().min(1).max(256)).min(1).max(1),
  ClientToken: z.string().min(1).max(500).optional(),
});
const getAttachmentBody = z.object({
  AttachmentId: z.string().min(1).max(256),
  UrlExpiryInSeconds: z.number().int().min(5).max(300).optional(),
});

/** The signed attachment URLs and the attachment an upload or download URL names. */
function attachmentUrls(kit: ParticipantKit) {
  const { options, chats } = kit;
  /** The signature of an attachment URL (upload or download) until `expires`. */
  const urlSig = (kind: 'put' | 'get', id: string, expires: number) =>
    createHmac('sha256', options.centre().chatSecret)
      .update(`${kind}:${id}:${expires}`)
      .digest('base64url');
  const signedUrl = (kind: 'put' | 'get', id: string, ttlS: number) => {
    const expires = Math.floor(options.now() / 1000) + ttlS;
    return {
      url: `${options.base()}${CHAT_ATTACHMENT_DATA_PATH}/${encodeURIComponent(id)}?expires=${expires}&sig=${urlSig(kind, id, expires)}`,
      expiry: new Date(expires * 1000).toISOString(),
    };
  };
  const checkSig = (c: Context<EmulatorEnv>, kind: 'put' | 'get', id: string): boolean => {
    const expires = Number(c.req.query('expires'));
    const sig = c.req.query('sig') ?? '';
    if (!Number.isInteger(expires) || expires * 1000 < options.now()) return false;
    const a = Buffer.from(sig);
    const b = Buffer.from(urlSig(kind, id, expires));
    return a.length === b.length && timingSafeEqual(a, b);
  };
  const attachmentsById = (id: string) => {
    for (const contactId of [id.split('_')[0] ?? '']) {
      const session = chats.get(Buffer.from(contactId, 'base64url').toString('utf8'));
      const attachment = session?.attachments.get(id);
      if (session && attachment) return { session, attachment };
    }
    return undefined;
  };
  return { signedUrl, checkSig, attachmentsById };
}

/** StartAttachmentUpload, the upload and download URLs, CompleteAttachmentUpload, GetAttachment. */
export function attachmentRoutes(kit: ParticipantKit): void {
  const { chats, caller, body, reply, once, route } = kit;
  const { signedUrl, checkSig, attachmentsById } = attachmentUrls(kit);

  route('post', '/participant/start-attachment-upload', async (c) => {
    const input = parse(startUploadBody, await body(c));
    const { session, participant } = caller(c, 'connection');
    if (!CHAT_ATTACHMENT_TYPES.includes(input.ContentType))
      throw new ParticipantApiError(
        'ValidationException',
        M.unsupportedContentType(input.ContentType),
      );
    if (input.AttachmentSizeInBytes > CHAT_MAX_ATTACHMENT_BYTES)
      throw new ParticipantApiError(
        'ServiceQuotaExceededException',
        `Attachments are at most ${CHAT_MAX_ATTACHMENT_BYTES} bytes.`,
      );
    return reply(
      c,
      once(session, participant, input, () => {
        // The id names its chat, so that the upload URL finds it.
        const id = `${Buffer.from(session.contactId, 'utf8').toString('base64url')}_${randomUUID()}`;
        session.attachments.set(id, {
          id,
          name: input.AttachmentName,
          contentType: input.ContentType,
          size: input.AttachmentSizeInBytes,
          participantId: participant.id,
          status: 'IN_PROGRESS',
        });
        const { url, expiry: urlExpiry } = signedUrl('put', id, CHAT_ATTACHMENT_URL_TTL_S);
        return {
          AttachmentId: id,
          UploadMetadata: {
            Url: url,
            UrlExpiry: urlExpiry,
            HeadersToInclude: { 'Content-Type': input.ContentType },
          },
        };
      }),
    );
  });

  route('put', `${CHAT_ATTACHMENT_DATA_PATH}/:id`, async (c) => {
    const id = c.req.param('id') ?? '';
    const found = attachmentsById(id);
    if (!found || !checkSig(c, 'put', id))
      throw new ParticipantApiError('AccessDeniedException', M.invalidToken);
    if (found.attachment.data)
      throw new ParticipantApiError('ConflictException', `Attachment ${id} was already uploaded.`);
    const data = await readBodyBytes(c.env.incoming, found.attachment.size);
    found.attachment.data = data;
    return c.body(null, 200);
  });

  route('get', `${CHAT_ATTACHMENT_DATA_PATH}/:id`, (c) => {
    const id = c.req.param('id') ?? '';
    const found = attachmentsById(id);
    if (!found || !found.attachment.data || !checkSig(c, 'get', id))
      throw new ParticipantApiError('AccessDeniedException', M.invalidToken);
    return c.body(new Uint8Array(found.attachment.data), 200, {
      'Content-Type': found.attachment.contentType,
      'Content-Length': String(found.attachment.data.length),
    });
  });

  route('post', '/participant/complete-attachment-upload', async (c) => {
    const input = parse(completeUploadBody, await body(c));
    const { session, participant } = caller(c, 'connection');
    const id = input.AttachmentIds[0]!;
    const attachment = session.attachments.get(id);
    if (!attachment || attachment.participantId !== participant.id)
      throw new ParticipantApiError('ResourceNotFoundException', M.unknownAttachment(id), {
        ResourceId: id,
        ResourceType: 'ATTACHMENT',
      });
    if (!attachment.data)
      throw new ParticipantApiError('ConflictException', M.attachmentNotUploaded(id));
    return reply(
      c,
      once(session, participant, input, () => {
        if (attachment.status !== 'APPROVED') {
          attachment.status = 'APPROVED';
          chats.emit(
            session,
            chats.item(session, participant, {
              Type: 'ATTACHMENT',
              Attachments: [
                {
                  ContentType: attachment.contentType,
                  AttachmentId: attachment.id,
                  AttachmentName: attachment.name,
                  Status: 'APPROVED',
                },
              ],
            }),
          );
        }
        return {};
      }),
    );
  });

  route('post', '/participant/attachment', async (c) => {
    const input = parse(getAttachmentBody, await body(c));
    const { session } = caller(c, 'connection');
    const attachment = session.attachments.get(input.AttachmentId);
    if (!attachment || attachment.status !== 'APPROVED')
      throw new ParticipantApiError(
        'ResourceNotFoundException',
        M.unknownAttachment(input.AttachmentId),
        { ResourceId: input.AttachmentId, ResourceType: 'ATTACHMENT' },
      );
    const { url, expiry: urlExpiry } = signedUrl(
      'get',
      attachment.id,
      input.UrlExpiryInSeconds ?? CHAT_ATTACHMENT_URL_TTL_S,
    );
    return reply(c, { Url: url, UrlExpiry: urlExpiry, AttachmentSizeInBytes: attachment.size });
  });
}
