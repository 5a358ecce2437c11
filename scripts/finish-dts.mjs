// After tsup, in a package directory: gives the package one set of type declarations.
//
// 1. An entry's declarations import what another entry exports through the package's own name
//    (`./index.js` → `@x/pkg`, `./protocol.js` → `@x/pkg/protocol`): the same file, reached the way
//    a user reaches it, so each entry's API report says which entry a type comes from.
// 2. The declarations move to `dist/types/`, which a `package.json` of its own marks CommonJS,
//    and each entry's `dist/<entry>.d.ts` and `dist/<entry>.d.cts` become one-line stubs that
//    re-export them: one declaration of each class, so a program that mixes `import` and `require`
//    sees one `Ccp`, and the package is half the size. Being CommonJS, the shared declarations can
//    be reached from a `.d.cts` under every `moduleResolution` (`node16` included, without
//    `skipLibCheck`: a CommonJS declaration re-exporting an ESM one is TS1479 there), and from an
//    ESM `.d.ts` too (ESM may import CommonJS; the packages have no default exports).
// Usage (in a package): node ../../scripts/finish-dts.mjs
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { entriesOf } from './packages.mjs';

const dir = process.cwd();
const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
const dist = join(dir, 'dist');
const entries = entriesOf(pkg);
const specifierOf = new Map(entries.map((e) => [`./${e.file}.js`, e.importPath]));

for (const entry of entries) {
  const file = join(dist, `${entry.file}.d.ts`);
  const text = readFileSync(file, 'utf8').replace(
    /(\bfrom\s+|\bimport\s+)'(\.\/[^']+\.js)'/g,
    (whole, keyword, target) =>
      specifierOf.has(target) && target !== `./${entry.file}.js`
        ? `${keyword}'${specifierOf.get(target)}'`
        : whole,
  );
  writeFileSync(file, text);
}

for (const name of readdirSync(dist)) {
  if (name.endsWith('.d.cts')) rmSync(join(dist, name));
}
const types = join(dist, 'types');
rmSync(types, { recursive: true, force: true });
mkdirSync(types);
for (const name of readdirSync(dist)) {
  if (name.endsWith('.d.ts')) renameSync(join(dist, name), join(types, name));
}
writeFileSync(join(types, 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
for (const entry of entries) {
  const stub = `// The declarations of this entry (one set for import and require).\nexport * from './types/${entry.file}.js';\n`;
  writeFileSync(join(dist, `${entry.file}.d.ts`), stub);
  writeFileSync(join(dist, `${entry.file}.d.cts`), stub);
}
