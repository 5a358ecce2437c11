// The SMS channel's wire constants (Twilio Messaging).

/** Provider ids of SMS messages: `sms:<MessageSid>`. */
export const SMS_ID_PREFIX = 'sms:';

/** Twilio's REST API version (the path segment). */
export const TWILIO_API_VERSION = '2010-04-01';

/** The webhook routes (under /api) the providers call, and the status callback we pass on each send. */
export const TWILIO_ROUTES = {
  inbound: '/api/channels/twilio/inbound',
  status: '/api/channels/twilio/status',
} as const;

/** The header Twilio signs its webhooks with. */
export const TWILIO_SIGNATURE_HEADER = 'x-twilio-signature';

/** A message body's limit in characters (Twilio refuses longer bodies with 21617). */
export const TWILIO_MAX_BODY_CHARS = 1600;

/** How long a REST call may take before it counts as a network failure (then retried). */
export const TWILIO_TIMEOUT_MS = 15_000;

/** The empty TwiML answer: nothing to reply. */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/**
 * Keywords (a message that is exactly one of them, case ignored): opt-out blocks the pair at the
 * provider and is still forwarded; opt-in lifts it; help gets the provider's automatic answer.
 */
export const OPT_OUT_KEYWORDS = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
] as const;
export const OPT_IN_KEYWORDS = ['START', 'YES', 'UNSTOP'] as const;
export const HELP_KEYWORDS = ['HELP', 'INFO'] as const;

/** Error codes of Twilio the adapter names. */
export const TWILIO_ERRORS = {
  /** Attempt to send to unsubscribed recipient. */
  unsubscribed: 21610,
  /** Too Many Requests (HTTP 429). */
  tooManyRequests: 20429,
} as const;

/** The reasons of asynchronous errors (ErrorCode on failed/undelivered) when ErrorMessage is absent. */
export const TWILIO_ASYNC_ERRORS: Readonly<Record<string, string>> = {
  '30001': 'Queue overflow',
  '30003': 'Unreachable destination handset',
  '30004': 'Message blocked',
  '30005': 'Unknown destination handset',
  '30006': 'Landline or unreachable carrier',
  '30007': 'Message filtered',
  '30008': 'Unknown error',
};
