// The Twilio Messaging wire format as the gateway reads and answers it: the Messages resource as
// kept, REST errors, HTTP Basic authentication, SMS segment counting (GSM-7 or UCS-2), Twilio's
// date format, opt-out keywords and E.164 numbers.
import type { Context } from 'hono';
import parsePhoneNumber from 'libphonenumber-js/max';
import { HELP_KEYWORDS, OPT_IN_KEYWORDS, OPT_OUT_KEYWORDS, TwilioError } from './constants';
import { TWILIO_MESSAGES } from './messages';
import type { ChannelMessage, MediaRef } from './store';

/** A message of the Messages resource, as the gateway keeps it. */
export interface TwilioMessage {
  readonly sid: string;
  readonly from: string;
  readonly to: string;
  body: string;
  readonly direction: 'inbound' | 'outbound-api' | 'outbound-reply';
  readonly numSegments: number;
  readonly media: readonly MediaRef[];
  readonly messagingServiceSid: string | null;
  readonly statusCallback?: string;
  readonly dateCreated: Date;
  dateSent: Date | null;
  dateUpdated: Date;
  /** The page's view of the same message (status, error). */
  readonly view: ChannelMessage;
}

/** A Twilio REST error (the body Twilio's helper libraries read). */
export class TwilioRestError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 429 | 500,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const GSM7 =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';

/** Segments of an SMS body: 160 GSM-7 septets (153 when split) or 70 UCS-2 units (67 when split). */
export function smsSegments(body: string): number {
  let septets = 0;
  let gsm = true;
  for (const ch of body) {
    if (GSM7.includes(ch)) septets += 1;
    else if (GSM7_EXTENDED.includes(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (body.length === 0) return 1;
  if (gsm) return septets <= 160 ? 1 : Math.ceil(septets / 153);
  return body.length <= 70 ? 1 : Math.ceil(body.length / 67);
}

/** Twilio's date format: RFC 2822 with `+0000`. */
export function twilioDate(date: Date | null): string | null {
  return date ? date.toUTCString().replace('GMT', '+0000') : null;
}

export function keywordOf(body: string): 'out' | 'in' | 'help' | undefined {
  const word = body.trim().toUpperCase();
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(word)) return 'out';
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(word)) return 'in';
  if ((HELP_KEYWORDS as readonly string[]).includes(word)) return 'help';
  return undefined;
}

/** The E.164 form of a number, or undefined when it is not a possible phone number. */
export function e164(value: string): string | undefined {
  const parsed = parsePhoneNumber(value.trim());
  return parsed?.isPossible() ? parsed.number : undefined;
}

/** HTTP Basic `AccountSid:AuthToken`, and the path's account must be that account. */
export function authenticate(
  config: { readonly accountSid: string; readonly authToken: string },
  authorization: string | undefined,
  account: string | undefined,
): void {
  const header = authorization ?? '';
  const [scheme, encoded] = header.split(' ');
  const [user, ...rest] = Buffer.from(encoded ?? '', 'base64')
    .toString('utf8')
    .split(':');
  const { accountSid, authToken } = config;
  if (scheme?.toLowerCase() !== 'basic' || user !== accountSid || rest.join(':') !== authToken)
    throw new TwilioRestError(401, TwilioError.authenticate, TWILIO_MESSAGES.authenticate);
  if (account !== accountSid)
    throw new TwilioRestError(404, TwilioError.notFound, TWILIO_MESSAGES.notFound(account ?? ''));
}

/** A REST error as Twilio answers it (401s carry the Basic challenge). */
export function twilioErrorResponse(c: Context, error: TwilioRestError): Response {
  const headers: Record<string, string> =
    error.status === 401 ? { 'www-authenticate': 'Basic realm="Twilio API"' } : {};
  return c.json(
    {
      code: error.code,
      message: error.message,
      more_info: `https://www.twilio.com/docs/errors/${error.code}`,
      status: error.status,
    },
    error.status,
    headers,
  );
}
