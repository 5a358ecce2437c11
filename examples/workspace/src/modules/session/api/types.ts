/**
 * Session shapes of the workspace server (`/api/auth/login`, `/api/me`,
 * `/api/ws/{slug}/session`), derived from its route declarations (src/api/http.ts).
 */
import type { Req, Res } from '../../../api/http';

export type LoginBody = Req<'post', '/auth/login'>;
export type LoginResponse = Res<'post', '/auth/login'>;
export type MeResponse = Res<'get', '/me'>;
export type SessionResponse = Res<'get', '/ws/{slug}/session'>;
export type MemberPreferences = Req<'put', '/ws/{slug}/me/preferences'>;
export type User = MeResponse['user'];
export type WorkspaceSummary = MeResponse['workspaces'][number];
export type Session = SessionResponse['session'];
export type Permits = Session['permits'];
