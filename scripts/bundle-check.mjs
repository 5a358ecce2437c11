// Bundler hygiene (after `npm run build`): bundles every entry point of every published package
// (and its stylesheet exports) as an application would, with esbuild and with Vite, from the built
// `dist` (no `source` condition), and fails on any warning (for example "ignoring this import
// because … was marked as having no side effects"). The emulator is a Node program: esbuild
// bundles it for Node, and Vite is not asked to put it in a browser bundle. The package's
// dependencies and peers stay external: what is checked is our code (their own warnings, e.g.
// "use client" directives, are theirs).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build as esbuild } from 'esbuild';
import { build as viteBuild, createLogger } from 'vite';
import { entriesOf, listPackages, root } from './packages.mjs';

const dir = join(root, '.tmp/bundle-check');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
let failed = 0;

for (const p of listPackages().filter((x) => !x.pkg.private)) {
  const node = p.short === 'connect-emulator';
  const theirs = [
    ...Object.keys(p.pkg.dependencies ?? {}),
    ...Object.keys(p.pkg.peerDependencies ?? {}),
  ];
  const external = theirs.flatMap((name) => [name, `${name}/*`]);
  // The module entries, and the stylesheets a consumer imports (`@x/react-voice/styles.css`).
  const stylesheets = Object.keys(p.pkg.exports ?? {})
    .filter((sub) => sub.endsWith('.css'))
    .map((sub) => ({ importPath: `${p.name}/${sub.slice(2)}`, file: sub.slice(2), css: true }));
  for (const entry of [...entriesOf(p.pkg), ...stylesheets]) {
    const contents = entry.css
      ? `import ${JSON.stringify(entry.importPath)};\n`
      : `export * from ${JSON.stringify(entry.importPath)};\n`;
    const warnings = [];

    const e = await esbuild({
      stdin: entry.css
        ? {
            contents: `@import ${JSON.stringify(entry.importPath)};\n`,
            resolveDir: dir,
            loader: 'css',
          }
        : { contents, resolveDir: dir, loader: 'js' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: node ? 'node' : 'browser',
      external,
      logLevel: 'silent',
    });
    warnings.push(...e.warnings.map((w) => `esbuild: ${w.text}`));

    if (!node) {
      const file = join(dir, `${entry.file.replace(/\W/g, '-')}-${p.short}.js`);
      writeFileSync(file, contents);
      const logger = createLogger('warn', { allowClearScreen: false });
      logger.warn = (msg) => warnings.push(`vite: ${msg}`);
      logger.warnOnce = (msg) => warnings.push(`vite: ${msg}`);
      await viteBuild({
        configFile: false,
        root: dir,
        logLevel: 'warn',
        customLogger: logger,
        build: {
          write: false,
          lib: { entry: file, formats: ['es'], fileName: 'out' },
          rollupOptions: {
            external: (id) => theirs.some((name) => id === name || id.startsWith(`${name}/`)),
            onwarn: (warning) => warnings.push(`vite: ${warning.message ?? warning}`),
          },
        },
      });
    }
    console.log(`${warnings.length ? '✗' : '✓'} ${entry.importPath}`);
    for (const w of warnings) console.log(`    ${w}`);
    if (warnings.length) failed++;
  }
}
rmSync(dir, { recursive: true, force: true });
if (failed) {
  console.error(`bundling printed warnings for ${failed} entry point(s)`);
  process.exit(1);
}
