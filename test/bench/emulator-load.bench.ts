// Issue 3 §7: 1,000 simulated agents long-polling GetAgentSnapshot plus 20 new inbound calls per
// second (and 20 agent-state changes per second). Reports p50/p99 of state propagation (action →
// snapshot returned to the agent's waiting poll) and the emulator's peak RSS.
// Bar: p99 ≤ 25 ms, RSS ≤ 300 MB.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { percentile, report } from './harness';

const AGENTS = Number(process.env.BENCH_AGENTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARM_UP_SECONDS = 2; // load runs, figures are not recorded
const RATE = 20; // calls per second, and state changes per second

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
  child.once('message', (m: { url: string; controlHeaders: Record<string, string> }) => resolve(m)),
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
      if (contact.state.type === 'connecting' && !handled.has(contact.contactId)) {
        handled.add(contact.contactId);
        void handleCall(i, contact);
      }
    }
  }
}

const pollers = tokens.map((_, i) => poller(i));
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
  void fetch(`${url}/control/calls`, {
    method: 'POST',
    headers: controlHeaders,
    body: JSON.stringify({ to: '+15555550001' }),
  })
    .then((r) => r.json())
    .then((c: { contactId: string }) => {
      if (recordingCall) dialedAt.set(c.contactId, t0);
    });
  // One agent-state change on an idle agent (Available ⇄ Away).
  const candidates = [...idle].filter((i) => !expectedState.has(i));
  const i = candidates[(tick * 7919) % Math.max(1, candidates.length)];
  if (i !== undefined) {
    const name = tick % 2 === 0 ? 'Away' : 'Available';
    expectedState.set(i, { name, at: performance.now() });
    void cti(tokens[i]!, 'PutAgentState', {
      state: { name, type: name === 'Away' ? 'not_routable' : 'routable' },
    });
  }
  await new Promise((r) => setTimeout(r, 1000 / RATE));
}

running = false;
child.send('report');
const { maxRssKb } = await new Promise<{ maxRssKb: number }>((resolve) =>
  child.once('message', resolve),
);
child.send('stop');
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
process.exit(0);
