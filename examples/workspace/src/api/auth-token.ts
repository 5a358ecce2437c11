import { useSyncExternalStore } from 'react';

/**
 * The signed-in user's API token, kept in local storage so that a reload restores the session.
 * Changes in another tab (sign-in, sign-out) reach this tab through the `storage` event.
 */
const STORAGE_KEY = 'workspace.auth';
const listeners = new Set<() => void>();

/** What is stored for a signed-in user. */
export interface StoredAuth {
  readonly token: string;
  readonly expiresAt: string;
}

let cached: StoredAuth | null | undefined;

function read(): StoredAuth | null {
  if (cached !== undefined) return cached;
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<StoredAuth>) : null;
    cached =
      parsed && typeof parsed.token === 'string' && typeof parsed.expiresAt === 'string'
        ? { token: parsed.token, expiresAt: parsed.expiresAt }
        : null;
    if (cached && Date.parse(cached.expiresAt) <= Date.now()) cached = null;
  } catch {
    cached = null;
  }
  return cached;
}

/** The stored token, or null when signed out (or expired). */
export function getAuth(): StoredAuth | null {
  return read();
}

/** Stores the token of a new sign-in, or clears it (`null`) on sign-out. */
export function setAuth(auth: StoredAuth | null): void {
  cached = auth;
  try {
    if (auth) localStorage.setItem(STORAGE_KEY, JSON.stringify(auth));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage unavailable: the session lasts as long as the page
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    cached = undefined;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored auth, re-rendering when it changes (in this tab or another). */
export function useAuth(): StoredAuth | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
