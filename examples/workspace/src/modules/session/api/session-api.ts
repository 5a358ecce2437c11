import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type {
  LoginBody,
  LoginResponse,
  MemberPreferences,
  MeResponse,
  SessionResponse,
} from './types';

/** `POST /api/auth/login`. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return api<LoginResponse>('/auth/login', { method: 'POST', body, anonymous: true });
}

/** `POST /api/auth/logout`: revokes the presented token. */
export function logout(): Promise<void> {
  return api<void>('/auth/logout', { method: 'POST' });
}

/** The signed-in user and their workspaces (`GET /api/me`). */
export const meQuery = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: ({ signal }) => api<MeResponse>('/me', { signal }),
    staleTime: 5 * 60_000,
  });

/** The user's session in one workspace: permits, profile, workspace, app flags. */
export const sessionQuery = (slug: string) =>
  queryOptions({
    queryKey: ['ws', slug, 'session'],
    queryFn: ({ signal }) =>
      api<SessionResponse>(`/ws/${encodeURIComponent(slug)}/session`, { signal }).then(
        (r) => r.session,
      ),
    staleTime: 5 * 60_000,
  });

/** `PUT /api/ws/{slug}/me/preferences`: the caller's own preferences in the workspace. */
export const savePreferences = (slug: string, input: MemberPreferences) =>
  api<MemberPreferences>(`/ws/${encodeURIComponent(slug)}/me/preferences`, {
    method: 'PUT',
    body: input,
  });
