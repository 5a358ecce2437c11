// User-visible strings of the gateway: the providers' error messages and Twilio's default
// opt-out replies, worded as the providers word them.

export const TWILIO_MESSAGES = {
  authenticate: 'Authenticate',
  notFound: (sid: string) => `The requested resource /Messages/${sid}.json was not found`,
  tooManyRequests: 'Too Many Requests',
  internal: 'Internal Server Error',
  invalidTo: (to: string) => `The 'To' number ${to} is not a valid phone number.`,
  bodyRequired: 'Message body is required.',
  fromRequired: "A 'From' phone number is required.",
  invalidFrom: (from: string) =>
    `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
  unsubscribed: 'Attempt to send to unsubscribed recipient',
  notMobile: (to: string) => `To number: ${to}, is not a mobile number`,
  bodyTooLong: 'The concatenated message body exceeds the 1600 character limit.',
  tooManyMedia: 'Too many media URLs (at most 10).',
  badUpdate: 'Only Body="" (redaction) or Status=canceled of a scheduled message can be updated.',
  /** The automatic replies to the opt-out, opt-in and help keywords. */
  optOutReply:
    'You have successfully been unsubscribed. You will not receive any more messages from this number. Reply START to resubscribe.',
  optInReply:
    'You have successfully been re-subscribed to messages from this number. Reply HELP for help. Reply STOP to unsubscribe. Msg&Data Rates May Apply.',
  helpReply: 'Reply STOP to unsubscribe. Msg&Data Rates May Apply.',
} as const;

export const GRAPH_MESSAGES = {
  accessToken: 'Invalid OAuth access token - Cannot parse access token',
  rateLimit: '(#130429) Rate limit hit',
  unknown: '(#131000) Something went wrong',
  unknownPath: (path: string) =>
    `Unsupported request - method type or path ${path} is not supported`,
  invalidParameter: (detail: string) => `(#100) Invalid parameter: ${detail}`,
  missingParameter: (detail: string) => `(#131008) Required parameter is missing: ${detail}`,
  reEngagementTitle: 'Re-engagement message',
  reEngagementMessage: 'Re-engagement message',
  reEngagementDetails:
    'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  templateParams: '(#132000) Number of parameters does not match the expected number of params',
  templateMissing: (name: string, language: string) =>
    `(#132001) Template name does not exist in the translation: ${name} (${language})`,
  mediaMissing: (id: string) => `(#100) Media ${id} does not exist or has expired`,
} as const;

export const CONTROL_MESSAGES = {
  unauthorized: `Missing or wrong control token (header x-channel-gateway-token).`,
  handshakeFailed: (status: string) =>
    `The WhatsApp webhook did not answer the verification handshake with the challenge (${status}).`,
  noSmsWebhook: 'No SMS webhook is registered (POST /control/webhooks {"twilio":{"smsUrl":…}}).',
  noWhatsappWebhook:
    'No WhatsApp webhook is registered (POST /control/webhooks {"whatsapp":{"callbackUrl":…}}).',
  noInboundSmtp:
    'No inbound SMTP listener is registered (POST /control/webhooks {"smtp":{"inbound":"host:port"}}).',
  unknownNumber: (n: string) => `${n} is not one of the gateway's business numbers.`,
  unknownMessage: (id: string) => `No outbound message ${id} on that channel.`,
  unknownRecord: (id: string) => `No Salesforce Contact or Lead ${id}.`,
  unknownParent: (id: string) => `No mail ${id} in this customer's mailbox to reply to.`,
  bodyTooLarge: (limit: number) => `The request body is larger than ${limit} bytes.`,
  invalidJson: 'The request body is not valid JSON.',
} as const;

/** S3's error messages (as S3's REST API words them). */
export const S3_MESSAGES = {
  signatureDoesNotMatch:
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  invalidAccessKeyId: 'The AWS Access Key Id you provided does not exist in our records.',
  incompleteSignature: 'The request must contain a valid AWS4-HMAC-SHA256 Authorization header.',
  missingContentSha256: 'Missing required header for this request: x-amz-content-sha256',
  badContentSha256: "The provided 'x-amz-content-sha256' header does not match what was computed.",
  badChecksum: 'The CRC32 you specified did not match the calculated checksum.',
  badChunked: 'The aws-chunked body could not be decoded.',
  streamingSigned:
    'Signed streaming payloads (STREAMING-AWS4-HMAC-SHA256-PAYLOAD) are not implemented by this stand-in.',
  skewed: 'The difference between the request time and the current time is too large.',
  scope: (what: string, value: string) =>
    `Credential should be scoped to correct ${what}: '${value}'.`,
  noSuchKey: 'The specified key does not exist.',
  noSuchBucket: 'The specified bucket does not exist',
  tooLarge: 'Your proposed upload exceeds the maximum allowed size',
  methodNotAllowed: 'The specified method is not allowed against this resource.',
} as const;
