// The webhooks Twilio sends (incoming message, status callback): form bodies, parsed and validated here
// (the signature is checked before, over the raw parameters). Twilio may add parameters at any
// time: unknown ones are kept for the signature and ignored here.
import { z } from 'zod';
import { SMS_ID_PREFIX, TWILIO_ASYNC_ERRORS } from './constants';
import type { Receipt } from '../types';

const sid = z.string().regex(/^[A-Z]{2}[0-9a-f]{32}$/, 'Must be a Twilio SID');

const inboundSchema = z.object({
  MessageSid: sid,
  AccountSid: sid,
  From: z.string().min(1).max(64),
  To: z.string().min(1).max(64),
  Body: z.string().max(20_000).default(''),
  NumMedia: z.coerce.number().int().min(0).max(10).default(0),
});

const statusSchema = z.object({
  MessageSid: sid,
  AccountSid: sid,
  MessageStatus: z.enum([
    'accepted',
    'scheduled',
    'queued',
    'sending',
    'sent',
    'delivered',
    'undelivered',
    'failed',
    'read',
    'canceled',
    'receiving',
    'received',
    'partially_delivered',
  ]),
  ErrorCode: z.string().max(16).optional(),
  ErrorMessage: z.string().max(1000).optional(),
});

/** A customer's SMS, parsed. */
export interface InboundSms {
  readonly accountSid: string;
  /** `sms:<MessageSid>`. */
  readonly externalId: string;
  readonly from: string;
  readonly to: string;
  readonly body: string;
  readonly media: readonly { readonly url: string; readonly contentType: string }[];
}

/** The inbound message webhook's parameters, or the zod error. */
export function parseInboundSms(params: URLSearchParams) {
  const parsed = inboundSchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) return parsed;
  const p = parsed.data;
  const media = Array.from({ length: p.NumMedia }, (_, i) => ({
    url: params.get(`MediaUrl${i}`) ?? '',
    contentType: params.get(`MediaContentType${i}`) ?? 'application/octet-stream',
  })).filter((m) => URL.canParse(m.url));
  return {
    success: true as const,
    data: {
      accountSid: p.AccountSid,
      externalId: `${SMS_ID_PREFIX}${p.MessageSid}`,
      from: p.From,
      to: p.To,
      body: p.Body,
      media,
    } satisfies InboundSms,
  };
}

/**
 * A status callback as a receipt (`null` for the states before `sent`: the message is already
 * queued with us), or the zod error.
 */
export function parseSmsStatus(params: URLSearchParams) {
  const parsed = statusSchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) return parsed;
  const p = parsed.data;
  const status =
    p.MessageStatus === 'sent'
      ? 'sent'
      : p.MessageStatus === 'delivered' || p.MessageStatus === 'partially_delivered'
        ? 'delivered'
        : p.MessageStatus === 'read'
          ? 'read'
          : p.MessageStatus === 'failed' ||
              p.MessageStatus === 'undelivered' ||
              p.MessageStatus === 'canceled'
            ? 'failed'
            : null;
  const reason =
    status === 'failed'
      ? p.ErrorCode
        ? `${p.ErrorCode}: ${p.ErrorMessage || TWILIO_ASYNC_ERRORS[p.ErrorCode] || p.MessageStatus}`
        : p.MessageStatus
      : null;
  return {
    success: true as const,
    data: {
      accountSid: p.AccountSid,
      receipt: status
        ? ({
            providerMessageId: `${SMS_ID_PREFIX}${p.MessageSid}`,
            status,
            reason,
            at: new Date(),
          } satisfies Receipt)
        : null,
    },
  };
}
