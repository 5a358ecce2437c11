/**
 * The port the emulator listens on when `--port` is not given.
 * @public
 */
export const DEFAULT_PORT = 4700;

/** Default page size of the list operations (the SDK's documented default). */
export const ADMIN_DEFAULT_PAGE_SIZE = 100;

/** Largest page of `GetCurrentUserData`. */
export const ADMIN_MAX_USER_DATA_PAGE = 100;

/** Filter limits of `GetCurrentUserData`. */
export const USER_DATA_FILTER_LIMITS = {
  Queues: 100,
  RoutingProfiles: 100,
  Agents: 100,
  UserHierarchyGroups: 1,
  ContactStates: 9,
} as const;

/** AWS REST-JSON error types the admin API answers with, and their HTTP statuses. */
export const ADMIN_ERROR_STATUS = {
  InvalidParameterException: 400,
  InvalidRequestException: 400,
  InvalidActiveRegionException: 400,
  ServiceQuotaExceededException: 402,
  AccessDeniedException: 403,
  DestinationNotAllowedException: 403,
  OutboundContactNotPermittedException: 403,
  ResourceNotFoundException: 404,
  IdempotencyException: 409,
  ContactNotFoundException: 410,
  ThrottlingException: 429,
  LimitExceededException: 429,
  InternalServiceException: 500,
} as const;

/** Paths the agent-app endpoint answers on (`agentAppEndpoint` of initCCP). */
export const AGENT_APP_PATHS = ['/agent-app/api', '/connect/agent-app/api'] as const;

/** Prefix of the task-templates proxy. */
export const TASK_TEMPLATES_PREFIXES = [
  '/task-templates/api/ccp',
  '/connect/task-templates/api/ccp',
] as const;

/** The CSRF header value the real TaskTemplatesClient sends. */
export const TASK_TEMPLATES_CSRF = 'csrf';

/** Voice ID authentication decisions (`AuthenticationResult.Decision`). */
export const AUTHENTICATION_DECISIONS = [
  'ACCEPT',
  'REJECT',
  'NOT_ENOUGH_SPEECH',
  'SPEAKER_NOT_ENROLLED',
  'SPEAKER_OPTED_OUT',
  'SPEAKER_ID_NOT_PROVIDED',
  'SPEAKER_EXPIRED',
] as const;

/** Voice ID fraud decisions (`FraudDetectionResult.Decision`). */
export const FRAUD_DECISIONS = ['NOT_ENOUGH_SPEECH', 'HIGH_RISK', 'LOW_RISK'] as const;

/** Speaker statuses. */
export const SPEAKER_STATUSES = ['ENROLLED', 'OPTED_OUT', 'PENDING'] as const;

/** Enrollment request statuses. */
export const ENROLLMENT_STATUSES = [
  'NOT_ENOUGH_SPEECH',
  'IN_PROGRESS',
  'COMPLETED',
  'FAILED',
] as const;

/** Services a fault rule can target. */
export const FAULT_SERVICES = [
  'cti',
  'agent-app',
  'admin',
  'auth',
  'ws',
  'task-templates',
  '*',
] as const;

/** HTTP statuses a status fault can answer with. */
export const FAULT_STATUSES = [401, 403, 429, 500, 503] as const;

/** Paths of the CTI service (`AmazonConnectCTIService` JSON 1.0). */
export const CTI_PATHS = ['/api', '/connect/api'] as const;

/** Paths of the authorize endpoint. */
export const AUTH_PATHS = ['/auth/authorize', '/connect/auth/authorize'] as const;

/** Default error type names per status (used in `x-amzn-ErrorType` and `__type`). */
export const FAULT_ERROR_TYPES: Readonly<Record<string, Readonly<Record<number, string>>>> = {
  cti: {
    401: 'UnauthorizedException',
    403: 'AccessDeniedException',
    429: 'TooManyRequestsException',
    500: 'InternalServiceException',
    503: 'ServiceUnavailableException',
  },
  admin: {
    401: 'UnauthorizedException',
    403: 'AccessDeniedException',
    429: 'ThrottlingException',
    500: 'InternalServiceException',
    503: 'ServiceUnavailableException',
  },
  default: {
    401: 'UnauthorizedException',
    403: 'AccessDeniedException',
    429: 'TooManyRequestsException',
    500: 'InternalServerException',
    503: 'ServiceUnavailableException',
  },
};

/** `Version` of agent event records (Amazon Connect agent event streams). */
export const AGENT_EVENT_VERSION = '2019-05-25';

/** `detail-type` of contact events. */
export const CONTACT_EVENT_DETAIL_TYPE = 'Amazon Connect Contact Event';

/** `source` of contact events. */
export const CONTACT_EVENT_SOURCE = 'aws.connect';

/** Contact event types the emulator emits. */
export const CONTACT_EVENT_TYPES = [
  'INITIATED',
  'QUEUED',
  'CONNECTED_TO_AGENT',
  'CONTACT_DATA_UPDATED',
  'DISCONNECTED',
  'COMPLETED',
] as const;

/** Interval of SSE keep-alive comments (ms). */
export const SSE_KEEPALIVE_MS = 15_000;

/** Header names sent with each delivery. */
export const WEBHOOK_HEADERS = {
  eventId: 'x-connect-emulator-event-id',
  attempt: 'x-connect-emulator-delivery-attempt',
} as const;

/** Where recordings are served: `GET /recordings/<Location>` (Location as DescribeContact gives it). */
export const RECORDINGS_PATH = '/recordings';

/** Where transcripts are served: `GET /media/transcripts/<contactId>`. */
export const TRANSCRIPTS_PATH = '/media/transcripts';

/** Pause between the lines of a laid-out script (ms). */
export const SCRIPT_GAP_MS = 700;

/** Agent replies used when the panel reports speech without text. */
export const AGENT_REPLIES = [
  'Thank you for calling, how can I help you today?',
  'I understand, let me look into that for you.',
  'Could you confirm your account number please?',
  'Thanks, I have found your account.',
  'Is there anything else I can help you with?',
];

/** Sample rate of call recordings (Hz). */
export const RECORDING_SAMPLE_RATE = 8000;

/** Channels of call recordings: customer (and everyone else) left, agent right. */
export const RECORDING_CHANNELS = 2;

/** Bits per sample of call recordings. */
export const RECORDING_BITS_PER_SAMPLE = 16;

/** Close code of a web-socket fault when the rule does not give one (1011: internal error). */
export const WS_FAULT_CLOSE_CODE = 1011;

/**
 * How long an inbound offer rings before it is missed, in ms (agent goes to `MissedCallAgent`).
 * @public
 */
export const DEFAULT_MISSED_CALL_TIMEOUT_MS = 20_000;

/**
 * How long an outbound call rings the customer before it counts as not answered, in ms.
 * @public
 */
export const DEFAULT_OUTBOUND_RING_TIMEOUT_MS = 30_000;

/**
 * Lifetime of an access token issued by the authorize endpoint, in ms.
 * @public
 */
export const DEFAULT_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/**
 * The longest a `GetAgentSnapshot` long poll is held, in ms, whatever `timeout` asks for.
 * @public
 */
export const MAX_LONG_POLL_MS = 30_000;

/**
 * How long a missed or rejected offer stays visible in the agent snapshot before it is dropped, in ms.
 * @public
 */
export const OFFER_GHOST_TTL_MS = 2_000;

/**
 * The web-socket transport lifetime `CreateTransport` returns, in seconds (at least 300, as the service answers).
 * @public
 */
export const WEB_SOCKET_TRANSPORT_LIFETIME_S = 3_600;

/**
 * Lifetime of a one-time sign-in ticket (`/login?username=…&ticket=…`), in ms.
 * @public
 */
export const SIGN_IN_TICKET_LIFETIME_MS = 5 * 60 * 1000;

/**
 * The session cookie the login page sets.
 * @public
 */
export const SESSION_COOKIE = 'connect-emulator-session';

/** Default page size of the paged list operations (the real worker asks for 500). */
export const DEFAULT_PAGE_SIZE = 500;

/** Largest page the paged list operations return. */
export const MAX_PAGE_SIZE = 500;

// ---------------------------------------------------------------- limits (bounded input and memory)

/** Largest request body accepted on every surface, in bytes (beyond: 413 `RequestEntityTooLargeException`). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Deepest nesting of objects and arrays accepted in a JSON body (beyond: 400 `SerializationException`). */
export const MAX_JSON_DEPTH = 32;

/** Largest web-socket frame or message accepted, in bytes (the `ws` default is 100 MiB). */
export const MAX_WS_PAYLOAD_BYTES = 64 * 1024;

/** Most topics one web socket may subscribe to. */
export const MAX_WS_TOPICS_PER_SOCKET = 32;

/** Most open agent web sockets at once (beyond: the upgrade is refused with 503). */
export const MAX_WS_CONNECTIONS = 10_000;

/** Largest request head (request line and headers) the server reads, in bytes (Node's default). */
export const MAX_HEADER_BYTES = 16 * 1024;

/** How long a session (login) lives, in ms; its refresh token and access tokens end with it. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** Most live sessions kept; beyond it the oldest is ended. */
export const MAX_SESSIONS = 10_000;

/** Most live access tokens per session; beyond it the oldest token of the session is dropped. */
export const MAX_TOKENS_PER_SESSION = 32;

/** How often expired sessions, tokens and rate-limit buckets are swept, in ms. */
export const SWEEP_INTERVAL_MS = 60_000;

/** Most recorded `updateVoiceIdData` payloads kept for the control API; the oldest are evicted. */
export const MAX_RECORDED_LCMS_UPDATES = 100;

/** Most bytes (JSON) of recorded `updateVoiceIdData` payloads kept; the oldest are evicted beyond it. */
export const MAX_RECORDED_LCMS_UPDATE_BYTES = 2 * 1024 * 1024;

/** Contact ids per agent remembered after the contact left (softphone reports name them after the call). */
export const MAX_RECENT_CONTACTS_PER_AGENT = 16;

/** Most contact records kept for DescribeContact and SearchContacts; the oldest completed go first. */
export const MAX_CONTACT_RECORDS = 10_000;

/** Most fault rules at once. */
export const MAX_FAULT_RULES = 200;

/** Most contact-event webhooks at once. */
export const MAX_WEBHOOKS = 20;

// ---------------------------------------------------------------- control and admin API protection

/**
 * The header that carries the control-API token (printed by the CLI, `Emulator.controlToken`).
 * @public
 */
export const CONTROL_TOKEN_HEADER = 'x-connect-emulator-token';

/**
 * The admin API's access key (SigV4 `Credential`) when none is configured: the demo default the
 * CLI prints and the example app's server uses.
 * @public
 */
export const DEFAULT_ADMIN_CREDENTIALS = {
  accessKeyId: 'emulator-demo',
  secretAccessKey: 'emulator-demo-secret',
} as const;

/**
 * How far a SigV4 request's time (`X-Amz-Date`) may be from the emulator's clock: AWS refuses a
 * signature more than 15 minutes old or ahead.
 */
export const SIGV4_MAX_SKEW_MS = 15 * 60_000;

/** The signing name of the admin API's clients (Connect and Contact Lens both sign as `connect`). */
export const ADMIN_SIGNING_NAME = 'connect';

/** Default channel concurrency when a routing profile gives none. */
export const DEFAULT_CHANNEL_CONCURRENCY: Readonly<Record<string, number>> = { VOICE: 1, CHAT: 1 };

/**
 * How long a simulated third party (phone number or queue quick connect) rings before it
 * answers a CreateAdditionalConnection, in ms.
 * @public
 */
export const THIRD_PARTY_ANSWER_MS = 2_000;

/**
 * Most parties (other than agents) on one call: the customer and up to five more.
 * @public
 */
export const MAX_CONFERENCE_PARTIES = 6;

/**
 * Default CTI request rate per access token (token bucket): sustained requests per second and burst.
 * Beyond it the service answers `ThrottlingException` (429). The real worker stays far below it.
 * @public
 */
export const DEFAULT_RATE_LIMIT = { requestsPerSecond: 50, burst: 100 } as const;

/** Most log events one `SendClientLogs` call may carry (batches of at most 500). */
export const MAX_CLIENT_LOG_EVENTS = 500;

/**
 * Web-socket topics the emulator publishes on changes.
 * @public
 */
export const WS_TOPICS = {
  /** The agent's state changed: `{agentId, state: {type, name}, version}`. */
  agent: 'aws/agent',
  /** A contact of the agent changed: `{contactId, initialContactId, type, state, removed}`. */
  contact: 'aws/contact',
} as const;

// ------------------------------------------------------------------ chat (Participant Service)

/** The chat web socket's path (CreateParticipantConnection `Websocket.Url`). */
export const CHAT_WEB_SOCKET_PATH = '/participant/ws';

/** The path prefix of the attachment upload/download URLs the Participant Service hands out. */
export const CHAT_ATTACHMENT_DATA_PATH = '/participant/attachment-data';

/** The web-socket topic of chat items. */
export const CHAT_TOPIC = 'aws/chat';

/** Content-type prefix of chat events (`application/vnd.amazonaws.connect.event.typing`, …). */
export const CHAT_EVENT_PREFIX = 'application/vnd.amazonaws.connect.event.';

/** The chat events' content types the service emits and accepts (SendEvent). */
export const CHAT_EVENTS = {
  typing: 'application/vnd.amazonaws.connect.event.typing',
  connectionAcknowledged: 'application/vnd.amazonaws.connect.event.connection.acknowledged',
  messageDelivered: 'application/vnd.amazonaws.connect.event.message.delivered',
  messageRead: 'application/vnd.amazonaws.connect.event.message.read',
  participantJoined: 'application/vnd.amazonaws.connect.event.participant.joined',
  participantLeft: 'application/vnd.amazonaws.connect.event.participant.left',
  chatEnded: 'application/vnd.amazonaws.connect.event.chat.ended',
  transferSucceeded: 'application/vnd.amazonaws.connect.event.transfer.succeeded',
} as const;

/** SendEvent content types a participant may send. */
export const CHAT_SENDABLE_EVENTS: readonly string[] = [
  CHAT_EVENTS.typing,
  CHAT_EVENTS.connectionAcknowledged,
  CHAT_EVENTS.messageDelivered,
  CHAT_EVENTS.messageRead,
];

/** SendMessage content types and their largest `Content` (characters; AWS SendMessage). */
export const CHAT_MESSAGE_LIMITS: Readonly<Record<string, number>> = {
  'text/plain': 1024,
  'text/markdown': 1024,
  'application/json': 12000,
  'application/vnd.amazonaws.connect.message.interactive.response': 12288,
};

/** Largest chat attachment (bytes; the service's default quota is 20 MB). */
export const CHAT_MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;

/** Attachment content types the emulator accepts (a subset of the service's default list). */
export const CHAT_ATTACHMENT_TYPES: readonly string[] = [
  'text/plain',
  'text/csv',
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'application/json',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'audio/wav',
  'video/mp4',
];

/** How long the upload/download URL of an attachment is valid (seconds). */
export const CHAT_ATTACHMENT_URL_TTL_S = 300;

/** Lifetime of a chat connection (web socket URL and connection token), in seconds. */
export const CHAT_CONNECTION_LIFETIME_S = 86_400;

/** Default and largest GetTranscript page. */
export const CHAT_TRANSCRIPT_DEFAULT_PAGE = 15;
export const CHAT_TRANSCRIPT_MAX_PAGE = 100;

/** Chats kept (with transcript and attachments) after they ended; the oldest ended go first. */
export const MAX_CHAT_SESSIONS = 1000;

/** Items kept in one chat's transcript; beyond it SendMessage is ServiceQuotaExceededException. */
export const MAX_CHAT_ITEMS = 10_000;

/** Open chat web sockets at most. */
export const MAX_CHAT_SOCKETS = 2000;

/**
 * The contact-flow id a chat from the customer page (`POST /control/chats`) runs when it names
 * none: no seeded flow has it, so the chat waits in the instance's first queue.
 */
export const CUSTOMER_CHAT_FLOW = 'customer-page-chat';

/** The customer page and the panel send a typing event at most this often while one types (as chatjs: 10 s). */
export const CHAT_TYPING_EVERY_MS = 10_000;

/** How long the customer page and the panel show "… is typing" after a typing event. */
export const CHAT_TYPING_SHOWN_MS = 5_000;

/** How often the customer page's chat socket sends `aws/heartbeat` (as the chat clients: 10 s). */
export const CUSTOMER_CHAT_HEARTBEAT_MS = 10_000;

/** Default chat duration (minutes) and the StartChatContact range of `ChatDurationInMinutes`. */
export const CHAT_DURATION_MINUTES = { default: 1500, min: 60, max: 10080 } as const;

/** How far ahead a StartTaskContact `ScheduledTime` may be (6 days, in ms). */
export const TASK_MAX_SCHEDULE_AHEAD_MS = 6 * 24 * 3600 * 1000;

// The softphone's media constants live beside these (one module for the package's constants).
export * from './media-constants';
