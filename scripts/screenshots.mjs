// `npm run screenshots`: retakes the README screenshots of examples/workspace
// (examples/workspace/docs/screenshots/*.png, committed). The end-to-end journeys that reach each
// screen take them, but only when WORKSPACE_SCREENSHOTS_DIR names a folder (see
// test/e2e/workspace/support/screenshots.ts): an ordinary test run writes no tracked file. Runs
// those journeys on a stack of their own (free ports, in-memory database), as `npx playwright
// test` does; review the changed images with `git diff --stat` before committing them.
import { join } from 'node:path';
import { root } from './packages.mjs';
import { run } from './run.mjs';

const SPECS = [
  'test/e2e/workspace/screens.spec.ts',
  'test/e2e/workspace/settings.spec.ts',
  'test/e2e/workspace/voice-screens.spec.ts',
  'test/e2e/workspace/voice-queues.spec.ts',
  'test/e2e/workspace/voice-screen-pop.spec.ts',
  'test/e2e/workspace/voice-transfers.spec.ts',
  'test/e2e/workspace/voice-dialer.spec.ts',
  'test/e2e/workspace/voice-after-call-work.spec.ts',
  'test/e2e/workspace/triage.spec.ts',
  'test/e2e/workspace/reports.spec.ts',
  'test/e2e/workspace/contacts-merge.spec.ts',
  'test/e2e/workspace/mentions.spec.ts',
  'test/e2e/workspace/team-invite.spec.ts',
  'test/e2e/workspace/salesforce.spec.ts',
  'test/e2e/workspace/google-meet.spec.ts',
  'test/e2e/workspace/campaigns.spec.ts',
  'test/e2e/workspace/webchat.spec.ts',
  'test/e2e/workspace/customer-channels.spec.ts',
];

const dir = join(root, 'examples/workspace/docs/screenshots');
const code = await run(
  join(root, 'node_modules/.bin/playwright'),
  ['test', '--project', 'chromium', ...SPECS, ...process.argv.slice(2)],
  { cwd: root, env: { ...process.env, WORKSPACE_SCREENSHOTS_DIR: dir } },
);
console.log(code === 0 ? `Screenshots written to ${dir}.` : `Journeys failed (exit ${code}).`);
process.exit(code);
