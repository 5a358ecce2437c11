/**
 * Cross-tab deduplication: each of the actions start conversation, answered, update
 * connection and monitored is performed by one browser tab only. A tab waits a random 0-500 ms,
 * then takes a local-storage lock per action and communication, removed after 5000 ms. The tab
 * that performs an action shares what it learnt (the conversation) with the other tabs under the
 * communication's key. Every key starts with `fg_voice_communication_` and is cleaned at start.
 * Where the browser has the Web Locks API, the tab also takes an atomic lock of the same name, held
 * for the same 5000 ms: two tabs whose random waits end together cannot both read the storage key
 * free before either writes it.
 */
import {
  CROSS_TAB_LOCK_TTL_MS,
  CROSS_TAB_MAX_DELAY_MS,
  VOICE_COMMUNICATION_STORAGE_PREFIX,
} from './constants';
import type { CROSS_TAB_ACTIONS } from './constants';

/** One of the actions performed by one tab only. @public */
export type CrossTabAction = (typeof CROSS_TAB_ACTIONS)[number];

/** The part of the Web Storage API the lock needs (`localStorage`, or a test double). @public */
export interface CrossTabStorage {
  /** The value under `key`, or null. */
  getItem(key: string): string | null;
  /** Stores `value` under `key`. */
  setItem(key: string, value: string): void;
  /** Removes `key`. */
  removeItem(key: string): void;
  /** The key at `index` (to walk every key). */
  key(index: number): string | null;
  /** How many keys are stored. */
  readonly length: number;
}

/**
 * The part of the Web Locks API (`navigator.locks`) the lock uses: a lock shared by the tabs of an
 * origin, granted to one of them at a time. @public
 */
export interface CrossTabLockManager {
  /**
   * Calls `callback` with the lock, or with null when another tab holds it (`ifAvailable`); the
   * lock is held until the promise `callback` returns settles.
   */
  request(
    name: string,
    options: { ifAvailable: true },
    callback: (lock: unknown) => Promise<void> | void,
  ): Promise<unknown>;
}

/** Subscribes to changes other tabs make to the storage (the `storage` event); returns the unsubscribe. @public */
export type StorageChangeSource = (listener: (key: string | null) => void) => () => void;

/** What the performing tab shares about a communication. @public */
export interface SharedCommunication {
  /** The conversation of the communication, once started. */
  readonly idConversation: string | null;
  /** The conversation's contact, when known. */
  readonly contact?: {
    readonly id: string;
    readonly name: string;
    readonly phone: string | null;
    readonly avatar: string | null;
  } | null;
}

/** Options of a {@link CrossTabLock}. @public */
export interface CrossTabLockOptions {
  /** The shared storage; null (no storage, e.g. denied) performs every action in this tab. */
  readonly storage: CrossTabStorage | null;
  /** Random source in [0, 1) for the 0-500 ms delay (default `Math.random`). */
  readonly random?: () => number;
  /** Clock (default `Date.now`). */
  readonly now?: () => number;
  /** Changes made by other tabs. */
  readonly changes?: StorageChangeSource;
  /** This tab's id (written into its locks). */
  readonly tabId?: string;
  /** Web Locks (`navigator.locks`), taken beside the storage lock; null or absent: storage only. */
  readonly locks?: CrossTabLockManager | null;
}

/**
 * The storage key of an action's lock for a communication. `stage` tells apart the times one
 * action is due for the same communication (the connection is updated when the call rings and
 * again when it ends).
 * @public
 */
export function crossTabLockKey(
  action: CrossTabAction,
  idCommunication: string,
  stage?: string,
): string {
  return `${VOICE_COMMUNICATION_STORAGE_PREFIX}${idCommunication}_${action}${stage ? `_${stage}` : ''}`;
}

/** The storage key under which a communication's conversation is shared. @public */
export function sharedCommunicationKey(idCommunication: string): string {
  return `${VOICE_COMMUNICATION_STORAGE_PREFIX}${idCommunication}`;
}

/**
 * Removes every local-storage key prefixed `fg_voice_communication_` (done when the voice module
 * starts). Returns how many were removed.
 * @public
 */
export function cleanVoiceCommunicationKeys(storage: CrossTabStorage | null): number {
  if (!storage) return 0;
  const keys: string[] = [];
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(VOICE_COMMUNICATION_STORAGE_PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    return 0;
  }
  return keys.length;
}

/**
 * The cross-tab lock of one tab. {@link CrossTabLock.once} runs an action in this tab unless another
 * tab holds its lock.
 * @public
 */
export class CrossTabLock {
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly tabId: string;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly waiting = new Set<() => void>();
  private disposed = false;

  constructor(private readonly options: CrossTabLockOptions) {
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.tabId = options.tabId ?? String(Math.floor(this.random() * 1e9));
  }

  /**
   * Waits a random 0-500 ms, then takes the lock of `action` for `idCommunication` and runs `fn`;
   * resolves `{performed: false}` without running it when another tab holds the lock. The lock is
   * removed 5000 ms after it was taken (a lock older than that is free).
   */
  async once<T>(
    action: CrossTabAction,
    idCommunication: string,
    fn: () => Promise<T>,
    stage?: string,
  ): Promise<{ performed: true; value: T } | { performed: false }> {
    await this.delay(Math.floor(this.random() * (CROSS_TAB_MAX_DELAY_MS + 1)));
    if (this.disposed) return { performed: false };
    const key = crossTabLockKey(action, idCommunication, stage);
    if (!(await this.acquire(key))) return { performed: false };
    const storage = this.options.storage;
    if (storage) {
      try {
        const held = storage.getItem(key);
        if (held !== null && !this.expired(held)) return { performed: false };
        storage.setItem(key, JSON.stringify({ tab: this.tabId, at: this.now() }));
        this.after(CROSS_TAB_LOCK_TTL_MS, () => {
          try {
            storage.removeItem(key);
          } catch {
            // storage gone: nothing to remove
          }
        });
      } catch {
        // storage denied: act in this tab
      }
    }
    return { performed: true, value: await fn() };
  }

  /** Shares what this tab learnt about a communication with the other tabs. */
  share(idCommunication: string, data: SharedCommunication): void {
    try {
      this.options.storage?.setItem(sharedCommunicationKey(idCommunication), JSON.stringify(data));
    } catch {
      // storage denied or full: the other tabs refresh on their own
    }
  }

  /** What a tab shared about a communication, if anything. */
  shared(idCommunication: string): SharedCommunication | null {
    try {
      const raw = this.options.storage?.getItem(sharedCommunicationKey(idCommunication));
      if (!raw) return null;
      const data = JSON.parse(raw) as Partial<SharedCommunication> | null;
      if (!data || typeof data !== 'object') return null;
      return {
        idConversation: typeof data.idConversation === 'string' ? data.idConversation : null,
        contact: data.contact ?? null,
      };
    } catch {
      return null;
    }
  }

  /** Calls `listener` when another tab shares something about `idCommunication`. */
  onShared(idCommunication: string, listener: (data: SharedCommunication) => void): () => void {
    const source = this.options.changes;
    if (!source) return () => {};
    const key = sharedCommunicationKey(idCommunication);
    return source((changed) => {
      if (changed !== key) return;
      const data = this.shared(idCommunication);
      if (data) listener(data);
    });
  }

  /** Stops pending waits and lock removals (locks already taken expire by age). */
  dispose(): void {
    this.disposed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const wake of [...this.waiting]) wake();
  }

  /**
   * Takes the Web Lock named `key` (held for 5000 ms, or until dispose) when there are Web Locks;
   * resolves false when another tab holds it, true otherwise (no Web Locks, or they failed).
   */
  private acquire(key: string): Promise<boolean> {
    const locks = this.options.locks;
    if (!locks) return Promise.resolve(true);
    return new Promise((resolve) => {
      locks
        .request(key, { ifAvailable: true }, (lock) => {
          if (!lock) {
            resolve(false);
            return;
          }
          resolve(true);
          return this.delay(CROSS_TAB_LOCK_TTL_MS);
        })
        .catch(() => resolve(true));
    });
  }

  private expired(held: string): boolean {
    try {
      const { at } = JSON.parse(held) as { at?: unknown };
      return typeof at === 'number' && this.now() - at >= CROSS_TAB_LOCK_TTL_MS;
    } catch {
      return false;
    }
  }

  private delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = (): void => {
        this.waiting.delete(wake);
        resolve();
      };
      this.waiting.add(wake);
      this.after(ms, wake);
    });
  }

  private after(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }
}
