import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import {
  inboundCallScenario,
  missingEvents,
  runScenario,
  type ScenarioDriver,
} from '../scenarios/inbound-call.scenario';
import { startHarness, type Harness } from './support/emulator-harness';

// @x/connect-streams/compat against the emulator panel: the page of the real-streams interop suite
// (support/host-page.js, written against the global `connect` of amazon-connect-streams) runs
// unchanged, with our compat bundle served in place of the real 2.18.7 bundle. One scenario source
// (test/scenarios/inbound-call.scenario.ts), two implementations, the same event sequence.

const here = dirname(fileURLToPath(import.meta.url));
let compatBundle: string | undefined;
async function compatJs(): Promise<string> {
  compatBundle ??= (
    await build({
      stdin: { contents: `import '@x/connect-streams/compat';`, resolveDir: here, loader: 'ts' },
      bundle: true,
      format: 'iife',
      platform: 'browser',
      conditions: ['source'],
      write: false,
      logLevel: 'silent',
    })
  ).outputFiles[0]!.text;
  return compatBundle;
}

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

/** Runs the shared scenario on a fresh backend; returns the events of each step. */
async function runOn(page: Page, implementation: 'real' | 'compat'): Promise<string[][]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  harness = await startHarness();
  const server = harness;
  if (implementation === 'compat') {
    const body = await compatJs();
    await page.route('**/streams/2.18.7.js', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body }),
    );
  }
  await page.goto(server.hostUrl('2.18.7'));
  const perStep: string[][] = [];
  await runScenario(driverFor(page, server), inboundCallScenario, async (step, seen) => {
    await expect
      .poll(async () => missingEvents(step, await seen()), {
        message: `${implementation}: ${step.name}`,
      })
      .toEqual([]);
    perStep.push([...(await seen())]);
  });
  expect(errors).toEqual([]);
  await harness.close();
  harness = undefined;
  return perStep;
}

test('@x/connect-streams/compat runs the real-streams host page unchanged through the shared inbound-call scenario, with the same event sequence as amazon-connect-streams 2.18.7', async ({
  browser,
}) => {
  const realPage = await browser.newPage({ ignoreHTTPSErrors: true });
  const real = await runOn(realPage, 'real');
  await realPage.close();
  const compatPage = await browser.newPage({ ignoreHTTPSErrors: true });
  const compat = await runOn(compatPage, 'compat');
  const isCompat = await compatPage.evaluate(
    () =>
      typeof (window as unknown as { connect: { core: { getCcp?: unknown } } }).connect.core.getCcp,
  );
  await compatPage.close();
  expect(isCompat).toBe('function');
  // Each step's events, in order within the step, are those the real library produced.
  expect(compat.map((s) => [...s].sort())).toEqual(real.map((s) => [...s].sort()));
  expect(compat.flat().filter((e) => e === 'contact:accepted')).toHaveLength(1);
});
