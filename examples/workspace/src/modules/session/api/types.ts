/**
 * Session shapes of the product contract (`/api/auth/login`, `/api/me`, `/api/ws/{slug}/session`).
 * Written from the agreed contract until the server's exported contract types land; then these
 * become `import type` re-exports of `server/src/contract/`.
 */
export interface User {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly avatarURL: string | null;
}

export interface LoginBody {
  readonly email: string;
  readonly password: string;
}

export interface LoginResponse {
  readonly token: string;
  readonly expiresAt: string;
  readonly user: User;
}

export interface WorkspaceSummary {
  readonly slug: string;
  readonly name: string;
}

export interface MeResponse {
  readonly user: User;
  readonly workspaces: readonly WorkspaceSummary[];
}

/** The permits of the signed-in user in one workspace (§3 Session, §6). */
export interface Permits {
  readonly admin: boolean;
  readonly flag_campaigns: boolean;
  readonly flag_inbox_shared: boolean;
  readonly flag_inbox_views: boolean;
  readonly flag_permissions: boolean;
  readonly flag_inbox_savedReplies: boolean;
  readonly flag_addons_voice_live_calls: boolean;
}

export interface Session {
  readonly slug: string;
  readonly token: string;
  readonly permits: Permits;
  readonly profile: {
    readonly name: string;
    readonly avatarURL: string | null;
    readonly idAgent: string | null;
  };
  readonly workspace: { readonly slug: string; readonly name: string; readonly timeZone: string };
  readonly app: { readonly planVoice: boolean };
}

export interface SessionResponse {
  readonly session: Session;
}
