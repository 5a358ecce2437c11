// The channel gateway's constants, named after the providers' documentation
// (/work/shared/reference/channels.md) and the channels contract.

/** The header that carries the control token on `/control/*`. */
export const CONTROL_TOKEN_HEADER = 'x-channel-gateway-token';

/** The business numbers when GATEWAY_SMS_NUMBERS / GATEWAY_WHATSAPP_NUMBERS are unset (the Acme demo seed's). */
export const DEFAULT_NUMBERS = ['+15555550100'] as const;

/** Path prefixes of the two REST APIs on the gateway's origin. */
export const TWILIO_PREFIX = '/twilio';
export const WHATSAPP_PREFIX = '/whatsapp';
/** The Google stand-in's prefix: `/google/token` (OAuth 2.0) and `/google/calendar/v3` (Calendar API). */
export const GOOGLE_PREFIX = '/google';
/** The users the demo service account may act as (domain-wide delegation): the Acme demo admin. */
export const DEFAULT_GOOGLE_DELEGATED_USERS = ['jane@acme.test'] as const;

/** Twilio's REST API version (the path segment and `api_version`). */
export const TWILIO_API_VERSION = '2010-04-01';
/** A Twilio message body's limit in characters (error 21617 above it). */
export const TWILIO_MAX_BODY_CHARS = 1600;
/** At most this many `MediaUrl` on one message. */
export const TWILIO_MAX_MEDIA = 10;
/** Opt-out, opt-in and help keywords: a message that is exactly one of them, case ignored. */
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

/** Twilio REST error codes the gateway answers. */
export const TwilioError = {
  /** A parameter the resource does not take (u: the code of Twilio's generic parameter error). */
  invalidParameter: 20001,
  /** Authentication failed (HTTP 401). */
  authenticate: 20003,
  /** The resource was not found (HTTP 404). */
  notFound: 20404,
  /** Too Many Requests (HTTP 429), when a fault is armed. */
  tooManyRequests: 20429,
  /** Internal error (HTTP 500), when a fault is armed. */
  internal: 20500,
  /** Invalid 'To' phone number. */
  invalidTo: 21211,
  /** Message body is required. */
  bodyRequired: 21602,
  /** A 'From' phone number is required. */
  fromRequired: 21603,
  /** The 'From' number is not an SMS-capable number of this account. */
  invalidFrom: 21606,
  /** Attempt to send to unsubscribed recipient. */
  unsubscribed: 21610,
  /** 'To' number is not a valid mobile number. */
  notMobile: 21614,
  /** The concatenated message body exceeds the 1600 character limit. */
  bodyTooLong: 21617,
  /** Too many media URLs. */
  tooManyMedia: 21623,
} as const;

/**
 * Twilio's magic test numbers as 'To' (reference: Twilio test credentials): sending to them
 * fails the way the real API does for such a number, so that a sender's refusals can be tried.
 */
export const TWILIO_MAGIC_TO: Readonly<Record<string, number>> = {
  /** Invalid 'To' number. */
  '+15005550001': TwilioError.invalidTo,
  /** A recipient who opted out (unsubscribed). */
  '+15005550004': TwilioError.unsubscribed,
  /** Not a mobile number. */
  '+15005550009': TwilioError.notMobile,
};

/** WhatsApp Cloud API (Graph) error codes the gateway answers. */
export const GraphError = {
  /** Invalid OAuth access token (HTTP 401). */
  accessToken: 190,
  /** Invalid parameter (HTTP 400). */
  invalidParameter: 100,
  /** Rate limit hit (HTTP 429), when a fault is armed. */
  rateLimit: 130429,
  /** Something went wrong (HTTP 500), when a fault is armed. */
  unknown: 131000,
  /** Required parameter is missing. */
  missingParameter: 131008,
  /** Re-engagement message: free-form outside the 24-hour window (async, in a `failed` status). */
  reEngagement: 131047,
  /** Template parameter count mismatch. */
  templateParams: 132000,
  /** Template does not exist (in that language). */
  templateMissing: 132001,
} as const;

/** The customer-service window: free-form messages only within this long after the customer's last message. */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A WhatsApp text body's limit in characters. */
export const WHATSAPP_MAX_TEXT_CHARS = 4096;
/** How long a media download URL works. */
export const WHATSAPP_MEDIA_URL_TTL_MS = 5 * 60 * 1000;

/** Request bodies larger than this are refused (413) before they are parsed. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Uploaded media (WhatsApp upload, customer attachments) larger than this are refused. */
export const MAX_MEDIA_BYTES = 5 * 1024 * 1024;
/** The SMTP relay refuses messages larger than this (552). */
export const MAX_MAIL_BYTES = 10 * 1024 * 1024;

/** Delay between two steps of a message's status sequence (queued → sent → delivered). */
export const DEFAULT_STATUS_STEP_MS = 150;
/** A webhook or status callback POST gives up after this long (Twilio: 15 s total). */
export const WEBHOOK_TIMEOUT_MS = 15_000;

/** Path prefix of the S3 stand-in (an SDK `endpoint` of `<gateway url>/s3` with `forcePathStyle`). */
export const S3_PREFIX = '/s3';
/** The stand-in's bucket and region when the env gives none. */
export const S3_DEFAULT_BUCKET = 'workspace-attachments';
export const S3_DEFAULT_REGION = 'us-east-1';
/** The largest object the stand-in takes (S3's single PUT allows 5 GiB; this is a local store in memory). */
export const S3_MAX_OBJECT_BYTES = 64 * 1024 * 1024;
/** S3's clock-skew window (`MaxAllowedSkewMilliseconds`). */
export const S3_MAX_SKEW_MS = 900_000;
/** `x-amz-content-sha256` values that do not carry the body's hash. */
export const S3_UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
export const S3_STREAMING_UNSIGNED_TRAILER = 'STREAMING-UNSIGNED-PAYLOAD-TRAILER';

/** Path prefix of the Salesforce stand-in (the org's "instance URL" is `<gateway url>/salesforce`). */
export const SALESFORCE_PREFIX = '/salesforce';
/** The REST API versions the stand-in answers (`/services/data/vXX.X/...`). */
export const SALESFORCE_API_VERSION_PATTERN = /^v\d{2,3}\.0$/;
/**
 * Records per query page. Salesforce's default batch is 2000; the stand-in pages much sooner so
 * that a client's `nextRecordsUrl` handling is exercised with a handful of records.
 */
export const SALESFORCE_DEFAULT_PAGE_SIZE = 3;
/** How long an access token lives (a session's default timeout, 2 hours). */
export const SALESFORCE_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;
