// The differential suite. One host script (differential/host.js), written against the
// public `connect` API of amazon-connect-streams 2.18, runs unchanged in Chromium under the real
// 2.18.7, the real 2.28.2 and @x/connect-streams/compat, each against the emulator's own panel and
// against the real streams CCP side with its SharedWorker. Every callback is recorded, normalised
// (ids and times stripped) and compared step by step with the trace of the real 2.18.7 host on the
// real 2.18.7 CCP side. The allow-list (differential/allowed.ts) names each known timing difference
// and why; any other difference fails.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { ALLOWED_DIFFERENCES } from './differential/allowed';
import { startInteropEmulator, type StreamsVersion } from './harness';
import {
  canonical,
  lines,
  normalise,
  STEP_MARK,
  steps,
  type TraceRecord,
  type TraceStep,
} from './differential/trace';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '../../test-results/differential');

type Host = StreamsVersion | 'compat';
type CcpSide = 'streams worker' | 'emulator panel';

interface Run {
  readonly host: Host;
  readonly ccp: CcpSide;
}

/** The reference run: the real 2.18.7 host on the real 2.18.7 CCP side. */
const REFERENCE: Run = { host: '2.18.7', ccp: 'streams worker' };
const RUNS: readonly Run[] = [
  REFERENCE,
  { host: 'compat', ccp: 'streams worker' },
  { host: '2.28.2', ccp: 'streams worker' },
  { host: '2.18.7', ccp: 'emulator panel' },
  { host: 'compat', ccp: 'emulator panel' },
  { host: '2.28.2', ccp: 'emulator panel' },
];

const label = (run: Run) => `${run.host} host, ${run.ccp}`;

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

const WAIT_MS = 20_000;
/** How long a step's records must stay unchanged before the step counts as over. */
const QUIET_MS = 250;

// A failing run reports the differing step; the recorded traces are in test-results/differential.
test.use({ trace: 'off' });

interface Driver {
  /** Runs `window.diff[action](arg)` in the host page. */
  host(action: string, arg?: string): Promise<void>;
  /** Calls the emulator control API; returns the JSON answer. */
  control(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, unknown>>;
  /** The raw id of the last contact `connect.contact` reported. */
  lastContactId(): Promise<string>;
}

interface Step {
  readonly name: string;
  readonly run: (d: Driver, ids: Record<string, string>) => Promise<void>;
  /** Callbacks that must have been recorded in this step before it can be over. */
  readonly until: readonly string[];
  /** A step expecting no callback waits this long instead. */
  readonly settleMs?: number;
}

const CUSTOMER = '+15555550123';

/** The scenario: the same actions for every run, in order. */
const STEPS: readonly Step[] = [
  {
    name: 'set Available',
    run: (d) => d.host('setState', 'Available'),
    until: ['agent.setState.success', 'agent.onStateChange'],
  },
  {
    name: 'set a state the instance does not have: the failure callback',
    run: (d) => d.host('setStateUnknown'),
    until: ['agent.setState.failure'],
  },
  {
    name: 'a customer dials in (with the attributes a contact flow set)',
    run: async (d, ids) => {
      const contact = await d.control('POST', '/control/calls', {
        to: '+15555550001',
        from: CUSTOMER,
        attributes: { orderId: '42', tier: 'gold' },
      });
      ids['inbound'] = String(contact['contactId']);
    },
    until: ['contact.onConnecting', 'agent.onStateChange'],
  },
  {
    name: 'accept',
    run: (d, ids) => d.host('accept', ids['inbound']),
    until: ['contact.accept.success', 'contact.onConnected'],
  },
  {
    name: 'accept again: the failure callback',
    run: (d, ids) => d.host('accept', ids['inbound']),
    until: ['contact.accept.failure'],
  },
  {
    name: 'hold',
    run: (d, ids) => d.host('hold', ids['inbound']),
    until: ['connection.hold.success'],
  },
  {
    name: 'resume',
    run: (d, ids) => d.host('resume', ids['inbound']),
    until: ['connection.resume.success'],
  },
  {
    name: 'contact.destroy(cb): deprecated, nothing happens',
    run: (d, ids) => d.host('destroyContact', ids['inbound']),
    until: [],
    settleMs: 600,
  },
  {
    name: 'the customer hangs up',
    run: async (d, ids) => {
      await d.control('POST', `/control/contacts/${ids['inbound']}/hangup`);
    },
    until: ['contact.onACW', 'agent.onAfterCallWork'],
  },
  {
    name: 'clear',
    run: (d, ids) => d.host('clear', ids['inbound']),
    until: ['contact.clear.success', 'contact.onDestroy'],
  },
  {
    name: 'a second customer dials in',
    run: async (d, ids) => {
      const contact = await d.control('POST', '/control/calls', {
        to: '+15555550001',
        from: '+15555550124',
      });
      ids['rejected'] = String(contact['contactId']);
    },
    until: ['contact.onConnecting'],
  },
  {
    name: 'reject',
    run: (d, ids) => d.host('reject', ids['rejected']),
    until: ['contact.reject.success', 'contact.onDestroy'],
  },
  {
    name: 'the rejected customer hangs up',
    run: async (d, ids) => {
      await d.control('POST', `/control/contacts/${ids['rejected']}/hangup`);
    },
    until: [],
  },
  {
    name: 'an outbound call',
    run: async (d, ids) => {
      await d.host('call', CUSTOMER);
      ids['outbound'] = '';
    },
    until: ['agent.connect.success', 'contact.onConnecting'],
  },
  {
    name: 'the customer answers',
    run: async (d, ids) => {
      ids['outbound'] = await d.lastContactId();
      await d.control('POST', `/control/contacts/${ids['outbound']}/answer`);
    },
    until: ['contact.onConnected'],
  },
  {
    name: 'the agent hangs up',
    run: (d, ids) => d.host('hangUp', ids['outbound']),
    until: ['connection.destroy.success', 'contact.onACW'],
  },
  {
    name: 'clear the outbound call',
    run: (d, ids) => d.host('clear', ids['outbound']),
    until: ['contact.clear.success', 'contact.onDestroy'],
  },
];

const traceLength = (page: Page) =>
  page.evaluate(() => (window as unknown as { __trace: TraceRecord[] }).__trace.length);

async function runScenario(
  page: Page,
  driver: Driver,
): Promise<{ trace: TraceRecord[]; ids: string[] }> {
  const ids: Record<string, string> = {};
  const names = () =>
    page.evaluate(() =>
      (window as unknown as { __trace: TraceRecord[] }).__trace.map((r) => r.name),
    );
  await page.waitForFunction(
    () =>
      ((window as unknown as { __trace?: TraceRecord[] }).__trace ?? []).some(
        (r) => r.name === 'connect.agent',
      ),
    undefined,
    { timeout: WAIT_MS },
  );
  await quiet(page);
  for (const step of STEPS) {
    await test.step(step.name, async () => {
      const from = await traceLength(page);
      await page.evaluate((name) => {
        (window as unknown as { __trace: TraceRecord[] }).__trace.push({ name });
      }, STEP_MARK + step.name);
      await step.run(driver, ids);
      await expect
        .poll(
          async () => {
            const seen = (await names()).slice(from + 1);
            return step.until.filter((u) => !seen.includes(u));
          },
          {
            message: `${step.name}: waiting for ${step.until.join(', ')}`,
            timeout: WAIT_MS,
            intervals: [50],
          },
        )
        .toEqual([]);
      if (step.settleMs) await page.waitForTimeout(step.settleMs);
      await quiet(page);
    });
  }
  const trace = await page.evaluate(() =>
    (window as unknown as { __trace: TraceRecord[] }).__trace.slice(),
  );
  return { trace, ids: Object.values(ids) };
}

/** Waits until the host has recorded nothing new for QUIET_MS. */
async function quiet(page: Page): Promise<void> {
  let last = -1;
  let since = Date.now();
  for (;;) {
    const n = await traceLength(page);
    if (n !== last) {
      last = n;
      since = Date.now();
    } else if (Date.now() - since >= QUIET_MS) return;
    await page.waitForTimeout(50);
  }
}

const traceFile = (run: Run) => join(out, `${run.host} ${run.ccp}.json`.replace(/ /g, '-'));

// In order, the reference first; each test reads the reference trace from its file, so a failing
// run (which restarts the worker) does not stop the others.
test.describe('differential: one host script under the real 2.18.7, the real 2.28.2 and compat', () => {
  for (const run of RUNS) {
    test(`${label(run)}: the same callbacks, arguments and order as the real 2.18.7 host`, async ({
      page,
    }) => {
      const { emulator, hostUrl } = await startInteropEmulator();
      try {
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        const version: StreamsVersion = run.host === 'compat' ? '2.18.7' : run.host;
        if (run.host === 'compat') {
          const body = await compatJs();
          await page.route(
            /^https:\/\/localhost:\d+\/harness\/2\.18\.7\/connect-streams\.js$/,
            (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body }),
          );
        }
        const ccp =
          run.ccp === 'emulator panel' ? '/connect/ccp-v2/' : `/harness/${version}/ccp.html`;
        const url = hostUrl(version).replace(/host\.html$/, `differential.html?ccp=${ccp}`);
        await page.goto(url);
        const driver: Driver = {
          host: async (action, arg) => {
            await page.evaluate(
              ([a, x]) => {
                (window as unknown as { diff: Record<string, (x?: string) => void> }).diff[a]!(x);
              },
              [action, arg] as const,
            );
          },
          control: async (method, path, body) => {
            const res = await page.request.fetch(`${emulator.url}${path}`, {
              method,
              headers: emulator.controlHeaders,
              ...(body === undefined ? {} : { data: JSON.stringify(body) }),
            });
            expect(res.status(), `${method} ${path}`).toBeLessThan(300);
            return (await res.json()) as Record<string, unknown>;
          },
          lastContactId: () =>
            page.evaluate(() => {
              const t = (window as unknown as { __trace: TraceRecord[] }).__trace;
              const last = [...t].reverse().find((r) => r.name === 'connect.contact');
              return String((last?.data as { id?: unknown } | undefined)?.id);
            }),
        };
        const { trace, ids } = await runScenario(page, driver);
        const cut = steps(normalise(trace, ids));
        mkdirSync(out, { recursive: true });
        writeFileSync(traceFile(run), JSON.stringify(cut, null, 1));
        expect(errors).toEqual([]);
        expect(existsSync(traceFile(REFERENCE)), 'the reference run comes first').toBe(true);
        const reference = JSON.parse(readFileSync(traceFile(REFERENCE), 'utf8')) as TraceStep[];
        const mine = canonical(cut, ALLOWED_DIFFERENCES);
        const theirs = canonical(reference, ALLOWED_DIFFERENCES);
        expect(mine.map((s) => s.step)).toEqual(theirs.map((s) => s.step));
        for (let i = 0; i < mine.length; i++)
          expect(lines(mine[i]!), `step "${mine[i]!.step}" of ${label(run)}`).toEqual(
            lines(theirs[i]!),
          );
      } finally {
        await emulator.close();
      }
    });
  }
});
