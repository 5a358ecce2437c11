// The publishable packages in build (dependency) order, read from packages/*/package.json.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

/** @returns {{ dir: string, name: string, short: string, pkg: any }[]} */
export function listPackages() {
  const dirs = readdirSync(join(root, 'packages')).filter((d) =>
    existsSync(join(root, 'packages', d, 'package.json')),
  );
  const all = dirs.map((d) => {
    const dir = join(root, 'packages', d);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    return { dir, name: pkg.name, short: d, pkg };
  });
  const byName = new Map(all.map((p) => [p.name, p]));
  const ordered = [];
  const seen = new Set();
  const visit = (p) => {
    if (seen.has(p.name)) return;
    seen.add(p.name);
    const deps = { ...p.pkg.dependencies, ...p.pkg.peerDependencies, ...p.pkg.devDependencies };
    for (const dep of Object.keys(deps)) {
      const target = byName.get(dep);
      if (target) visit(target);
    }
    ordered.push(p);
  };
  all.sort((a, b) => a.name.localeCompare(b.name)).forEach(visit);
  return ordered;
}

/** Subpath entries of a package: [{ subpath: '.', file: 'index' }, ...] (module entries only: not
 * `./package.json` nor asset exports such as `./styles.css`) */
export function entriesOf(pkg) {
  return Object.entries(pkg.exports ?? {})
    .filter(([sub]) => sub !== './package.json' && !sub.endsWith('.css'))
    .map(([subpath, target]) => ({
      subpath,
      file: subpath === '.' ? 'index' : subpath.slice(2),
      importPath: subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`,
      target,
    }));
}
