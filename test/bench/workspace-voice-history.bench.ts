// Call history pages over 1,000,000 calls: `PATCH /ws/{slug}/addons/voice/history`
// through the workspace server's app (auth, validation, query, answer), a search text and a type
// per request, first and later (lastId) pages, on PGlite (in memory) and on PostgreSQL (a
// throw-away cluster, when installed). Rows are seeded with generate_series. The reference, in
// the same run, is the bare query: the repository's page query for the same search, measured
// right after each API request (bar: API p95 ≤ 1.3 × the query's p95 + 3 ms); and, for the indexes,
// the same query without the history indexes (inside a transaction that drops them and rolls
// back).
import { sql, type Kysely } from 'kysely';
import { createApp } from '../../examples/workspace/server/src/app';
import { loadConfig } from '../../examples/workspace/server/src/config';
import type { Database } from '../../examples/workspace/server/src/db/schema';
import { seed } from '../../examples/workspace/server/src/db/seed/demo';
import { createLogger } from '../../examples/workspace/server/src/lib/logger';
import { CallHistoryRepository } from '../../examples/workspace/server/src/modules/voice/history-repository';
import { createServices } from '../../examples/workspace/server/src/server';
import {
  findPostgresBin,
  startPostgres,
} from '../../examples/workspace/server/test/postgres-cluster';
import { percentile, report } from './harness';

const CALLS = Number(process.env.CALLS ?? 1_000_000);
const CONTACTS = Number(process.env.CONTACTS ?? 50_000);
const REQUESTS = Number(process.env.REQUESTS ?? 300);
const REFERENCE_REQUESTS = Number(process.env.REFERENCE_REQUESTS ?? 20);

type SearchType = 'all' | 'missed' | 'inbound' | 'outbound' | 'transferred';
const TYPES: SearchType[] = ['all', 'missed', 'inbound', 'outbound', 'transferred'];
const firstNames =
  'Ada Alan Alice Amir Ana Anna Ben Bruno Carla Chen Chloe Dan Dario Diego Dina Ed Elena Eli Emma Eva Farid Felix Fiona Gabe Gina Hana Hugo Ian Ines Ivan Jack Jana Jin Joe Jon Jose Julia Kai Kate Kim Lara Lea Leo Li Lina Liam Lucy Luis Mara Maria Mark Mei Mia Mike Mila Nadia Nia Nico Nina Noah Nora Olga Omar Otto Paul Pia Raj Rosa Ruth Sam Sara Sean Sofia Tara Tom Uma Vera Vik Wei Will Yara Yuki Zoe Zara Abel Adam Alba Alma Amos Ania Arlo Asha Axel Bea Bela Cai Cara Cleo Cora Dara Dev Ella Elsa Enzo Erik Esme Ezra Finn Flor Gus Hal Hela Ida Ike Isla Ivy Jade Jay Joan Jude Juno Kara Kit Kofi Lars Leon Lev Lila Lou Luca Luz Mae Max Milo Mina Nell Nils Noor Oona Oren Owen Pau Quin Rafa Rhea Rio Ron Rory Rui Ryo Sage Saul Sia Sol Suki Teo Tess Theo Tia Tim Ulla Val Vida Wes Xia Yan Yoel Yusuf Zain Zeno Ziva Aiko Aldo Amy Andre Anya Ari Ayla Bo Cami Cruz Dave Demi Dora Duke Ebba Edie Elif Elio Emil Emre Eric Fay Gil Gwen Hans Hope Ilan Ines Iris Ivo Jana Joel Kaya Kemal Lana Lia Liv Lotte Mala Malu Mika Moss Nala Ned Nika Oda Ola Pim Remy Rina Rolf Rune Ruby Seb Sena Siri Stan Tala Tove Ugo Vito Wren Yves Zola Zeke Aria Beau Caio Dino Edda Fritz Gaia Hedy Igor Jett Kian Lupe Mars Nuno Odin Pola Rea'
    .split(' ')
    .slice(0, 250);
const FIRST = `{${firstNames.join(',')}}`;
const lastNames =
  'Smith Garcia Silva Chen Kim Khan Müller Rossi Dubois Novak Kowalski Jensen Larsen Nagy Popescu Ivanov Horvat Costa Santos Pereira Tanaka Sato Suzuki Wang Li Zhang Liu Singh Patel Ali Hassan Ahmed Yilmaz Kaya Demir Cohen Levi Mizrahi Brown Jones Miller Davis Wilson Taylor Moore Martin Lee Walker Hall Allen Young King Wright Scott Green Baker Adams Nelson Hill Campbell Mitchell Roberts Carter Phillips Evans Turner Torres Parker Collins Edwards Stewart Flores Morris Nguyen Murphy Rivera Cook Rogers Morgan Peterson Cooper Reed Bailey Bell Gomez Kelly Howard Ward Cox Diaz Richardson Wood Watson Brooks Bennett Gray James Reyes Cruz Hughes Price Myers Long Foster Sanders Ross Morales Powell Sullivan Russell Ortiz Jenkins Gutierrez Perry Butler Barnes Fisher Henderson Coleman Simmons Patterson Jordan Reynolds Hamilton Graham Kim Gonzales Alexander Ramos Wallace Griffin West Cole Hayes Chavez Gibson Bryant Ellis Stevens Murray Ford Marshall Owens McDonald Harrison Ruiz Kennedy Wells Alvarez Woods Mendoza Castillo Olson Webb Washington Tucker Freeman Burns Henry Vasquez Snyder Simpson Crawford Jimenez Porter Mason Shaw Gordon Wagner Hunter Romero Hicks Dixon Hunt Palmer Robertson Black Holmes Stone Meyer Boyd Mills Warren Fox Rose Rice Moreno Schmidt Patel Ferguson Nichols Herrera Medina Ryan Fernandez Weaver Daniels Stephens Gardner Payne Kelley Dunn Pierce Arnold Tran Spencer Peters Hawkins Grant Hansen Castro Hoffman Hart Elliott Cunningham Knight Bradley'
    .split(' ')
    .slice(0, 200);
const LAST = `{${lastNames.join(',')}}`;
/**
 * Search texts as agents type them: a full name, a first name, part of a phone number, a common
 * fragment, nothing found, no text.
 */
const texts = (i: number) =>
  [
    ['ana garcia', 'mike chen', 'lucy rossi', 'omar khan', 'sara novak'][i % 5]!,
    ['maria', 'noah', 'wei', 'elena', 'jack'][i % 5]!,
    `${String((i * 104_729) % 10_000).padStart(4, '0')}`,
    'an',
    'nobody by that name',
    '',
  ][i % 6]!;

/** Seeds CALLS calls of CONTACTS contacts in workspace `acme` with set-based SQL. */
async function seedCalls(db: Kysely<Database>, workspaceId: string): Promise<void> {
  // Names from 250 first and 200 last names (50,000 pairs); every fifth contact is a visitor.
  await sql`INSERT INTO contacts (id, workspace_id, name, phone, created_at, updated_at)
    SELECT 'bench-contact-' || g, ${workspaceId},
      CASE WHEN g % 5 = 0 THEN 'visitor-' || (5550000 + g)
        ELSE (${FIRST}::text[])[1 + g % 250] || ' ' || (${LAST}::text[])[1 + (g / 250) % 200] END,
      '+1' || (2010000000 + (g * 7919) % 7990000000)::text, now(), now()
    FROM generate_series(0, ${CONTACTS - 1}::int) g`.execute(db);
  const agents = (
    await db.selectFrom('agents').select('id').where('workspace_id', '=', workspaceId).execute()
  ).map((a) => a.id);
  const agentArray = `{${agents.join(',')}}`;
  const chunk = 250_000;
  for (let start = 0; start < CALLS; start += chunk) {
    const end = Math.min(CALLS, start + chunk) - 1;
    await sql`INSERT INTO connections (id, workspace_id, id_communication, communication_type,
        contact_id, contact_phone_number, agent_id, answered, created_at, connected_at, ended_at,
        search_text, updated_at)
      SELECT 'bench-call-' || g, ${workspaceId}, 'bench-comm-' || g,
        (ARRAY['inbound','inbound','inbound','inbound','inbound','outbound','outbound','outbound','transfer','monitor'])[1 + g % 10],
        c.id, c.phone,
        (${agentArray}::text[])[1 + g % ${agents.length}::int],
        g % 7 <> 0,
        now() - (g || ' seconds')::interval * 30,
        now() - (g || ' seconds')::interval * 30 + interval '5 seconds',
        now() - (g || ' seconds')::interval * 30 + interval '2 minutes',
        lower(c.name || ' ' || c.phone),
        now()
      FROM generate_series(${start}::int, ${end}::int) g
      JOIN contacts c ON c.id = 'bench-contact-' || (g % ${CONTACTS}::int)`.execute(db);
  }
  await sql`ANALYZE connections`.execute(db);
  await sql`ANALYZE contacts`.execute(db);
}

async function run(kind: 'pglite' | 'postgres', url?: string) {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const built = await createServices(config, createLogger('silent'));
  const { db } = built.services;
  try {
    const ids = await seed(db);
    const workspaceId = ids.get('ws:acme')!;
    const seedStart = performance.now();
    await seedCalls(db, workspaceId);
    const rows = Number(
      (
        await db
          .selectFrom('connections')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    console.log(
      `${kind}: ${rows.toLocaleString('en-US')} calls, ${CONTACTS.toLocaleString('en-US')} contacts seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const app = createApp(built.services);
    const login = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'jane@acme.test', password: 'demo1234' }),
    });
    const { token } = (await login.json()) as { token: string };

    // A later page starts after an item of the first page of the same query.
    const page = async (i: number) => {
      const searchType = TYPES[i % TYPES.length]!;
      const searchText = texts(i);
      const call = (lastId?: string) =>
        app.request(`/api/ws/acme/addons/voice/history${lastId ? `?lastId=${lastId}` : ''}`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ searchType, searchText }),
        });
      const t0 = performance.now();
      const res = await call();
      const list = ((await res.json()) as { list: { id: string }[] }).list;
      const first = performance.now() - t0;
      if (res.status !== 200) throw new Error(`history ${res.status}`);
      if (list.length === 0) return [first];
      const t1 = performance.now();
      const next = await call(list.at(-1)!.id);
      await next.arrayBuffer();
      return [first, performance.now() - t1];
    };
    // The same queries (repository level), as the API runs them, with and without the indexes.
    const repoQuery = async (repo: CallHistoryRepository, i: number) => {
      const t0 = performance.now();
      await repo.history(
        { workspaceId, searchType: TYPES[i % TYPES.length]!, searchText: texts(i).toLowerCase() },
        undefined,
        20,
      );
      return performance.now() - t0;
    };
    const repo = new CallHistoryRepository(db);
    for (let i = 0; i < 20; i++) await page(i); // warm-up
    const times: number[] = [];
    const firstPages: number[] = [];
    const withIndexes: number[] = [];
    const slowest: [number, string][] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t = await page(i);
      times.push(...t);
      firstPages.push(t[0]!);
      withIndexes.push(await repoQuery(repo, i));
      slowest.push([Math.max(...t), `${TYPES[i % TYPES.length]} ${JSON.stringify(texts(i))}`]);
    }
    if (process.env.BENCH_DEBUG) console.log(slowest.sort((a, b) => b[0] - a[0]).slice(0, 8));
    const without: number[] = [];
    await db
      .transaction()
      .execute(async (trx) => {
        for (const index of [
          'connections_history_type_idx',
          'connections_history_idx',
          'connections_missed_idx',
          'connections_agent_history_idx',
          'connections_contact_history_idx',
          'contacts_search_idx',
        ])
          await sql`DROP INDEX ${sql.ref(index)}`.execute(trx);
        const bare = new CallHistoryRepository(trx);
        for (let i = 0; i < REFERENCE_REQUESTS; i++) without.push(await repoQuery(bare, i));
        throw new Error('rollback');
      })
      .catch((e: Error) => {
        if (e.message !== 'rollback') throw e;
      });

    const p95 = percentile(times, 95);
    const apiFirst95 = percentile(firstPages, 95);
    const query95 = percentile(withIndexes, 95);
    const allowed = 1.3 * query95 + 3;
    console.log(
      `${kind}: API p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms over ${times.length} pages; query p95 ${percentile(withIndexes, 95).toFixed(1)} ms with the indexes, ${percentile(without, 95).toFixed(1)} ms without`,
    );
    console.log(
      `${kind}: first pages via the API p95 ${apiFirst95.toFixed(1)} ms, the bare query p95 ${query95.toFixed(1)} ms (allowed ${allowed.toFixed(1)} ms)`,
    );
    report({
      name: `history first page (search text + type) over ${rows.toLocaleString('en-US')} calls, ${kind}: API vs its bare query`,
      unit: 'ms p95',
      ours: apiFirst95,
      reference: query95,
      referenceName: 'the repository page query alone',
      higherIsBetter: false,
      bar: 'API p95 ≤ 1.3 × query p95 + 3 ms',
      barMet: apiFirst95 <= allowed,
    });
    report({
      name: `history page query over ${rows.toLocaleString('en-US')} calls, ${kind}: with vs without the history indexes`,
      unit: 'ms p95',
      ours: percentile(withIndexes, 95),
      reference: percentile(without, 95),
      referenceName: 'no history indexes',
      higherIsBetter: false,
    });
  } finally {
    await built.close();
  }
}

// BENCH_DB=pglite or postgres runs one of the two.
const only = process.env.BENCH_DB;
if (only !== 'postgres') await run('pglite');
if (only === 'pglite') {
  // PostgreSQL skipped on request
} else if (findPostgresBin()) {
  const cluster = await startPostgres();
  try {
    await run('postgres', cluster.url);
  } finally {
    cluster.stop();
  }
} else console.log('PostgreSQL is not installed: the PostgreSQL figure is skipped.');
