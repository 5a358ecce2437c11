// Assignment rules applied to new conversations: the first enabled rule (oldest first) whose
// channels include the conversation's (an empty list takes every channel) and whose team has
// members picks the assignee, round-robin (the member after the last one it picked, in name
// order) or least-busy (the member with the fewest open conversations, name order on ties).
// The rules are locked while one is applied, so concurrent conversations take turns. A batch of
// new conversations (the inbound queue's) gets the same outcome as one at a time, in three
// statements per workspace and channel.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { settingsDb } from './tables';

/** The assignee the workspace's rules give a new conversation on `channel`, or null. */
export async function assigneeByRules(
  trx: Transaction<Database>,
  workspaceId: string,
  channel: string,
): Promise<string | null> {
  const [assignee] = await assigneesByRules(trx, workspaceId, channel, 1);
  return assignee ?? null;
}

/** The assignees of `count` new conversations on `channel`, in order (null: no rule applies). */
export async function assigneesByRules(
  trx: Transaction<Database>,
  workspaceId: string,
  channel: string,
  count: number,
): Promise<(string | null)[]> {
  const db = settingsDb(trx);
  const rules = await db
    .selectFrom('assignment_rules')
    .select(['id', 'team_id', 'strategy', 'channels', 'last_agent_id'])
    .where('workspace_id', '=', workspaceId)
    .where('enabled', '=', true)
    .orderBy('created_at')
    .orderBy('id')
    .forUpdate()
    .execute();
  for (const rule of rules) {
    if (rule.channels.length > 0 && !rule.channels.includes(channel)) continue;
    const members = await db
      .selectFrom('team_members as tm')
      .innerJoin('agents as a', 'a.id', 'tm.agent_id')
      .select([
        'a.id',
        sql<number>`(SELECT count(*)::int FROM conversations c
          WHERE c.workspace_id = ${workspaceId} AND c.assignee_agent_id = a.id AND c.status = 'open')`.as(
          'open',
        ),
      ])
      .where('tm.team_id', '=', rule.team_id)
      .orderBy(sql`lower(a.name)`)
      .orderBy('a.id')
      .execute();
    if (members.length === 0) continue;
    const picks: string[] = [];
    let last = members.findIndex((m) => m.id === rule.last_agent_id);
    for (let i = 0; i < count; i++) {
      if (rule.strategy === 'least_busy') {
        const fewest = Math.min(...members.map((m) => m.open));
        const member = members.find((m) => m.open === fewest)!;
        member.open++;
        picks.push(member.id);
      } else {
        last = (last + 1) % members.length;
        picks.push(members[last]!.id);
      }
    }
    await db
      .updateTable('assignment_rules')
      .set({ last_agent_id: picks[picks.length - 1]! })
      .where('id', '=', rule.id)
      .execute();
    return picks;
  }
  return Array.from({ length: count }, () => null);
}
