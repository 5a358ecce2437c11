import { expect, test, type Page } from '@playwright/test';
import {
  inboundCallScenario,
  missingEvents,
  runScenario,
  type ScenarioDriver,
} from '../scenarios/inbound-call.scenario';
import { startHarness, type Harness } from './support/emulator-harness';

test.use({ ignoreHTTPSErrors: true });

let harness: Harness | undefined;
test.afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

function driverFor(page: Page, server: Harness): ScenarioDriver {
  return {
    placeInboundCall: async () => {
      await server.placeInboundCall();
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

for (const version of ['2.18.7', '2.28.2'] as const) {
  test(`the real amazon-connect-streams ${version} initCCP embeds the emulator panel from another origin and runs the inbound-call scenario`, async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    harness = await startHarness();
    const server = harness;
    await page.goto(server.hostUrl(version));
    const events = await runScenario(
      driverFor(page, server),
      inboundCallScenario,
      async (step, seen) => {
        await expect
          .poll(async () => missingEvents(step, await seen()), {
            message: step.name,
            timeout: 15_000,
          })
          .toEqual([]);
      },
    );
    expect(events.filter((e) => e === 'contact:accepted')).toHaveLength(1);
    expect(errors).toEqual([]);
  });
}
