// One tsup configuration shape for every package, so a later move to tsdown is mechanical.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type Options } from 'tsup';

interface PackageJson {
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/**
 * The tsup config of a package: one entry per `exports` subpath (`.` → `src/index.ts`,
 * `./x` → `src/x/index.ts`; `.css` exports are the package's own business), ESM + CJS + d.ts, dependencies and peers external.
 */
export function libraryConfig(
  packageDir: string,
  extra: { entry?: Record<string, string> } & Partial<Options> = {},
) {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as PackageJson;
  const entry: Record<string, string> = {};
  for (const subpath of Object.keys(pkg.exports ?? {})) {
    // Not a module: the package manifest and asset exports (`./styles.css`, built by the package).
    if (subpath === './package.json' || subpath.endsWith('.css')) continue;
    const name = subpath === '.' ? 'index' : subpath.slice(2);
    entry[name] = subpath === '.' ? 'src/index.ts' : `src/${name}/index.ts`;
  }
  const external = [
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}),
  ].map((name) => new RegExp(`^${name.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&')}(/|$)`));
  const { entry: extraEntry, ...rest } = extra;
  return defineConfig({
    entry: { ...entry, ...extraEntry },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    platform: 'neutral',
    treeshake: true,
    splitting: true,
    external,
    silent: true,
    outExtension: ({ format }) => ({ js: format === 'cjs' ? '.cjs' : '.js' }),
    ...rest,
  });
}
