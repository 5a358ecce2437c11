// Package hygiene for every built package: publint (package.json and files) and
// @arethetypeswrong/cli (types resolve for ESM, CJS and bundlers).
import { join } from 'node:path';
import { listPackages, root } from './packages.mjs';
import { run } from './run.mjs';

let failed = 0;
for (const p of listPackages()) {
  console.log(`\n▶ ${p.name}`);
  const lint = await run(join(root, 'node_modules/.bin/publint'), ['--strict', p.dir]);
  // Asset exports (`./styles.css`) have no types to check.
  const assets = Object.keys(p.pkg.exports ?? {}).filter((sub) => sub.endsWith('.css'));
  const types = await run(join(root, 'node_modules/.bin/attw'), [
    '--pack',
    p.dir,
    '--profile',
    'node16',
    '--format',
    'table-flipped',
    ...(assets.length ? ['--exclude-entrypoints', ...assets] : []),
  ]);
  if (lint !== 0 || types !== 0) failed++;
}
if (failed) {
  console.error(`package checks failed for ${failed} package(s)`);
  process.exit(1);
}
