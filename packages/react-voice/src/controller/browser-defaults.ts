/**
 * The voice controller's browser defaults, each read when used (never at import time) and absent
 * outside a browser: the tabs' shared storage and its change events, Web Locks, and the media
 * devices; and the cross-tab lock built over the options or these defaults.
 */
import { CrossTabLock } from './cross-tab';
import type { CrossTabLockManager, CrossTabStorage, StorageChangeSource } from './cross-tab';
import type { MediaDevicesSource } from './devices-unit';
import type { VoiceControllerOptions } from './voice-controller-options';

/** The browser's `localStorage`, or null where there is none (or it is refused). */
export function defaultStorage(): CrossTabStorage | null {
  try {
    return (globalThis as { localStorage?: CrossTabStorage }).localStorage ?? null;
  } catch {
    return null;
  }
}

/** The browser's Web Locks (`navigator.locks`), or null where there are none. */
export function defaultLocks(): CrossTabLockManager | null {
  try {
    return (globalThis as { navigator?: { locks?: CrossTabLockManager } }).navigator?.locks ?? null;
  } catch {
    return null;
  }
}

/** The window's `storage` events as a change source, or undefined outside a window. */
export function defaultStorageChanges(): StorageChangeSource | undefined {
  const target = globalThis as {
    addEventListener?: (type: string, fn: (e: { key: string | null }) => void) => void;
    removeEventListener?: (type: string, fn: (e: { key: string | null }) => void) => void;
  };
  if (typeof target.addEventListener !== 'function') return undefined;
  return (listener) => {
    const handler = (e: { key: string | null }): void => listener(e.key);
    target.addEventListener?.('storage', handler);
    return () => target.removeEventListener?.('storage', handler);
  };
}

/** The browser's `navigator.mediaDevices`, if any. */
export function navigatorMediaDevices(): MediaDevicesSource | undefined {
  return (globalThis as { navigator?: { mediaDevices?: MediaDevicesSource } }).navigator
    ?.mediaDevices;
}

/** The storage the tabs share: the options' storage, else the browser's `localStorage`. */
export function storageOf(options: VoiceControllerOptions): CrossTabStorage | null {
  return options.storage === undefined ? defaultStorage() : options.storage;
}

/** The lock the browser's tabs share, over the options' storage and change events. */
export function crossTabLockOf(
  options: VoiceControllerOptions,
  random: () => number,
  now: () => number,
): CrossTabLock {
  return new CrossTabLock({
    storage: storageOf(options),
    random,
    now,
    changes: options.storageChanges ?? defaultStorageChanges(),
    // Web Locks are the browser's own: only beside the browser's own storage.
    locks: options.storage === undefined ? defaultLocks() : null,
  });
}
