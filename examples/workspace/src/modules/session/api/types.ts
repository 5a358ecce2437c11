/**
 * Session shapes of the workspace server (`/api/auth/login`, `/api/me`,
 * `/api/ws/{slug}/session`), taken from the server's exported contract. `import type` only: no
 * schema library ships to the browser.
 */
import type {
  ApiUser,
  LoginBody,
  LoginResponse,
  MemberPreferences,
  MeResponse,
  Permits,
  SessionResponse,
} from '../../../../server/src/contract/session';

export type { LoginBody, LoginResponse, MemberPreferences, MeResponse, Permits, SessionResponse };
export type User = ApiUser;
export type WorkspaceSummary = MeResponse['workspaces'][number];
export type Session = SessionResponse['session'];
