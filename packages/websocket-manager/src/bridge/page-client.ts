import { WEBSOCKET_CONDUIT_EVENTS } from '../constants';
import type { Unsubscribe, WebSocketManager, WebSocketTopicMessage } from '../types';
import type { WebSocketBridgeConduit } from './panel-bridge';

/**
 * The `WebSocketManager` members the host page can use over the conduit.
 * @public
 */
export type WebSocketManagerClientMembers =
  | 'subscribeTopics'
  | 'onMessage'
  | 'onAllMessage'
  | 'onConnectionGain'
  | 'onConnectionLost'
  | 'onInitFailure'
  | 'onConnectionOpen'
  | 'onConnectionClose'
  | 'onSubscriptionUpdate'
  | 'onSubscriptionFailure';

/**
 * What `ccp.getWebSocketManager()` returns on the host page (Streams' `WebSocketProvider`): the
 * manager's handler members, fed by the `webSocket::…` conduit events, and `sendMessage` /
 * `subscribeTopics` relayed upstream. Handlers are not called at once for the current state (the
 * page does not know it), as in Streams.
 * @public
 */
export interface WebSocketManagerClient extends Pick<
  WebSocketManager,
  WebSocketManagerClientMembers
> {
  /** Relays a payload upstream (`webSocket::send`); the panel's manager sends or refuses it. */
  sendMessage(payload: { readonly topic: string; readonly [key: string]: unknown }): void;
  /** Stops listening to the conduit. */
  dispose(): void;
}

/**
 * Creates the page side of the bridge over a conduit to the panel.
 * @public
 */
export function createWebSocketManagerClient(
  conduit: WebSocketBridgeConduit,
): WebSocketManagerClient {
  const sets = new Map<string, Set<(payload: never) => void>>();
  const topics = new Map<string, Set<(message: WebSocketTopicMessage) => void>>();
  const setOf = (event: string) => {
    let set = sets.get(event);
    if (!set) sets.set(event, (set = new Set()));
    return set;
  };
  const add = <T>(set: Set<T>, handler: T): Unsubscribe => {
    if (typeof handler !== 'function') throw new TypeError('cb must be a function');
    set.add(handler);
    return () => void set.delete(handler);
  };
  const call = <T>(set: Set<(payload: T) => void> | undefined, payload: T) =>
    set?.forEach((handler) => handler(payload));
  const stops: unknown[] = [];
  for (const [name, event] of Object.entries(WEBSOCKET_CONDUIT_EVENTS)) {
    if (name === 'send' || name === 'subscribe') continue;
    stops.push(
      conduit.on(event, (data) => {
        call(sets.get(name) as Set<(payload: unknown) => void> | undefined, data);
        if (name === 'allMessage')
          call(topics.get((data as WebSocketTopicMessage).topic), data as WebSocketTopicMessage);
      }),
    );
  }
  const on =
    (name: string) =>
    (handler: (payload: never) => void): Unsubscribe =>
      add(setOf(name), handler);
  return {
    subscribeTopics(list) {
      if (!Array.isArray(list)) throw new TypeError('topics is not an array');
      conduit.send(WEBSOCKET_CONDUIT_EVENTS.subscribe, list);
    },
    sendMessage(payload) {
      conduit.send(WEBSOCKET_CONDUIT_EVENTS.send, payload);
    },
    onMessage(topic, handler) {
      let set = topics.get(topic);
      if (!set) topics.set(topic, (set = new Set()));
      return add(set, handler);
    },
    onAllMessage: on('allMessage'),
    onConnectionGain: on('connectionGain'),
    onConnectionLost: on('connectionLost'),
    onInitFailure: on('initFailure'),
    onConnectionOpen: on('connectionOpen'),
    onConnectionClose: on('connectionClose'),
    onSubscriptionUpdate: on('subscriptionUpdate'),
    onSubscriptionFailure: on('subscriptionFailure'),
    dispose() {
      for (const stop of stops) if (typeof stop === 'function') (stop as () => void)();
    },
  };
}
