// Lists and reports at scale: 1,000,000 conversations and 1,000,000 calls across 50 workspaces
// (seeded by scale/seed-scale.ts), on PostgreSQL (a throw-away cluster; PGlite with BENCH_DB=pglite).
// Each route runs through the workspace server's app (auth, validation, query, JSON), for the
// acme workspace: the inbox list, conversation search, contact search, and each report over the
// last 90 days. The reference, in the same run, is the bare SQL of the same request: the
// repository calls the route makes, measured right after each request.
// Bars: route p95 ≤ 2 × its bare SQL's p95 + 5 ms; every report p95 ≤ 300 ms.
import type { Kysely } from 'kysely';
import { toDay, dayNumber } from '../../examples/workspace/server/src/contract/report-days';
import { createApp } from '../../examples/workspace/server/src/app';
import { loadConfig } from '../../examples/workspace/server/src/config';
import type { Database } from '../../examples/workspace/server/src/db/schema';
import { seed } from '../../examples/workspace/server/src/db/seed/demo';
import { createLogger } from '../../examples/workspace/server/src/lib/logger';
import { ContactRepository } from '../../examples/workspace/server/src/modules/contacts/repository';
import { InboxRepository } from '../../examples/workspace/server/src/modules/inbox/repository';
import {
  ReportsRepository,
  type DayRange,
} from '../../examples/workspace/server/src/modules/reports/repository';
import { createServices } from '../../examples/workspace/server/src/server';
import {
  findPostgresBin,
  startPostgres,
} from '../../examples/workspace/server/test/postgres-cluster';
import { percentile, report } from './harness';
import { SCALE_DEFAULTS, seedScale } from './scale/seed-scale';

const REQUESTS = Number(process.env.REQUESTS ?? 100);
const sizes = {
  ...SCALE_DEFAULTS,
  conversations: Number(process.env.CONVERSATIONS ?? SCALE_DEFAULTS.conversations),
  calls: Number(process.env.CALLS ?? SCALE_DEFAULTS.calls),
};
const SEARCHES = [
  'refund',
  'customer 12',
  'nobody by that name',
  'shipping',
  '2010000',
  'delivery',
];
const CONTACT_SEARCHES = ['customer 1', '@example.com', 'nobody', '20100001', 'customer 3999'];

interface Case {
  readonly name: string;
  readonly report: boolean;
  readonly path: (i: number) => string;
  readonly bare: (i: number) => Promise<unknown>;
}

async function run(kind: 'pglite' | 'postgres', url?: string) {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const built = await createServices(config, createLogger('silent'));
  const db: Kysely<Database> = built.services.db;
  try {
    const ids = await seed(db);
    const acme = ids.get('ws:acme')!;
    const t0 = performance.now();
    await seedScale(db, acme, sizes);
    console.log(
      `${kind}: ${sizes.conversations.toLocaleString('en-US')} conversations and ${sizes.calls.toLocaleString('en-US')} calls across ${sizes.workspaces} workspaces seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const app = createApp(built.services);
    const login = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'jane@acme.test', password: 'demo1234' }),
    });
    const { token } = (await login.json()) as { token: string };
    const get = async (path: string) => {
      const res = await app.request(`/api/ws/acme/${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };

    const inbox = new InboxRepository(db);
    const contacts = new ContactRepository(db);
    const reports = new ReportsRepository(db);
    const to = toDay(dayNumber(new Date().toISOString().slice(0, 10)));
    const range: DayRange = { from: toDay(dayNumber(to) - 89), to, tz: 'Europe/Madrid' };
    const rangeQs = `from=${range.from}&to=${range.to}`;
    const scope = { workspaceId: acme, folder: { kind: 'all' as const }, status: 'open' };
    const conversationGroups = ['channel', 'team', 'agent'] as const;
    const callGroups = ['agent', 'queue'] as const;
    const cases: Case[] = [
      {
        name: 'inbox list (all, open, first page)',
        report: false,
        path: () => 'inbox/conversations?folder=all&status=open&limit=25',
        bare: () => inbox.listConversations(scope, undefined, 26),
      },
      {
        name: 'conversation search',
        report: false,
        path: (i) =>
          `inbox/conversations?folder=all&status=any&limit=25&q=${encodeURIComponent(SEARCHES[i % SEARCHES.length]!)}`,
        bare: (i) =>
          inbox.listConversations(
            { ...scope, status: 'any', q: SEARCHES[i % SEARCHES.length]! },
            undefined,
            26,
          ),
      },
      {
        name: 'contact search',
        report: false,
        path: (i) =>
          `contacts?limit=25&q=${encodeURIComponent(CONTACT_SEARCHES[i % CONTACT_SEARCHES.length]!)}`,
        bare: (i) =>
          contacts.list(acme, CONTACT_SEARCHES[i % CONTACT_SEARCHES.length], undefined, 26),
      },
      {
        name: 'conversations report, 90 days',
        report: true,
        path: (i) => `reports/conversations?${rangeQs}&groupBy=${conversationGroups[i % 3]}`,
        bare: (i) =>
          Promise.all([
            reports.conversationTotals(acme, range),
            reports.conversationGroups(acme, range, conversationGroups[i % 3]!),
            reports.conversationDays(acme, range),
          ]),
      },
      {
        name: 'calls report, 90 days',
        report: true,
        path: (i) => `reports/calls?${rangeQs}&groupBy=${callGroups[i % 2]}`,
        bare: (i) =>
          Promise.all([
            reports.callFigures(acme, range, callGroups[i % 2]!),
            reports.callDays(acme, range),
          ]),
      },
      {
        name: 'satisfaction report, 90 days',
        report: true,
        path: () => `reports/csat?${rangeQs}`,
        bare: () => reports.csatDays(acme, range),
      },
    ];

    if (process.env.BENCH_DEBUG) await explain(db, acme, range);
    for (const c of cases) {
      for (let i = 0; i < 5; i++) {
        await get(c.path(i));
        await c.bare(i);
      }
      const route: number[] = [];
      const bare: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const a = performance.now();
        await get(c.path(i));
        route.push(performance.now() - a);
        const b = performance.now();
        await c.bare(i);
        bare.push(performance.now() - b);
      }
      const r95 = percentile(route, 95);
      const b95 = percentile(bare, 95);
      const allowed = 2 * b95 + 5;
      const barMet = r95 <= allowed && (!c.report || r95 <= 300);
      console.log(
        `${kind}: ${c.name}: route p50 ${percentile(route, 50).toFixed(1)} ms, p95 ${r95.toFixed(1)} ms; bare SQL p50 ${percentile(bare, 50).toFixed(1)} ms, p95 ${b95.toFixed(1)} ms (allowed ${allowed.toFixed(1)} ms${c.report ? ', and ≤ 300 ms' : ''})`,
      );
      report({
        name: `${c.name} over ${sizes.conversations.toLocaleString('en-US')} conversations / ${sizes.calls.toLocaleString('en-US')} calls, ${kind}: route vs its bare SQL`,
        unit: 'ms p95',
        ours: r95,
        reference: b95,
        referenceName: 'the same repository queries alone',
        higherIsBetter: false,
        bar: c.report
          ? 'p95 ≤ 2 × bare SQL p95 + 5 ms, and ≤ 300 ms'
          : 'p95 ≤ 2 × bare SQL p95 + 5 ms',
        barMet,
      });
    }
  } finally {
    await built.close();
  }
}

/** BENCH_DEBUG=1: the plans of the inbox list and of the reports' range scans. */
async function explain(db: Kysely<Database>, acme: string, range: DayRange) {
  const { sql } = await import('kysely');
  const plans = [
    sql`EXPLAIN (ANALYZE, BUFFERS) SELECT c.id FROM conversations c JOIN contacts ct ON ct.id = c.contact_id
      WHERE c.workspace_id = ${acme} AND c.status = 'open'
      ORDER BY c.last_message_at DESC, c.id DESC LIMIT 26`,
    sql`EXPLAIN (ANALYZE, BUFFERS) SELECT count(*), max(c.first_response_at - c.first_inbound_at)
      FROM conversations c
      WHERE c.workspace_id = ${acme}
        AND c.created_at >= (${range.from}::date::timestamp AT TIME ZONE ${range.tz})
        AND c.created_at < ((${range.to}::date + 1)::timestamp AT TIME ZONE ${range.tz})`,
    sql`EXPLAIN (ANALYZE, BUFFERS) SELECT count(*) FILTER (WHERE k.answered), avg(k.ended_at - k.connected_at)
      FROM connections k
      WHERE k.workspace_id = ${acme} AND k.communication_type IN ('inbound', 'outbound')
        AND k.created_at >= (${range.from}::date::timestamp AT TIME ZONE ${range.tz})
        AND k.created_at < ((${range.to}::date + 1)::timestamp AT TIME ZONE ${range.tz})`,
  ];
  for (const plan of plans) {
    const { rows } = await plan.execute(db);
    console.log((rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n'));
  }
}

// BENCH_DB=pglite runs on PGlite instead (slower to seed; the figures are PGlite's).
if (process.env.BENCH_DB === 'pglite') await run('pglite');
else if (findPostgresBin()) {
  const cluster = await startPostgres();
  try {
    await run('postgres', cluster.url);
  } finally {
    cluster.stop();
  }
} else console.log('PostgreSQL is not installed: run with BENCH_DB=pglite for the PGlite figures.');
