import { useSyncExternalStore } from 'react';

/** The colour themes of the app. */
export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'workspace.theme';
const listeners = new Set<() => void>();

function preferred(): Theme {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    // storage unavailable (privacy mode): follow the system
  }
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The theme in force (read from `<html data-theme>`). */
export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** Applies the stored (or system) theme to `<html>`; call once before the first render. */
export function applyStoredTheme(): void {
  document.documentElement.dataset.theme = preferred();
}

/** Switches the theme, remembers the choice and notifies {@link useTheme} readers. */
export function setTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // not remembered; still applied
  }
  listeners.forEach((l) => l());
}

/** The current theme, re-rendering when it changes. */
export function useTheme(): Theme {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    currentTheme,
    () => 'light',
  );
}
