// `npm run bench:check`: compares the ratios of the last `npm run bench` (.tmp/bench/results.json)
// with the committed baseline (test/bench/baseline.json). A ratio is ours ÷ the reference measured
// in the same run, never an absolute figure: the machine's speed cancels out. It fails when a ratio
// is worse than its baseline by more than the tolerance (the entry's own, else the file's default):
// for a throughput (higher is better) when ratio < baseline × (1 − tolerance), for a time or a size
// when ratio > baseline × (1 + tolerance). A baseline ratio with no figure in the results fails too
// (run the bench that reports it). `--update` writes the baseline from the results instead (every
// figure that has a reference), keeping the tolerances already stated.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from './packages.mjs';

const RESULTS_FILE = join(root, '.tmp/bench/results.json');
const BASELINE_FILE = join(root, 'test/bench/baseline.json');

if (!existsSync(RESULTS_FILE)) {
  console.error(`✗ no ${relative(root, RESULTS_FILE)}: run \`npm run bench\` first`);
  process.exit(1);
}
const { results } = JSON.parse(readFileSync(RESULTS_FILE, 'utf8'));
const baseline = JSON.parse(readFileSync(BASELINE_FILE, 'utf8'));
const key = (r) => `${r.file} › ${r.name} [${r.unit}]`;
const ratioOf = (r) => r.ratio?.median ?? r.ours / r.reference;

if (process.argv.includes('--update')) {
  const old = new Map(baseline.ratios.map((b) => [key(b), b]));
  baseline.ratios = results
    .filter((r) => r.reference !== undefined && Number.isFinite(ratioOf(r)))
    .map((r) => {
      const before = old.get(key(r));
      return {
        file: r.file,
        name: r.name,
        unit: r.unit,
        higherIsBetter: r.higherIsBetter,
        ratio: Number(ratioOf(r).toPrecision(4)),
        ...(r.ratio ? { spread: Number(r.ratio.relativeSpread.toPrecision(3)) } : {}),
        ...(before?.tolerance !== undefined ? { tolerance: before.tolerance } : {}),
      };
    });
  writeFileSync(BASELINE_FILE, `${JSON.stringify(baseline, null, 2)}\n`);
  console.log(`${baseline.ratios.length} ratios written to ${relative(root, BASELINE_FILE)}`);
  process.exit(0);
}

const byKey = new Map(results.map((r) => [key(r), r]));
let failed = 0;
for (const b of baseline.ratios) {
  const tolerance = b.tolerance ?? baseline.tolerance;
  const r = byKey.get(key(b));
  if (!r || r.reference === undefined) {
    failed++;
    console.log(`✗ ${key(b)}: not in the results (run its bench)`);
    continue;
  }
  const ratio = ratioOf(r);
  const limit = b.higherIsBetter ? b.ratio * (1 - tolerance) : b.ratio * (1 + tolerance);
  const ok = b.higherIsBetter ? ratio >= limit : ratio <= limit;
  if (!ok) failed++;
  const spread = r.ratio
    ? ` (${r.ratio.min.toFixed(3)}–${r.ratio.max.toFixed(3)} over ${r.ratio.rounds} rounds)`
    : '';
  console.log(
    `${ok ? '✓' : '✗'} ${key(b)}: ratio ${ratio.toFixed(3)}${spread}, baseline ${b.ratio}, ` +
      `${b.higherIsBetter ? 'lowest allowed' : 'highest allowed'} ${limit.toFixed(3)} (tolerance ${Math.round(tolerance * 100)} %)`,
  );
}
console.log(
  failed
    ? `\n✗ ${failed} of ${baseline.ratios.length} ratios regressed or missing`
    : `\n✓ ${baseline.ratios.length} ratios within tolerance`,
);
if (failed) process.exit(1);
