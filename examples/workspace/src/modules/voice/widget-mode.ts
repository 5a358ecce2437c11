import { useSyncExternalStore } from 'react';

/**
 * Widget (embedded) mode: the app runs inside a host page's frame or a narrow side window.
 * The product enters it with `?widget=1` on any app URL (and leaves it with `?widget=0`); the
 * choice is kept for the browser tab (session storage), so in-app navigation stays in it. In it the
 * voice screens hide the call history menu, open the history rows' action sheet and, on phones,
 * show the call panel full screen.
 */
export const WIDGET_QUERY_PARAM = 'widget';
const STORAGE_KEY = 'workspace.widget';

let cached: boolean | null = null;
const listeners = new Set<() => void>();

/** Reads (and remembers) widget mode from a query string: `widget=1` enters, `widget=0` leaves. */
export function readWidgetMode(search: string): boolean {
  const asked = new URLSearchParams(search).get(WIDGET_QUERY_PARAM);
  let stored: string | null = null;
  try {
    if (asked === '1' || asked === '0') sessionStorage.setItem(STORAGE_KEY, asked);
    stored = sessionStorage.getItem(STORAGE_KEY);
  } catch {
    // storage unavailable: only the query decides
  }
  const value = (asked ?? stored) === '1';
  if (value !== cached) {
    cached = value;
    listeners.forEach((l) => l());
  }
  return value;
}

/** Whether the app is in widget mode (re-renders when it changes). */
export function useWidgetMode(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => cached ?? readWidgetMode(window.location.search),
    () => false,
  );
}
