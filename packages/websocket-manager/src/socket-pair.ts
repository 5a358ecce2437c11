import { NORMAL_CLOSURE_CODE } from './constants';
import type { WebSocketLike } from './types';

// readyState values (the constructor's statics are not relied on: injected ones may lack them).
export const CONNECTING = 0;
export const OPEN = 1;
export const CLOSING = 2;
export const CLOSED = 3;

/** A socket slot: empty, or a socket in any ready state. @internal */
export type Socket = WebSocketLike | null;

/** Whether `ws` is there and in `readyState`. @internal */
export const is = (ws: Socket, readyState: number): boolean => !!ws && ws.readyState === readyState;
/** Whether `ws` is there and open. @internal */
export const isOpen = (ws: Socket): boolean => is(ws, OPEN);
/** Whether `ws` is missing, has no ready state, or is closed. @internal */
export const isClosed = (ws: Socket): boolean =>
  !ws || ws.readyState === undefined || is(ws, CLOSED);

/** Closes `ws` with 1000 and `reason` when it is connecting or open. @internal */
export function closeSocket(ws: Socket, reason: string): void {
  if (ws && (is(ws, CONNECTING) || is(ws, OPEN))) ws.close(NORMAL_CLOSURE_CODE, reason);
}

/**
 * The manager's two sockets. Normally only the primary is there; during a handover (a new
 * configuration while the primary is open) a secondary opens beside it, becomes the default one,
 * and is promoted once the old primary has closed.
 * @internal
 */
export class SocketPair {
  primary: Socket = null;
  secondary: Socket = null;
  /** When each socket opened (ms), for the close metrics. */
  readonly openedAt = new WeakMap<WebSocketLike, number>();

  /** The socket messages go out on: the secondary during a handover, else the primary. */
  get default(): Socket {
    return this.secondary ?? this.primary;
  }

  /** Closes both sockets, each with its role in the reason. */
  closeBoth(reason: string): void {
    closeSocket(this.primary, `[Primary] WebSocket ${reason}`);
    closeSocket(this.secondary, `[Secondary] WebSocket ${reason}`);
  }

  /** Empties the slots whose socket has closed. */
  dropClosed(): void {
    if (isClosed(this.primary)) this.primary = null;
    if (isClosed(this.secondary)) this.secondary = null;
  }
}
