// Size on the wire (minified + gzip level 9) of what an application ships for the softphone host:
// ours bundled the way scripts/size.mjs does (esbuild, minified, browser, built `dist`), against the
// file an application loads from amazon-connect-streams: release/connect-streams-min.js of 2.18.7
// and of 2.28.2 (the current release, installed as amazon-connect-streams-2-28). Sizes do not vary
// between runs, so each ratio is one measurement.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { report } from './harness';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('../../', import.meta.url));
const gz = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;

async function ours(contents: string): Promise<number> {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return gz(result.outputFiles[0]!.contents);
}

const entries = [
  {
    name: '@x/connect-streams host entry (initCCP)',
    contents: `export { initCCP } from '@x/connect-streams';`,
  },
  {
    name: '@x/connect-streams/compat (global connect, the whole 2.18 surface)',
    contents: `export * from '@x/connect-streams/compat';`,
  },
];
const references = [
  ['amazon-connect-streams', '2.18.7'],
  ['amazon-connect-streams-2-28', '2.28.2'],
] as const;
const referenceSizes = references.map(([pkg, version]) => ({
  version,
  bytes: gz(readFileSync(require.resolve(`${pkg}/release/connect-streams-min.js`))),
}));

for (const entry of entries) {
  const bytes = await ours(entry.contents);
  for (const reference of referenceSizes) {
    console.log(
      `${entry.name}: ${(bytes / 1024).toFixed(1)} KB min+gz; amazon-connect-streams ${reference.version} connect-streams-min.js ${(reference.bytes / 1024).toFixed(1)} KB; ratio ${(bytes / reference.bytes).toFixed(3)}`,
    );
    report({
      name: `${entry.name} vs amazon-connect-streams ${reference.version}, min+gz`,
      unit: 'bytes',
      ours: bytes,
      reference: reference.bytes,
      referenceName: `amazon-connect-streams ${reference.version} connect-streams-min.js`,
      higherIsBetter: false,
    });
  }
}
