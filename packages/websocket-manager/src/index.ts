/**
 * `@x/websocket-manager`: typed topic subscriptions over a web socket.
 * @packageDocumentation
 */
export { HEARTBEAT_INTERVAL_MS, MIN_WEBSOCKET_LIFETIME_MS } from './constants';
