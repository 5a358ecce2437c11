// Team invitations and password resets:
// - an invitation (flag_permissions; inviting an admin needs admin) keeps only its token's
//   SHA-256, works for 7 days and once; one pending per email per workspace (a re-invite
//   replaces it); a resend gives a new link; accepting creates the user (or, for an existing
//   user, checks their password) with a membership of the invited role, and signs them in;
// - a password reset is asked by email and always answered 202, whether the account exists or
//   not; it is throttled per email (silently: no mail) and per client address (429); its link
//   works once, for an hour; a new password ends every session of the user and signs them in.
//   An admin sends the same mail to a member.
// Links point at the web app (PUBLIC_APP_URL, else the server's own URL).
import { randomBytes } from 'node:crypto';
import type { Permits } from '../../contract/session';
import type { Role } from '../../contract/settings';
import {
  TEAM_LIMITS,
  type Invitation,
  type InvitationCreate,
  type InvitationPreview,
} from '../../contract/team';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { ApiError, conflict, invalidField, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { MESSAGES } from '../../lib/messages';
import { hashPassword, UNUSABLE_HASH, verifyPassword } from '../../lib/password';
import { requirePermit } from '../../lib/router';
import { hashToken, SessionService } from '../session/service';
import { ACCOUNT_MAIL_FROM, invitationMail, resetMail, TEAM_MESSAGES as M } from './messages';
import { TeamRepository } from './repository';

type InvitationRow = Awaited<ReturnType<TeamRepository['pendingInvitations']>>[number];

/** The permits a new member gets with each role (an admin can change them afterwards). */
const ROLE_PERMITS: Record<Role, Permits> = {
  admin: {
    admin: true,
    flag_campaigns: true,
    flag_inbox_shared: true,
    flag_inbox_views: true,
    flag_permissions: true,
    flag_inbox_savedReplies: true,
    flag_addons_voice_live_calls: true,
    flag_reports: true,
  },
  supervisor: {
    admin: false,
    flag_campaigns: false,
    flag_inbox_shared: true,
    flag_inbox_views: true,
    flag_permissions: false,
    flag_inbox_savedReplies: true,
    flag_addons_voice_live_calls: true,
    flag_reports: true,
  },
  agent: {
    admin: false,
    flag_campaigns: false,
    flag_inbox_shared: true,
    flag_inbox_views: false,
    flag_permissions: false,
    flag_inbox_savedReplies: false,
    flag_addons_voice_live_calls: false,
    flag_reports: false,
  },
};

const newToken = (): string => randomBytes(32).toString('base64url');

export class TeamService {
  private readonly repo: TeamRepository;
  private readonly sessions: SessionService;

  constructor(private readonly services: Services) {
    this.repo = new TeamRepository(services.db);
    this.sessions = new SessionService(services);
  }

  /** The web app's origin, which mailed links open. */
  private appOrigin(): string {
    const { config, callbackOrigin } = this.services;
    return (config.appUrl ?? callbackOrigin.url ?? `http://${config.host}:${config.port}`).replace(
      /\/+$/,
      '',
    );
  }

  /** Sends an account mail through the email channel's relay; answers why not, when it failed. */
  private async mail(
    to: string,
    from: string,
    content: { subject: string; body: string },
  ): Promise<string | undefined> {
    const adapter = this.services.channels.email;
    if (!adapter.connected) return M.mailNotConnected;
    const result = await adapter.send({
      idempotencyKey: newId(),
      workspaceId: '',
      channel: 'email',
      from,
      to,
      subject: content.subject,
      body: content.body,
      thread: [],
      threadKey: '',
    });
    return result.ok ? undefined : result.reason;
  }

  // ── Invitations ───────────────────────────────────────────────────────────────────────────

  private json(row: InvitationRow, now = new Date()): Invitation {
    const expiresAt = new Date(row.expires_at);
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role as Role,
      createdAt: new Date(row.created_at).toISOString(),
      expiresAt: expiresAt.toISOString(),
      expired: expiresAt <= now,
    };
  }

  async invitations(access: WorkspaceAccess): Promise<Invitation[]> {
    requirePermit(access, 'flag_permissions');
    const rows = await this.repo.pendingInvitations(access.workspace.id);
    return rows.map((r) => this.json(r));
  }

  private async sendInvitation(access: WorkspaceAccess, email: string, token: string) {
    const inviter =
      access.agent?.name ?? (await this.sessions.user(access.membership.user_id))?.name;
    const from = (await this.repo.emailAddress(access.workspace.id)) ?? ACCOUNT_MAIL_FROM;
    const failure = await this.mail(
      email,
      from,
      invitationMail({
        workspace: access.workspace.name,
        inviter: inviter ?? access.workspace.name,
        link: `${this.appOrigin()}/invite/${token}`,
      }),
    );
    if (failure) throw conflict('mail_not_sent', M.mailFailed(failure));
  }

  /** Invites someone by email (a pending invitation of the same email is replaced). */
  async invite(access: WorkspaceAccess, input: InvitationCreate): Promise<Invitation> {
    requirePermit(access, 'flag_permissions');
    if (input.role === 'admin' && !access.permits.admin)
      throw new ApiError(403, 'forbidden', M.roleNeedsAdmin);
    if (!this.services.channels.email.connected)
      throw conflict('mail_not_connected', M.mailNotConnected);
    const ws = access.workspace.id;
    if (await this.repo.isMember(ws, input.email))
      throw conflict('already_member', M.alreadyMember);
    const token = newToken();
    const id = newId();
    await this.repo.transaction(async (trx) => {
      await this.repo.revokePendingFor(trx, ws, input.email);
      await this.repo.insertInvitation(trx, {
        id,
        workspace_id: ws,
        email: input.email,
        name: input.name,
        role: input.role,
        token_hash: hashToken(token),
        invited_by: access.membership.user_id,
        expires_at: new Date(Date.now() + TEAM_LIMITS.invitationTtlMs),
      });
    });
    await this.sendInvitation(access, input.email, token);
    return this.json((await this.repo.findPending(ws, id))!);
  }

  /** Sends a pending invitation again with a new link (the old one stops working). */
  async resend(access: WorkspaceAccess, id: string): Promise<Invitation> {
    requirePermit(access, 'flag_permissions');
    const ws = access.workspace.id;
    const row = await this.repo.findPending(ws, id);
    if (!row) throw notFound('Invitation');
    if (row.role === 'admin' && !access.permits.admin)
      throw new ApiError(403, 'forbidden', M.roleNeedsAdmin);
    const token = newToken();
    await this.repo.renewInvitation(
      id,
      hashToken(token),
      new Date(Date.now() + TEAM_LIMITS.invitationTtlMs),
    );
    await this.sendInvitation(access, row.email, token);
    return this.json((await this.repo.findPending(ws, id))!);
  }

  async revoke(access: WorkspaceAccess, id: string): Promise<void> {
    requirePermit(access, 'flag_permissions');
    if (!(await this.repo.revokeInvitation(access.workspace.id, id))) throw notFound('Invitation');
  }

  /** The invitation of a token, when it can still be accepted (410 used/revoked/expired). */
  private async usable(token: string) {
    const row = await this.repo.findByToken(hashToken(token));
    if (!row) throw new ApiError(404, 'invitation_not_found', M.invitationNotFound);
    if (row.accepted_at || row.revoked_at)
      throw new ApiError(410, 'invitation_used', M.invitationGone);
    if (new Date(row.expires_at) <= new Date())
      throw new ApiError(410, 'invitation_expired', M.invitationExpired);
    return row;
  }

  async preview(token: string): Promise<InvitationPreview> {
    const row = await this.usable(token);
    return {
      workspace: { name: row.workspace_name, slug: row.workspace_slug },
      email: row.email,
      name: row.name,
      role: row.role as Role,
      existingUser: (await this.repo.findUserByEmail(row.email)) !== undefined,
    };
  }

  /**
   * Accepts an invitation: a new user chooses a name and password; an existing user proves
   * theirs. Adds the membership (and links or creates the agent) and signs them in.
   */
  async accept(token: string, input: { name?: string | undefined; password: string }) {
    const row = await this.usable(token);
    const existing = await this.repo.findUserByEmail(row.email);
    if (existing) {
      if (!(await verifyPassword(input.password, existing.password_hash)))
        throw new ApiError(401, 'invalid_credentials', M.wrongPassword);
    } else if (!input.name) throw invalidField('body.name', M.nameRequired);
    else await verifyPassword(input.password, UNUSABLE_HASH);
    const passwordHash = existing ? undefined : await hashPassword(input.password);
    const permits = ROLE_PERMITS[row.role as Role] ?? ROLE_PERMITS.agent;

    const user = await this.repo.transaction(async (trx) => {
      if (!(await this.repo.claimInvitation(trx, row.id)))
        throw new ApiError(410, 'invitation_used', M.invitationGone);
      let user = existing ?? (await this.repo.findUserByEmail(row.email, trx));
      if (!user) {
        user = {
          id: newId(),
          email: row.email,
          name: input.name!,
          avatar_url: null,
          password_hash: passwordHash!,
          created_at: new Date(),
        };
        await trx
          .insertInto('users')
          .values({
            id: user.id,
            email: user.email,
            name: user.name,
            avatar_url: null,
            password_hash: user.password_hash,
          })
          .execute();
      }
      await trx
        .insertInto('memberships')
        .values({
          workspace_id: row.workspace_id,
          user_id: user.id,
          role: row.role,
          permit_admin: permits.admin,
          permit_campaigns: permits.flag_campaigns,
          permit_inbox_shared: permits.flag_inbox_shared,
          permit_inbox_views: permits.flag_inbox_views,
          permit_permissions: permits.flag_permissions,
          permit_inbox_saved_replies: permits.flag_inbox_savedReplies,
          permit_voice_live_calls: permits.flag_addons_voice_live_calls,
        })
        .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doNothing())
        .execute();
      // An agent of that email without a sign-in becomes the member's agent.
      const agent = await trx
        .selectFrom('agents')
        .select(['id', 'user_id'])
        .where('workspace_id', '=', row.workspace_id)
        .where((eb) =>
          eb.or([
            eb('user_id', '=', user.id),
            eb.and([
              eb(eb.fn('lower', ['email']), '=', row.email.toLowerCase()),
              eb('user_id', 'is', null),
            ]),
          ]),
        )
        .orderBy('user_id')
        .executeTakeFirst();
      if (!agent)
        await trx
          .insertInto('agents')
          .values({
            id: newId(),
            workspace_id: row.workspace_id,
            user_id: user.id,
            name: existing ? existing.name : input.name!,
            email: row.email,
            avatar_url: null,
            connect_username: null,
            connect_user_id: null,
          })
          .execute();
      else if (!agent.user_id)
        await trx
          .updateTable('agents')
          .set({ user_id: user.id })
          .where('id', '=', agent.id)
          .execute();
      return user;
    });
    const session = await this.sessions.issueToken(user.id);
    return { ...session, user, workspace: { slug: row.workspace_slug } };
  }

  // ── Password resets ───────────────────────────────────────────────────────────────────────

  /**
   * Asks for a reset mail. The answer never says whether the account exists: the mail goes out
   * in the background, so an unknown email answers as fast as a known one.
   */
  async requestReset(email: string, clientKey: string): Promise<void> {
    const { resetMailsPerClient, resetMailsPerEmail, resetWindowMs } = TEAM_LIMITS;
    if (
      !(await this.repo.countMail(`reset-client:${clientKey}`, resetMailsPerClient, resetWindowMs))
    )
      throw new ApiError(429, 'too_many_requests', M.tooManyResets, undefined, {
        'Retry-After': String(Math.ceil(resetWindowMs / 1000)),
      });
    const key = `reset-email:${email.toLowerCase()}`;
    if (!(await this.repo.countMail(key, resetMailsPerEmail, resetWindowMs))) return;
    void this.sendReset(email).catch((error: unknown) =>
      this.services.log.warn({ message: (error as Error).message }, 'password reset mail failed'),
    );
  }

  /** Mails a reset link to the user of `email`, if there is one. */
  private async sendReset(email: string): Promise<void> {
    const user = await this.repo.findUserByEmail(email);
    if (!user) return;
    const failure = await this.mailResetLink(user);
    if (failure) throw new Error(failure);
  }

  /** Stores a new reset token for `user` and mails its link; the mail failure, if any. */
  private async mailResetLink(user: { id: string; email: string }): Promise<string | undefined> {
    const token = newToken();
    await this.repo.insertReset(
      hashToken(token),
      user.id,
      new Date(Date.now() + TEAM_LIMITS.resetTtlMs),
    );
    return this.mail(
      user.email,
      ACCOUNT_MAIL_FROM,
      resetMail({ link: `${this.appOrigin()}/reset-password/${token}` }),
    );
  }

  /** An admin sends a member the reset mail. */
  async adminReset(access: WorkspaceAccess, agentId: string): Promise<void> {
    requirePermit(access, 'admin');
    const agent = await this.services.db
      .selectFrom('agents as a')
      .innerJoin('memberships as m', (j) =>
        j.onRef('m.user_id', '=', 'a.user_id').onRef('m.workspace_id', '=', 'a.workspace_id'),
      )
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select('u.email')
      .where('a.workspace_id', '=', access.workspace.id)
      .where('a.id', '=', agentId)
      .executeTakeFirst();
    if (!agent) throw notFound('Agent');
    const user = await this.repo.findUserByEmail(agent.email);
    if (!user) throw notFound('Agent');
    const failure = await this.mailResetLink(user);
    if (failure) throw conflict('mail_not_sent', failure);
  }

  /** Whether a reset link can still be used (410 otherwise). */
  async checkReset(token: string): Promise<void> {
    if (!(await this.repo.resetUsable(hashToken(token), new Date())))
      throw new ApiError(410, 'reset_link_invalid', M.resetGone);
  }

  /** Sets a new password with a reset link: every session of the user ends, a new one starts. */
  async reset(token: string, password: string) {
    const hash = await hashPassword(password);
    const now = new Date();
    const userId = await this.repo.transaction(async (trx) => {
      const id = await this.repo.claimReset(trx, hashToken(token), now);
      if (!id) throw new ApiError(410, 'reset_link_invalid', M.resetGone);
      await this.repo.setPassword(trx, id, hash);
      await this.repo.expireResets(trx, id, now);
      return id;
    });
    await this.sessions.endSessions(userId);
    const user = (await this.sessions.user(userId))!;
    const { workspaces } = await this.sessions.me(userId);
    if (workspaces.length === 0 && (await this.sessions.deactivatedEverywhere(userId)))
      throw new ApiError(403, 'account_deactivated', MESSAGES.accountDeactivated);
    const session = await this.sessions.issueToken(userId);
    return { ...session, user, workspace: workspaces[0] ? { slug: workspaces[0].slug } : null };
  }
}
