import { AGENT_WEBSOCKET_EVENTS, WEBSOCKET_CONDUIT_EVENTS } from '../constants';
import type { Unsubscribe, WebSocketManager, WebSocketManagerEventName } from '../types';

/**
 * Manager events the Streams worker forwards downstream over the conduit.
 * @public
 */
export type ForwardedWebSocketEvent = Exclude<
  keyof typeof WEBSOCKET_CONDUIT_EVENTS,
  'send' | 'subscribe'
> &
  WebSocketManagerEventName;

/**
 * A conduit event name of the web-socket bridge (`webSocket::…`).
 * @public
 */
export type WebSocketConduitEvent =
  (typeof WEBSOCKET_CONDUIT_EVENTS)[keyof typeof WEBSOCKET_CONDUIT_EVENTS];

const FORWARDED: readonly ForwardedWebSocketEvent[] = [
  'initFailure',
  'connectionOpen',
  'connectionClose',
  'connectionGain',
  'connectionLost',
  'subscriptionUpdate',
  'subscriptionFailure',
  'allMessage',
];

/**
 * Panel side of the bridge: forwards every manager event to `send` under its conduit name, as the
 * Streams worker does (connection gain/lost also go out as `agent::websocket_connection_gained` /
 * `_lost` first). Returns a function that stops forwarding.
 * @public
 */
export function forwardWebSocketManagerEvents(
  manager: WebSocketManager,
  send: (event: string, data: unknown) => void,
): Unsubscribe {
  const offs = FORWARDED.map((event) =>
    manager.on(event, (payload: unknown) => {
      if (event === 'connectionGain' || event === 'connectionLost')
        send(AGENT_WEBSOCKET_EVENTS[event], payload);
      send(WEBSOCKET_CONDUIT_EVENTS[event], payload);
    }),
  );
  return () => offs.forEach((off) => off());
}

/**
 * Panel side of the bridge: applies an upstream `webSocket::send` (payload) or
 * `webSocket::subscribe` (topics) to the manager. Returns whether the event was one of those two.
 * @public
 */
export function handleWebSocketConduitRequest(
  manager: WebSocketManager,
  event: string,
  data: unknown,
): boolean {
  if (event === WEBSOCKET_CONDUIT_EVENTS.send)
    manager.sendMessage(data as Parameters<WebSocketManager['sendMessage']>[0]);
  else if (event === WEBSOCKET_CONDUIT_EVENTS.subscribe) manager.subscribeTopics(data as string[]);
  else return false;
  return true;
}

/**
 * A conduit as the bridge needs it: send an event to the other side, and listen to one
 * (`on` may return an unsubscribe function).
 * @public
 */
export interface WebSocketBridgeConduit {
  /** Sends an event with its data to the other side. */
  send(event: string, data?: unknown): void;
  /** Listens to one event from the other side; may return a function that stops listening. */
  on(event: string, handler: (data: unknown) => void): unknown;
}

const stopper = (result: unknown): (() => void) =>
  typeof result === 'function' ? (result as () => void) : () => {};

/**
 * The whole panel side of the bridge: forwards the manager's events downstream and applies the
 * upstream `webSocket::send` / `webSocket::subscribe` from `conduit`. Returns a function that stops both.
 *
 * @example
 * ```ts
 * const manager = createWebSocketManager();
 * bridgeWebSocketManager(manager, { send: conduit.sendDownstream, on: conduit.onDownstream });
 * await manager.init(getWebSocketUrl);
 * ```
 * @public
 */
export function bridgeWebSocketManager(
  manager: WebSocketManager,
  conduit: WebSocketBridgeConduit,
): Unsubscribe {
  const stops = [
    forwardWebSocketManagerEvents(manager, (event, data) => conduit.send(event, data)),
    ...(['send', 'subscribe'] as const).map((name) =>
      stopper(
        conduit.on(WEBSOCKET_CONDUIT_EVENTS[name], (data) =>
          handleWebSocketConduitRequest(manager, WEBSOCKET_CONDUIT_EVENTS[name], data),
        ),
      ),
    ),
  ];
  return () => stops.forEach((stop) => stop());
}
