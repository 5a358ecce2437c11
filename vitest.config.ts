import { playwright } from '@vitest/browser-playwright';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.mjs';

// Workspace packages resolve to their sources through the `source` export condition,
// so tests never need a prebuild.
const resolve = { conditions: ['source', ...defaultClientConditions] };
const ssr = { resolve: { conditions: ['source', ...defaultServerConditions] } };
// Node tests resolve dependencies as Node does: the `module` condition would pick builds
// that are not valid Node ESM (the AWS SDK's dist-es, with extensionless imports).
const unitSsr = {
  resolve: { conditions: ['source', ...defaultServerConditions.filter((c) => c !== 'module')] },
};

export default defineConfig({
  resolve,
  ssr,
  test: {
    projects: [
      {
        resolve,
        ssr: unitSsr,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/*/src/**/*.test.{ts,tsx}',
            'packages/*/test/**/*.test.{ts,tsx}',
            'examples/*/src/**/*.test.{ts,tsx}',
            'examples/workspace/gateway/test/**/*.test.ts',
            'test/unit/**/*.test.{ts,tsx}',
            'scripts/**/*.test.{ts,mjs}',
          ],
          exclude: ['**/node_modules/**', '**/dist/**', '**/*.browser.test.{ts,tsx}'],
        },
      },
      {
        // The workspace server's API tests, on PGlite and on a throw-away PostgreSQL cluster
        // that the global setup starts (and removes) once for the run.
        resolve,
        ssr: unitSsr,
        test: {
          name: 'server',
          environment: 'node',
          include: ['examples/workspace/server/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          globalSetup: ['examples/workspace/server/test/global-setup.ts'],
          testTimeout: 30_000,
          // Creating and seeding a database takes most of a minute on a busy 2-core machine.
          hookTimeout: 180_000,
        },
      },
      {
        plugins: [react()],
        resolve,
        test: {
          name: 'browser',
          include: [
            'packages/*/{src,test}/**/*.browser.test.{ts,tsx}',
            'examples/*/src/**/*.browser.test.{ts,tsx}',
            'test/browser/**/*.browser.test.{ts,tsx}',
          ],
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
