/**
 * The manager's lifecycle, written down: which events move it between which states, and what it
 * does on each move, in order. The manager changes state only through this table (an event with
 * no row from the current state is ignored); tests walk it.
 */
import type { WebSocketManagerState } from './types';

/** What happens to the manager. @internal */
export type LifecycleEvent =
  /** `init(transport)` is called. */
  | 'init'
  /** A socket opened (the first one, a reconnection, or the secondary of a handover). */
  | 'socketOpen'
  /** A socket closed and none is open any more. */
  | 'allSocketsClosed'
  /** `closeWebSocket()` is called. */
  | 'closeWebSocket'
  /** `terminate(reason)`, an invalid configuration or a fetch failure that is not the network's. */
  | 'terminate';

/**
 * A duty of a lifecycle move:
 * - `watchNetwork`: check the browser's online flag every few seconds (reconnect when it returns);
 * - `fetchConfig`: fetch a fresh connection configuration, then open a socket;
 * - `reportOpen`: fire `connectionOpen` with the attempt's metrics, then reset them;
 * - `settle`: reset the back-off and every pending timer; note when the default socket opened;
 *   close the old primary once a secondary is open and nothing is subscribed;
 * - `resubscribe`: move every subscribed topic back to pending and subscribe on the default socket;
 * - `startHeartbeat`: send a heartbeat now and every interval (a missed answer reconnects);
 * - `scheduleRefresh`: fetch a new configuration when the transport's lifetime ends;
 * - `stopTimers`: clear the back-off, heartbeat, lifetime and subscription timers;
 * - `stopNetworkWatch`: stop checking the online flag;
 * - `closeSockets`: close both sockets with 1000 and a reason;
 * - `reportInitFailure`: fire `initFailure` with the attempt's metrics and reason, then reset them.
 * @internal
 */
export type LifecycleDuty =
  | 'watchNetwork'
  | 'fetchConfig'
  | 'reportOpen'
  | 'settle'
  | 'resubscribe'
  | 'startHeartbeat'
  | 'scheduleRefresh'
  | 'stopTimers'
  | 'stopNetworkWatch'
  | 'closeSockets'
  | 'reportInitFailure';

/** One row of the table: on `on`, from any of `from`, the manager is in `to` and does `duties`. @internal */
export interface LifecycleRow {
  readonly on: LifecycleEvent;
  readonly from: readonly WebSocketManagerState[];
  readonly to: WebSocketManagerState;
  readonly duties: readonly LifecycleDuty[];
}

const LIVE: readonly WebSocketManagerState[] = ['connecting', 'open', 'lost'];

/**
 * The transition table. `closed` and `terminated` are final: nothing reconnects after
 * `closeWebSocket()`, and only `terminate` leaves `closed`.
 * @internal
 */
export const LIFECYCLE_TABLE: readonly LifecycleRow[] = [
  { on: 'init', from: ['idle'], to: 'connecting', duties: ['watchNetwork', 'fetchConfig'] },
  {
    on: 'socketOpen',
    from: LIVE,
    to: 'open',
    duties: ['reportOpen', 'settle', 'resubscribe', 'startHeartbeat', 'scheduleRefresh'],
  },
  { on: 'allSocketsClosed', from: LIVE, to: 'lost', duties: ['fetchConfig'] },
  {
    on: 'closeWebSocket',
    from: ['idle', ...LIVE, 'closed'],
    to: 'closed',
    duties: ['stopTimers', 'stopNetworkWatch', 'closeSockets'],
  },
  {
    on: 'terminate',
    from: ['idle', ...LIVE, 'closed', 'terminated'],
    to: 'terminated',
    duties: ['stopTimers', 'stopNetworkWatch', 'closeSockets', 'reportInitFailure'],
  },
];

/** The row `event` takes from `state`, or undefined when the event does nothing there. @internal */
export function lifecycleRow(
  state: WebSocketManagerState,
  event: LifecycleEvent,
): LifecycleRow | undefined {
  return LIFECYCLE_TABLE.find((row) => row.on === event && row.from.includes(state));
}

/** Whether the manager may fetch a configuration and open sockets in `state`. @internal */
export function mayConnect(state: WebSocketManagerState): boolean {
  return LIVE.includes(state);
}
