import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { meQuery, sessionQuery } from '../api/session-api';
import type { Session } from '../api/types';

/** The workspace slug of the current route. */
export function useSlug(): string {
  return useParams().slug ?? '';
}

/**
 * The session of the workspace in the URL. The workspace route's loader has loaded it, so it is
 * always there below `/ws/{slug}`.
 */
export function useSession(): Session {
  return useSuspenseQuery(sessionQuery(useSlug())).data;
}

/** The signed-in user and their workspaces. */
export function useMe() {
  return useQuery(meQuery());
}
