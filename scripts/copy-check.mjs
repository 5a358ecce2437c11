// The copy-paste gate: no block of more than 10 lines copied between (or within) source files of
// the packages and the workspace app. Tests and locales are left out: a test spells out its
// set-up where a reader needs it, and a locale is one message per line. jscpd is pinned (5.3.2).
// A copy this script does not know fails with its two places; a known copy (listed below with its
// reason) passes; a listed copy that is gone fails too, so the list only shrinks.
//
//   node scripts/copy-check.mjs            packages and examples/workspace
//   node scripts/copy-check.mjs packages/x  only the given paths (known copies are not checked for staleness)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

const PUBLIC_SHAPE =
  'two documented public declarations of the same shape; folding them changes the API report';

/**
 * Copies the gate knows, as "fileA | fileB" (paths as jscpd reports them, relative to the scanned
 * folder, sorted), with their reason.
 * @type {Record<string, string>}
 */
const KNOWN_COPIES = {
  'gateway/src/constants.ts | server/src/integrations/channels/sms/constants.ts':
    "the channel gateway plays Twilio and keeps Twilio's wire constants itself: it never imports the server it stands in for",
  'connect-streams/src/contact/contact.ts | connect-streams/src/events/agent-data-store.ts':
    PUBLIC_SHAPE,
  'connect-streams/src/contact/connection.ts | connect-streams/src/contact/contact.ts':
    PUBLIC_SHAPE,
};

const paths = process.argv.slice(2);
const out = mkdtempSync(join(tmpdir(), 'copy-check-'));
let report;
try {
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
      'json',
      '--output',
      out,
      ...(paths.length ? paths : ['packages', 'examples/workspace']),
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (code !== 0) {
    console.error(`jscpd failed (exit ${code})`);
    process.exit(code);
  }
  report = JSON.parse(readFileSync(join(out, 'jscpd-report.json'), 'utf8'));
} finally {
  rmSync(out, { recursive: true, force: true });
}

const problems = [];
const seen = new Set();
for (const d of report.duplicates) {
  const key = [d.firstFile.name, d.secondFile.name].sort().join(' | ');
  seen.add(key);
  if (KNOWN_COPIES[key] === undefined)
    problems.push(
      `${d.lines} lines copied: ${d.firstFile.name}:${d.firstFile.start}-${d.firstFile.end} and ` +
        `${d.secondFile.name}:${d.secondFile.start}-${d.secondFile.end}`,
    );
}
if (!paths.length)
  for (const key of Object.keys(KNOWN_COPIES))
    if (!seen.has(key)) problems.push(`${key}: listed as a known copy but gone; remove it`);

if (problems.length) {
  console.error(`Copied blocks: ${problems.length}\n${problems.map((p) => `  ${p}`).join('\n')}`);
  console.error(
    `\nFold each copy into one shared unit (limit ${MAX_COPIED_LINES} lines), or list it in scripts/copy-check.mjs with its reason.`,
  );
  process.exit(1);
}
console.log(
  `Copied blocks: none over ${MAX_COPIED_LINES} lines (${report.duplicates.length} known, listed with their reasons).`,
);
