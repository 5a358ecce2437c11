// Size gate: bundles each budgeted import the way an application would (esbuild, minified,
// browser platform, built `dist`, peer dependencies external), gzips it and compares with the budget
// in size-budgets.json. Entries: { name, import, exports?: string[], limit: "25 KB",
// mustNotContain?: string[] } (strings that must not appear in the bundle, e.g. markers of an
// entry that a typical integration must not pull in).
// Each budget is printed beside the library it replaces, bundled the same way: amazon-connect-streams
// 2.18.7 (`amazon-connect-streams`) and 2.28.2 (the `amazon-connect-streams-2-28` alias); the
// streams bundle is one global script, so the whole of it is what an application ships.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { listPackages, root } from './packages.mjs';

const budgets = JSON.parse(readFileSync(join(root, 'size-budgets.json'), 'utf8'));
const peers = new Set(listPackages().flatMap((p) => Object.keys(p.pkg.peerDependencies ?? {})));

function parseLimit(limit) {
  const match = /^([\d.]+)\s*(B|KB|kB)$/.exec(limit);
  if (!match) throw new Error(`size-budgets.json: cannot read the limit "${limit}" (use "25 KB")`);
  return Math.round(Number(match[1]) * (match[2] === 'B' ? 1 : 1024));
}

/** min+gz bytes (and min bytes) of a bundle of `contents` made as an application would. */
async function measure(contents, external = []) {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    external,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { code, gz: gzipSync(code, { level: 9 }).length };
}

const REFERENCES = [
  ['amazon-connect-streams 2.18.7', 'amazon-connect-streams'],
  ['amazon-connect-streams 2.28.2', 'amazon-connect-streams-2-28'],
];
const references = [];
for (const [label, specifier] of REFERENCES) {
  const { code, gz } = await measure(`import ${JSON.stringify(specifier)};`);
  references.push({ label, gz });
  console.log(
    `  reference ${label}: ${(gz / 1024).toFixed(2)} KB min+gz (${(code.length / 1024).toFixed(1)} KB min)`,
  );
}
const beside = (gz) =>
  references.map((r) => `${((gz / r.gz) * 100).toFixed(0)}% of ${r.label}`).join(', ');

let failed = 0;
for (const budget of budgets) {
  const what = budget.exports ? `{ ${budget.exports.join(', ')} }` : '*';
  const contents = budget.exports
    ? `export { ${budget.exports.join(', ')} } from ${JSON.stringify(budget.import)};`
    : `export * from ${JSON.stringify(budget.import)};`;
  const external = [...peers].filter((p) => !budget.import.startsWith(p));
  const { code, gz } = await measure(contents, external);
  const limit = parseLimit(budget.limit);
  const text = new TextDecoder().decode(code);
  const leaked = (budget.mustNotContain ?? []).filter((marker) => text.includes(marker));
  const ok = gz <= limit && leaked.length === 0;
  if (!ok) failed++;
  if (leaked.length) {
    console.log(
      `✗ ${budget.name}: the bundle contains ${leaked.map((m) => JSON.stringify(m)).join(', ')}`,
    );
  }
  console.log(
    `${ok ? '✓' : '✗'} ${budget.name}: import ${what} from ${budget.import} = ${(gz / 1024).toFixed(2)} KB min+gz ` +
      `(${(code.length / 1024).toFixed(1)} KB min), budget ${budget.limit}; ${beside(gz)}`,
  );
}
if (failed) process.exit(1);
