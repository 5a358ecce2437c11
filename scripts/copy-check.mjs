// The copy-paste gate: no block of more than 10 lines copied between (or within) source files of
// the packages and the workspace app. Tests and locales are left out: a test spells out its
// set-up where a reader needs it, and a locale is one message per line. jscpd is pinned (5.3.2).
//
//   node scripts/copy-check.mjs            packages and examples/workspace
//   node scripts/copy-check.mjs packages/x  only the given paths
import { join } from 'node:path';
import { root } from './packages.mjs';
import { run } from './run.mjs';

/** A copied block longer than this many lines fails. */
export const MAX_COPIED_LINES = 10;

const IGNORED = [
  '**/test/**',
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/locales/**',
  '**/dist/**',
  '**/generated/**',
  '**/node_modules/**',
  '**/etc/**',
];

/**
 * Files left out with their reason: each is a deliberate twin that a test keeps in step.
 * @type {Record<string, string>}
 */
const EXCEPTIONS = {
  'packages/react-voice/src/api/contract.ts':
    "the voice contract in zod/mini for the browser client's bundle; the server's zod-openapi twin " +
    '(examples/workspace/server/src/contract/voice.ts) is compared with it schema by schema in ' +
    'examples/workspace/server/test/voice-contract.test.ts',
};

const paths = process.argv.slice(2);
const code = await run(
  join(root, 'node_modules/.bin/jscpd'),
  [
    '--min-lines',
    String(MAX_COPIED_LINES + 1),
    '--min-tokens',
    '50',
    '--format',
    'typescript,tsx,javascript',
    '--ignore',
    [...IGNORED, ...Object.keys(EXCEPTIONS).map((path) => `**/${path}`)].join(','),
    '--reporters',
    'console',
    '--exit-code',
    '1',
    ...(paths.length ? paths : ['packages', 'examples/workspace']),
  ],
  { cwd: root },
);
if (code !== 0)
  console.error(`\nFold each copied block into one shared unit (limit ${MAX_COPIED_LINES} lines).`);
process.exit(code);
