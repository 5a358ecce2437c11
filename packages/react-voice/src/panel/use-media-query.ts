import { useCallback, useSyncExternalStore } from 'react';

/** Small screens end below this width (px): the panel is full width there and 320 px from it up. */
export const PANEL_MEDIUM_SCREEN_MIN_WIDTH = 768;

/** The media query of a small screen (below the medium breakpoint). */
export const SMALL_SCREEN_QUERY = `(max-width: ${PANEL_MEDIUM_SCREEN_MIN_WIDTH - 0.02}px)`;

/**
 * Whether a media query matches, following its changes (false where there is no `matchMedia`, as
 * under SSR).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = globalThis.matchMedia?.(query);
      if (!list) return () => {};
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const get = useCallback(() => globalThis.matchMedia?.(query).matches ?? false, [query]);
  return useSyncExternalStore(subscribe, get, () => false);
}
