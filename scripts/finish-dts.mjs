// After tsup, in a package directory: gives the package one set of type declarations.
//
// 1. An entry's declarations import what another entry exports through the package's own name
//    (`./index.js` → `@x/pkg`, `./protocol.js` → `@x/pkg/protocol`): the same file, reached the way
//    a user reaches it, so each entry's API report says which entry a type comes from.
// 2. The CommonJS declarations (`dist/*.d.cts`, a second copy of every declaration) are replaced by
//    one stub per entry that re-exports the ESM declarations: one declaration of each class, so a
//    program that mixes `import` and `require` sees one `Ccp`, and the package is half the size.
//    TypeScript reads the stubs under `moduleResolution` `bundler` and `nodenext` (5.8 and later);
//    under `node16` they need `skipLibCheck` (the default of most set-ups).
// Usage (in a package): node ../../scripts/finish-dts.mjs
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
for (const entry of entries) {
  writeFileSync(
    join(dist, `${entry.file}.d.cts`),
    `// The CommonJS view of ./${entry.file}.d.ts: the same declarations.\nexport * from './${entry.file}.js';\n`,
  );
}
