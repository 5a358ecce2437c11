// The SMS channel's sending side: the Twilio Messaging REST API. One POST to the Messages
// resource per reply (Basic auth with the account SID and auth token, form body), with a
// StatusCallback that names our message, so that the provider's status callbacks find it even
// before its SID is stored. 429 and 5xx (and the network) are retried by the outbox; any other
// refusal fails the message with Twilio's code and message ("21610: Attempt to send to
// unsubscribed recipient"). A reply's files go as MediaUrl (an MMS).
import type { CallbackOrigin } from '../../../lib/context';
import type { ChannelAdapter, OutboundSend, SendResult } from '../types';
import {
  SMS_ID_PREFIX,
  TWILIO_API_VERSION,
  TWILIO_MAX_BODY_CHARS,
  TWILIO_ROUTES,
  TWILIO_TIMEOUT_MS,
} from './constants';

/** The Twilio account an adapter sends with. */
export interface TwilioAccount {
  readonly apiBaseUrl: string;
  readonly accountSid: string;
  readonly authToken: string;
}

/** The StatusCallback URL of a message: PUBLIC_API_URL + the status route + `?m=<message id>`. */
export function statusCallbackUrl(origin: string, messageId: string): string {
  return `${origin}${TWILIO_ROUTES.status}?m=${encodeURIComponent(messageId)}`;
}

/** Seconds or an HTTP date of Retry-After, in milliseconds. */
export function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** The reason an MMS fails when the server has no public URL for Twilio to fetch media from. */
export const SMS_NO_MEDIA_URL =
  'The file cannot be sent: the server has no public URL (PUBLIC_API_URL).';

export class TwilioSmsAdapter implements ChannelAdapter {
  readonly channel = 'sms' as const;
  readonly connected = true;

  constructor(
    private readonly account: TwilioAccount,
    private readonly origin: CallbackOrigin,
  ) {}

  async send(message: OutboundSend): Promise<SendResult> {
    const form = new URLSearchParams({
      To: message.to,
      From: message.from,
      Body: message.body.slice(0, TWILIO_MAX_BODY_CHARS),
    });
    if (this.origin.url)
      form.set('StatusCallback', statusCallbackUrl(this.origin.url, message.idempotencyKey));
    // An MMS: Twilio fetches each MediaUrl (our signed, expiring URL of the file).
    for (const file of message.attachments ?? []) {
      if (!file.url) return { ok: false, retryable: false, reason: SMS_NO_MEDIA_URL };
      form.append('MediaUrl', file.url);
    }
    const { apiBaseUrl, accountSid, authToken } = this.account;
    const url = `${apiBaseUrl}/${TWILIO_API_VERSION}/Accounts/${accountSid}/Messages.json`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(TWILIO_TIMEOUT_MS),
      });
    } catch (error) {
      return { ok: false, retryable: true, reason: `Twilio: ${(error as Error).message}` };
    }
    const body = (await res.json().catch(() => null)) as {
      sid?: unknown;
      code?: unknown;
      message?: unknown;
    } | null;
    if (res.ok && typeof body?.sid === 'string')
      return { ok: true, providerMessageId: `${SMS_ID_PREFIX}${body.sid}`, status: 'sent' };
    const reason =
      typeof body?.code === 'number' || typeof body?.code === 'string'
        ? `${body.code}: ${typeof body.message === 'string' ? body.message : res.statusText}`
        : `Twilio answered ${res.status}`;
    // A 2xx without a SID is not retried: the message may exist, and a retry would send it twice.
    const retryable = res.status === 429 || res.status >= 500;
    const after = retryAfterMs(res.headers.get('retry-after'));
    return {
      ok: false,
      retryable,
      reason,
      ...(after === undefined ? {} : { retryAfterMs: after }),
    };
  }
}
