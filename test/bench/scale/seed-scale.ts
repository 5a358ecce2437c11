// Seeds the workspace database at scale for the list and report benchmarks: WORKSPACES workspaces
// (the demo's acme is the first), CONVERSATIONS conversations with one customer message each, and
// CALLS calls, spread evenly over the workspaces (row g in workspace g mod 50; its kind, state and
// times from its place in that workspace) and over the last 120 days (one every 10 s), with set-based SQL.
// Conversations carry the times the report triggers keep (first message, first reply, close), set
// directly: the message trigger is off while seeding, so two million row triggers do not run.
// Usage as a script (PostgreSQL): DATABASE_URL=postgres://… npx tsx test/bench/scale/seed-scale.ts
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../examples/workspace/server/src/db/schema';

export interface ScaleSizes {
  readonly workspaces: number;
  readonly conversations: number;
  readonly calls: number;
  readonly contactsPerWorkspace: number;
}

export const SCALE_DEFAULTS: ScaleSizes = {
  workspaces: 50,
  conversations: 1_000_000,
  calls: 1_000_000,
  contactsPerWorkspace: 4_000,
};

const WORDS = [
  'order',
  'refund',
  'delivery',
  'invoice',
  'password',
  'upgrade',
  'cancel',
  'address',
  'warranty',
  'discount',
  'shipping',
  'account',
  'payment',
  'return',
  'exchange',
  'login',
];

/**
 * Seeds after the demo seed: workspace 0 is `acmeId` (with its agents and teams); the others are
 * new, each with one agent. Answers the seeded workspace ids in order.
 */
export async function seedScale(
  db: Kysely<Database>,
  acmeId: string,
  sizes: ScaleSizes = SCALE_DEFAULTS,
): Promise<string[]> {
  const others = sizes.workspaces - 1;
  await sql`INSERT INTO workspaces (id, slug, name, time_zone)
    SELECT 'scale-ws-' || g, 'scale-' || g, 'Scale ' || g, 'Europe/Madrid'
    FROM generate_series(1, ${others}::int) g`.execute(db);
  await sql`INSERT INTO agents (id, workspace_id, name, email)
    SELECT 'scale-agent-' || g, 'scale-ws-' || g, 'Agent ' || g, 'agent' || g || '@scale.test'
    FROM generate_series(1, ${others}::int) g`.execute(db);
  const workspaces = [acmeId, ...Array.from({ length: others }, (_, i) => `scale-ws-${i + 1}`)];
  const wsArray = `{${workspaces.join(',')}}`;
  const acmeAgents = (
    await db.selectFrom('agents').select('id').where('workspace_id', '=', acmeId).execute()
  ).map((a) => a.id);
  const acmeAgentArray = `{${acmeAgents.join(',')}}`;
  const words = `{${WORDS.join(',')}}`;
  const perWs = sizes.contactsPerWorkspace;
  const W = sizes.workspaces;

  // Contacts: c = w * perWs + k, in workspace w.
  await sql`INSERT INTO contacts (id, workspace_id, name, phone, email, created_at, updated_at)
    SELECT 'scale-contact-' || c, (${wsArray}::text[])[1 + c / ${perWs}::int],
      'Customer ' || c, '+1' || (2010000000 + c)::text, 'customer' || c || '@example.com',
      now(), now()
    FROM generate_series(0, ${W * perWs - 1}::int) c`.execute(db);

  // An agent of the conversation's or call's workspace (acme has several).
  const agentOf = (w: string, g: string) =>
    sql.raw(
      `CASE WHEN ${w} = 0 THEN ('${acmeAgentArray}'::text[])[1 + ${g} % ${acmeAgents.length}] ELSE 'scale-agent-' || ${w} END`,
    );
  const chunk = 250_000;
  await sql`ALTER TABLE messages DISABLE TRIGGER messages_conversation_times`.execute(db);
  try {
    for (let start = 0; start < sizes.conversations; start += chunk) {
      const end = Math.min(sizes.conversations, start + chunk) - 1;
      await sql`INSERT INTO conversations (id, workspace_id, contact_id, channel, subject, status,
          assignee_agent_id, last_message_at, last_message_preview, created_at, updated_at,
          first_inbound_at, first_response_at, closed_at)
        SELECT 'scale-conv-' || g, (${wsArray}::text[])[1 + w],
          'scale-contact-' || (w * ${perWs}::int + k % ${perWs}::int),
          (ARRAY['email','email','chat','sms','whatsapp','voice'])[1 + k % 6],
          'About my ' || (${words}::text[])[1 + k % 16],
          CASE WHEN k % 5 < 3 THEN 'closed' ELSE 'open' END,
          CASE WHEN k % 7 = 0 THEN NULL ELSE ${agentOf('w', 'k')} END,
          t + interval '30 minutes', 'My ' || (${words}::text[])[1 + k % 16] || ' question', t, t,
          t, CASE WHEN k % 4 = 0 THEN NULL ELSE t + (k % 3600) * interval '1 second' END,
          CASE WHEN k % 5 < 3 THEN t + (k % 86400) * interval '1 second' END
        FROM (
          SELECT g, g % ${W}::int AS w, g / ${W}::int AS k,
            now() - ((g::bigint * 10) % 10368000) * interval '1 second' AS t
          FROM generate_series(${start}::int, ${end}::int) g
        ) s`.execute(db);
      await sql`INSERT INTO messages (id, workspace_id, conversation_id, kind, direction, body, created_at)
        SELECT 'scale-msg-' || g, (${wsArray}::text[])[1 + g % ${W}::int], 'scale-conv-' || g,
          'message', 'inbound',
          'Hello, a question about my ' || (${words}::text[])[1 + (g / ${W}::int / 7) % 16] || ' number ' || g,
          now() - ((g::bigint * 10) % 10368000) * interval '1 second'
        FROM generate_series(${start}::int, ${end}::int) g`.execute(db);
    }
  } finally {
    await sql`ALTER TABLE messages ENABLE TRIGGER messages_conversation_times`.execute(db);
  }
  for (let start = 0; start < sizes.calls; start += chunk) {
    const end = Math.min(sizes.calls, start + chunk) - 1;
    await sql`INSERT INTO connections (id, workspace_id, id_communication, communication_type,
        contact_id, agent_id, queue_id, answered, created_at, connected_at, ended_at, completed_at,
        search_text, updated_at)
      SELECT 'scale-call-' || g, (${wsArray}::text[])[1 + w], 'scale-comm-' || g,
        (ARRAY['inbound','inbound','inbound','inbound','inbound','outbound','outbound','transfer'])[1 + k % 8],
        'scale-contact-' || (w * ${perWs}::int + k % ${perWs}::int),
        ${agentOf('w', 'k')}, 'queue-' || (k % 4), k % 9 <> 0,
        t, CASE WHEN k % 9 <> 0 THEN t + interval '15 seconds' END, t + (60 + k % 600) * interval '1 second',
        CASE WHEN k % 9 <> 0 THEN t + (90 + k % 600) * interval '1 second' END,
        '', t
      FROM (
        SELECT g, g % ${W}::int AS w, g / ${W}::int AS k,
          now() - ((g::bigint * 10) % 10368000) * interval '1 second' AS t
        FROM generate_series(${start}::int, ${end}::int) g
      ) s`.execute(db);
  }
  // As autovacuum leaves a table at rest: statistics, and pages marked all-visible.
  for (const table of ['contacts', 'conversations', 'messages', 'connections'])
    await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(db);
  return workspaces;
}

// As a script: seeds the database of DATABASE_URL (migrated and demo-seeded first).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { loadConfig } = await import('../../../examples/workspace/server/src/config');
  const { createServices } = await import('../../../examples/workspace/server/src/server');
  const { createLogger } = await import('../../../examples/workspace/server/src/lib/logger');
  const { seed } = await import('../../../examples/workspace/server/src/db/seed/demo');
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' });
  const built = await createServices(config, createLogger('silent'));
  try {
    const ids = await seed(built.services.db);
    const t0 = performance.now();
    await seedScale(built.services.db, ids.get('ws:acme')!);
    console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await built.close();
  }
}
