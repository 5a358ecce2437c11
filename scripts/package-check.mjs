// Package hygiene, on the tarballs `npm pack` makes (what a user installs): their contents (README
// and LICENSE present; no tests, fixtures, source maps or sources) and unpacked sizes, publint
// (package.json and files) and @arethetypeswrong/cli (types resolve for ESM, CJS and bundlers).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatBytes, packAll, SIZE_LIMITS, tarballProblems } from './pack.mjs';
import { root } from './packages.mjs';
import { run } from './run.mjs';

const destination = mkdtempSync(join(tmpdir(), 'x-pack-check-'));
let failed = 0;
try {
  for (const packed of packAll(destination)) {
    console.log(
      `\n▶ ${packed.name}: ${packed.files.length} files, ${formatBytes(packed.size)} packed, ` +
        `${formatBytes(packed.unpackedSize)} unpacked`,
    );
    for (const file of packed.files) {
      console.log(`    ${formatBytes(file.size).padStart(9)}  ${file.path}`);
    }
    const problems = tarballProblems(packed);
    const limit = SIZE_LIMITS[packed.name];
    if (limit && packed.unpackedSize > limit) {
      problems.push(
        `unpacked size ${formatBytes(packed.unpackedSize)} is over ${formatBytes(limit)}`,
      );
    }
    for (const problem of problems) console.log(`  ✗ ${problem}`);
    const lint = await run(join(root, 'node_modules/.bin/publint'), [
      'run',
      '--strict',
      packed.tarball,
    ]);
    // Asset exports (`./styles.css`) have no types to check.
    const assets = Object.keys(packed.pkg.exports ?? {}).filter((sub) => sub.endsWith('.css'));
    const attwArgs = [
      packed.tarball,
      '--profile',
      'node16',
      ...(assets.length ? ['--exclude-entrypoints', ...assets] : []),
    ];
    await run(join(root, 'node_modules/.bin/attw'), [...attwArgs, '--format', 'table-flipped']);
    // The verdict: every problem outside `node10` (which the node16 profile ignores; attw's exit
    // code still counts its internal resolution errors, e.g. `@x/connect-streams/protocol` imported
    // by a declaration, which node10 cannot resolve since it does not read `exports`).
    // (to a file: attw exits before a pipe has taken more than 64 KB of its JSON)
    const jsonFile = join(destination, `${packed.short}.attw.json`);
    spawnSync(join(root, 'node_modules/.bin/attw'), [...attwArgs, '--format', 'json'], {
      stdio: ['ignore', openSync(jsonFile, 'w'), 'inherit'],
    });
    const report = JSON.parse(readFileSync(jsonFile, 'utf8').trim() || '{}');
    const typeProblems = (report.analysis?.problems ?? []).filter(
      (problem) => (problem.resolutionKind ?? problem.resolutionOption) !== 'node10',
    );
    for (const problem of typeProblems) {
      console.log(
        `  ✗ attw: ${problem.kind} ${problem.entrypoint ?? problem.moduleSpecifier ?? ''}`,
      );
    }
    if (problems.length || lint !== 0 || typeProblems.length) failed++;
  }
} finally {
  rmSync(destination, { recursive: true, force: true });
}
if (failed) {
  console.error(`package checks failed for ${failed} package(s)`);
  process.exit(1);
}
