// The notifications Meta POSTs (the `messages` field of a WhatsApp Business Account): customers' messages and the statuses of ours,
// parsed and validated here (the signature is checked before, over the raw bytes). Unknown fields
// are ignored; a change of another field (template status updates) carries nothing for us.
import { z } from 'zod';
import type { Receipt } from '../types';
import { WHATSAPP_ID_PREFIX } from './constants';

const text = z.string().max(20_000);

const mediaSchema = z.looseObject({
  id: z
    .string()
    .regex(/^[\w.-]{1,128}$/)
    .optional(),
  mime_type: z.string().max(255).optional(),
  caption: text.optional(),
  filename: text.optional(),
});

const MEDIA_TYPES = ['image', 'video', 'audio', 'sticker', 'document'] as const;

const messageSchema = z.looseObject({
  from: z.string().regex(/^\+?\d{5,20}$/),
  id: z.string().min(1).max(256),
  timestamp: z.string().regex(/^\d{1,12}$/),
  type: z.string().max(32),
  text: z.looseObject({ body: text }).optional(),
  button: z.looseObject({ text: text.optional(), payload: text.optional() }).optional(),
  interactive: z
    .looseObject({
      button_reply: z.looseObject({ title: text }).optional(),
      list_reply: z.looseObject({ title: text }).optional(),
    })
    .optional(),
  image: mediaSchema.optional(),
  video: mediaSchema.optional(),
  audio: mediaSchema.optional(),
  sticker: mediaSchema.optional(),
  document: mediaSchema.optional(),
  location: z
    .looseObject({ latitude: z.number(), longitude: z.number(), name: text.optional() })
    .optional(),
  reaction: z.looseObject({ emoji: text.optional() }).optional(),
});

const statusSchema = z.looseObject({
  id: z.string().min(1).max(256),
  status: z.string().max(32),
  timestamp: z.string().regex(/^\d{1,12}$/),
  recipient_id: z.string().max(32).optional(),
  errors: z
    .array(
      z.looseObject({
        code: z.number(),
        title: text.optional(),
        message: text.optional(),
      }),
    )
    .max(20)
    .optional(),
});

const notificationSchema = z.looseObject({
  object: z.literal('whatsapp_business_account'),
  entry: z
    .array(
      z.looseObject({
        id: z.string().max(64),
        changes: z
          .array(
            z.looseObject({
              field: z.string().max(64),
              value: z.looseObject({
                metadata: z
                  .looseObject({
                    display_phone_number: z.string().max(32),
                    phone_number_id: z.string().max(64),
                  })
                  .optional(),
                contacts: z
                  .array(
                    z.looseObject({
                      wa_id: z.string().max(32),
                      profile: z.looseObject({ name: text.optional() }).optional(),
                    }),
                  )
                  .max(100)
                  .optional(),
                messages: z.array(messageSchema).max(100).optional(),
                statuses: z.array(statusSchema).max(100).optional(),
              }),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});

/** A customer's WhatsApp message, parsed. */
export interface InboundWhatsapp {
  /** The business number the message went to (E.164) and its phone number id. */
  readonly business: { readonly display: string; readonly phoneNumberId: string };
  /** `whatsapp:<wamid>`. */
  readonly externalId: string;
  /** The customer's number (E.164). */
  readonly from: string;
  readonly name: string | null;
  readonly body: string;
  readonly at: Date;
  /** A media message's file (fetched by its id: GET /{media-id}, then the URL), else null. */
  readonly media: {
    readonly id: string;
    readonly mimeType: string | null;
    readonly filename: string | null;
  } | null;
}

/** The text of a message of any type (media: its caption; the file is the attachment). */
function bodyOf(m: z.infer<typeof messageSchema>): string {
  switch (m.type) {
    case 'text':
      return m.text?.body ?? '';
    case 'button':
      return m.button?.text ?? m.button?.payload ?? '';
    case 'interactive':
      return m.interactive?.button_reply?.title ?? m.interactive?.list_reply?.title ?? '';
    case 'location':
      return m.location
        ? `[location] ${m.location.name ?? ''} ${m.location.latitude},${m.location.longitude}`.trim()
        : '[location]';
    case 'reaction':
      return m.reaction?.emoji ?? '';
    case 'image':
    case 'video':
    case 'document':
    case 'audio':
    case 'sticker':
      // The file is an attachment; the body keeps the caption only.
      return m[m.type]?.caption ?? '';
    default:
      return `[${m.type}]`;
  }
}

/** A media message's file reference. */
function mediaOf(m: z.infer<typeof messageSchema>): InboundWhatsapp['media'] {
  const type = MEDIA_TYPES.find((t) => t === m.type);
  const media = type ? m[type] : undefined;
  if (!media?.id) return null;
  return { id: media.id, mimeType: media.mime_type ?? null, filename: media.filename ?? null };
}

const RECEIPT_STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);

/** A notification's messages and receipts, or the zod error. */
export function parseWhatsappNotification(json: unknown) {
  const parsed = notificationSchema.safeParse(json);
  if (!parsed.success) return parsed;
  const messages: InboundWhatsapp[] = [];
  const receipts: (Receipt & { business: InboundWhatsapp['business'] | null })[] = [];
  for (const entry of parsed.data.entry)
    for (const change of entry.changes) {
      if (change.field !== 'messages') continue;
      const v = change.value;
      const business = v.metadata
        ? {
            display: `+${v.metadata.display_phone_number.replace(/\D/g, '')}`,
            phoneNumberId: v.metadata.phone_number_id,
          }
        : null;
      for (const m of v.messages ?? []) {
        if (!business) continue;
        const waId = m.from.replace(/^\+/, '');
        const profile = v.contacts?.find((c) => c.wa_id === waId)?.profile?.name;
        messages.push({
          business,
          externalId: `${WHATSAPP_ID_PREFIX}${m.id}`,
          from: `+${waId}`,
          name: profile && profile !== `+${waId}` ? profile : null,
          body: bodyOf(m),
          at: new Date(Number(m.timestamp) * 1000),
          media: mediaOf(m),
        });
      }
      for (const s of v.statuses ?? []) {
        if (!RECEIPT_STATUSES.has(s.status)) continue;
        const error = s.errors?.[0];
        receipts.push({
          business,
          providerMessageId: `${WHATSAPP_ID_PREFIX}${s.id}`,
          status: s.status as Receipt['status'],
          reason:
            s.status === 'failed'
              ? error
                ? `${error.code}: ${error.title ?? error.message ?? 'failed'}`
                : 'failed'
              : null,
          at: new Date(Number(s.timestamp) * 1000),
        });
      }
    }
  return { success: true as const, data: { messages, receipts } };
}
