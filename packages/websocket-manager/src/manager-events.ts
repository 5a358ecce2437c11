import { MSG_CALLBACK_ERROR, MSG_CB_MUST_BE_FUNCTION } from './messages';
import { HandlerList, invokeAll } from './handler-list';
import type { ManagerLog } from './manager-log';
import type { Frame } from './subscriptions';
import type {
  Unsubscribe,
  WebSocketManagerEventMap,
  WebSocketManagerEventName,
  WebSocketTopicMessage,
} from './types';

/** Throws the manager's TypeError when `value` is not a function. @internal */
export function assertFunction(value: unknown, message: string = MSG_CB_MUST_BE_FUNCTION): void {
  if (typeof value !== 'function') throw new TypeError(message);
}

/**
 * The manager's handlers: one list per event and one per topic. A handler that throws is logged
 * and does not stop the others.
 * @internal
 */
export class ManagerEvents {
  private readonly handlers = new Map<string, HandlerList<unknown>>();
  private readonly topics = new Map<string, HandlerList<WebSocketTopicMessage>>();
  private readonly onError: (error: unknown) => void;

  constructor(log: ManagerLog) {
    this.onError = (error) => log.error(MSG_CALLBACK_ERROR, error);
  }

  emit<K extends WebSocketManagerEventName>(event: K, payload: WebSocketManagerEventMap[K]): void {
    invokeAll(
      this.handlers.get(event) as HandlerList<typeof payload> | undefined,
      payload,
      this.onError,
    );
  }

  on<K extends WebSocketManagerEventName>(
    event: K,
    handler: (payload: WebSocketManagerEventMap[K]) => void,
  ): Unsubscribe {
    let list = this.handlers.get(event);
    if (!list) this.handlers.set(event, (list = new HandlerList()));
    return add(list as unknown as HandlerList<WebSocketManagerEventMap[K]>, handler);
  }

  onTopic(topic: string, handler: (message: WebSocketTopicMessage) => void): Unsubscribe {
    let list = this.topics.get(topic);
    if (!list) this.topics.set(topic, (list = new HandlerList()));
    return add(list, handler);
  }

  /** Emits the outcome of a deep heartbeat answer (200: success). */
  deepHeartbeat(message: Frame, timestamp: number): void {
    if (message.statusCode === 200) this.emit('deepHeartbeatSuccess', { timestamp });
    else
      this.emit('deepHeartbeatFailure', {
        timestamp,
        statusCode: message.statusCode,
        statusContent: message.statusContent,
      });
  }

  /**
   * Delivers a topic message to the `allMessage` handlers, then to the topic's; false (nothing
   * called) when neither has a handler.
   */
  deliver(topic: string, message: WebSocketTopicMessage): boolean {
    const forTopic = this.topics.get(topic);
    if (!this.handlers.get('allMessage')?.size && !forTopic?.size) return false;
    this.emit('allMessage', message);
    invokeAll(forTopic, message, this.onError);
    return true;
  }
}

function add<T>(list: HandlerList<T>, handler: (payload: T) => void): Unsubscribe {
  assertFunction(handler);
  list.add(handler);
  return () => list.delete(handler);
}
