// Packs every publishable package with `npm pack` (which runs its prepack/postpack: the published
// package.json has no `source` conditions) and describes the tarballs.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { listPackages } from './packages.mjs';

/**
 * @param {string} destination directory for the .tgz files
 * @returns {{ name: string, short: string, dir: string, tarball: string, unpackedSize: number,
 *   size: number, files: { path: string, size: number }[] }[]}
 */
export function packAll(destination) {
  return listPackages()
    .filter((p) => !p.pkg.private)
    .map((p) => {
      const out = execFileSync(
        'npm',
        ['pack', '--json', '--silent', '--pack-destination', destination],
        { cwd: p.dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const [result] = JSON.parse(out.slice(out.indexOf('[')));
      return {
        name: p.name,
        short: p.short,
        dir: p.dir,
        pkg: p.pkg,
        tarball: join(destination, result.filename),
        unpackedSize: result.unpackedSize,
        size: result.size,
        files: result.files.map((f) => ({ path: f.path, size: f.size })),
      };
    });
}

/** `1.36 MB`, `104.2 kB` (SI units, as npm prints them). */
export function formatBytes(bytes) {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(2)} MB` : `${(bytes / 1e3).toFixed(1)} kB`;
}

/**
 * What a tarball must and must not contain. Returns the problems (empty when fine).
 * @param {{ short: string, files: { path: string }[] }} packed
 */
export function tarballProblems(packed) {
  const paths = packed.files.map((f) => f.path);
  const problems = [];
  for (const required of ['package.json', 'README.md', 'LICENSE']) {
    if (!paths.includes(required)) problems.push(`no ${required}`);
  }
  // The emulator bundles its panel page from these sources when it starts (esbuild, at run time):
  // the panel's browser code, its config schema, and the dependency-free constants and messages.
  const runtimeSources =
    packed.short === 'connect-emulator'
      ? /^src\/(panel\/(browser\/|panel-config\.ts$)|(media-)?constants\.ts$|messages\.ts$)/
      : null;
  for (const path of paths) {
    if (/(^|\/)(test|tests|__tests__|fixtures|__fixtures__|__screenshots__)\//.test(path)) {
      problems.push(`ships test files: ${path}`);
    } else if (/\.(test|spec)\.[cm]?[jt]sx?$/.test(path)) problems.push(`ships a test: ${path}`);
    else if (path.endsWith('.map')) problems.push(`ships a source map: ${path}`);
    else if (path.startsWith('src/') && !(runtimeSources && runtimeSources.test(path))) {
      problems.push(`ships sources: ${path}`);
    }
  }
  problems.push(...unshippedImports(packed, paths));
  return problems;
}

/**
 * Relative imports of the shipped sources that the tarball lacks (the run-time bundle would fail
 * to resolve them on a user's machine).
 */
function unshippedImports(packed, paths) {
  if (!packed.dir) return [];
  const shipped = new Set(paths);
  const problems = [];
  for (const path of paths.filter((p) => /^src\/.*\.tsx?$/.test(p))) {
    const text = readFileSync(join(packed.dir, path), 'utf8');
    for (const [, specifier] of text.matchAll(/\bfrom\s+'(\.{1,2}\/[^']+)'/g)) {
      const base = normalize(join(dirname(path), specifier));
      const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`];
      if (!candidates.some((c) => shipped.has(c))) {
        problems.push(`${path} imports ${specifier}, which is not shipped`);
      }
    }
  }
  return problems;
}

/** Unpacked-size limits, in bytes. */
export const SIZE_LIMITS = { '@x/connect-streams': 1_500_000 };
