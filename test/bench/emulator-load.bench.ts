// 1,000 simulated agents long-polling GetAgentSnapshot plus 20 new inbound calls per
// second (and 20 agent-state changes per second). Reports p50/p99 of state propagation (action →
// snapshot returned to the agent's waiting poll) and the emulator's peak RSS.
// Bar: p99 ≤ 25 ms, RSS ≤ 300 MB.
//
// 2,000 agents short-polling (GetAgentSnapshot answered at once, sent again as soon as
// the answer is read, one keep-alive connection per agent): requests per second and errors.
// Bar: ≥ 10,000 requests/s, 0 errors. With `BENCH_EMULATOR_REFERENCE=<another checkout>` (e.g. the
// main branch before a change) the same load runs against that checkout's emulator in the same
// run, in alternating rounds, and is printed as the reference.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { percentile, report } from './harness';

const PARTS = (process.env.BENCH_PARTS ?? 'long-poll,short-poll').split(',');
const AGENTS = Number(process.env.BENCH_AGENTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARM_UP_SECONDS = 2; // load runs, figures are not recorded
const RATE = 20; // calls per second, and state changes per second

async function longPoll(): Promise<void> {
  const child = fork(
    fileURLToPath(new URL('./emulator-server.ts', import.meta.url)),
    [String(AGENTS)],
    {
      execArgv: ['--import', 'tsx', '--conditions=source'],
    },
  );
  const { url, controlHeaders } = await new Promise<{
    url: string;
    controlHeaders: Record<string, string>;
  }>((resolve) =>
    child.once('message', (m: { url: string; controlHeaders: Record<string, string> }) =>
      resolve(m),
    ),
  );

  interface Snapshot {
    state: { name: string };
    contacts: {
      contactId: string;
      state: { type: string };
      connections: { connectionId: string; type: string }[];
    }[];
  }

  async function cti(
    token: string,
    op: string,
    body: Record<string, unknown> = {},
  ): Promise<unknown> {
    const res = await fetch(`${url}/api`, {
      method: 'POST',
      headers: { 'x-amz-target': `AmazonConnectCTIService.${op}`, 'x-amz-bearer': token },
      body: JSON.stringify({ ...body, authentication: { authToken: token } }),
    });
    return res.json();
  }

  async function login(i: number): Promise<string> {
    const res = await fetch(`${url}/login`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ username: `agent${i}`, redirect: '/' }),
    });
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const auth = (await (await fetch(`${url}/auth/authorize`, { headers: { cookie } })).json()) as {
      accessToken: string;
    };
    return auth.accessToken;
  }

  const tokens: string[] = [];
  for (let i = 0; i < AGENTS; i += 50)
    tokens.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, AGENTS - i) }, (_, j) => login(i + j)),
      )),
    );
  await Promise.all(
    tokens.map((t) => cti(t, 'PutAgentState', { state: { name: 'Available', type: 'routable' } })),
  );

  const callLatencies: number[] = [];
  const stateLatencies: number[] = [];
  const dialedAt = new Map<string, number>(); // contacts dialed while recording
  const seenAt = new Map<string, number>();
  const expectedState = new Map<number, { name: string; at: number }>();
  const handled = new Set<string>();
  const idle = new Set<number>(tokens.map((_, i) => i));
  let running = true;
  let polls = 0;
  let recording = false;
  // Calls made without awaiting them (dialling, state changes, answering): the emulator stops only
  // once every one has settled (one still in flight then failed with "other side closed", an
  // unhandled rejection that ended the bench with exit code 1). One that fails during the run
  // (e.g. a request sent on a keep-alive connection the server is closing) is counted and named.
  const inFlight = new Set<Promise<unknown>>();
  const failures = new Map<string, number>();
  const track = (work: Promise<unknown>): void => {
    const settled = work.then(
      () => undefined,
      (error: unknown) => {
        const e = error as { message?: string; cause?: { message?: string } };
        const what = `${e.message ?? String(error)}${e.cause?.message ? ` (${e.cause.message})` : ''}`;
        failures.set(what, (failures.get(what) ?? 0) + 1);
      },
    );
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
  };

  async function handleCall(i: number, contact: Snapshot['contacts'][number]): Promise<void> {
    const token = tokens[i]!;
    idle.delete(i);
    await cti(token, 'AcceptContact', { contactId: contact.contactId });
    await new Promise((r) => setTimeout(r, 500));
    const agentLeg = contact.connections.find((c) => c.type === 'agent')!;
    await cti(token, 'DestroyConnection', {
      contactId: contact.contactId,
      connectionId: agentLeg.connectionId,
    });
    await cti(token, 'ClearContact', { contactId: contact.contactId });
    idle.add(i);
  }

  async function poller(i: number): Promise<void> {
    let nextToken: string | undefined;
    while (running) {
      const body = (await cti(tokens[i]!, 'GetAgentSnapshot', {
        timeout: 30_000,
        ...(nextToken ? { nextToken } : {}),
      })) as { snapshot: Snapshot; nextToken: string };
      const now = performance.now();
      polls++;
      nextToken = body.nextToken;
      const expected = expectedState.get(i);
      if (expected && body.snapshot.state.name === expected.name) {
        if (recording) stateLatencies.push(now - expected.at);
        expectedState.delete(i);
      }
      for (const contact of body.snapshot.contacts) {
        if (!seenAt.has(contact.contactId)) seenAt.set(contact.contactId, now);
        if (running && contact.state.type === 'connecting' && !handled.has(contact.contactId)) {
          handled.add(contact.contactId);
          track(handleCall(i, contact));
        }
      }
    }
  }

  // A poll cut by the emulator's close at the end is not an error of the run.
  const pollers = tokens.map((_, i) => poller(i).catch(() => undefined));
  await new Promise((r) => setTimeout(r, 1000)); // every poll is waiting

  const start = performance.now();
  const end = start + (WARM_UP_SECONDS + SECONDS) * 1000;
  let tick = 0;
  while (performance.now() < end) {
    tick++;
    recording = performance.now() - start >= WARM_UP_SECONDS * 1000;
    // One inbound call.
    const t0 = performance.now();
    const recordingCall = recording;
    track(
      fetch(`${url}/control/calls`, {
        method: 'POST',
        headers: controlHeaders,
        body: JSON.stringify({ to: '+15555550001' }),
      })
        .then((r) => r.json())
        .then((c: { contactId: string }) => {
          if (recordingCall) dialedAt.set(c.contactId, t0);
        }),
    );
    // One agent-state change on an idle agent (Available ⇄ Away).
    const candidates = [...idle].filter((i) => !expectedState.has(i));
    const i = candidates[(tick * 7919) % Math.max(1, candidates.length)];
    if (i !== undefined) {
      const name = tick % 2 === 0 ? 'Away' : 'Available';
      expectedState.set(i, { name, at: performance.now() });
      track(
        cti(tokens[i]!, 'PutAgentState', {
          state: { name, type: name === 'Away' ? 'not_routable' : 'routable' },
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 1000 / RATE));
  }

  running = false;
  // Answered calls finish (accept, 500 ms, hang up, clear) before the emulator stops.
  while (inFlight.size) await Promise.all([...inFlight]);
  child.send('report');
  const { maxRssKb } = await new Promise<{ maxRssKb: number }>((resolve) =>
    child.once('message', resolve),
  );
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
  void pollers;

  for (const [id, at] of dialedAt) {
    const seen = seenAt.get(id);
    if (seen !== undefined) callLatencies.push(seen - at);
  }
  const calls = callLatencies;
  const all = [...calls, ...stateLatencies];
  const p99 = percentile(all, 99);
  const rssMb = (maxRssKb * 1024) / 1e6;
  console.log(
    `${AGENTS} agents, ${SECONDS} s, ${calls.length} calls and ${stateLatencies.length} state changes observed, ${polls} polls returned`,
  );
  for (const [what, n] of failures) console.log(`calls that failed: ${n} × ${what}`);
  report({
    name: `call arrival → waiting poll (${AGENTS} agents, ${RATE} calls/s)`,
    unit: 'ms p50',
    ours: percentile(calls, 50),
    higherIsBetter: false,
  });
  report({
    name: `call arrival → waiting poll (${AGENTS} agents, ${RATE} calls/s)`,
    unit: 'ms p99',
    ours: percentile(calls, 99),
    higherIsBetter: false,
    bar: 'p99 ≤ 25 ms',
    barMet: percentile(calls, 99) <= 25,
  });
  report({
    name: `PutAgentState → waiting poll (${AGENTS} agents)`,
    unit: 'ms p50',
    ours: percentile(stateLatencies, 50),
    higherIsBetter: false,
  });
  report({
    name: `PutAgentState → waiting poll (${AGENTS} agents)`,
    unit: 'ms p99',
    ours: percentile(stateLatencies, 99),
    higherIsBetter: false,
    bar: 'p99 ≤ 25 ms',
    barMet: percentile(stateLatencies, 99) <= 25,
  });
  report({
    name: 'state propagation, all (p99)',
    unit: 'ms p99',
    ours: p99,
    higherIsBetter: false,
    bar: 'p99 ≤ 25 ms',
    barMet: p99 <= 25,
  });
  report({
    name: `emulator peak RSS (${AGENTS} agents polling)`,
    unit: 'MB',
    ours: rssMb,
    higherIsBetter: false,
    bar: 'RSS ≤ 300 MB',
    barMet: rssMb <= 300,
  });
}

const SHORT_POLL_AGENTS = Number(process.env.BENCH_SHORT_POLL_AGENTS ?? 2000);
const SHORT_POLL_SECONDS = Number(process.env.BENCH_SHORT_POLL_SECONDS ?? 8);
const SHORT_POLL_ROUNDS = Number(process.env.BENCH_SHORT_POLL_ROUNDS ?? 2);
const CLIENT_THREADS = 2;
const SERVER = fileURLToPath(new URL('./emulator-server.ts', import.meta.url));

/** One short-poll run against an emulator (this checkout's, or the reference checkout's). */
async function shortPollRun(
  reference: string | undefined,
): Promise<{ rate: number; errors: number; firstError?: string }> {
  const server = fork(SERVER, [String(SHORT_POLL_AGENTS), '--tokens'], {
    execArgv: ['--import', 'tsx', '--conditions=source'],
    ...(reference
      ? {
          cwd: reference,
          env: {
            ...process.env,
            EMULATOR_MODULE: join(reference, 'packages/connect-emulator/src/index.ts'),
          },
        }
      : {}),
  });
  // A failed run must not leave its emulator behind.
  const orphan = () => server.kill('SIGKILL');
  process.once('exit', orphan);
  const { url: base, tokens } = await new Promise<{ url: string; tokens: string[] }>((resolve) =>
    server.once('message', (m: { url: string; tokens: string[] }) => resolve(m)),
  );
  const share = Math.ceil(tokens.length / CLIENT_THREADS);
  const workers = Array.from(
    { length: CLIENT_THREADS },
    (_, i) =>
      new Worker(new URL('./emulator-short-poll-client.mjs', import.meta.url), {
        workerData: { url: base, tokens: tokens.slice(i * share, (i + 1) * share) },
      }),
  );
  await Promise.all(workers.map((w) => new Promise((resolve) => w.once('message', resolve))));
  await new Promise((r) => setTimeout(r, 2000)); // warm-up: every agent is polling
  for (const w of workers) w.postMessage('start');
  const start = performance.now();
  await new Promise((r) => setTimeout(r, SHORT_POLL_SECONDS * 1000));
  const counts = await Promise.all(
    workers.map(
      (w) =>
        new Promise<{ ok: number; errors: number; firstError?: string }>((resolve) => {
          w.once('message', resolve);
          w.postMessage('stop');
        }),
    ),
  );
  const seconds = (performance.now() - start) / 1000;
  await Promise.all(workers.map((w) => w.terminate()));
  server.send('stop');
  await new Promise((resolve) => server.once('exit', resolve));
  process.off('exit', orphan);
  const ok = counts.reduce((n, c) => n + c.ok, 0);
  const errors = counts.reduce((n, c) => n + c.errors, 0);
  const firstError = counts.find((c) => c.firstError)?.firstError;
  return { rate: ok / seconds, errors, ...(firstError ? { firstError } : {}) };
}

async function shortPoll(): Promise<void> {
  const reference = process.env.BENCH_EMULATOR_REFERENCE;
  const ours: number[] = [];
  const theirs: number[] = [];
  let errors = 0;
  for (let round = 0; round < SHORT_POLL_ROUNDS; round++) {
    if (reference) {
      const run = await shortPollRun(reference);
      theirs.push(run.rate);
      console.log(
        `short poll, reference (${reference}), round ${round + 1}: ${Math.round(run.rate)} requests/s, ${run.errors} errors`,
      );
    }
    const run = await shortPollRun(undefined);
    ours.push(run.rate);
    errors += run.errors;
    console.log(
      `short poll, this checkout, round ${round + 1}: ${Math.round(run.rate)} requests/s, ${run.errors} errors${run.firstError ? ` (first: ${run.firstError})` : ''}`,
    );
  }
  const best = Math.max(...ours);
  report({
    name: `GetAgentSnapshot short polls (${SHORT_POLL_AGENTS} agents, best of ${SHORT_POLL_ROUNDS} rounds)`,
    unit: 'requests/s',
    ours: best,
    ...(reference ? { reference: Math.max(...theirs), referenceName: reference } : {}),
    higherIsBetter: true,
    bar: '≥ 10,000 requests/s',
    barMet: best >= 10_000,
  });
  report({
    name: `GetAgentSnapshot short-poll errors (${SHORT_POLL_AGENTS} agents)`,
    unit: 'errors',
    ours: errors,
    higherIsBetter: false,
    bar: '0 errors',
    barMet: errors === 0,
  });
}

if (PARTS.includes('long-poll')) await longPoll();
if (PARTS.includes('short-poll')) await shortPoll();
process.exit(0);
