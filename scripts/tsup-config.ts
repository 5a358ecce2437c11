// One tsup configuration shape for every package, so a later move to tsdown is mechanical.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type Options } from 'tsup';

interface PackageJson {
  name: string;
  sideEffects?: boolean | string[];
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
  // The package's own name is external too: a type one entry point takes from another is imported
  // as `@x/pkg/<entry>` in the declarations (so each entry's API report names where it comes from).
  const external = [
    pkg.name,
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}),
  ].map((name) => new RegExp(`^${name.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&')}(/|$)`));
  // Tree-shaking follows the package's own `sideEffects`: a module not listed there is kept only for
  // what is used of it, so no entry is left with bare `import './chunk-….js'` lines (which a
  // consumer's bundler reports as "ignoring this import because … marked as having no side effects").
  const listed = Array.isArray(pkg.sideEffects)
    ? pkg.sideEffects.filter((f) => f.startsWith('./src/')).map((f) => join(packageDir, f))
    : [];
  const moduleSideEffects = (id: string): boolean =>
    pkg.sideEffects === false || Array.isArray(pkg.sideEffects) ? listed.includes(id) : true;
  const { entry: extraEntry, ...rest } = extra;
  return defineConfig({
    entry: { ...entry, ...extraEntry },
    format: ['esm', 'cjs'],
    dts: true,
    // No source maps in the tarballs: without the sources they point at nothing, and with the
    // sources embedded they tripled the size of the package.
    sourcemap: false,
    clean: true,
    target: 'es2022',
    platform: 'neutral',
    treeshake: { moduleSideEffects },
    splitting: true,
    external,
    silent: true,
    outExtension: ({ format }) => ({ js: format === 'cjs' ? '.cjs' : '.js' }),
    ...rest,
  });
}
