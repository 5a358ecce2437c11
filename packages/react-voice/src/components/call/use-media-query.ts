import { useSyncExternalStore } from 'react';

/** Phones: the call panel's full-screen variant and the mobile-only actions. */
export const PHONE_MEDIA_QUERY = '(max-width: 640px)';

/** Whether a media query matches, following changes (false on the server). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
