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
  unknownParent: (id: string) => `No mail ${id} in this customer's mailbox to reply to.`,
  bodyTooLarge: (limit: number) => `The request body is larger than ${limit} bytes.`,
  invalidJson: 'The request body is not valid JSON.',
} as const;
