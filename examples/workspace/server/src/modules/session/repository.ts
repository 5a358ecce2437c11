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

  /** Failures per key since `since`, with the oldest one's time. */
  async failures(keys: readonly string[], since: Date) {
    return this.db
      .selectFrom('login_failures')
      .select([
        'key',
        sql<number>`count(*)::int`.as('count'),
        sql<Date>`min(failed_at)`.as('oldest'),
      ])
      .where('key', 'in', keys)
      .where('failed_at', '>', since)
      .groupBy('key')
      .execute();
  }

  /** Records a failure for each key and drops failures older than the window. */
  async recordFailure(keys: readonly string[], before: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('login_failures')
        .values(keys.map((key) => ({ key })))
        .execute();
      await trx.deleteFrom('login_failures').where('failed_at', '<', before).execute();
    });
  }

  clearFailures(key: string) {
    return this.db.deleteFrom('login_failures').where('key', '=', key).execute();
  }

  workspacesOf(userId: string) {
    return this.db
      .selectFrom('memberships as m')
      .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
      .select(['w.slug', 'w.name'])
      .where('m.user_id', '=', userId)
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
}
