// The packages as a third-party developer gets them (after `npm run build`): packs every package,
// installs the tarballs into a fresh project outside the workspace (their dependencies come from
// the registry) and checks, there:
//   - ESM `import` and CJS `require` of every entry point in Node, and its asset exports
//     (`@x/react-voice/styles.css`) resolvable both ways;
//   - the types of every entry under moduleResolution `bundler`, `node16` and `nodenext` (ESM and
//     CJS files; `skipLibCheck` off, `strict` on),
//     that a `Ccp` from `/testing` is the `Ccp` of the main entry (one declaration), and a use of
//     the React components (`VoiceProvider`, `CallPanel` with an `Offset`, a translation);
//   - `npx connect-emulator --json` starts;
//   - the getting-started page places a call against that emulator in headless Chromium;
//   - the React quickstart (examples/react-quickstart), built with Vite from the installed
//     packages, signs the agent in and takes a call in headless Chromium.
// Then, in a temporary copy of the release files, `changeset version` turns the pending changesets
// into each package's CHANGELOG.md (which its tarball ships) and `npm publish --dry-run` of every
// package succeeds. The working tree is never changed. Prints tarball contents and sizes.
import { execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGettingStarted, runReactQuickstart } from './guide-samples.mjs';
import { formatBytes, packAll, SIZE_LIMITS, tarballProblems } from './pack.mjs';
import { entriesOf, listPackages, root } from './packages.mjs';

const work = mkdtempSync(join(tmpdir(), 'x-pack-test-'));
const project = join(work, 'app');
const keep = process.argv.includes('--keep');
let failures = 0;
const check = async (name, fn) => {
  const t0 = Date.now();
  try {
    await fn();
    console.log(`✓ ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } catch (error) {
    failures++;
    console.log(
      `✗ ${name}\n  ${String(error?.stack ?? error)
        .split('\n')
        .slice(0, 12)
        .join('\n  ')}`,
    );
  }
};
const sh = (cmd, args, cwd = project) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

try {
  const tarballs = join(work, 'tarballs');
  mkdirSync(tarballs);
  const packed = packAll(tarballs);
  for (const p of packed) {
    console.log(
      `\n${p.name}: ${formatBytes(p.size)} packed, ${formatBytes(p.unpackedSize)} unpacked`,
    );
    for (const f of p.files) console.log(`  ${formatBytes(f.size).padStart(9)}  ${f.path}`);
  }
  console.log('');
  await check(
    'tarball contents (README and LICENSE; no tests, fixtures, maps or sources) and sizes',
    () => {
      const problems = packed.flatMap((p) => tarballProblems(p).map((x) => `${p.name}: ${x}`));
      for (const p of packed) {
        const limit = SIZE_LIMITS[p.name];
        if (limit && p.unpackedSize > limit)
          problems.push(`${p.name}: ${formatBytes(p.unpackedSize)} unpacked`);
      }
      if (problems.length) throw new Error(problems.join('\n'));
    },
  );

  // A fresh project, outside the workspace: the tarballs, React for @x/react-voice's peers, and the
  // type packages an application that uses them has (Node's for the emulator, React's).
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'pack-test-app', private: true, type: 'module' }, null, 2),
  );
  const peers = ['react@^19.3.1', 'react-dom@^19.3.1', '@types/react@^19.3.0', '@types/node@^22'];
  await check('npm install of the tarballs into a fresh project', () => {
    sh('npm', [
      'install',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      ...packed.map((p) => p.tarball),
      ...peers,
    ]);
  });

  const entries = listPackages()
    .filter((p) => !p.pkg.private)
    .flatMap((p) => entriesOf(p.pkg).map((e) => e.importPath));
  await check(`ESM import of every entry in Node (${entries.length} entries)`, () => {
    const code = entries.map((e) => `await import(${JSON.stringify(e)});`).join('\n');
    sh(process.execPath, ['--input-type=module', '-e', code]);
  });
  await check('CJS require of every entry in Node', () => {
    const code = entries.map((e) => `require(${JSON.stringify(e)});`).join('\n');
    sh(process.execPath, ['--input-type=commonjs', '-e', code]);
  });

  // Asset exports (`@x/react-voice/styles.css`): resolvable by `require` and `import`, non-empty.
  const assets = listPackages()
    .filter((p) => !p.pkg.private)
    .flatMap((p) =>
      Object.keys(p.pkg.exports ?? {})
        .filter((sub) => sub.endsWith('.css'))
        .map((sub) => `${p.name}/${sub.slice(2)}`),
    );
  await check(`asset exports resolve in Node (${assets.join(', ')})`, () => {
    const code = assets
      .map(
        (a) =>
          `for (const file of [require.resolve(${JSON.stringify(a)}), url.fileURLToPath(import.meta.resolve(${JSON.stringify(a)}))]) {` +
          ` if (fs.statSync(file).size === 0) throw new Error(file + ' is empty'); }`,
      )
      .join('\n');
    sh(process.execPath, [
      '--input-type=module',
      '-e',
      `import fs from 'node:fs'; import url from 'node:url'; import { createRequire } from 'node:module';\n` +
        `const require = createRequire(process.cwd() + '/');\n${code}`,
    ]);
  });

  const typeImports = entries.map((e, i) => `import * as entry${i} from ${JSON.stringify(e)};`);
  const typeUse = [
    `export const entries = [${entries.map((_, i) => `entry${i}`).join(', ')}];`,
    `import { initCCP, type Ccp } from '@x/connect-streams';`,
    `import { TestPanel } from '@x/connect-streams/testing';`,
    `const ccp: Ccp = new TestPanel().connect();`,
    `export const both: [Ccp, typeof initCCP] = [ccp, initCCP];`,
    // The React components' props, with a type one of them takes from another module (Offset).
    `import { createElement } from 'react';`,
    `import { CallPanel, VoiceProvider, createVoiceApiClient, type Offset } from '@x/react-voice';`,
    `import { de_DE } from '@x/react-voice/locales';`,
    `const offset: Offset = { x: -216, y: 5 };`,
    `const api = createVoiceApiClient({ baseUrl: '/api', slug: 'acme', getToken: () => null });`,
    `export const tree = createElement(VoiceProvider, { api, locale: 'de_DE', messages: de_DE }, createElement(CallPanel, { initialOffset: offset }));`,
  ];
  const tsc = join(root, 'node_modules/.bin/tsc');
  const common = {
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    types: ['node'],
  };
  for (const [name, options, files] of [
    [
      'bundler',
      { module: 'ESNext', moduleResolution: 'Bundler' },
      { 'bundler.ts': [...typeImports, ...typeUse] },
    ],
    [
      'node16 (ESM and CJS files)',
      { module: 'Node16', moduleResolution: 'Node16' },
      { 'esm.mts': [...typeImports, ...typeUse], 'cjs.cts': [...typeImports, ...typeUse] },
    ],
    [
      'nodenext (ESM and CJS files)',
      { module: 'NodeNext', moduleResolution: 'NodeNext' },
      { 'esm.mts': [...typeImports, ...typeUse], 'cjs.cts': [...typeImports, ...typeUse] },
    ],
  ]) {
    await check(`types of every entry under moduleResolution ${name}`, () => {
      const dir = join(project, `types-${name.split(' ')[0]}`);
      mkdirSync(dir);
      for (const [file, lines] of Object.entries(files))
        writeFileSync(join(dir, file), `${lines.join('\n')}\n`);
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { ...common, ...options }, include: Object.keys(files) }),
      );
      try {
        sh(tsc, ['-p', dir]);
      } catch (error) {
        throw new Error(`${error.stdout}${error.stderr}`, { cause: error });
      }
    });
  }

  await check('npx connect-emulator --json starts', async () => {
    const child = spawn('npx', ['--no-install', 'connect-emulator', '--json', '--port', '0'], {
      cwd: project,
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    try {
      const info = await new Promise((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`nothing printed: ${out}`)), 60_000);
        child.on('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
        child.stdout.on('data', (chunk) => {
          out += chunk;
          const line = out.split('\n').find((l) => l.trim().startsWith('{'));
          if (line) {
            clearTimeout(timer);
            resolve(JSON.parse(line));
          }
        });
      });
      const login = await fetch(info.loginUrl);
      if (!login.ok) throw new Error(`GET ${info.loginUrl} answered ${login.status}`);
      console.log(`  ${JSON.stringify(info)}`);
    } finally {
      child.removeAllListeners('exit');
      process.kill(-child.pid, 'SIGTERM');
    }
  });

  await check('the getting-started page places a call (installed packages, Chromium)', () =>
    runGettingStarted(project, (line) => console.log(line)),
  );

  await check(
    'the React quickstart, built from the installed packages, takes a call (Chromium)',
    () => runReactQuickstart(project, (line) => console.log(line)),
  );

  // Release dry run, in a copy of what a release reads: the manifests, .changeset, built files.
  const release = join(work, 'release');
  await check('changeset version, then npm publish --dry-run of every package', () => {
    for (const file of [
      'package.json',
      'package-lock.json',
      '.changeset',
      'LICENSE',
      'README.md',
    ]) {
      cpSync(join(root, file), join(release, file), { recursive: true });
    }
    cpSync(join(root, 'scripts/pack-manifest.mjs'), join(release, 'scripts/pack-manifest.mjs'));
    for (const dir of ['packages', 'examples']) {
      for (const name of readdirSync(join(root, dir))) {
        const from = join(root, dir, name);
        if (!existsSync(join(from, 'package.json'))) continue;
        cpSync(from, join(release, dir, name), {
          recursive: true,
          filter: (src) => !/\/(node_modules|\.data|temp|test-results)(\/|$)/.test(src),
        });
      }
    }
    symlinkNodeModules(release);
    const changeset = join(root, 'node_modules/@changesets/cli/bin.js');
    sh(process.execPath, [changeset, 'version'], release);
    for (const p of listPackages().filter((x) => !x.pkg.private)) {
      const out = sh(
        'npm',
        ['publish', '--dry-run', '--loglevel=warn'],
        join(release, 'packages', p.short),
      );
      const version = JSON.parse(
        sh(
          process.execPath,
          ['-p', 'JSON.stringify(require("./package.json").version)'],
          join(release, 'packages', p.short),
        ),
      );
      // The pending changesets became the package's changelog, which the tarball ships.
      const changelog = readFileSync(join(release, 'packages', p.short, 'CHANGELOG.md'), 'utf8');
      const entries = changelog.split(`## ${version}`)[1]?.match(/^- /gm)?.length ?? 0;
      if (!entries) throw new Error(`${p.name}: CHANGELOG.md has no entry under ## ${version}`);
      const [packed] = JSON.parse(
        sh(
          'npm',
          ['pack', '--dry-run', '--json', '--loglevel=error'],
          join(release, 'packages', p.short),
        ),
      );
      if (!packed.files.some((f) => f.path === 'CHANGELOG.md'))
        throw new Error(`${p.name}: the tarball does not ship CHANGELOG.md`);
      console.log(
        `  ${p.name}@${version}: CHANGELOG.md with ${entries} entries; publish --dry-run ok${out.trim() ? `\n${out}` : ''}`,
      );
    }
  });
} finally {
  if (keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
if (failures) {
  console.error(`pack test: ${failures} check(s) failed`);
  process.exit(1);
}

/** The copy resolves the workspace's tools (changesets, its dependencies) through a link. */
function symlinkNodeModules(dir) {
  execFileSync('ln', ['-s', join(root, 'node_modules'), join(dir, 'node_modules')]);
}
