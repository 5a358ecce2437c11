// `npm run bench`: runs every test/bench/**/*.bench.ts (each in its own process, with tsx) and
// prints, per figure, ours, the reference measured in the same run, the ratio and its spread.
// Every figure is written to .tmp/bench/results.json (ignored by git; with a filter, e.g.
// `npm run bench -- websocket`, the figures of the other files already there are kept), which
// `npm run bench:check` compares with the committed ratios in test/bench/baseline.json.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { root } from './packages.mjs';

const RESULTS_FILE = join(root, '.tmp/bench/results.json');

function findBenches(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return findBenches(path);
    return name.endsWith('.bench.ts') ? [path] : [];
  });
}

const filter = process.argv[2];
const files = findBenches(join(root, 'test/bench')).filter((f) => !filter || f.includes(filter));
const results = [];
let failed = 0;

for (const file of files) {
  const rel = relative(root, file);
  console.log(`\n▶ ${rel}`);
  const code = await new Promise((resolve) => {
    const child = spawn(join(root, 'node_modules/.bin/tsx'), ['--conditions=source', file], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      let nl;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line.startsWith('BENCH_RESULT '))
          results.push({ file: rel, ...JSON.parse(line.slice(13)) });
        else console.log(`  ${line}`);
      }
    });
    child.on('exit', (c) => resolve(c ?? 1));
  });
  if (code !== 0) {
    failed++;
    console.error(`  ✗ ${rel} exited with ${code}`);
  }
}

const ran = new Set(files.map((f) => relative(root, f)));
const previous = existsSync(RESULTS_FILE)
  ? JSON.parse(readFileSync(RESULTS_FILE, 'utf8')).results.filter((r) => !ran.has(r.file))
  : [];
mkdirSync(dirname(RESULTS_FILE), { recursive: true });
writeFileSync(
  RESULTS_FILE,
  `${JSON.stringify({ writtenAt: new Date().toISOString(), results: [...previous, ...results] }, null, 2)}\n`,
);

const fmt = (n) =>
  n === undefined ? '—' : Math.abs(n) >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(2);
console.log(
  '\nbenchmark | unit | ours | reference | ratio (ours vs reference) | ours ÷ reference (spread) | bar',
);
console.log('--- | --- | --- | --- | --- | --- | ---');
for (const r of results) {
  // A ratio needs two figures other than zero (e.g. no packet lost on either side has none).
  const ratio = r.reference === undefined || !r.reference || !r.ours ? '—' : describeRatio(r);
  const bar = r.bar
    ? `${r.bar} ${r.barMet === undefined ? '' : r.barMet ? '✓' : '✗ not met'}`
    : '—';
  console.log(
    `${r.name} | ${r.unit} | ${fmt(r.ours)} | ${r.reference === undefined ? '—' : `${fmt(r.reference)} (${r.referenceName ?? 'reference'})`} | ${ratio} | ${spread(r)} | ${bar}`,
  );
}
console.log(`\nfigures written to ${relative(root, RESULTS_FILE)}`);
if (failed) process.exit(1);

/** "1.23 (1.10–1.31, 7 rounds)", or the single ratio. */
function spread(r) {
  if (r.ratio)
    return `${r.ratio.median.toFixed(3)} (${r.ratio.min.toFixed(3)}–${r.ratio.max.toFixed(3)}, ${r.ratio.rounds} rounds)`;
  return r.reference === undefined || !r.reference ? '—' : (r.ours / r.reference).toFixed(3);
}

/** "2.10× faster" / "1.05× slower" (throughput), "3.00× better" / "1.20× worse" (latency, size). */
function describeRatio(r) {
  const advantage = r.higherIsBetter ? r.ours / r.reference : r.reference / r.ours;
  const [up, down] = r.higherIsBetter ? ['faster', 'slower'] : ['better', 'worse'];
  return advantage >= 1
    ? `${advantage.toFixed(2)}× ${up}`
    : `${(1 / advantage).toFixed(2)}× ${down}`;
}
