/**
 * Heartbeat interval; the first heartbeat is sent when the socket opens.
 * @public
 */
export const HEARTBEAT_INTERVAL_MS = 10000;

/**
 * Shortest transport lifetime a web-socket configuration may declare.
 * @public
 */
export const MIN_WEBSOCKET_LIFETIME_MS = 300000;
