import { randomBytes } from 'node:crypto';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.mjs';

const webPort = Number(process.env.WORKSPACE_WEB_PORT ?? 5173);
// The emulator's control API token for this run: the stack started below uses it, and the voice
// journeys drive the customers' side with it (workers inherit it from this process).
process.env.CONNECT_EMULATOR_CONTROL_TOKEN ??= randomBytes(18).toString('base64url');
// The channel gateway's control token and port, so the channel journeys can drive the customer's
// side (the port is derived from the web port, so parallel runs on other web ports do not collide).
process.env.CHANNEL_GATEWAY_CONTROL_TOKEN ??= randomBytes(18).toString('base64url');
process.env.CHANNEL_GATEWAY_PORT ??= String(webPort + 1000);

export default defineConfig({
  testDir: './test/e2e',
  outputDir: './test-results/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
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
    url: `http://127.0.0.1:${webPort}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'pipe',
    // Free emulator and API ports, so parallel runs never collide on 4700/4800; a fresh
    // in-memory database (seeded with the demo) for every run.
    env: {
      EMULATOR_PORT: process.env.EMULATOR_PORT ?? '0',
      WORKSPACE_API_PORT: process.env.WORKSPACE_API_PORT ?? '0',
      DATA_DIR: process.env.DATA_DIR ?? 'memory://',
      CONNECT_EMULATOR_CONTROL_TOKEN: process.env.CONNECT_EMULATOR_CONTROL_TOKEN,
      CHANNEL_GATEWAY_CONTROL_TOKEN: process.env.CHANNEL_GATEWAY_CONTROL_TOKEN,
      CHANNEL_GATEWAY_PORT: process.env.CHANNEL_GATEWAY_PORT,
      // Campaign sends one message per batch with a gateway delay, long enough to watch progress.
      CAMPAIGN_BATCH_SIZE: '1',
      SANDBOX_RESPONSE_LATENCY_MS: '700',
    },
  },
});
