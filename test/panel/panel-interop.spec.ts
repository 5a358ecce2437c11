import { expect, test, type Page } from '@playwright/test';
import {
  inboundCallScenario,
  runScenario,
  type ScenarioDriver,
} from '../scenarios/inbound-call.scenario';
import { startMiniBackend, type MiniBackend } from './support/mini-cti-backend';

const VERSIONS = ['2.18.7', '2.28.2'] as const;

let backend: MiniBackend | undefined;
test.afterEach(async () => {
  await backend?.close();
  backend = undefined;
});

function driverFor(page: Page, server: MiniBackend): ScenarioDriver {
  return {
    placeInboundCall: () => {
      server.placeInboundCall();
      return Promise.resolve();
    },
    host: async (action, argument) => {
      await page.evaluate(
        ([name, arg]) => {
          const host = (window as unknown as { host: Record<string, (a?: string) => void> }).host;
          host[name]?.(arg);
        },
        [action, argument] as const,
      );
    },
    events: () =>
      page.evaluate(() => (window as unknown as { __events: string[] }).__events.slice()),
  };
}

for (const version of VERSIONS) {
  test(`the real amazon-connect-streams ${version} initCCP embeds the emulator panel from another origin and runs the inbound-call scenario`, async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // the host origin (localhost) is another site than the panel (127.0.0.1)
    backend = await startMiniBackend({
      allowedOrigins: (port) => [`http://localhost:${port}`],
      metricsFlushIntervalMs: 1000,
    });
    const server = backend;
    await page.goto(server.hostUrl(version));
    const events = await runScenario(
      driverFor(page, server),
      inboundCallScenario,
      async (step, seen) => {
        await expect
          .poll(seen, { message: step.name, timeout: 15_000 })
          .toEqual(expect.arrayContaining([...step.expect]));
      },
    );
    expect(events.filter((e) => e.startsWith('contact:accepted'))).toHaveLength(1);
    expect(errors).toEqual([]);
  });
}
