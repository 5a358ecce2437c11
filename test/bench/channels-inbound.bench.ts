// Inbound channel benchmark, through the workspace server's real HTTP app:
// (a) a signed Twilio inbound webhook POSTed to the server → the `message.created` event on the
//     agent's live stream (`GET /api/ws/{slug}/events`, the server-sent events the inbox screen
//     listens to), one message at a time, p50/p95 over 500 messages (bar p95 ≤ 300 ms), beside a
//     bare HTTP round trip to the same server (GET /api/health) measured in the same loop;
// (b) the sustained inbound rate: 5,000 signed webhooks from 500 numbers posted 32 at a time, a
//     tenth of them replayed, timed until every message is in the messages table (webhooks are
//     answered once queued in a burst), then counted (zero lost, zero duplicated; bar
//     ≥ 500 messages/s), beside plain INSERTs of the same rows into the same table at the same
//     concurrency. (b) runs on PostgreSQL only (a throw-away cluster, as the server tests use);
//     without PostgreSQL installed it says so and skips. (a) runs on that cluster too, or PGlite.
import { serve, type ServerType } from '@hono/node-server';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createApp } from '../../examples/workspace/server/src/app';
import { loadConfig } from '../../examples/workspace/server/src/config';
import { seed } from '../../examples/workspace/server/src/db/seed/demo';
import { twilioSignature } from '../../examples/workspace/server/src/integrations/channels/sms/signature';
import { createLogger } from '../../examples/workspace/server/src/lib/logger';
import { createServices } from '../../examples/workspace/server/src/server';
import {
  findPostgresBin,
  startPostgres,
  type PostgresCluster,
} from '../../examples/workspace/server/test/postgres-cluster';
import { percentile, report } from './harness';

const LATENCY_MESSAGES = 500;
const RATE_MESSAGES = 5_000;
const RATE_SENDERS = 500;
const CONCURRENCY = 32;
const REPLAYED_SHARE = 0.1;

const ACCOUNT_SID = `AC${randomBytes(16).toString('hex')}`;
const AUTH_TOKEN = randomBytes(16).toString('hex');
const BUSINESS = '+15555550100';

let cluster: PostgresCluster | undefined;
if (findPostgresBin()) cluster = await startPostgres();
const log = createLogger('warn');
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'warn',
  OUTBOX_WORKER: '0',
  TWILIO_ACCOUNT_SID: ACCOUNT_SID,
  TWILIO_AUTH_TOKEN: AUTH_TOKEN,
  ...(cluster ? { DATABASE_URL: cluster.url } : {}),
});
const built = await createServices(config, log);
let listener: ServerType | undefined;
try {
  const { db } = built.services;
  await seed(db);
  const app = createApp(built.services);
  listener = await new Promise<ServerType>((resolve) => {
    const srv = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(srv));
  });
  const address = listener.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  built.services.callbackOrigin.url = base;
  const webhookUrl = `${base}/api/channels/twilio/inbound`;
  console.log(
    `database: ${cluster ? 'PostgreSQL (throw-away cluster)' : 'PGlite in memory'}; server ${base}`,
  );

  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'jane@acme.test', password: 'demo1234' }),
  });
  const { token } = (await login.json()) as { token: string };

  let sidCounter = 0;
  const nextSid = () => `SM${(++sidCounter).toString(16).padStart(32, '0')}`;
  const signed = (sid: string, from: string, body: string) => {
    const params = new URLSearchParams({
      MessageSid: sid,
      SmsSid: sid,
      AccountSid: ACCOUNT_SID,
      From: from,
      To: BUSINESS,
      Body: body,
      NumMedia: '0',
      NumSegments: '1',
      ApiVersion: '2010-04-01',
    });
    return {
      body: params.toString(),
      signature: twilioSignature(AUTH_TOKEN, webhookUrl, params),
    };
  };
  const post = async (sid: string, from: string, body: string) => {
    const w = signed(sid, from, body);
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': w.signature,
      },
      body: w.body,
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
  };

  // ── (a) webhook → the agent's live event ───────────────────────────────────────────────────
  const controller = new AbortController();
  const stream = await fetch(`${base}/api/ws/acme/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const waiting: ((at: number) => void)[] = [];
  let ready: () => void = () => {};
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('event: ready')) ready();
          if (block.includes('event: message.created')) waiting.shift()?.(performance.now());
        }
      }
    } catch {
      /* aborted at the end */
    }
  })();
  await isReady;

  const latencies: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < LATENCY_MESSAGES + 20; i++) {
    const from = `+4477009${String(10_000 + (i % 50)).padStart(5, '0')}`;
    const seen = new Promise<number>((resolve) => waiting.push(resolve));
    const t0 = performance.now();
    await post(nextSid(), from, `Latency message ${i}`);
    const at = await seen;
    const h0 = performance.now();
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    const h1 = performance.now();
    // The first 20 warm the server up.
    if (i >= 20) {
      latencies.push(at - t0);
      floor.push(h1 - h0);
    }
  }
  controller.abort();
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  console.log(
    `(a) webhook → live event over ${LATENCY_MESSAGES} messages: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms; bare HTTP round trip p50 ${percentile(floor, 50).toFixed(1)} ms, p95 ${percentile(floor, 95).toFixed(1)} ms`,
  );
  report({
    name: 'inbound SMS webhook → message.created on the agent’s live stream, p50',
    unit: 'ms',
    ours: Math.round(p50 * 10) / 10,
    reference: Math.round(percentile(floor, 50) * 10) / 10,
    referenceName: 'bare HTTP round trip (GET /api/health)',
    higherIsBetter: false,
  });
  report({
    name: 'inbound SMS webhook → message.created on the agent’s live stream, p95',
    unit: 'ms',
    ours: Math.round(p95 * 10) / 10,
    reference: Math.round(percentile(floor, 95) * 10) / 10,
    referenceName: 'bare HTTP round trip (GET /api/health)',
    higherIsBetter: false,
    bar: 'p95 ≤ 300 ms',
    barMet: p95 <= 300,
  });

  // ── (b) sustained inbound rate on PostgreSQL ──────────────────────────────────────────────
  if (!cluster) {
    console.log(
      '(b) skipped: PostgreSQL is not installed here (initdb/pg_ctl not found); the sustained rate is measured on PostgreSQL only.',
    );
  } else {
    const jobs = Array.from({ length: RATE_MESSAGES }, (_, i) => ({
      sid: `SMbe${i.toString(16).padStart(30, '0')}`,
      from: `+4477008${String(10_000 + (i % RATE_SENDERS)).padStart(5, '0')}`,
      body: `Rate message ${i}`,
    }));
    const replays = jobs.filter((_, i) => i % Math.round(1 / REPLAYED_SHARE) === 0);
    const all = [...jobs, ...replays];
    const runPool = async <T>(items: readonly T[], work: (item: T) => Promise<void>) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < items.length) await work(items[next++]!);
        }),
      );
    };
    const count = async () =>
      (
        await sql<{ total: number; distinct: number }>`
          SELECT count(*)::int AS total, count(DISTINCT external_id)::int AS distinct
          FROM messages WHERE external_id LIKE 'sms:SMbe%'`.execute(db)
      ).rows[0]!;
    const t0 = performance.now();
    await runPool(all, (j) => post(j.sid, j.from, j.body));
    const answered = (performance.now() - t0) / 1000;
    // The clock stops when every message is in the messages table (a webhook may have been
    // answered once its row was queued): the inbound queue is drained, or 60 s have passed.
    let counted = await count();
    while (counted.distinct < RATE_MESSAGES && performance.now() - t0 < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      counted = await count();
    }
    const seconds = (performance.now() - t0) / 1000;
    const rate = RATE_MESSAGES / seconds;
    const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM inbound_queue`.execute(db);
    const { total, distinct } = counted;
    const lost = RATE_MESSAGES - distinct;
    const duplicated = total - distinct;

    // Reference: the same rows, plain INSERTs into messages at the same concurrency.
    const conversation = await sql<{ id: string; workspace_id: string }>`
      SELECT id, workspace_id FROM conversations WHERE channel = 'sms' LIMIT 1`.execute(db);
    const target = conversation.rows[0]!;
    const r0 = performance.now();
    await runPool(jobs, async (j) => {
      await sql`INSERT INTO messages (id, workspace_id, conversation_id, kind, direction,
          author_agent_id, body, created_at, status, status_at, external_id)
        VALUES (${randomBytes(16).toString('hex')}, ${target.workspace_id}, ${target.id}, 'message',
          'inbound', NULL, ${j.body}, now(), 'received', now(), ${`ref:${j.sid}`})`.execute(db);
    });
    const reference = RATE_MESSAGES / ((performance.now() - r0) / 1000);
    console.log(
      `(b) ${RATE_MESSAGES.toLocaleString('en-US')} webhooks (+${replays.length} replays) from ${RATE_SENDERS} numbers, ${CONCURRENCY} at a time: all answered in ${answered.toFixed(2)} s, all stored in ${seconds.toFixed(2)} s: ${rate.toFixed(0)} msg/s; queue rows left ${left.rows[0]!.n}; stored ${distinct}, lost ${lost}, duplicated ${duplicated}; plain INSERT of the same rows: ${reference.toFixed(0)} rows/s`,
    );
    if (lost !== 0 || duplicated !== 0)
      throw new Error(`inbound rate: ${lost} lost, ${duplicated} duplicated`);
    report({
      name: `sustained inbound SMS webhooks on PostgreSQL (${CONCURRENCY} concurrent, 10% replayed; 0 lost, 0 duplicated)`,
      unit: 'msg/s',
      ours: Math.round(rate),
      reference: Math.round(reference),
      referenceName: 'plain INSERT of the same rows, same concurrency',
      higherIsBetter: true,
      bar: '≥ 500 msg/s',
      barMet: rate >= 500,
    });
  }
} finally {
  listener?.close();
  await built.close();
  cluster?.stop();
}
