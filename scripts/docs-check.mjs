// The documentation gate (after `npm run build`):
//   1. every TypeScript sample of docs/guides (and each package README's marked opening example)
//      type-checks against the built packages (strict; TSX as a Vite + React app compiles it), the
//      guides' test samples (`<!-- file: NAME.test.ts -->`) pass under Vitest, and every image a
//      guide shows is in docs/guides/images (scripts/docs-images.mjs);
//   2. the error reference (docs/guides/errors.md) quotes every public message of the messages
//      modules and only real ones (scripts/error-reference.mjs); the defaults page
//      (docs/guides/defaults.md) is generated from the constants modules (scripts/defaults-page.mjs);
//      then `typedoc` builds the site into docs/site with zero warnings (typedoc.json treats a
//      warning as an error). It does not type-check the packages again (`skipErrorChecking` in
//      `packageOptions`: `npm test` runs tsc first), which takes a third off its CPU time (about
//      25 s → 17 s of CPU here);
//   3. linkinator finds no broken link in docs/site (links to other sites are not followed: the
//      machines that run this are offline);
//   4. the getting-started page runs against the emulator in headless Chromium and places a call.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultsPage, DEFAULTS_PAGE } from './defaults-page.mjs';
import { checkImages } from './docs-images.mjs';
import { errorReferenceProblems } from './error-reference.mjs';
import { guideSamples, readmeSamples, runGettingStarted } from './guide-samples.mjs';
import { root } from './packages.mjs';
import { run } from './run.mjs';

const bin = (name) => join(root, 'node_modules/.bin', name);
const step = async (name, fn) => {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  const ok = await fn();
  console.log(`${ok ? '✓' : '✗'} ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  if (!ok) process.exit(1);
};

await step('guide samples type-check', async () => {
  // Inside the repository (gitignored), so the samples resolve the workspace's built packages and
  // its test tools as an application's node_modules would.
  const dir = join(root, '.tmp/guide-samples');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const samples = [...guideSamples(), ...readmeSamples()].filter(
    (s) => s.lang === 'ts' || s.lang === 'tsx',
  );
  const names = samples.map((s) => s.name);
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  if (twice.length) {
    console.error(`  two samples are named ${twice.join(', ')}`);
    return false;
  }
  for (const sample of samples) writeFileSync(join(dir, sample.name), sample.code);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        isolatedModules: true,
        verbatimModuleSyntax: true,
        skipLibCheck: true,
        // `vite/client`: stylesheet imports (`import '@x/react-voice/styles.css'`) as in a Vite app.
        types: ['node', 'vite/client'],
      },
      include: ['*.ts', '*.tsx'],
    }),
  );
  console.log(`  ${samples.length} samples: ${samples.map((s) => s.name).join(', ')}`);
  return (await run(bin('tsc'), ['-p', join(dir, 'tsconfig.json')], { cwd: root })) === 0;
});

await step('guide tests run (the *.test.ts samples, Vitest)', async () => {
  // The samples written by the type-check step: a sample test that type-checks but fails when run
  // (an error shape the implementation does not have) fails here.
  const dir = join(root, '.tmp/guide-samples');
  const tests = guideSamples().filter((s) => /\.test\.tsx?$/.test(s.name));
  writeFileSync(
    join(dir, 'vitest.config.mjs'),
    `export default { test: { include: ${JSON.stringify(tests.map((s) => s.name))}, environment: 'node' } };\n`,
  );
  console.log(`  ${tests.length} tests: ${tests.map((s) => s.name).join(', ')}`);
  const code = await run(
    bin('vitest'),
    ['run', '--root', dir, '--config', join(dir, 'vitest.config.mjs'), '--reporter=dot'],
    { cwd: root },
  );
  return code === 0;
});

await step('guide images (from the test runs, each one referenced)', async () => {
  const problems = checkImages();
  for (const problem of problems) console.error(`  ✗ ${problem}`);
  return problems.length === 0;
});

await step('the error reference quotes every public message, and only real ones', async () => {
  const problems = errorReferenceProblems();
  for (const problem of problems) console.error(`  ✗ docs/guides/errors.md ${problem}`);
  return problems.length === 0;
});

await step('TypeDoc site (zero warnings)', async () => {
  rmSync(join(root, 'docs/site'), { recursive: true, force: true });
  // The defaults page is generated from the constants modules (never committed), so it is true.
  writeFileSync(DEFAULTS_PAGE, defaultsPage());
  return (await run(bin('typedoc'), ['--logLevel', 'Warn'], { cwd: root })) === 0;
});

await step('links of docs/site', async () => {
  const code = await run(
    bin('linkinator'),
    [
      'docs/site',
      '--recurse',
      '--skip',
      '^https?://(?!localhost)',
      '--format',
      'text',
      '--verbosity',
      'error',
    ],
    { cwd: root },
  );
  return code === 0;
});

await step('getting-started page places a call against the emulator (Chromium)', async () => {
  await runGettingStarted(root);
  return true;
});
