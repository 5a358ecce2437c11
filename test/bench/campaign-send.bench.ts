// Campaign send benchmark: a 2,000-recipient email campaign through the send queue (claims with
// FOR UPDATE SKIP LOCKED under a lease, opt-out check, rendering, the email adapter over SMTP to
// the local channel gateway's relay, the queue update) with two workers, on a throw-away
// PostgreSQL cluster (PGlite in memory when PostgreSQL is not installed). Prints mails per second
// against the same run's reference: the same 2,000 mails handed straight to the same adapter, as
// many at a time as a worker's batch, with no queue at all (the relay's ceiling for this work).
// Checks that every recipient got exactly one mail (one Message-ID) in the gateway's mailbox.
import { sql } from 'kysely';
import { startGateway } from '../../examples/workspace/gateway/src/gateway';
import { CONTROL_TOKEN_HEADER } from '../../examples/workspace/gateway/src/constants';
import { loadConfig } from '../../examples/workspace/server/src/config';
import { seed } from '../../examples/workspace/server/src/db/seed/demo';
import { createLogger } from '../../examples/workspace/server/src/lib/logger';
import { SendQueueRepository } from '../../examples/workspace/server/src/modules/campaigns/send-queue-repository';
import {
  CampaignSender,
  campaignMessageKey,
} from '../../examples/workspace/server/src/modules/campaigns/sender';
import { withCampaignTables } from '../../examples/workspace/server/src/modules/campaigns/tables';
import { createServices } from '../../examples/workspace/server/src/server';
import {
  findPostgresBin,
  startPostgres,
  type PostgresCluster,
} from '../../examples/workspace/server/test/postgres-cluster';
import { report } from './harness';

const RECIPIENTS = 2_000;
const WORKERS = 2;
const BATCH = 100;

let cluster: PostgresCluster | undefined;
if (findPostgresBin()) cluster = await startPostgres();
const gateway = await startGateway({ log: () => {} });
const log = createLogger('warn');
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'warn',
  SMTP_URL: gateway.info.smtp.relayUrl,
  ...(cluster ? { DATABASE_URL: cluster.url } : {}),
});
const built = await createServices(config, log);
try {
  const { db, channels } = built.services;
  const cdb = withCampaignTables(db);
  const ids = await seed(db);
  const wsId = ids.get('ws:acme')!;
  console.log(
    `database: ${cluster ? 'PostgreSQL (throw-away cluster)' : 'PGlite in memory'}; ${RECIPIENTS.toLocaleString('en-US')} recipients, ${WORKERS} workers, batches of ${BATCH}; SMTP to the local channel gateway`,
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
  const workers = Array.from(
    { length: WORKERS },
    (_, i) => new CampaignSender(db, channels, log, { workerId: `bench-${i}`, batchSize: BATCH }),
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
  const rows = await cdb
    .selectFrom('campaign_messages')
    .select(['id', 'address', 'status', 'contact_name', 'contact_company'])
    .where('campaign_id', '=', campaignId)
    .execute();
  const res = await fetch(`${gateway.url}/control/messages?channel=email`, {
    headers: { [CONTROL_TOKEN_HEADER]: gateway.info.controlToken },
  });
  const mails = ((await res.json()) as { messages: { id: string; customer: string }[] }).messages;
  const keys = new Set(mails.map((m) => m.id));
  const missing = rows.filter((r) => !keys.has(`<${campaignMessageKey(Number(r.id))}@acme.test>`));
  if (
    campaign.status !== 'sent' ||
    campaign.recipients_total !== RECIPIENTS ||
    rows.length !== RECIPIENTS ||
    rows.some((r) => r.status !== 'sent') ||
    missing.length > 0 ||
    mails.length !== RECIPIENTS
  )
    throw new Error(
      `send incomplete or duplicated: ${JSON.stringify({ campaign, rows: rows.length, mails: mails.length, missing: missing.length })}`,
    );
  const perWorker = await cdb
    .selectFrom('campaign_messages')
    .select(['sent_by', sql<number>`count(*)::int`.as('n')])
    .where('campaign_id', '=', campaignId)
    .groupBy('sent_by')
    .execute();
  console.log(
    `sent ${rows.length.toLocaleString('en-US')} mails in ${(oursMs / 1000).toFixed(2)} s; per worker: ${perWorker.map((w) => `${w.sent_by} ${w.n}`).join(', ')}`,
  );

  // reference: the same mails straight to the adapter, BATCH × WORKERS at a time, no queue
  const refStarted = performance.now();
  const inFlight = BATCH * WORKERS;
  for (let i = 0; i < rows.length; i += inFlight)
    await Promise.all(
      rows.slice(i, i + inFlight).map(async (r) => {
        const first = r.contact_name.split(' ')[0] ?? '';
        const sent = await channels.email.send({
          idempotencyKey: `reference-${r.id}`,
          workspaceId: wsId,
          channel: 'email',
          from: 'support@acme.test',
          to: r.address,
          subject: `Hello ${first}`,
          body: `Dear ${r.contact_name} of ${r.contact_company ?? ''}, our spring collection is here.`,
          thread: [],
          threadKey: `reference-${r.id}`,
        });
        if (!sent.ok) throw new Error(`reference send failed: ${sent.reason}`);
      }),
    );
  const refMs = performance.now() - refStarted;

  const ours = (RECIPIENTS * 1000) / oursMs;
  const reference = (RECIPIENTS * 1000) / refMs;
  console.log(
    `mails per second: ${Math.round(ours).toLocaleString('en-US')} through the queue; ${Math.round(reference).toLocaleString('en-US')} straight to the adapter (${(ours / reference).toFixed(2)} of the ceiling)`,
  );
  report({
    name: `campaign send, ${RECIPIENTS.toLocaleString('en-US')} email recipients through the queue and the SMTP adapter to the local gateway (${WORKERS} workers, ${cluster ? 'PostgreSQL' : 'PGlite'})`,
    unit: 'mails/s',
    ours,
    reference,
    referenceName: 'the same mails straight to the email adapter, no queue',
    higherIsBetter: true,
  });
  // the queue is empty: nothing left for a repository claim
  const left = await new SendQueueRepository(db).claim('bench-check', 1, 1_000);
  if (left.length > 0) throw new Error('queued messages left after the send');
} finally {
  await built.close();
  await gateway.close();
  cluster?.stop();
}
