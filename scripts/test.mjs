// `npm test`: every quality gate, in order; stops at the first that fails.
// API types → typecheck → format → comment references, code shape, copied blocks → build → lint (type-aware rules read built d.ts of sibling packages) → unit + browser tests → API reports → package checks →
// bundler hygiene → pack test → docs → size budgets → route size → SSR import check → end-to-end tests. Ends with one "N passed, N failed" line.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_MISSING_MESSAGE, findChromium } from './chromium.mjs';
import { root } from './packages.mjs';
import { run } from './run.mjs';

const bin = (name) => join(root, 'node_modules/.bin', name);
const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

if (!findChromium()) {
  console.error(`\n${CHROMIUM_MISSING_MESSAGE}\n`);
  process.exit(1);
}

const steps = [
  // the app's API types come from the server's routes; typecheck and lint read them
  [
    'API types (from the workspace server routes)',
    process.execPath,
    ['--import', 'tsx', '--conditions=source', 'examples/workspace/server/scripts/api-types.ts'],
  ],
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['format', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
  // code shape: comments name their rule, units stay small, nothing is copied
  ['comment references', process.execPath, ['scripts/comment-refs.mjs']],
  ['code shape (files ≤ 450 lines, functions ≤ 150)', process.execPath, ['scripts/code-shape.mjs']],
  ['copied blocks (jscpd)', process.execPath, ['scripts/copy-check.mjs']],
  ['build', process.execPath, ['scripts/build.mjs']],
  [
    'lint',
    bin('eslint'),
    // cached by content (node_modules/.cache/eslint/): a second run lints only what changed
    [
      '.',
      '--max-warnings',
      '0',
      '--cache',
      '--cache-strategy',
      'content',
      '--cache-location',
      'node_modules/.cache/eslint/',
    ],
    // type-aware rules over the whole repository outgrew Node's default heap (about 4 GB)
    { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=8192`.trim() },
  ],
  [
    'unit and browser tests',
    bin('vitest'),
    [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(results, 'vitest.json')}`,
    ],
  ],
  ['API reports (api-extractor)', process.execPath, ['scripts/api-report.mjs']],
  [
    'package checks (tarball contents and sizes, publint, attw)',
    process.execPath,
    ['scripts/package-check.mjs'],
  ],
  [
    'bundler hygiene (esbuild and Vite on every entry)',
    process.execPath,
    ['scripts/bundle-check.mjs'],
  ],
  [
    'pack test (tarballs installed in a fresh project)',
    process.execPath,
    ['scripts/pack-test.mjs'],
  ],
  [
    'docs (guide samples, images, TypeDoc, links, getting started)',
    process.execPath,
    ['scripts/docs-check.mjs'],
  ],
  ['size budgets', process.execPath, ['scripts/size.mjs']],
  [
    'route size (workspace inbox route ≤ 195 KB min+gz)',
    process.execPath,
    ['examples/workspace/scripts/route-size.mjs'],
  ],
  ['SSR import check', process.execPath, ['scripts/ssr-check.mjs']],
  ['end-to-end tests (Playwright)', bin('playwright'), ['test']],
];

const started = Date.now();
for (const [name, cmd, args, env = {}] of steps) {
  console.log(`\n━━ ${name} ━━`);
  const t0 = Date.now();
  const code = await run(cmd, args, {
    cwd: root,
    env: { ...process.env, CI: process.env.CI ?? '1', ...env },
  });
  console.log(
    `── ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (code !== 0) {
    summary();
    process.exit(code);
  }
}
console.log(`\nAll gates passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
summary();

function summary() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const vitest = join(results, 'vitest.json');
  if (existsSync(vitest)) {
    const r = JSON.parse(readFileSync(vitest, 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  }
  const e2e = join(results, 'e2e.json');
  if (existsSync(e2e)) {
    const s = JSON.parse(readFileSync(e2e, 'utf8')).stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
    skipped += s.skipped ?? 0;
  }
  console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}
