/**
 * The CCP wire-protocol version this client speaks, sent as `streamsVersion` in `configure`
 * (softphone-sdk spec §1: "Client version: 2.18.4").
 * @public
 */
export const STREAMS_VERSION = '2.18.4';

/**
 * The region used when init parameters name none (spec §1: "Default region: us-west-2").
 * @public
 */
export const DEFAULT_REGION = 'us-west-2';

// ── Message-port provider (connect-sdk-websocket-voiceid.md §1, softphone-sdk spec §9) ──

/**
 * Default time a message-port request waits for its response before rejecting with the
 * `clientTimeout` object (spec §9 "Request timeout 30000 ms").
 * @public
 */
export const PROVIDER_REQUEST_TIMEOUT_MS = 30_000;

/**
 * Smallest health-check interval the proxy runs; smaller positive values are refused and
 * 0 or less disables the check (spec §5).
 * @public
 */
export const HEALTH_CHECK_MIN_INTERVAL_MS = 1_000;

/**
 * The connection is unhealthy after this many intervals without a health-check response (spec §9).
 * @public
 */
export const HEALTH_CHECK_UNHEALTHY_AFTER_INTERVALS = 3;

/**
 * At most this many dimensions (required plus optional) on one metric (spec §5, §9).
 * @public
 */
export const MAX_METRIC_DIMENSIONS = 30;

/**
 * How long {@link Proxy.getConnectionId} waits for the `ready` status.
 * @public
 */
export const CONNECTION_ID_TIMEOUT_MS = 10_000;

/**
 * Message type the CCP iframe posts to the host window, carrying the message port.
 * @public
 */
export const CROSS_DOMAIN_ADAPTER_INIT = 'cross-domain-adapter-init';

/**
 * Message type the host posts on the port after accepting it.
 * @public
 */
export const CROSS_DOMAIN_SITE_READY = 'cross-domain-site-ready';

/**
 * Error key of the object a timed-out request rejects with.
 * @public
 */
export const CLIENT_TIMEOUT_ERROR_KEY = 'clientTimeout';

/**
 * Error key thrown when a second provider is initialised.
 * @public
 */
export const MULTIPLE_PROVIDERS_ERROR_KEY = 'attemptInitializeMultipleProviders';

/**
 * Namespace of the contact module of the message-port protocol.
 * @public
 */
export const CONTACT_NAMESPACE = 'aws.connect.contact';

/**
 * Namespace of the voice module of the message-port protocol.
 * @public
 */
export const VOICE_NAMESPACE = 'aws.connect.voice';
