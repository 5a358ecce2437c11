// Ingest-and-derive benchmark: the shared workload's 10,000 agent::update messages (1–10
// voice contacts of 2–4 connections), in one headless Chromium page, through our host client and
// through amazon-connect-streams 2.18.7 and, in a page of its own, 2.28.2 (the current release,
// installed as amazon-connect-streams-2-28): its EventBus + AgentDataProvider, i.e. what its
// conduit bridge feeds. Both register the same agent and per-contact callbacks; event counts are
// checked against the workload's expectations before timing. Each page runs ROUNDS rounds (ours and
// the reference, twice each); prints the rates and the ratio with its spread (bar: ≥ 5×).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { describeSpread, median, report, spreadOf } from './harness';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const RUNS = 5;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const ours = await build({
  entryPoints: [join(here, 'ingest/ours-entry.ts')],
  bundle: true,
  minify: true,
  format: 'iife',
  globalName: 'Ours',
  platform: 'browser',
  conditions: ['source'],
  write: false,
  logLevel: 'silent',
});
const workloadJs = readFileSync(join(here, 'ingest-workload.cjs'), 'utf8');

const executablePath = findChromium();
if (!executablePath) throw new Error('No Chromium found for the ingest benchmark');
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  for (const [pkg, version] of [
    ['amazon-connect-streams', '2.18.7'],
    ['amazon-connect-streams-2-28', '2.28.2'],
  ] as const) {
    const streamsJs = readFileSync(
      require.resolve(`${pkg}/release/connect-streams-min.js`),
      'utf8',
    );
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html><body><div id="c"></div></body></html>');
    await page.addScriptTag({ content: workloadJs });
    await page.addScriptTag({ content: ours.outputFiles[0]!.text });
    await page.addScriptTag({ content: streamsJs });
    await page.addScriptTag({ content: readFileSync(join(here, 'ingest/page-runner.js'), 'utf8') });
    const oursRates: number[] = [];
    const referenceRates: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const result = await page.evaluate<{
        expected: Record<string, number>;
        ours: number;
        reference: number;
        oursCounts: Record<string, number>;
        refCounts: Record<string, number>;
        n: number;
      }>(`runIngestBench(${RUNS})`);
      if (round === 0) {
        const keys = Object.keys(result.expected).filter((k) => k !== 'agent.clearedNextState');
        const mismatch = keys.filter((k) => (result.oursCounts[k] ?? 0) !== result.expected[k]);
        const refMismatch = keys.filter((k) => (result.refCounts[k] ?? 0) !== result.expected[k]);
        const total = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);
        console.log(
          `${version}: messages ${result.n}; events ours ${total(result.oursCounts)}, reference ${total(result.refCounts)}`,
        );
        if (mismatch.length)
          throw new Error(`our event counts differ from the workload's: ${mismatch.join(', ')}`);
        if (refMismatch.length)
          console.log(`note: ${version} counts differ on ${refMismatch.join(', ')}`);
      }
      oursRates.push(result.ours);
      referenceRates.push(result.reference);
      ratios.push(result.ours / result.reference);
    }
    await page.close();
    const spread = spreadOf(ratios);
    console.log(
      `ours ${Math.round(median(oursRates))} msg/s, amazon-connect-streams ${version} ${Math.round(median(referenceRates))} msg/s, ${describeSpread(spread)}`,
    );
    report({
      name: `ingest 10,000 agent::update (1–10 contacts) and derive events, same Chromium page, vs ${version}`,
      unit: 'msg/s',
      ours: median(oursRates),
      reference: median(referenceRates),
      referenceName: `amazon-connect-streams ${version}`,
      higherIsBetter: true,
      bar: '≥ 5× reference',
      barMet: spread.median >= 5,
      ratio: spread,
    });
  }
} finally {
  await browser.close();
}
