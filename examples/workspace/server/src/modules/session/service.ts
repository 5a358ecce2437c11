// Sign-in rules: scrypt passwords, login throttling per email and per client address, bearer
// tokens (random, stored hashed) with expiry and revocation, workspace access by membership.
import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_SCREEN_POP, SCREEN_POP_MODES } from '../../contract/preferences';
import type { MemberPreferences, Permits } from '../../contract/session';
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

  /**
   * Signs in. Every attempt is counted first, atomically, against the client address and the
   * account, or, from a browser the account signed in from before (its device cookie), against
   * that browser alone, so that an attacker failing elsewhere never delays the owner there. Past
   * the free attempts each key waits longer (doubling) instead of being locked. Answers the token
   * and the device cookie to set.
   */
  async login(email: string, password: string, clientKey: string, deviceCookie?: string) {
    const { maxFailures, maxFailuresPerClient, windowMs, delayBaseMs, delayMaxMs } =
      this.services.config.login;
    const now = Date.now();
    const rule = (free: number) => ({ free, windowMs, baseMs: delayBaseMs, maxMs: delayMaxMs });
    const deviceHash =
      deviceCookie && /^[A-Za-z0-9_-]{43}$/.test(deviceCookie)
        ? hashToken(deviceCookie)
        : undefined;
    const knownDevice = deviceHash ? await this.repo.deviceUser(deviceHash, email) : undefined;
    const keys: [string, number][] = knownDevice
      ? [[`device:${deviceHash}`, maxFailures]]
      : [
          [`client:${clientKey}`, maxFailuresPerClient],
          [`email:${email.toLowerCase()}`, maxFailures],
        ];
    for (const [key, free] of keys) {
      const claim = await this.repo.claimAttempt(key, rule(free));
      if (!claim.ok)
        throw new ApiError(429, 'too_many_requests', MESSAGES.tooManyLogins, undefined, {
          'Retry-After': String(Math.max(1, Math.ceil(claim.waitMs / 1000))),
        });
    }
    const user = await this.repo.findUserByEmail(email);
    const ok = await verifyPassword(password, user?.password_hash ?? UNUSABLE_HASH);
    if (!user || !ok) throw new ApiError(401, 'invalid_credentials', MESSAGES.invalidCredentials);
    // Said only to whoever knows the password: a deactivated member does not get a token.
    if (await this.repo.deactivatedEverywhere(user.id))
      throw new ApiError(403, 'account_deactivated', MESSAGES.accountDeactivated);
    // The attempt was the owner's: the account (or this browser) starts over, the address gets
    // its attempt back.
    if (knownDevice) await this.repo.clearAttempts(keys[0]![0]);
    else {
      await this.repo.releaseAttempt(keys[0]![0]);
      await this.repo.clearAttempts(keys[1]![0]);
    }
    if (Math.random() < 0.01) await this.repo.pruneAttempts(new Date(now - windowMs));
    const device =
      knownDevice && deviceCookie ? deviceCookie : randomBytes(32).toString('base64url');
    await this.repo.rememberDevice(hashToken(device), user.id);
    const { token, expiresAt } = await this.issueToken(user.id);
    return { token, expiresAt, user, device };
  }

  /** A new bearer token of the user (signing in after an invitation or a password reset too). */
  async issueToken(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.services.config.tokenTtlMs);
    await this.repo.insertToken(hashToken(token), userId, expiresAt);
    return { token, expiresAt };
  }

  /** Whether every membership of the user is deactivated. */
  deactivatedEverywhere(userId: string): Promise<boolean> {
    return this.repo.deactivatedEverywhere(userId);
  }

  /** Revokes the token and ends the event streams opened with it, in every server process. */
  async logout(auth: AuthInfo): Promise<void> {
    await this.repo.revokeToken(auth.tokenHash, new Date());
    this.services.bus.revoke(auth.tokenHash);
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

  /**
   * Ends every session of a user at once: their tokens are revoked and the event streams opened
   * with them close, in every server process.
   */
  async endSessions(userId: string): Promise<number> {
    const hashes = await this.repo.revokeUserTokens(userId, new Date());
    for (const hash of hashes) this.services.bus.revoke(hash);
    return hashes.length;
  }

  user(userId: string) {
    return this.repo.findUser(userId);
  }

  /** The caller's own preferences in the workspace (an unknown stored value reads as the default). */
  preferences(access: WorkspaceAccess): MemberPreferences {
    const stored = access.membership.screen_pop;
    const screenPop = SCREEN_POP_MODES.find((m) => m === stored) ?? DEFAULT_SCREEN_POP;
    return { screenPop };
  }

  /** `PUT /ws/{slug}/me/preferences`: saves the caller's own preferences. */
  async savePreferences(
    access: WorkspaceAccess,
    input: MemberPreferences,
  ): Promise<MemberPreferences> {
    await this.repo.savePreferences(
      access.workspace.id,
      access.membership.user_id,
      input.screenPop,
    );
    return input;
  }

  /** The caller's access to a workspace; 404 when there is no such workspace or no membership. */
  async access(slug: string, userId: string): Promise<WorkspaceAccess> {
    const row = await this.repo.access(slug, userId);
    if (!row) throw notFound('Workspace');
    if (row.deactivated_at)
      throw new ApiError(403, 'account_deactivated', MESSAGES.accountDeactivated);
    const permits: Permits = {
      admin: row.permit_admin,
      flag_campaigns: row.permit_campaigns,
      flag_inbox_shared: row.permit_inbox_shared,
      flag_inbox_views: row.permit_inbox_views,
      flag_permissions: row.permit_permissions,
      flag_inbox_savedReplies: row.permit_inbox_saved_replies,
      flag_addons_voice_live_calls: row.permit_voice_live_calls,
      flag_reports: row.permit_reports,
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
        default_country: row.default_country,
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
        permit_reports: row.permit_reports,
        screen_pop: row.screen_pop,
        deactivated_at: row.deactivated_at,
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
