// GetCurrentUserData over 2,000 agents with live contacts: latency of each request as the real
// `@aws-sdk/client-connect` would send it (POST /metrics/userdata/{InstanceId}), through HTTP on
// loopback to the emulator's admin router. Bar (issue 7): p99 ≤ 20 ms.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdminRouter } from '../../packages/connect-emulator/src/admin/admin-router';
import { MemoryAdminBackend } from '../../packages/connect-emulator/test/fixtures/memory-admin-backend';
import { percentile, report } from './harness';

const AGENTS = 2_000;
const REQUESTS = 1_000;
const BAR_MS = 20;

const backend = new MemoryAdminBackend(AGENTS);
const router = createAdminRouter(backend);
const serverTimes: number[] = [];
const server = createServer((req, res) => {
  const t0 = performance.now();
  res.on('finish', () => serverTimes.push(performance.now() - t0));
  void router(req, res, new URL(req.url ?? '/', 'http://127.0.0.1')).then((handled) => {
    if (!handled) res.writeHead(404).end();
  });
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const agentIds = backend.users().map((u) => u.id);
const bodies = [
  () => ({ Filters: { Queues: ['q-1'] }, MaxResults: 100 }),
  () => ({
    Filters: { RoutingProfiles: ['rp-1'], ContactFilter: { ContactStates: ['CONNECTED'] } },
    MaxResults: 100,
  }),
  (i: number) => ({
    Filters: { Agents: agentIds.slice((i * 100) % AGENTS, ((i * 100) % AGENTS) + 100) },
    MaxResults: 100,
  }),
];

async function call(body: unknown): Promise<{ NextToken?: string }> {
  const res = await fetch(`${base}/metrics/userdata/i-1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`status ${res.status}`);
  return (await res.json()) as { NextToken?: string };
}

for (let i = 0; i < 50; i++) await call(bodies[i % 3]!(i));

const times: number[] = [];
let nextToken: string | undefined;
for (let i = 0; i < REQUESTS; i++) {
  const body = {
    ...bodies[i % 3]!(i),
    ...(i % 3 === 0 && nextToken ? { NextToken: nextToken } : {}),
  };
  const start = performance.now();
  const out = await call(body);
  times.push(performance.now() - start);
  if (i % 3 === 0) nextToken = out.NextToken;
}
server.close();
console.log(
  `server-side p50 ${percentile(serverTimes, 50).toFixed(2)} ms, p99 ${percentile(serverTimes, 99).toFixed(2)} ms`,
);

const p99 = percentile(times, 99);
console.log(
  `p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms over ${REQUESTS} requests`,
);
report({
  name: `GetCurrentUserData, ${AGENTS} agents with live contacts, 100 per page`,
  unit: 'ms p99',
  ours: Number(p99.toFixed(2)),
  higherIsBetter: false,
  bar: `p99 ≤ ${BAR_MS} ms`,
  barMet: p99 <= BAR_MS,
});
report({
  name: 'GetCurrentUserData, server side only (request received → reply written)',
  unit: 'ms p99',
  ours: Number(percentile(serverTimes, 99).toFixed(2)),
  higherIsBetter: false,
});
