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

/**
 * The `timeout` of a `GetAgentSnapshot` long poll, in ms (spec §9 "Agent poll: timeout 30000 ms").
 * @public
 */
export const AGENT_SNAPSHOT_POLL_TIMEOUT_MS = 30_000;

/**
 * The `maxResults` of each `GetEndpoints` page (spec §9 "Endpoint batch size: 500").
 * @public
 */
export const ENDPOINTS_PAGE_SIZE = 500;

/**
 * The `maxResults` the worker asks for on the paged configuration lists (reference §3.2).
 * @public
 */
export const CONFIGURATION_LIST_PAGE_SIZE = 500;

/**
 * The shortest web-socket transport lifetime, in seconds, the web-socket manager accepts from
 * `CreateTransport` (reference §3.5).
 * @public
 */
export const MIN_WEB_SOCKET_TRANSPORT_LIFETIME_S = 300;

/**
 * The pattern a `CreateTransport` web-socket URL must match (reference §3.5).
 * @public
 */
export const WEB_SOCKET_URL_PATTERN = /^(wss:\/\/)\w*/;
