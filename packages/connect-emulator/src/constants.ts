/**
 * The port the emulator listens on when `--port` is not given.
 * @public
 */
export const DEFAULT_PORT = 4700;

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
 * The web-socket transport lifetime `CreateTransport` returns, in seconds (≥ 300, reference §3.5).
 * @public
 */
export const WEB_SOCKET_TRANSPORT_LIFETIME_S = 3_600;

/**
 * The session cookie the login page sets.
 * @public
 */
export const SESSION_COOKIE = 'connect-emulator-session';

/** Default page size of the paged list operations (reference §3.2: the worker asks for 500). */
export const DEFAULT_PAGE_SIZE = 500;

/** Largest page the paged list operations return. */
export const MAX_PAGE_SIZE = 500;

/** Largest request body accepted, in bytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Default channel concurrency when a routing profile gives none (spec §9). */
export const DEFAULT_CHANNEL_CONCURRENCY: Readonly<Record<string, number>> = { VOICE: 1, CHAT: 1 };

/**
 * Default CTI request rate per access token (token bucket): sustained requests per second and burst.
 * Beyond it the service answers `ThrottlingException` (429). The real worker stays far below it.
 * @public
 */
export const DEFAULT_RATE_LIMIT = { requestsPerSecond: 50, burst: 100 } as const;

/** Most log events one `SendClientLogs` call may carry (spec §9: batches of at most 500). */
export const MAX_CLIENT_LOG_EVENTS = 500;
