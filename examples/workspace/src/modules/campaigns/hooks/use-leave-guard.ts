import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Holds navigation away from a screen with unsaved changes (the campaign and template
 * editors warn on leaving): in-app navigation is blocked until the user confirms, and closing
 * or reloading the tab asks the browser's own question. `allowNext()` lets the next navigation
 * through (after a save).
 */
export function useLeaveGuard(dirty: boolean) {
  const allow = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allow.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  const allowNext = useCallback(() => {
    allow.current = true;
    // the flag only covers the navigation that follows in this task
    setTimeout(() => (allow.current = false), 0);
  }, []);
  return { blocker, allowNext };
}
