import {
  DEEP_HEARTBEAT_TOPIC,
  HEARTBEAT_TOPIC,
  SUBSCRIBE_TOPIC,
  UNSUBSCRIBE_TOPIC,
} from './constants';
import { ManagerCore } from './manager-core';
import { assertFunction } from './manager-events';
import {
  MSG_ALREADY_INITIALIZED,
  MSG_INVALID_TOPIC,
  MSG_NOT_OPEN,
  MSG_PAYLOAD_NOT_OBJECT,
  MSG_TOPICS_MUST_BE_ARRAY,
  MSG_TRANSPORT_MUST_BE_FUNCTION,
} from './messages';
import { isOpen } from './socket-pair';
import type {
  WebSocketInitResult,
  WebSocketManager,
  WebSocketManagerEventName,
  WebSocketManagerHandler,
  WebSocketManagerOptions,
} from './types';

const RESERVED_TOPICS = new Set([
  SUBSCRIBE_TOPIC,
  UNSUBSCRIBE_TOPIC,
  HEARTBEAT_TOPIC,
  DEEP_HEARTBEAT_TOPIC,
]);

/**
 * Creates a web-socket manager. Nothing
 * starts before `init`; every dependency (WebSocket, clock, timers, network check, logger) can be
 * injected.
 *
 * @example
 * ```ts
 * const manager = createWebSocketManager({ logger: console });
 * manager.onMessage('aws/chat', (message) => render(message.content));
 * manager.subscribeTopics(['aws/chat']);
 * await manager.init(() => fetchTransport());
 * ```
 * @public
 */
export function createWebSocketManager(options: WebSocketManagerOptions = {}): WebSocketManager {
  const core = new ManagerCore(options);
  const { events, log } = core;
  let initPromise: Promise<WebSocketInitResult> | undefined;
  const on = <K extends WebSocketManagerEventName>(event: K, handler: WebSocketManagerHandler<K>) =>
    events.on(event, handler);
  const terminate = (reason: string): void => core.terminate(reason);

  return {
    get state() {
      return core.state;
    },
    init(handle) {
      assertFunction(handle, MSG_TRANSPORT_MUST_BE_FUNCTION);
      if (initPromise) {
        log.warn(MSG_ALREADY_INITIALIZED);
        return initPromise;
      }
      return (initPromise = core.init(handle));
    },
    subscribeTopics(topics) {
      if (!Array.isArray(topics)) throw new TypeError(MSG_TOPICS_MUST_BE_ARRAY);
      core.subscriptions.request(topics as readonly string[]);
    },
    onMessage(topic, handler) {
      if (typeof topic !== 'string') throw new TypeError('topicName must be provided');
      return events.onTopic(topic, handler);
    },
    onAllMessage: (handler) => on('allMessage', handler),
    sendMessage(payload) {
      if (typeof payload !== 'object' || payload === null)
        throw new TypeError(MSG_PAYLOAD_NOT_OBJECT);
      let text: string | undefined;
      if (typeof payload.topic === 'string' && !RESERVED_TOPICS.has(payload.topic)) {
        try {
          text = JSON.stringify(payload);
        } catch {
          // not serialisable: refused below as an invalid topic message
        }
      }
      if (text === undefined) {
        log.warn(MSG_INVALID_TOPIC, payload);
        return false;
      }
      const ws = core.sockets.default;
      if (!ws || !isOpen(ws)) {
        log.warn(MSG_NOT_OPEN);
        return false;
      }
      ws.send(text);
      return true;
    },
    onConnectionGain(handler) {
      const off = on('connectionGain', handler);
      if (isOpen(core.sockets.default)) handler(undefined);
      return off;
    },
    onConnectionLost(handler) {
      const off = on('connectionLost', handler);
      if (core.link === 'disconnected') handler(core.lastLost);
      return off;
    },
    onInitFailure(handler) {
      const off = on('initFailure', handler);
      if (core.lastInitFailure) handler(core.lastInitFailure);
      return off;
    },
    onConnectionOpen: (handler) => on('connectionOpen', handler),
    onConnectionClose: (handler) => on('connectionClose', handler),
    onSubscriptionUpdate: (handler) => on('subscriptionUpdate', handler),
    onSubscriptionFailure: (handler) => on('subscriptionFailure', handler),
    onDeepHeartbeatSuccess: (handler) => on('deepHeartbeatSuccess', handler),
    onDeepHeartbeatFailure: (handler) => on('deepHeartbeatFailure', handler),
    onTopicFailure: (handler) => on('topicFailure', handler),
    onStateChange: (handler) => on('stateChange', handler),
    on,
    closeWebSocket() {
      core.move('closeWebSocket');
    },
    terminate,
    terminateWebSocketManager: terminate,
  };
}
