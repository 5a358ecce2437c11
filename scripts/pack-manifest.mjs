// `prepack` / `postpack` of every published package (run by `npm pack` and `npm publish`, in the
// package directory): the published package.json leaves out what only the repository uses.
//   strip    saves package.json as package.json.pack-backup, then removes the `source` export
//            conditions (they point at src/, which is not published; in the repository, tests,
//            Vite and tsc resolve through them) and the src/ entries of `sideEffects`;
//   restore  puts the saved package.json back.
// Usage (in a package): node ../../scripts/pack-manifest.mjs strip|restore
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const mode = process.argv[2];
const backup = 'package.json.pack-backup';

if (mode === 'strip') {
  const text = readFileSync('package.json', 'utf8');
  if (!existsSync(backup)) writeFileSync(backup, text);
  const pkg = JSON.parse(text);
  const strip = (value) => {
    if (Array.isArray(value)) return value.map(strip);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => key !== 'source')
          .map(([key, inner]) => [key, strip(inner)]),
      );
    }
    return value;
  };
  pkg.exports = strip(pkg.exports);
  if (Array.isArray(pkg.sideEffects)) {
    pkg.sideEffects = pkg.sideEffects.filter((file) => !file.startsWith('./src/'));
  }
  writeFileSync('package.json', `${JSON.stringify(pkg, null, 2)}\n`);
} else if (mode === 'restore') {
  if (existsSync(backup)) renameSync(backup, 'package.json');
} else {
  console.error('usage: pack-manifest.mjs strip|restore');
  process.exit(2);
}
