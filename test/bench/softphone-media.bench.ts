// Live call audio through the emulator's media server (softphone signalling, werift, the 20 ms
// mixing bridge), in headless Chromium; legs run @x/connect-streams' signalled far end
// (softphone-media-page.ts).
// 1. Mouth-to-ear latency: on each of 50 calls (one at a time) the customer's page turns a 1 kHz
//    tone on and the agent's page (another page of the browser; one clock) notes when it first
//    hears it: p50/p95. Reference, in the same run: the same two pages in a direct
//    browser-to-browser WebRTC call (PCMU too). Bar: p95 ≤ 150 ms.
// 2. Concurrency: N calls at once, each an agent's softphone leg in the browser talking with the
//    emulator's simulated customer (as the customer's side is the phone network in the service;
//    two browser legs a call would leave the 2 cores to Chromium), 15 s of media; loss = 1 −
//    packets the agents received ÷ packets expected (50 a second a leg), which counts packets
//    never sent (a starved mixer) as well as packets lost on the way. From 50 calls up by 25 while
//    the loss stays under 1 %; reports the most calls carried. Reference, at the first step: as many
//    direct browser-to-browser calls (two browser legs each). Bar: ≥ 50 calls with < 1 % loss.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright';
import { startEmulator } from '@x/connect-emulator';
import type { ContactRecord } from '../../packages/connect-emulator/src/domain/records';
import { chatToken } from '../../packages/connect-emulator/src/domain/chat-tokens';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { browserBundle } from '../panel/support/browser-bundle';
import { percentile, report } from './harness';

const LATENCY_CALLS = Number(process.env.BENCH_SOFTPHONE_LATENCY_CALLS ?? 50);
const FIRST_LOAD = Number(process.env.BENCH_SOFTPHONE_CALLS ?? 50);
const MAX_LOAD = Number(process.env.BENCH_SOFTPHONE_MAX_CALLS ?? 100);
const LOAD_STEP = 25;
const LOAD_SECONDS = Number(process.env.BENCH_SOFTPHONE_SECONDS ?? 15);
const PACKETS_PER_SECOND = 50;
const CUSTOMER_HZ = 1000;
const AGENT_HZ = 600;
const NUMBER = '+15555550001';

const page = await browserBundle({
  entry: fileURLToPath(new URL('./softphone-media-page.ts', import.meta.url)),
});

const emulator = await startEmulator({
  port: 0,
  log: () => undefined,
  rateLimit: null,
  missedCallTimeoutMs: 600_000,
  seed: {
    agentStates: [
      { name: 'Available', type: 'routable' },
      { name: 'Offline', type: 'offline' },
    ],
    queues: [{ name: 'Q' }],
    routingProfiles: [{ name: 'P', queues: ['Q'] }],
    agents: Array.from({ length: MAX_LOAD }, (_, i) => ({
      username: `agent${i}`,
      name: `Agent ${i}`,
      routingProfile: 'P',
    })),
    phoneNumbers: [{ number: NUMBER, queue: 'Q' }],
  },
});
const centre = emulator.centre;
const endpoint = `${emulator.url.replace(/^http/, 'ws')}/softphone/signalling`;
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
// The bench page, served on loopback like the emulator (Chromium refuses a public page's
// connections to a local address).
const pages = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html' });
  res.end(`<!doctype html><title>bench</title><script>${page}</script>`);
});
await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
const pageUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/`;

/** A page with the bench legs loaded. */
async function openPage(): Promise<Page> {
  const opened = await browser.newPage();
  await opened.goto(pageUrl);
  return opened;
}

type Bench = {
  signalled(...args: [string, string, string, string, number, number, boolean]): Promise<void>;
  offer(id: string, sendHz: number, listenHz: number, listen: boolean): Promise<string>;
  answer(
    id: string,
    sdp: string,
    sendHz: number,
    listenHz: number,
    listen: boolean,
  ): Promise<string>;
  complete(id: string, sdp: string): Promise<void>;
  arm(id: string): void;
  tone(id: string, on: boolean): number;
  heardAt(id: string): number | undefined;
  received(): Promise<{ packets: number; lost: number; perLeg: number[] }>;
  close(id: string): void;
  closeAll(): void;
};
const call = <K extends keyof Bench>(
  on: Page,
  method: K,
  ...args: Parameters<Bench[K]>
): Promise<Awaited<ReturnType<Bench[K]>>> =>
  on.evaluate(
    ([name, list]) =>
      (
        (window as unknown as { bench: Record<string, (...a: unknown[]) => unknown> }).bench[
          name
        ] as (...a: unknown[]) => unknown
      )(...list),
    [method, args] as const,
  ) as Promise<Awaited<ReturnType<Bench[K]>>>;

/**
 * Rings agent `i` and connects a call through the emulator; the legs are `c<i>` (unless the
 * customer is the emulator's simulated one, `customerPhone` false) and `a<i>`.
 */
async function emulatorCall(
  i: number,
  customerPage: Page,
  agentPage: Page,
  listen: boolean,
  customerPhone = true,
): Promise<ContactRecord> {
  const agent = centre.agentByUsername(`agent${i}`)!;
  centre.putAgentState(agent, { name: 'Available' });
  const contact = centre.dialIn(NUMBER);
  const customerLeg = contact.connections.find((leg) => leg.initial)!;
  const agentLeg = contact.connections.find((leg) => leg.agentId === agent.id);
  if (!agentLeg) throw new Error(`the call did not ring agent${i}`);
  const token = (connectionId: string) =>
    chatToken(centre.chatSecret, 'softphone', contact.id, connectionId);
  await Promise.all([
    customerPhone &&
      call(
        customerPage,
        'signalled',
        `c${i}`,
        endpoint,
        contact.id,
        token(customerLeg.id),
        CUSTOMER_HZ,
        AGENT_HZ,
        listen,
      ),
    call(
      agentPage,
      'signalled',
      `a${i}`,
      endpoint,
      contact.id,
      token(agentLeg.id),
      AGENT_HZ,
      CUSTOMER_HZ,
      listen,
    ),
  ]);
  centre.acceptContact(agent, contact.id);
  return contact;
}

/** Ends a call and takes its agent offline (so that the next call rings the agent it names). */
function endCall(contact: ContactRecord, i: number): void {
  const agent = centre.agentByUsername(`agent${i}`)!;
  for (const step of [
    () => centre.customerHangsUp(contact.id),
    () => centre.clearContact(agent, contact.id),
    () => centre.putAgentState(agent, { name: 'Offline' }),
  ])
    try {
      step();
    } catch {
      // already ended
    }
}

/** A direct call between the two pages; legs `c<i>` and `a<i>`. */
async function directCall(i: number, customerPage: Page, agentPage: Page, listen: boolean) {
  const offer = await call(customerPage, 'offer', `c${i}`, CUSTOMER_HZ, AGENT_HZ, listen);
  const answer = await call(agentPage, 'answer', `a${i}`, offer, AGENT_HZ, CUSTOMER_HZ, listen);
  await call(customerPage, 'complete', `c${i}`, answer);
}

/** Waits until `check` holds, polling every 5 ms, for at most `ms`. */
async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return false;
}

/**
 * One latency sample: waits until the agent hears nothing, arms it, turns the customer's tone on,
 * and returns the ms until the agent heard it (undefined if it never did within 3 s).
 */
async function onset(i: number, customerPage: Page, agentPage: Page): Promise<number | undefined> {
  // Media settles: both directions flowing for a moment before the tone.
  await new Promise((resolve) => setTimeout(resolve, 600));
  await call(agentPage, 'arm', `a${i}`);
  const sentAt = await call(customerPage, 'tone', `c${i}`, true);
  let heardAt: number | undefined;
  await until(
    async () => (heardAt = await call(agentPage, 'heardAt', `a${i}`)) !== undefined,
    3000,
  );
  await call(customerPage, 'tone', `c${i}`, false);
  return heardAt === undefined ? undefined : heardAt - sentAt;
}

async function latency(): Promise<void> {
  const [customerPage, agentPage] = [await openPage(), await openPage()];
  const ours: number[] = [];
  const reference: number[] = [];
  let missed = 0;
  for (let n = 0; n < LATENCY_CALLS; n++) {
    const contact = await emulatorCall(0, customerPage, agentPage, true);
    const ms = await onset(0, customerPage, agentPage);
    if (ms === undefined) missed++;
    else ours.push(ms);
    await call(customerPage, 'closeAll');
    await call(agentPage, 'closeAll');
    endCall(contact, 0);

    await directCall(0, customerPage, agentPage, true);
    const direct = await onset(0, customerPage, agentPage);
    if (direct !== undefined) reference.push(direct);
    await call(customerPage, 'closeAll');
    await call(agentPage, 'closeAll');
  }
  await customerPage.close();
  await agentPage.close();
  const p95 = percentile(ours, 95);
  console.log(
    `mouth-to-ear over ${ours.length} calls through the emulator: p50 ${percentile(ours, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms` +
      `${missed ? ` (${missed} calls never heard the tone)` : ''}; direct: p50 ${percentile(reference, 50).toFixed(1)} ms, p95 ${percentile(reference, 95).toFixed(1)} ms`,
  );
  report({
    name: `softphone mouth-to-ear through the emulator, p95 over ${LATENCY_CALLS} calls`,
    unit: 'ms p95',
    ours: p95,
    reference: percentile(reference, 95),
    referenceName: 'direct browser-to-browser WebRTC (PCMU)',
    higherIsBetter: false,
    bar: 'p95 ≤ 150 ms',
    barMet: missed === 0 && p95 <= 150,
  });
}

/** The loss of `calls` concurrent calls set up by `connect`, over LOAD_SECONDS. */
async function loadLoss(
  calls: number,
  legsExpected: number,
  connect: (i: number, customerPage: Page, agentPage: Page) => Promise<void>,
): Promise<number> {
  const [customerPage, agentPage] = [await openPage(), await openPage()];
  for (let i = 0; i < calls; i += 10)
    await Promise.all(
      Array.from({ length: Math.min(10, calls - i) }, (_, k) =>
        connect(i + k, customerPage, agentPage),
      ),
    );
  // Every leg speaks (the load's legs share an always-on tone); let the media start first.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const count = async () => {
    const [a, b] = await Promise.all([call(customerPage, 'received'), call(agentPage, 'received')]);
    return { packets: a.packets + b.packets, legs: a.perLeg.length + b.perLeg.length };
  };
  const before = (await count()).packets;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, LOAD_SECONDS * 1000));
  const after = await count();
  const received = after.packets - before;
  const seconds = (performance.now() - started) / 1000;
  await customerPage.close();
  await agentPage.close();
  const expected = after.legs * PACKETS_PER_SECOND * seconds;
  // No leg reporting is a broken run, not a lossless one.
  if (!(expected > 0) || after.legs !== legsExpected)
    throw new Error(`${after.legs} of ${legsExpected} legs reported their inbound audio`);
  console.log(
    `  ${calls} calls: ${received} packets received of ${Math.round(expected)} expected over ${seconds.toFixed(1)} s`,
  );
  return Math.max(0, 1 - received / expected);
}

async function load(): Promise<void> {
  const steps: { calls: number; loss: number }[] = [];
  for (let calls = FIRST_LOAD; calls <= MAX_LOAD; calls += LOAD_STEP) {
    const contacts: ContactRecord[] = [];
    const loss = await loadLoss(calls, calls, async (i, customerPage, agentPage) => {
      contacts[i] = await emulatorCall(i, customerPage, agentPage, false, false);
    });
    contacts.forEach((contact, i) => endCall(contact, i));
    console.log(
      `${calls} concurrent calls: ${(loss * 100).toFixed(2)} % of packets lost through the emulator`,
    );
    steps.push({ calls, loss });
    if (loss >= 0.01) break;
  }
  // The reference at the first step only: past it, twice as many browser legs take the 2 cores.
  const direct = await loadLoss(FIRST_LOAD, 2 * FIRST_LOAD, (i, customerPage, agentPage) =>
    directCall(i, customerPage, agentPage, false),
  );
  console.log(`${FIRST_LOAD} direct calls: ${(direct * 100).toFixed(2)} % of packets lost`);
  const carried = Math.max(0, ...steps.filter((s) => s.loss < 0.01).map((s) => s.calls));
  report({
    name: 'concurrent live calls the emulator carries with < 1 % packet loss',
    unit: 'calls',
    ours: carried,
    higherIsBetter: true,
    bar: '≥ 50 calls',
    barMet: carried >= 50,
  });
  const first = steps[0]!;
  report({
    name: `packet loss at ${first.calls} concurrent calls`,
    unit: '% lost',
    ours: first.loss * 100,
    reference: direct * 100,
    referenceName: 'direct browser-to-browser WebRTC calls',
    higherIsBetter: false,
  });
}

try {
  await latency();
  await load();
} finally {
  await browser.close();
  await emulator.close();
  pages.close();
}
