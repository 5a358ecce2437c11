// Campaign send benchmark: a 100,000-recipient email campaign through the send queue (claims with
// FOR UPDATE SKIP LOCKED under a lease, rendering, the sandbox channel provider's idempotent
// record, the queue update) with two workers, on a throw-away PostgreSQL cluster (PGlite in
// memory when PostgreSQL is not installed). Prints deliveries per second against the same run's
// reference: one INSERT … SELECT writing the same 100,000 delivery rows with no queue at all (the
// database's ceiling for this work). Checks that every recipient got exactly one delivery.
import { sql } from 'kysely';
import { loadConfig } from '../../examples/workspace/server/src/config';
import { seed } from '../../examples/workspace/server/src/db/seed/demo';
import { createLogger } from '../../examples/workspace/server/src/lib/logger';
import { SandboxChannelProvider } from '../../examples/workspace/server/src/integrations/channels/sandbox-provider';
import { CampaignRepository } from '../../examples/workspace/server/src/modules/campaigns/repository';
import { CampaignSender } from '../../examples/workspace/server/src/modules/campaigns/sender';
import { withCampaignTables } from '../../examples/workspace/server/src/modules/campaigns/tables';
import { createServices } from '../../examples/workspace/server/src/server';
import {
  findPostgresBin,
  startPostgres,
  type PostgresCluster,
} from '../../examples/workspace/server/test/postgres-cluster';
import { report } from './harness';

const RECIPIENTS = 100_000;
const WORKERS = 2;
const BATCH = 1_000;

let cluster: PostgresCluster | undefined;
if (findPostgresBin()) cluster = await startPostgres();
const log = createLogger('warn');
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'warn',
  ...(cluster ? { DATABASE_URL: cluster.url } : {}),
});
const built = await createServices(config, log);
try {
  const { db } = built.services;
  const cdb = withCampaignTables(db);
  const ids = await seed(db);
  const wsId = ids.get('ws:acme')!;
  console.log(
    `database: ${cluster ? 'PostgreSQL (throw-away cluster)' : 'PGlite in memory'}; ${RECIPIENTS.toLocaleString('en-US')} recipients, ${WORKERS} workers, batches of ${BATCH}`,
  );
  await sql`INSERT INTO contacts (id, workspace_id, name, email, phone, company, updated_at)
    SELECT 'bench-' || g, ${wsId}, 'Customer ' || g, 'customer' || g || '@example.com', NULL,
      CASE WHEN g % 3 = 0 THEN 'Acme' END, now()
    FROM generate_series(1, ${RECIPIENTS}) g`.execute(db);

  const campaignId = 'bench-campaign';
  await cdb
    .insertInto('campaigns')
    .values({
      id: campaignId,
      workspace_id: wsId,
      name: 'Benchmark',
      channel: 'email',
      status: 'scheduled',
      audience: JSON.stringify({
        match: 'all',
        rules: [{ kind: 'attribute', field: 'email', op: 'starts_with', value: 'customer' }],
      }),
      content: JSON.stringify({
        channel: 'email',
        subject: 'Hello {{first_name}}',
        body: 'Dear {{name}} of {{company}}, our spring collection is here.',
      }),
      template_id: null,
      scheduled_at: new Date(),
      created_by: null,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .execute();

  // ours: start the campaign (audience snapshot into the queue) and drain it with the workers
  const provider = new SandboxChannelProvider(cdb);
  const workers = Array.from(
    { length: WORKERS },
    (_, i) => new CampaignSender(db, provider, log, { workerId: `bench-${i}`, batchSize: BATCH }),
  );
  const started = performance.now();
  // the first pass starts the campaign (one worker takes the audience snapshot), then both drain
  await workers[0]!.tick();
  await Promise.all(workers.map((w) => w.drain()));
  const oursMs = performance.now() - started;
  const campaign = await cdb
    .selectFrom('campaigns')
    .select(['status', 'recipients_total'])
    .where('id', '=', campaignId)
    .executeTakeFirstOrThrow();
  const check = await sql<{ messages: number; delivered: number; keys: number; repeats: number }>`
    SELECT (SELECT count(*)::int FROM campaign_messages WHERE campaign_id = ${campaignId}) AS messages,
      (SELECT count(*)::int FROM campaign_messages WHERE campaign_id = ${campaignId} AND status = 'sent') AS delivered,
      (SELECT count(DISTINCT d.idempotency_key)::int FROM sandbox_channel_deliveries d
         JOIN campaign_messages m ON d.idempotency_key = m.id::text WHERE m.campaign_id = ${campaignId}) AS keys,
      (SELECT coalesce(sum(attempts - 1), 0)::int FROM sandbox_channel_deliveries) AS repeats`.execute(
    db,
  );
  const c = check.rows[0]!;
  if (
    campaign.status !== 'sent' ||
    campaign.recipients_total !== RECIPIENTS ||
    c.messages !== RECIPIENTS ||
    c.keys !== RECIPIENTS ||
    c.repeats !== 0
  )
    throw new Error(`send incomplete or duplicated: ${JSON.stringify({ campaign, ...c })}`);
  const perWorker = await cdb
    .selectFrom('campaign_messages')
    .select(['sent_by', sql<number>`count(*)::int`.as('n')])
    .where('campaign_id', '=', campaignId)
    .groupBy('sent_by')
    .execute();
  console.log(
    `sent ${c.messages.toLocaleString('en-US')} (${c.delivered.toLocaleString('en-US')} accepted by the provider) in ${(oursMs / 1000).toFixed(2)} s; per worker: ${perWorker.map((w) => `${w.sent_by} ${w.n}`).join(', ')}`,
  );

  // reference: the same delivery rows written by one INSERT … SELECT, no queue
  await sql`CREATE TEMP TABLE reference_deliveries (LIKE sandbox_channel_deliveries INCLUDING ALL)`.execute(
    db,
  );
  const refStarted = performance.now();
  await sql`INSERT INTO reference_deliveries (idempotency_key, provider_message_id, workspace_id,
      channel, address, subject, body, outcome, accepted_at, delivered_at)
    SELECT m.id::text, 'ref_' || m.id, m.workspace_id, 'email', m.address,
      'Hello ' || split_part(m.contact_name, ' ', 1),
      'Dear ' || m.contact_name || ' of ' || coalesce(m.contact_company, '') || ', our spring collection is here.',
      'delivered', now(), now()
    FROM campaign_messages m WHERE m.campaign_id = ${campaignId}`.execute(db);
  const refMs = performance.now() - refStarted;

  const ours = (RECIPIENTS * 1000) / oursMs;
  const reference = (RECIPIENTS * 1000) / refMs;
  console.log(
    `deliveries per second: ${Math.round(ours).toLocaleString('en-US')} through the queue; ${Math.round(reference).toLocaleString('en-US')} for the bare INSERT … SELECT (${(ours / reference).toFixed(2)} of the ceiling)`,
  );
  report({
    name: `campaign send, ${RECIPIENTS.toLocaleString('en-US')} recipients through the queue and the sandbox provider (${WORKERS} workers, ${cluster ? 'PostgreSQL' : 'PGlite'})`,
    unit: 'deliveries/s',
    ours,
    reference,
    referenceName: 'one INSERT … SELECT of the same delivery rows (no queue)',
    higherIsBetter: true,
  });
  // the queue is empty: nothing left for a repository claim
  const left = await new CampaignRepository(db).claim('bench-check', 1, 1_000);
  if (left.length > 0) throw new Error('queued messages left after the send');
} finally {
  await built.close();
  cluster?.stop();
}
