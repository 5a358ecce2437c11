import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../../api/auth-token';
import { paths } from '../../../app/paths';

/**
 * Sends the user to the sign-in page when their token goes away while a workspace is open:
 * signed out in another tab, or the server answered 401 (revoked or expired). Renders nothing.
 */
export function AuthWatchEffect() {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (auth) return;
    const next = `${location.pathname}${location.search}`;
    void navigate(`${paths.signIn()}?next=${encodeURIComponent(next)}`, { replace: true });
  }, [auth, navigate, location.pathname, location.search]);
  return null;
}
