/** Error messages the emulator answers with, in one place. */
export const MESSAGES = {
  signallingBadFrame: 'The signalling frame is not JSON-RPC 2.0.',
  signallingUnknownMethod: (method: string) => `Unknown method ${JSON.stringify(method)}.`,
  signallingBadInvite: 'BadRequestException: the invite needs an sdp and its candidates.',
  signallingForbidden: 'ForbiddenException: the call context token is not valid.',
  signallingCallNotFound: 'CallNotFoundException: the call has ended or does not exist.',
  signallingBusy: 'BusyException: this connection already has a softphone session.',
  signallingNegotiationFailed:
    'BadRequestException: the offer has no codec in common with the media server (PCMU).',
  missingToken: 'Missing authentication token (X-Amz-Bearer).',
  invalidToken: 'The authentication token is not valid.',
  expiredToken: 'The authentication token has expired.',
  tokenMismatch: 'The body authentication token does not match X-Amz-Bearer.',
  malformedJson: 'The request body is not valid JSON.',
  unknownTarget: (target: string) => `Unknown operation ${JSON.stringify(target)}.`,
  unsupported: (op: string) => `${op} is not supported by this emulator yet.`,
  invalidParameter: (detail: string) => `Invalid parameter: ${detail}`,
  contactNotFound: (id: string) => `Contact ${id} not found.`,
  connectionNotFound: (id: string, contactId: string) =>
    `Connection ${id} for contact ${contactId} not found.`,
  invalidTransition: (what: string, from: string, event: string) =>
    `${what} cannot ${event} from state ${from}.`,
  unknownAgentState: (name: string) => `Agent state ${JSON.stringify(name)} does not exist.`,
  invalidLocale: (locale: string) =>
    `InvalidLocale: ${JSON.stringify(locale)} is not a supported locale.`,
  badEndpoint: (detail: string) => `Bad endpoint: ${detail}`,
  agentBusy: 'The agent already has an active voice contact.',
  noOutboundPermission: 'The agent lacks the outboundCall permission.',
  invalidNextToken: 'The nextToken is not valid.',
  invalidRefreshToken: 'The refresh token has expired or is not valid.',
  invalidConfiguration: (detail: string) => `Invalid configuration: ${detail}`,
  unknownNumber: (to: string) => `No phone number or queue named ${JSON.stringify(to)}.`,
  notLoggedIn: 'Not logged in.',
  unknownContactFlow: (name: string) => `No contact flow named ${JSON.stringify(name)}.`,
  throttled: 'Rate exceeded.',
  tooManyLogEvents: (max: number) => `At most ${max} log events per call.`,
  agentArnMismatch: 'The agentARN does not belong to the authenticated agent.',
  remoteRefused:
    'The control and admin APIs answer only on this machine (start the emulator with --allow-remote-control to change that).',
  hostRefused: (host: string) =>
    `The Host ${JSON.stringify(host)} does not name this emulator (loopback names only, or --host).`,
  corsRefused:
    'This origin may not call the emulator (start it with --allowed-origin to allow one).',
  crossSiteRefused: 'Cross-site requests to the control and admin APIs are refused.',
  jsonRequired: 'The request needs Content-Type: application/json.',
  missingControlToken:
    'Missing control token: send the token the emulator printed in the x-connect-emulator-token header.',
  invalidControlToken: 'The control token is not valid.',
  missingAuthenticationToken: 'Missing Authentication Token',
  badSignature: 'The Authorization header is not an AWS Signature Version 4 header.',
  unknownAccessKey: 'The security token included in the request is invalid.',
  sigv4MissingPart: (part: string) => `Authorization header requires '${part}' parameter.`,
  sigv4CredentialParts: (credential: string) =>
    `Credential should be scoped to a valid format: '${credential}'.`,
  sigv4NoDate:
    "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header.",
  sigv4BadDate: (value: string) => `X-Amz-Date must be in the ISO8601 Long Format: '${value}'.`,
  sigv4Expired: (given: string, earliest: string, now: string, minutes: number) =>
    `Signature expired: ${given} is now earlier than ${earliest} (${now} - ${minutes} min.)`,
  sigv4NotYetCurrent: (given: string, latest: string, now: string, minutes: number) =>
    `Signature not yet current: ${given} is still later than ${latest} (${now} + ${minutes} min.)`,
  sigv4ScopeDate: (day: string, amzDate: string) =>
    `Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '${day}' != '${amzDate.slice(0, 8)}', from '${amzDate}'.`,
  sigv4ScopeRegion: 'Credential should be scoped to a valid region.',
  sigv4ScopeService: (service: string) =>
    `Credential should be scoped to correct service: '${service}'.`,
  sigv4ScopeTerminator: (terminator: string) =>
    `Credential should be scoped with a valid terminator: 'aws4_request', not '${terminator}'.`,
  sigv4NoContentSha256: 'Missing required header for this request: x-amz-content-sha256',
  s3AccessDenied: 'Access Denied',
  s3InvalidAccessKeyId: 'The AWS Access Key Id you provided does not exist in our records.',
  s3Skewed: 'The difference between the request time and the current time is too large.',
  s3WrongRegion: (region: string, expected: string) =>
    `The authorization header is malformed; the region '${region}' is wrong; expecting '${expected}'`,
  s3SignatureMismatch:
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  s3NoSuchKey: 'The specified key does not exist.',
  s3NoSuchBucket: 'The specified bucket does not exist',
  sigv4HostNotSigned: "'Host' or ':authority' must be a 'SignedHeader' in the AWS Authorization.",
  sigv4Mismatch:
    'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
  notListener: 'A monitoring (silent) participant can only listen.',
  internal: 'An internal error occurred; the emulator logged it.',
  notFoundRoute: (method: string, path: string) => `No route ${method} ${path}.`,
  badPath: 'The request path cannot be parsed.',
  methodNotAllowed: (allowed: string) => `Use ${allowed}.`,
  unknownAgent: (username: string) => `Unknown agent ${JSON.stringify(username)}.`,
  crossSiteSignIn:
    'A page of another site asked to sign you in. Press Sign in if you meant to sign in as this agent.',
  crossSiteSignInRefused: 'Cross-site sign-in is refused: open the login page and sign in there.',
  ticketInvalid:
    'This sign-in link is not valid. Press Sign in if you meant to sign in as this agent.',
  ticketExpired:
    'This sign-in link has expired. Press Sign in if you meant to sign in as this agent.',
  ticketUsed:
    'This sign-in link was already used. Press Sign in if you meant to sign in as this agent.',
} as const;

/** The CCP panel's words for chat and task contacts (the contact list beside the softphone). */
export const PANEL_TEXT = {
  contactsLabel: 'Chats and tasks',
  channel: { chat: 'Chat', task: 'Task' } as Readonly<Record<string, string>>,
  state: {
    ringing: 'Incoming',
    connected: 'Connected',
    'after-contact-work': 'After contact work',
  } as Readonly<Record<string, string>>,
  accept: 'Accept',
  reject: 'Reject',
  transferTo: 'Transfer to',
  transfer: 'Transfer',
  noDestinations: 'No quick connects',
  end: { chat: 'End chat', task: 'End task' } as Readonly<Record<string, string>>,
  close: 'Close contact',
  conversation: 'Conversation',
  reply: 'Reply',
  send: 'Send',
  typing: (name: string) => `${name} is typing…`,
  customer: 'Customer',
} as const;

/** The customer page's words for "Start a chat" (joined to a participant's name where it ends in a space). */
export const CUSTOMER_CHAT_TEXT = {
  heading: 'Start a chat',
  name: 'Your name',
  firstMessage: 'First message',
  start: 'Start chat',
  message: 'Message',
  send: 'Send',
  end: 'End chat',
  waiting: 'Waiting for an agent…',
  connected: 'Chatting with ',
  ended: 'The chat has ended.',
  closed: 'The chat connection closed.',
  typing: ' is typing…',
  joined: ' joined the chat',
  left: ' left the chat',
} as const;

/** The customer phone's texts (the `/control` page's phone). */
export const CUSTOMER_PHONE_TEXT = {
  heading: 'Customer phone',
  number: 'Number to call',
  from: 'Your number',
  keypad: 'Keypad',
  call: 'Call',
  answer: 'Answer',
  decline: 'Decline',
  mute: 'Mute',
  hangUp: 'Hang up',
  idle: 'Ready to call',
  calling: 'Calling…',
  queue: 'Waiting in queue…',
  ringing: 'Ringing…',
  connected: 'Connected',
  held: 'On hold',
  ended: 'Call ended',
  incoming: 'Incoming call',
  noMicrophone:
    'No microphone: the agent hears nothing from you (allow the microphone and call again).',
  noAudio: 'The call has no audio: ',
} as const;
