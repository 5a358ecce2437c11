import { queryOptions } from '@tanstack/react-query';
import { anonymousHttp, call, http } from '../../../api/http';
import type { LoginBody, LoginResponse, MemberPreferences } from './types';

/** `POST /api/auth/login`. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return call(anonymousHttp.POST('/auth/login', { body }));
}

/** `POST /api/auth/logout`: revokes the presented token. */
export async function logout(): Promise<void> {
  await call(http.POST('/auth/logout'));
}

/** The signed-in user and their workspaces (`GET /api/me`). */
export const meQuery = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: ({ signal }) => call(http.GET('/me', { signal })),
    staleTime: 5 * 60_000,
  });

/** The user's session in one workspace: permits, profile, workspace, app flags. */
export const sessionQuery = (slug: string) =>
  queryOptions({
    queryKey: ['ws', slug, 'session'],
    queryFn: ({ signal }) =>
      call(http.GET('/ws/{slug}/session', { params: { path: { slug } }, signal })).then(
        (r) => r.session,
      ),
    staleTime: 5 * 60_000,
  });

/** `PUT /api/ws/{slug}/me/preferences`: the caller's own preferences in the workspace. */
export const savePreferences = (slug: string, input: MemberPreferences) =>
  call(http.PUT('/ws/{slug}/me/preferences', { params: { path: { slug } }, body: input }));
