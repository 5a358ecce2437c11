// Links workspace agents to contact-centre users by username (ListUsers), so that live data
// (GetCurrentUserData) and contact events (agent ARNs) find their workspace agent.
import type { Services } from '../lib/context';

/** Fills `connect_user_id` of agents that name a contact-centre username; answers how many. */
export async function linkAgents(services: Services): Promise<number> {
  const { db, contactCentre, log } = services;
  if (!contactCentre.configured) return 0;
  const pending = await db
    .selectFrom('agents as a')
    .innerJoin('workspaces as w', 'w.id', 'a.workspace_id')
    .select(['a.id', 'a.connect_username', 'w.connect_instance_id', 'w.connect_region'])
    .where('a.connect_username', 'is not', null)
    .where('a.connect_user_id', 'is', null)
    .where('w.connect_instance_status', '=', 'CREATED')
    .where('w.connect_instance_id', 'is not', null)
    .execute();
  const byInstance = new Map<string, typeof pending>();
  for (const a of pending) {
    const key = `${a.connect_region}\n${a.connect_instance_id}`;
    byInstance.set(key, [...(byInstance.get(key) ?? []), a]);
  }
  let linked = 0;
  for (const [key, agents] of byInstance) {
    const [region, instanceId] = key.split('\n') as [string, string];
    try {
      const users = new Map(
        (await contactCentre.users({ instanceId, region })).map((u) => [u.username, u.id]),
      );
      for (const a of agents) {
        const userId = users.get(a.connect_username!);
        if (!userId) continue;
        await db
          .updateTable('agents')
          .set({ connect_user_id: userId })
          .where('id', '=', a.id)
          .execute();
        linked++;
      }
    } catch (error) {
      log.warn(
        { instanceId, message: (error as Error).message },
        'could not link agents to the contact centre',
      );
    }
  }
  return linked;
}
