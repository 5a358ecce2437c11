// SQL of invitations, password resets and their mail throttle.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { settingsDb } from '../settings/tables';

type Db = Kysely<Database> | Transaction<Database>;

export class TeamRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(run: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(run);
  }

  /** The pending invitations of a workspace, newest first. */
  pendingInvitations(workspaceId: string) {
    return this.db
      .selectFrom('invitations')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  findPending(workspaceId: string, id: string) {
    return this.db
      .selectFrom('invitations')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  /** An invitation by its token's hash, with its workspace. */
  findByToken(tokenHash: string, db: Db = this.db) {
    return db
      .selectFrom('invitations as i')
      .innerJoin('workspaces as w', 'w.id', 'i.workspace_id')
      .selectAll('i')
      .select(['w.name as workspace_name', 'w.slug as workspace_slug'])
      .where('i.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Revokes the pending invitation of an email (a re-invite replaces it). */
  async revokePendingFor(trx: Transaction<Database>, workspaceId: string, email: string) {
    await trx
      .updateTable('invitations')
      .set({ revoked_at: new Date() })
      .where('workspace_id', '=', workspaceId)
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async insertInvitation(
    trx: Transaction<Database>,
    row: {
      id: string;
      workspace_id: string;
      email: string;
      name: string;
      role: string;
      token_hash: string;
      invited_by: string;
      expires_at: Date;
    },
  ) {
    await trx.insertInto('invitations').values(row).execute();
  }

  /** A new token and expiry for a pending invitation (resend). */
  async renewInvitation(id: string, tokenHash: string, expiresAt: Date) {
    await this.db
      .updateTable('invitations')
      .set({ token_hash: tokenHash, expires_at: expiresAt, created_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async revokeInvitation(workspaceId: string, id: string): Promise<boolean> {
    const r = await this.db
      .updateTable('invitations')
      .set({ revoked_at: new Date() })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Marks a pending invitation accepted; false when another request used it first. */
  async claimInvitation(trx: Transaction<Database>, id: string): Promise<boolean> {
    const r = await trx
      .updateTable('invitations')
      .set({ accepted_at: new Date() })
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  findUserByEmail(email: string, db: Db = this.db) {
    return db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  async isMember(workspaceId: string, email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('m.user_id')
      .where('m.workspace_id', '=', workspaceId)
      .where(sql<string>`lower(u.email)`, '=', email.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The workspace's email channel address, the sender of its account mails. */
  async emailAddress(workspaceId: string): Promise<string | undefined> {
    const row = await settingsDb(this.db)
      .selectFrom('workspace_channels')
      .select('address')
      .where('workspace_id', '=', workspaceId)
      .where('channel', '=', 'email')
      .executeTakeFirst();
    return row?.address || undefined;
  }

  // ── Password resets ───────────────────────────────────────────────────────────────────────

  async insertReset(tokenHash: string, userId: string, expiresAt: Date) {
    await this.db
      .insertInto('password_resets')
      .values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt })
      .execute();
  }

  /** Uses a reset token once: answers its user when it was unused and unexpired. */
  async claimReset(trx: Transaction<Database>, tokenHash: string, now: Date) {
    const row = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Whether a reset token is usable now (the page checks before asking for a password). */
  async resetUsable(tokenHash: string, now: Date): Promise<boolean> {
    const row = await this.db
      .selectFrom('password_resets')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Ends the user's other reset links (a new password makes them moot). */
  async expireResets(trx: Transaction<Database>, userId: string, now: Date) {
    await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }

  async setPassword(trx: Transaction<Database>, userId: string, hash: string) {
    await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
  }

  /**
   * Counts one reset mail against `key` in a fixed window, in one upsert; answers whether it is
   * within `max`.
   */
  async countMail(key: string, max: number, windowMs: number): Promise<boolean> {
    const stale = sql`t.window_start < now() - ${windowMs}::float8 * interval '1 millisecond'`;
    const r = await sql<{ count: number }>`
      INSERT INTO auth_mail_throttle AS t (key, count, window_start) VALUES (${key}, 1, now())
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN ${stale} THEN 1 ELSE t.count + 1 END,
        window_start = CASE WHEN ${stale} THEN now() ELSE t.window_start END
      RETURNING count`.execute(this.db);
    return (r.rows[0]?.count ?? 1) <= max;
  }
}
