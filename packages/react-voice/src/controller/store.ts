/**
 * The voice store: one immutable root object of slices. An update replaces a slice only when a
 * field really changed (compared by value), and keeps the previous value of every field that did
 * not, so selectors of unchanged data return the same reference and their components do not
 * re-render. Listeners are notified once per batch.
 */
import type { VoiceState } from './types';

/** A store listener. @public */
export type VoiceStoreListener = () => void;

/**
 * Structural equality for the plain data the store holds (primitives, arrays, plain objects).
 * @public
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  if (
    Object.getPrototypeOf(a) !== Object.prototype ||
    Object.getPrototypeOf(b) !== Object.prototype
  )
    return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!Object.hasOwn(b, k)) return false;
    if (!sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
      return false;
  }
  return true;
}

/** The store behind a voice controller. @internal */
export class VoiceStore {
  private state: VoiceState;
  private readonly listeners = new Set<VoiceStoreListener>();
  private batchDepth = 0;
  private changed = false;

  constructor(initial: VoiceState) {
    this.state = initial;
  }

  readonly getState = (): VoiceState => this.state;

  readonly subscribe = (listener: VoiceStoreListener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Applies a patch to one slice; fields equal by value keep their previous value. */
  update<K extends keyof VoiceState>(key: K, patch: Partial<VoiceState[K]>): void {
    const previous = this.state[key];
    let next: VoiceState[K] | undefined;
    for (const field of Object.keys(patch) as (keyof VoiceState[K])[]) {
      const value = patch[field];
      if (sameValue(previous[field], value)) continue;
      next ??= { ...previous };
      (next as Record<keyof VoiceState[K], unknown>)[field] = value;
    }
    if (!next) return;
    this.state = { ...this.state, [key]: next };
    this.changed = true;
    if (this.batchDepth === 0) this.flush();
  }

  /** Runs `fn` and notifies listeners once at the end, if anything changed. */
  batch<T>(fn: () => T): T {
    this.batchDepth++;
    try {
      return fn();
    } finally {
      this.batchDepth--;
      if (this.batchDepth === 0) this.flush();
    }
  }

  private flush(): void {
    if (!this.changed) return;
    this.changed = false;
    for (const listener of [...this.listeners]) listener();
  }
}
