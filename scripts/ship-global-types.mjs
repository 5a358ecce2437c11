// After tsup (which drops `/// <reference …>` directives): makes both declarations of an entry
// (dist/<entry>.d.ts and .d.cts, and dist/types/<entry>.d.ts) bring in a global declaration, with one of:
//   --file <source .d.ts>   ships that script once, as dist/<entry>-global.d.ts, and references it
//                           by path (the `connect` namespace of @x/connect-streams/compat);
//   --types <specifier>     references another package's entry that does (@x/voice-id/compat).
// Both declarations then reach the same single file, so a program importing the entry from an ESM
// and a CJS file sees one global, not two that conflict (TS2403).
// Usage (in a package): node ../../scripts/ship-global-types.mjs <entry> --file|--types <value>
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [entry, flag, value] = process.argv.slice(2);
if (!entry || !value || (flag !== '--file' && flag !== '--types')) {
  console.error('usage: ship-global-types.mjs <entry> --file <source .d.ts> | --types <specifier>');
  process.exit(2);
}
const dist = join(process.cwd(), 'dist');
// The entry's stubs (dist/<entry>.d.ts, .d.cts) and its declarations (dist/types/<entry>.d.ts, see
// finish-dts.mjs) all reference it, so the API report of the entry shows it too.
const references = [];
if (flag === '--file') {
  const shipped = `${entry}-global.d.ts`;
  copyFileSync(join(process.cwd(), value), join(dist, shipped));
  references.push([`${entry}.d.ts`, `./${shipped}`], [`${entry}.d.cts`, `./${shipped}`]);
  references.push([`types/${entry}.d.ts`, `../${shipped}`]);
} else {
  for (const file of [`${entry}.d.ts`, `${entry}.d.cts`, `types/${entry}.d.ts`])
    references.push([file, value]);
}
for (const [name, target] of references) {
  const reference =
    flag === '--file'
      ? `/// <reference path="${target}" />\n`
      : `/// <reference types="${target}" />\n`;
  const file = join(dist, name);
  const text = readFileSync(file, 'utf8');
  if (!text.startsWith(reference)) writeFileSync(file, reference + text);
}
