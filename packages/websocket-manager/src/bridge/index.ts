/**
 * `@x/websocket-manager/bridge`: the Streams conduit bridge. The panel (CCP side) owns the
 * manager and relays it over the conduit; the host page
 * uses a client with the same handler members.
 * @packageDocumentation
 */
export { AGENT_WEBSOCKET_EVENTS, LogLevel, WEBSOCKET_CONDUIT_EVENTS } from '../constants';
export {
  bridgeWebSocketManager,
  forwardWebSocketManagerEvents,
  handleWebSocketConduitRequest,
} from './panel-bridge';
export type {
  ForwardedWebSocketEvent,
  WebSocketBridgeConduit,
  WebSocketConduitEvent,
} from './panel-bridge';
export { createWebSocketManagerClient } from './page-client';
export type { WebSocketManagerClient, WebSocketManagerClientMembers } from './page-client';
// The manager's types, so the bridge's signatures resolve from this entry alone.
export type * from '../types';
