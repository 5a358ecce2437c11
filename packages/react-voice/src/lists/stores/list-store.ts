/**
 * The base of the list stores: a snapshot read with `getSnapshot()` (computed once per change,
 * so `useSyncExternalStore` sees the same object until something changed) and listeners told of
 * each change. Framework-free: the React hooks bind to it, the unit tests drive it directly.
 */

/**
 * Loading state of a list. The built-in hooks start at `loading` (they load on mount); `idle` is
 * for hosts' own lists that load later.
 * @public
 */
export type ListStatus = 'idle' | 'loading' | 'ready' | 'error';

/** How a store hands a loaded answer to its listeners (the hooks render it at once). */
export interface ListStoreOptions {
  /** Runs `apply`, which tells the listeners of an answer (default: runs it as is). */
  readonly commit?: (apply: () => void) => void;
}

/** A list store that loads on `start()` and drops late answers after `stop()`. */
export interface StartableStore<S> {
  readonly getSnapshot: () => S;
  readonly subscribe: (listener: () => void) => () => void;
  /** Loads the list and follows its live events (the hook's mount). */
  start(): void;
  /** Drops the answers of loads begun until now and stops following (the hook's unmount). */
  stop(): void;
}

/** A snapshot computed on demand and the listeners told when it changes. */
export abstract class ListStore<S> {
  private readonly listeners = new Set<() => void>();
  private snapshot: S | undefined;

  readonly getSnapshot = (): S => (this.snapshot ??= this.compute());

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** The snapshot of the current state. */
  protected abstract compute(): S;

  /** Forgets the snapshot and tells the listeners. */
  protected changed(): void {
    this.snapshot = undefined;
    for (const listener of [...this.listeners]) listener();
  }
}
