import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { setAuth } from '../../../api/auth-token';
import { queryClient } from '../../../app/query-client';
import { paths } from '../../../app/paths';
import { logout } from '../api/session-api';

/**
 * Signs out: revokes the token on the server (best effort), forgets it here and in other tabs,
 * clears cached server data, and goes to the sign-in page. `beforeSignOut` runs first (the voice
 * add-on ends an active call and sets the agent Offline).
 */
export function useSignOut(beforeSignOut?: () => Promise<void> | void) {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await beforeSignOut?.();
    } catch {
      // signing out must not be blocked by the voice add-on
    }
    await logout().catch(() => undefined);
    setAuth(null);
    queryClient.clear();
    await navigate(paths.signIn(), { replace: true });
  }, [beforeSignOut, navigate]);
}
