// The handles and wrappers the compat `connect.core` hands out around the panel: removal handles,
// the web-socket manager with Streams' handle shape, and the upstream (conduit) link.
import type { Ccp } from '../ccp/ccp';
import type { WireEventName } from '@x/connect-streams/protocol';
import type { WebSocketManagerClient } from '@x/websocket-manager/bridge';
import type { Subscription } from './event-bus';

/**
 * A handler-removal handle that is both callable and has `unsubscribe()` (the original library
 * returns either shape depending on the API).
 * @public
 */
export type Unsubscriber = (() => void) & Subscription;

export function unsubscriber(sub: Subscription): Unsubscriber {
  const off = (() => sub.unsubscribe()) as Unsubscriber;
  off.unsubscribe = off;
  return off;
}

/**
 * `connect.core.getWebSocketManager()`: topic subscriptions and messages relayed through the panel.
 * @public
 */
export interface CompatWebSocketManager {
  /** Subscribes to web-socket topics. */
  subscribeTopics(topics: string[]): void;
  /** Sends a message on the web socket. */
  sendMessage(message: unknown): void;
  /** Calls `f` for every message of `topic`. */
  onMessage(topic: string, f: (message: unknown) => void): Unsubscriber;
  /** Calls `f` for every message. */
  onAllMessage(f: (message: unknown) => void): Unsubscriber;
  /** Calls `f` when the connection comes back. */
  onConnectionGain(f: (d: unknown) => void): Unsubscriber;
  /** Calls `f` when the connection is lost. */
  onConnectionLost(f: (d: unknown) => void): Unsubscriber;
  /** Calls `f` when the socket opens. */
  onConnectionOpen(f: (d: unknown) => void): Unsubscriber;
  /** Calls `f` when the socket closes. */
  onConnectionClose(f: (d: unknown) => void): Unsubscriber;
  /** Calls `f` when the manager fails to start. */
  onInitFailure(f: (d: unknown) => void): Unsubscriber;
  /** Calls `f` with every subscription update. */
  onSubscriptionUpdate(f: (d: unknown) => void): Unsubscriber;
  /** Calls `f` when subscribing fails. */
  onSubscriptionFailure(f: (d: unknown) => void): Unsubscriber;
}

/**
 * `connect.core.getUpstream()`: the panel link, with the original conduit's method names.
 * @public
 */
export interface CompatUpstream {
  /** Sends `event` with `data` to the panel. */
  sendUpstream(event: string, data?: unknown): void;
  /** Calls `f` for every `event` from the panel. */
  onUpstream(event: string, f: (data: unknown) => void): Unsubscriber;
}

export function upstreamOf(ccp: Ccp): CompatUpstream {
  return {
    sendUpstream: (event, data) => ccp.send(event as WireEventName, data),
    onUpstream: (event, f) =>
      unsubscriber({ unsubscribe: ccp.onMessage(event as WireEventName, f) }),
  };
}

/**
 * Streams' shape of a panel's web-socket client, one per client (amazon-connect-chatjs keeps one
 * agent connection per manager object and ends it when handed another one, so
 * `getWebSocketManager()` must return the same object each time, as Streams' provider does).
 */
const compatWebSocketManagers = new WeakMap<WebSocketManagerClient, CompatWebSocketManager>();
export function compatWebSocketManager(wsm: WebSocketManagerClient): CompatWebSocketManager {
  const known = compatWebSocketManagers.get(wsm);
  if (known) return known;
  const wrap =
    <T>(add: (f: (d: T) => void) => () => void) =>
    (f: (d: unknown) => void): Unsubscriber =>
      unsubscriber({ unsubscribe: add(f) });
  const wrapper: CompatWebSocketManager = {
    subscribeTopics: (topics) => wsm.subscribeTopics(topics),
    sendMessage: (message) => wsm.sendMessage(message as { topic: string }),
    onMessage: (topic, f) => unsubscriber({ unsubscribe: wsm.onMessage(topic, f) }),
    onAllMessage: wrap(wsm.onAllMessage),
    onConnectionGain: wrap(wsm.onConnectionGain),
    onConnectionLost: wrap(wsm.onConnectionLost),
    onConnectionOpen: wrap(wsm.onConnectionOpen),
    onConnectionClose: wrap(wsm.onConnectionClose),
    onInitFailure: wrap(wsm.onInitFailure),
    onSubscriptionUpdate: wrap(wsm.onSubscriptionUpdate),
    onSubscriptionFailure: wrap(wsm.onSubscriptionFailure),
  };
  compatWebSocketManagers.set(wsm, wrapper);
  return wrapper;
}
