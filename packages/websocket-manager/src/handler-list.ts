/**
 * The handlers of one event or topic. Calls go over the list as it was when the call began (a
 * handler may subscribe or unsubscribe others while being called, and that takes effect from the
 * next message), as a copy per call would give, but the copy is made once per change instead of
 * once per message.
 * @internal
 */
export class HandlerList<T> {
  private readonly members = new Set<(payload: T) => void>();
  /** Frozen copy of `members`, replaced (never changed) on each change. */
  calls: readonly ((payload: T) => void)[] = [];
  get size(): number {
    return this.members.size;
  }
  add(handler: (payload: T) => void): void {
    if (this.members.has(handler)) return;
    this.members.add(handler);
    this.calls = [...this.members];
  }
  delete(handler: (payload: T) => void): void {
    if (this.members.delete(handler)) this.calls = [...this.members];
  }
}

/**
 * Calls every handler of `list` as the list was when the call began; a handler that throws is
 * reported to `onError` and does not stop the others.
 * @internal
 */
export function invokeAll<T>(
  list: HandlerList<T> | undefined,
  payload: T,
  onError: (error: unknown) => void,
): void {
  if (!list) return;
  const calls = list.calls;
  for (let i = 0; i < calls.length; i++) {
    try {
      calls[i]!(payload);
    } catch (error) {
      onError(error);
    }
  }
}
