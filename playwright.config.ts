import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.mjs';

// The web app's port: WORKSPACE_WEB_PORT when given; otherwise the stack below picks a free one
// (port 0) and prints it, `webServer.wait` reads it back into WORKSPACE_WEB_PORT, and the test
// workers (started after the stack is up, with this process's environment) see it when they load
// this file. So a run never needs 5173 (the port `npm start` keeps for people) and never reuses a
// server it did not start.
const givenWebPort = process.env.WORKSPACE_WEB_PORT;
const webPort = Number(givenWebPort ?? 0);
// The emulator's control API token for this run: the stack started below uses it, and the voice
// journeys drive the customers' side with it (workers inherit it from this process).
process.env.CONNECT_EMULATOR_CONTROL_TOKEN ??= randomBytes(18).toString('base64url');
// The channel gateway's control token and port, so the channel journeys can drive the customer's
// side. The port is a free one, asked of the system once in this process (the test workers load
// this file again with this process's environment, so they see the same port).
process.env.CHANNEL_GATEWAY_CONTROL_TOKEN ??= randomBytes(18).toString('base64url');
process.env.CHANNEL_GATEWAY_PORT ??= freePort();

/** A port that is free now: a child process binds port 0 on loopback and prints what it got. */
function freePort(): string {
  const script =
    "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

export default defineConfig({
  testDir: './test/e2e',
  outputDir: './test-results/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Budgets for a busy machine (the suite must pass while scripts/stress.mjs keeps every core
  // busy): every wait is on a UI state, an event or a response, and these only bound how long
  // it may take to come. Journeys that need more set their own.
  timeout: 600_000,
  expect: { timeout: 60_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${webPort}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'chromium', testDir: './test/e2e', use: { browserName: 'chromium' } },
    { name: 'panel', testDir: './test/panel', use: { browserName: 'chromium' } },
    {
      // The real amazon-connect-streams against the emulator (issue 3 §6). The emulator serves a
      // self-signed certificate generated at start; localhost maps to 127.0.0.1 so that the host
      // page (localhost) and the CCP (127.0.0.1) are two origins of one server.
      name: 'interop',
      testDir: './test/interop',
      use: {
        browserName: 'chromium',
        ignoreHTTPSErrors: true,
        launchOptions: {
          executablePath: findChromium(),
          args: [
            ...CHROMIUM_ARGS,
            '--ignore-certificate-errors',
            '--host-resolver-rules=MAP localhost 127.0.0.1',
            // The CCP iframe is third-party; Chromium only lets it start the SharedWorker when
            // third-party cookies are not blocked.
            '--test-third-party-cookie-phaseout=false',
            '--disable-features=TrackingProtection3pcd,ThirdPartyCookieDeprecationTrial,TpcdSupportSettings',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    // The stack prints this line once the emulator, the API and the web app all answer.
    wait: { stdout: /Workspace app +http:\/\/127\.0\.0\.1:(?<workspace_web_port>\d+)\// },
    // A given port that already answers is an error, not a stack to reuse.
    ...(givenWebPort ? { url: `http://127.0.0.1:${webPort}/` } : {}),
    reuseExistingServer: false,
    // the emulator, the API and the app's production build, on a busy machine
    timeout: 300_000,
    stdout: 'pipe',
    // Free emulator and API ports, so parallel runs never collide on 4700/4800; a fresh
    // in-memory database (seeded with the demo) for every run.
    env: {
      WORKSPACE_WEB_PORT: givenWebPort ?? '0',
      EMULATOR_PORT: process.env.EMULATOR_PORT ?? '0',
      WORKSPACE_API_PORT: process.env.WORKSPACE_API_PORT ?? '0',
      DATA_DIR: process.env.DATA_DIR ?? 'memory://',
      // The app's production build (served by Vite's preview server, `/api` proxied as in
      // development): a page loads a few files instead of hundreds of dev modules.
      WORKSPACE_WEB_BUILD: process.env.WORKSPACE_WEB_BUILD ?? 'test-results/workspace-web',
      CONNECT_EMULATOR_CONTROL_TOKEN: process.env.CONNECT_EMULATOR_CONTROL_TOKEN,
      CHANNEL_GATEWAY_CONTROL_TOKEN: process.env.CHANNEL_GATEWAY_CONTROL_TOKEN,
      CHANNEL_GATEWAY_PORT: process.env.CHANNEL_GATEWAY_PORT,
    },
  },
});
