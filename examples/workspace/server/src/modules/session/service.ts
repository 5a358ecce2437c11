// Sign-in rules: scrypt passwords, login throttling per email and per client address, bearer
// tokens (random, stored hashed) with expiry and revocation, workspace access by membership.
import { createHash, randomBytes } from 'node:crypto';
import type { Permits } from '../../contract/session';
import type { AuthInfo, Services, WorkspaceAccess } from '../../lib/context';
import { ApiError, notFound, unauthorized } from '../../lib/errors';
import { MESSAGES } from '../../lib/messages';
import { UNUSABLE_HASH, verifyPassword } from '../../lib/password';
import { SessionRepository } from './repository';

/** SHA-256 of a bearer token (what the database keeps). */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

export class SessionService {
  private readonly repo: SessionRepository;

  constructor(private readonly services: Services) {
    this.repo = new SessionRepository(services.db);
  }

  async login(email: string, password: string, clientKey: string) {
    const { maxFailures, maxFailuresPerClient, windowMs } = this.services.config.login;
    const now = Date.now();
    const keys = [`email:${email.toLowerCase()}`, `client:${clientKey}`];
    const failures = await this.repo.failures(keys, new Date(now - windowMs));
    const limit = (key: string) => (key.startsWith('client:') ? maxFailuresPerClient : maxFailures);
    const blocked = failures.filter((f) => f.count >= limit(f.key));
    if (blocked.length > 0) {
      const until = Math.max(...blocked.map((f) => new Date(f.oldest).getTime() + windowMs));
      const retryAfter = Math.max(1, Math.ceil((until - now) / 1000));
      throw new ApiError(429, 'too_many_requests', MESSAGES.tooManyLogins, undefined, {
        'Retry-After': String(retryAfter),
      });
    }
    const user = await this.repo.findUserByEmail(email);
    const ok = await verifyPassword(password, user?.password_hash ?? UNUSABLE_HASH);
    if (!user || !ok) {
      await this.repo.recordFailure(keys, new Date(now - windowMs));
      throw new ApiError(401, 'invalid_credentials', MESSAGES.invalidCredentials);
    }
    await this.repo.clearFailures(keys[0]!);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now + this.services.config.tokenTtlMs);
    await this.repo.insertToken(hashToken(token), user.id, expiresAt);
    return { token, expiresAt, user };
  }

  async logout(auth: AuthInfo): Promise<void> {
    await this.repo.revokeToken(auth.tokenHash, new Date());
  }

  /** The signed-in user of a bearer token; 401 when missing, unknown, expired or revoked. */
  async authenticate(token: string | undefined): Promise<AuthInfo> {
    if (!token || token.length > 200) throw unauthorized();
    const tokenHash = hashToken(token);
    const userId = await this.repo.activeTokenUser(tokenHash, new Date());
    if (!userId) throw unauthorized();
    return { userId, token, tokenHash };
  }

  async me(userId: string) {
    const user = await this.repo.findUser(userId);
    if (!user) throw unauthorized();
    return { user, workspaces: await this.repo.workspacesOf(userId) };
  }

  user(userId: string) {
    return this.repo.findUser(userId);
  }

  /** The caller's access to a workspace; 404 when there is no such workspace or no membership. */
  async access(slug: string, userId: string): Promise<WorkspaceAccess> {
    const row = await this.repo.access(slug, userId);
    if (!row) throw notFound('Workspace');
    const permits: Permits = {
      admin: row.permit_admin,
      flag_campaigns: row.permit_campaigns,
      flag_inbox_shared: row.permit_inbox_shared,
      flag_inbox_views: row.permit_inbox_views,
      flag_permissions: row.permit_permissions,
      flag_inbox_savedReplies: row.permit_inbox_saved_replies,
      flag_addons_voice_live_calls: row.permit_voice_live_calls,
    };
    return {
      workspace: {
        id: row.id,
        slug: row.slug,
        name: row.name,
        time_zone: row.time_zone,
        plan_voice: row.plan_voice,
        voice_module_enabled: row.voice_module_enabled,
        connect_instance_status: row.connect_instance_status,
        connect_instance_id: row.connect_instance_id,
        connect_subdomain: row.connect_subdomain,
        connect_region: row.connect_region,
        created_at: row.created_at,
      },
      membership: {
        workspace_id: row.id,
        user_id: row.user_id,
        role: row.role,
        permit_admin: row.permit_admin,
        permit_campaigns: row.permit_campaigns,
        permit_inbox_shared: row.permit_inbox_shared,
        permit_inbox_views: row.permit_inbox_views,
        permit_permissions: row.permit_permissions,
        permit_inbox_saved_replies: row.permit_inbox_saved_replies,
        permit_voice_live_calls: row.permit_voice_live_calls,
        created_at: row.member_since,
      },
      permits,
      agent: row.agent_id
        ? {
            id: row.agent_id,
            workspace_id: row.id,
            user_id: userId,
            name: row.agent_name!,
            email: row.agent_email!,
            avatar_url: row.agent_avatar_url,
            connect_username: row.agent_connect_username,
            connect_user_id: row.agent_connect_user_id,
            created_at: row.agent_created_at!,
          }
        : null,
    };
  }
}

/** Whether the caller holds a permit (admins hold every permit). */
export function holds(access: WorkspaceAccess, permit: keyof Permits): boolean {
  return access.permits.admin || access.permits[permit];
}
