// A customer's chat message → the agent's amazon-connect-chatjs session callback
// (`onMessage`), on an agent page running @x/connect-streams/compat with the emulator's panel in
// its hidden frame (the page of test/interop/chat-sdk.spec.ts), in headless Chromium. The customer
// sends with the Participant Service's SendMessage (@aws-sdk/client-connectparticipant) from this
// process; the time is from just before the request to the callback in the page (both clocks are
// performance.timeOrigin + now() on one machine). Reference, measured in the same run: a bare
// web-socket round trip from the same page to an echo server in this process.
// 1. Latency: 1,000 messages, one at a time (each sent once the one before has reached the
//    session, so that no message waits behind another), on one of the agent's chats; p50/p95.
//    Bar p95 ≤ 50 ms.
// 2. Load: 50 chats held by one agent at once (a routing profile with CHAT 50), 20 messages on each
//    sent concurrently (1,000 in all); every message must reach its own chat's session (count).
import { Agent } from 'node:https';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConnectClient, StartChatContactCommand } from '@aws-sdk/client-connect';
import {
  ConnectParticipantClient,
  CreateParticipantConnectionCommand,
  SendMessageCommand,
} from '@aws-sdk/client-connectparticipant';
import { build } from 'esbuild';
import { chromium, type Page } from 'playwright';
import { WebSocketServer } from 'ws';
import { DEMO_SEED } from '@x/connect-emulator';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { startHarness } from '../panel/support/emulator-harness';
import { percentile, report } from './harness';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 1000);
const CHATS = Number(process.env.BENCH_CHATS ?? 50);
const PER_CHAT = Math.ceil(MESSAGES / CHATS);

const CHATJS = readFileSync(
  require.resolve('amazon-connect-chatjs/dist/amazon-connect-chat.js'),
  'utf8',
);
const AGENT_PAGE = readFileSync(new URL('../interop/chat-sdk-agent.js', import.meta.url), 'utf8');
const compat = (
  await build({
    stdin: { contents: `import '@x/connect-streams/compat';`, resolveDir: here, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    conditions: ['source'],
    write: false,
    logLevel: 'silent',
  })
).outputFiles[0]!.text;

const seed = {
  ...DEMO_SEED,
  routingProfiles: DEMO_SEED.routingProfiles.map((p) => ({
    ...p,
    channelConcurrency: { VOICE: 1, CHAT: CHATS },
  })),
};
const harness = await startHarness({ seed, allowedOrigins: (origin) => [origin] });
const echo = new WebSocketServer({ host: '127.0.0.1', port: 0 });
echo.on('connection', (ws) => ws.on('message', (data) => ws.send(data)));
await new Promise((resolve) => echo.once('listening', resolve));
const browser = await chromium.launch({
  executablePath: findChromium(),
  args: [...CHROMIUM_ARGS, '--ignore-certificate-errors'],
});
const now = () => performance.timeOrigin + performance.now();

try {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const page = await context.newPage();
  await page.route('**/streams/2.18.7.js', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: compat }),
  );
  await page.route('**/host.js', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/javascript',
      body: `${CHATJS}\n;${AGENT_PAGE}`,
    }),
  );
  await page.goto(harness.hostUrl('2.18.7'));
  await until(page, () => (window as unknown as Host).host.ready());
  await page.evaluate(() => (window as unknown as Host).host.setState('Available'));

  // The chats: started, each customer's connection token, accepted, sessions open.
  const ca = { httpsAgent: new Agent({ ca: harness.emulator.certificate ?? undefined }) };
  const admin = new ConnectClient({
    endpoint: harness.emulator.url,
    region: 'us-east-1',
    credentials: harness.emulator.adminCredentials,
    maxAttempts: 1,
    requestHandler: ca,
  });
  const participant = new ConnectParticipantClient({
    endpoint: harness.emulator.url,
    region: 'us-east-1',
    credentials: { accessKeyId: '', secretAccessKey: '' },
    maxAttempts: 1,
    requestHandler: ca,
  });
  const tokens = new Map<string, string>();
  for (let i = 0; i < CHATS; i++) {
    const chat = await admin.send(
      new StartChatContactCommand({
        InstanceId: harness.emulator.centre.instanceId,
        ContactFlowId: 'chat',
        ParticipantDetails: { DisplayName: `Customer ${i + 1}` },
      }),
    );
    const connection = await participant.send(
      new CreateParticipantConnectionCommand({
        ParticipantToken: chat.ParticipantToken,
        Type: ['CONNECTION_CREDENTIALS'],
      }),
    );
    tokens.set(chat.ContactId!, connection.ConnectionCredentials!.ConnectionToken!);
  }
  admin.destroy();
  const labels = Array.from({ length: CHATS }, (_, i) => `chat${i + 1}`);
  await until(page, (n) => Object.keys((window as unknown as Host).host.ids()).length >= n, CHATS);
  const ids = await page.evaluate(() => (window as unknown as Host).host.ids());
  for (const label of labels)
    await page.evaluate((l) => (window as unknown as Host).host.accept(l), label);
  await until(
    page,
    (list) => list.every((l) => (window as unknown as Host).host.sessionReady(l)),
    labels,
  );
  const tokenOf = (label: string) => tokens.get(ids[label]!)!;
  const send = (label: string, content: string) =>
    participant.send(
      new SendMessageCommand({
        ConnectionToken: tokenOf(label),
        ContentType: 'text/plain',
        Content: content,
      }),
    );
  /** When each bench message reached the agent's session of `label`, by content. */
  const arrivals = (label: string, prefix: string) =>
    page.evaluate(
      ([l, p]) =>
        Object.fromEntries(
          ((window as unknown as Host).__chats[l!]?.received ?? [])
            .filter((h) => h.kind === 'message' && h.content?.startsWith(p!))
            .map((h) => [h.content, h.at]),
        ) as Record<string, number>,
      [label, prefix],
    );

  // The reference: a bare web-socket round trip from the page.
  const port = (echo.address() as { port: number }).port;
  const rtts = await page.evaluate(
    async ([url, n]) => {
      const ws = new WebSocket(url);
      await new Promise((resolve) => ws.addEventListener('open', resolve, { once: true }));
      const out: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        await new Promise((resolve) => {
          ws.addEventListener('message', resolve, { once: true });
          ws.send(`ping ${i}`);
        });
        out.push(performance.now() - t0);
      }
      ws.close();
      return out;
    },
    [`ws://127.0.0.1:${port}`, MESSAGES] as const,
  );

  // 1. Latency, one message at a time on chat1.
  const sentAt = new Map<string, number>();
  for (let i = 0; i < MESSAGES; i++) {
    const content = `lat ${i}`;
    sentAt.set(content, now());
    await send('chat1', content);
    // Its arrival time is recorded by the session's callback; the wait only paces the next send.
    await page.waitForFunction(
      (c) =>
        ((window as unknown as Host).__chats.chat1?.received ?? []).some((h) => h.content === c),
      content,
      { timeout: 60_000, polling: 1 },
    );
  }
  let got: Record<string, number> = {};
  const deadline = Date.now() + 60_000;
  while (Object.keys(got).length < MESSAGES && Date.now() < deadline)
    got = await arrivals('chat1', 'lat ');
  const latencies = [...sentAt].flatMap(([content, t0]) =>
    got[content] === undefined ? [] : [got[content] - t0],
  );
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  const rttP50 = percentile(rtts, 50);
  const rttP95 = percentile(rtts, 95);
  console.log(
    `customer SendMessage → agent onMessage: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms over ${latencies.length}/${MESSAGES}; bare web-socket round trip p50 ${rttP50.toFixed(2)} ms, p95 ${rttP95.toFixed(2)} ms`,
  );
  report({
    name: `customer SendMessage → agent chatjs onMessage on @x/connect-streams/compat, ${MESSAGES} messages, p95 (reference: bare web-socket round trip)`,
    unit: 'ms p95',
    ours: Number(p95.toFixed(2)),
    reference: Number(rttP95.toFixed(2)),
    referenceName: 'bare web-socket round trip (page ↔ ws echo)',
    higherIsBetter: false,
    bar: 'p95 ≤ 50 ms',
    barMet: p95 <= 50 && latencies.length === MESSAGES,
  });
  report({
    name: `customer SendMessage → agent chatjs onMessage on @x/connect-streams/compat, ${MESSAGES} messages, p50`,
    unit: 'ms p50',
    ours: Number(p50.toFixed(2)),
    reference: Number(rttP50.toFixed(2)),
    referenceName: 'bare web-socket round trip (page ↔ ws echo)',
    higherIsBetter: false,
  });

  // 2. Load: every chat at once.
  const loadSentAt = new Map<string, number>();
  const started = now();
  await Promise.all(
    labels.map(async (label) => {
      for (let i = 0; i < PER_CHAT; i++) {
        const content = `load ${label} ${i}`;
        loadSentAt.set(content, now());
        await send(label, content);
      }
    }),
  );
  const received = new Map<string, Record<string, number>>();
  const loadDeadline = Date.now() + 60_000;
  const count = () => [...received.values()].reduce((n, r) => n + Object.keys(r).length, 0);
  while (count() < CHATS * PER_CHAT && Date.now() < loadDeadline)
    for (const label of labels) received.set(label, await arrivals(label, `load ${label} `));
  const lost = CHATS * PER_CHAT - count();
  const loadLatencies = [...received.values()].flatMap((r) =>
    Object.entries(r).map(([content, at]) => at - loadSentAt.get(content)!),
  );
  const span = Math.max(...loadLatencies);
  console.log(
    `${CHATS} chats × ${PER_CHAT} messages sent concurrently in ${(now() - started).toFixed(0)} ms: ${count()} received, ${lost} lost; p50 ${percentile(loadLatencies, 50).toFixed(1)} ms, p95 ${percentile(loadLatencies, 95).toFixed(1)} ms, max ${span.toFixed(1)} ms`,
  );
  report({
    name: `${CHATS} concurrent chats on one agent page, ${CHATS * PER_CHAT} customer messages: messages lost`,
    unit: 'messages',
    ours: lost,
    higherIsBetter: false,
    bar: '0 lost',
    barMet: lost === 0,
  });
  report({
    name: `${CHATS} concurrent chats on one agent page, ${CHATS * PER_CHAT} customer messages: SendMessage → onMessage p95`,
    unit: 'ms p95',
    ours: Number(percentile(loadLatencies, 95).toFixed(2)),
    higherIsBetter: false,
  });
  participant.destroy();
  await context.close();
} finally {
  await browser.close();
  await harness.close();
  echo.close();
}

/** The agent page's globals (test/interop/chat-sdk-agent.js). */
interface Host {
  host: {
    ready(): boolean;
    ids(): Record<string, string>;
    setState(name: string): Promise<unknown>;
    accept(label: string): Promise<unknown>;
    sessionReady(label: string): boolean;
  };
  __chats: Record<
    string,
    { received: { kind: string; content: string | null; at: number }[] } | undefined
  >;
}

/** Waits until `test(arg)` holds in the page (polled; fails after 120 s). */
async function until<A>(page: Page, test: (arg: A) => boolean, arg?: A): Promise<void> {
  await page.waitForFunction(test as (arg: unknown) => boolean, arg, {
    timeout: 120_000,
    polling: 50,
  });
}
