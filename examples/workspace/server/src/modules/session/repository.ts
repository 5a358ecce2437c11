// SQL of users, bearer tokens, login failures, workspaces and memberships.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findUserByEmail(email: string) {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  findUser(id: string) {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insertToken(tokenHash: string, userId: string, expiresAt: Date) {
    return this.db
      .insertInto('auth_tokens')
      .values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt })
      .execute();
  }

  /** The user of a token that is neither expired nor revoked. */
  async activeTokenUser(tokenHash: string, now: Date): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('auth_tokens')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row?.user_id;
  }

  revokeToken(tokenHash: string, now: Date) {
    return this.db
      .updateTable('auth_tokens')
      .set({ revoked_at: now })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /**
   * Counts one attempt against `key` in a single upsert (concurrent attempts serialise on the row),
   * unless the key must wait: after `free` failures each further attempt waits `baseMs` doubled per
   * failure (at most `maxMs`) after the last one; a key without failures for `windowMs` starts over.
   * Answers the failures counted, or the milliseconds to wait when the attempt is refused.
   */
  async claimAttempt(
    key: string,
    rule: { free: number; windowMs: number; baseMs: number; maxMs: number },
  ): Promise<{ ok: true; failures: number } | { ok: false; waitMs: number }> {
    const wait = sql`least(${rule.maxMs}::float8, ${rule.baseMs}::float8 * power(2::float8, greatest(t.failures - ${rule.free}, 0)::float8)) * interval '1 millisecond'`;
    const stale = sql`t.last_failure_at < now() - ${rule.windowMs}::float8 * interval '1 millisecond'`;
    const claimed = await sql<{ failures: number }>`
      INSERT INTO login_throttle AS t (key, failures, last_failure_at) VALUES (${key}, 1, now())
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN ${stale} THEN 1 ELSE t.failures + 1 END,
        last_failure_at = now()
      WHERE ${stale} OR t.failures < ${rule.free} OR t.last_failure_at + ${wait} <= now()
      RETURNING failures`.execute(this.db);
    const row = claimed.rows[0];
    if (row) return { ok: true, failures: row.failures };
    const left = await sql<{ ms: number }>`
      SELECT greatest(0, extract(epoch FROM (t.last_failure_at + ${wait} - now())) * 1000)::float8 AS ms
      FROM login_throttle t WHERE t.key = ${key}`.execute(this.db);
    return { ok: false, waitMs: Number(left.rows[0]?.ms ?? rule.baseMs) };
  }

  /** Takes back one counted attempt (a sign-in that succeeded). */
  async releaseAttempt(key: string): Promise<void> {
    await this.db
      .updateTable('login_throttle')
      .set({ failures: sql`greatest(failures - 1, 0)` })
      .where('key', '=', key)
      .execute();
  }

  clearAttempts(key: string) {
    return this.db.deleteFrom('login_throttle').where('key', '=', key).execute();
  }

  /** Counters without a failure since `before` (kept small). */
  pruneAttempts(before: Date) {
    return this.db.deleteFrom('login_throttle').where('last_failure_at', '<', before).execute();
  }

  /** The user a device cookie (its hash) was issued to, when that user has this email. */
  async deviceUser(deviceHash: string, email: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('login_devices as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .select('u.id')
      .where('d.device_hash', '=', deviceHash)
      .where(sql<string>`lower(u.email)`, '=', email.toLowerCase())
      .executeTakeFirst();
    return row?.id;
  }

  /** Remembers (or refreshes) a browser the user signed in from. */
  async rememberDevice(deviceHash: string, userId: string): Promise<void> {
    await this.db
      .insertInto('login_devices')
      .values({ device_hash: deviceHash, user_id: userId })
      .onConflict((oc) =>
        oc.column('device_hash').doUpdateSet({ user_id: userId, last_used_at: new Date() }),
      )
      .execute();
  }

  workspacesOf(userId: string) {
    return this.db
      .selectFrom('memberships as m')
      .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
      .select(['w.slug', 'w.name'])
      .where('m.user_id', '=', userId)
      .where('m.deactivated_at', 'is', null)
      .orderBy('w.name')
      .execute();
  }

  /** The workspace with `slug` and the user's membership and agent there, if a member. */
  async access(slug: string, userId: string) {
    const row = await this.db
      .selectFrom('workspaces as w')
      .innerJoin('memberships as m', (join) =>
        join.onRef('m.workspace_id', '=', 'w.id').on('m.user_id', '=', userId),
      )
      .leftJoin('agents as a', (join) =>
        join.onRef('a.workspace_id', '=', 'w.id').on('a.user_id', '=', userId),
      )
      .selectAll('w')
      .select([
        'm.role',
        'm.user_id',
        'm.created_at as member_since',
        'm.permit_admin',
        'm.permit_campaigns',
        'm.permit_inbox_shared',
        'm.permit_inbox_views',
        'm.permit_permissions',
        'm.permit_inbox_saved_replies',
        'm.permit_voice_live_calls',
        'm.permit_reports',
        'm.screen_pop',
        'm.deactivated_at',
        'a.id as agent_id',
        'a.name as agent_name',
        'a.email as agent_email',
        'a.avatar_url as agent_avatar_url',
        'a.connect_username as agent_connect_username',
        'a.connect_user_id as agent_connect_user_id',
        'a.created_at as agent_created_at',
      ])
      .where('w.slug', '=', slug)
      .executeTakeFirst();
    return row;
  }

  /** Whether every membership of the user is deactivated (a user without any is not blocked). */
  async deactivatedEverywhere(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('memberships')
      .select([
        sql<number>`count(*)::int`.as('all'),
        sql<number>`count(*) FILTER (WHERE deactivated_at IS NULL)::int`.as('active'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.all > 0 && row.active === 0;
  }

  /** Revokes every live token of the user; answers their hashes (their event streams end). */
  async revokeUserTokens(userId: string, now: Date): Promise<string[]> {
    const rows = await this.db
      .updateTable('auth_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('token_hash')
      .execute();
    return rows.map((r) => r.token_hash);
  }

  /** Saves a member's own preferences in a workspace. */
  async savePreferences(workspaceId: string, userId: string, screenPop: string): Promise<void> {
    await this.db
      .updateTable('memberships')
      .set({ screen_pop: screenPop })
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', userId)
      .execute();
  }
}
