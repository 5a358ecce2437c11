// Contact import of a 10,000-row CSV with 20 bad rows through the workspace API
// (POST /api/ws/acme/settings/imports on the in-process app, embedded PGlite): streamed parsing,
// validation, duplicate lookups by phone and email, batch writes in one transaction, the history
// row. Reference, in the same run and database: the same rows parsed whole (csv-parse/sync) and
// written with plain 500-row INSERTs in one transaction, without validation or duplicate merging
// (the floor an import cannot beat). Prints rows per second of each (median of 3 runs).
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { createApp } from '../../examples/workspace/server/src/app';
import { loadConfig } from '../../examples/workspace/server/src/config';
import { seed } from '../../examples/workspace/server/src/db/seed/demo';
import { createLogger } from '../../examples/workspace/server/src/lib/logger';
import { createServices } from '../../examples/workspace/server/src/server';
import { report } from './harness';

const ROWS = 10_000;
const BAD_ROWS = 20;
const RUNS = 3;

/** A file of ROWS data rows (BAD_ROWS of them with an invalid phone), phones unique to `run`. */
function csvFile(run: number): string {
  const lines = ['name,phone,email,company'];
  for (let i = 0; i < ROWS; i++)
    lines.push(
      `Person ${run}-${i},+1777${run}${String(i).padStart(6, '0')},p${run}.${i}@bench.test,Company ${i % 97}`,
    );
  for (let k = 0; k < BAD_ROWS; k++)
    lines[1 + k * 500] = `Bad ${k},555-01${k},bad${run}.${k}@bench.test,`;
  return lines.join('\n');
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent' });
const built = await createServices(config, createLogger('silent'));
const ids = await seed(built.services.db);
const app = createApp(built.services);
const login = await app.request('/api/auth/login', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'jane@acme.test', password: 'demo1234' }),
});
const { token } = (await login.json()) as { token: string };

const ours: number[] = [];
for (let run = 1; run <= RUNS; run++) {
  const body = csvFile(run);
  const started = performance.now();
  const res = await app.request('/api/ws/acme/settings/imports?fileName=bench.csv', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body,
  });
  const lines = (await res.text()).trim().split('\n');
  const elapsed = performance.now() - started;
  const done = JSON.parse(lines.at(-1)!) as {
    type: string;
    import?: { rowsCreated: number; rowsFailed: number };
  };
  if (done.type !== 'done' || done.import?.rowsCreated !== ROWS - BAD_ROWS)
    throw new Error(`unexpected import result: ${lines.at(-1)}`);
  ours.push((ROWS * 1000) / elapsed);
  console.log(`run ${run}: ${Math.round(elapsed)} ms, ${lines.length - 1} progress lines`);
}

const workspaceId = ids.get('ws:acme')!;
const reference: number[] = [];
for (let run = 4; run < 4 + RUNS; run++) {
  const body = csvFile(run);
  const started = performance.now();
  const records = parse<Record<string, string>>(body, { columns: true, skip_empty_lines: true });
  await built.services.db.transaction().execute(async (trx) => {
    for (let i = 0; i < records.length; i += 500)
      await trx
        .insertInto('contacts')
        .values(
          records.slice(i, i + 500).map((r) => ({
            id: randomUUID(),
            workspace_id: workspaceId,
            name: r.name ?? '',
            // Written as they come (the bad rows too), tagged with the run so runs never collide.
            phone: `${r.phone}/${run}`,
            email: r.email ?? null,
            company: r.company ?? null,
            avatar_url: null,
            updated_at: new Date(),
          })),
        )
        .execute();
  });
  reference.push((ROWS * 1000) / (performance.now() - started));
}

report({
  name: `contact import: ${ROWS.toLocaleString('en-US')}-row CSV with ${BAD_ROWS} bad rows (PGlite, through the API)`,
  unit: 'rows/s',
  ours: median(ours),
  reference: median(reference),
  referenceName: 'csv-parse/sync + plain 500-row INSERTs (no validation, no duplicate merge)',
  higherIsBetter: true,
});
await built.close();
