// Dispatch of topic messages by @x/websocket-manager against the references: the
// connect.WebSocketManager bundled in amazon-connect-streams 2.18.7 and in 2.28.2 (the current
// release, installed as amazon-connect-streams-2-28; each one's module is cut out of
// release/connect-streams.js and evaluated alone). All are driven the same way: a fake socket is
// opened, then 100,000 JSON frames on one topic are fed to the socket's message listener, with 10
// handlers registered on that topic. The figure is messages dispatched per second (parse included).
// Ours and each reference are measured in alternating rounds until the ratio's spread is known
// (harness pairedRatio). Bar: ≥ 2× each reference.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWebSocketManager } from '@x/websocket-manager';
import type { WebSocketConstructor } from '@x/websocket-manager';
import { describeSpread, pairedRatio, report, throughput } from './harness';

const HANDLERS = 10;
const MESSAGES = 100_000;
const TOPIC = 'aws/agent';
const URL = 'wss://bench.invalid/ws';

type Listener = (this: FakeSocket, event: unknown) => void;

/** A socket that opens on demand and lets the bench call its listeners directly. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static last: FakeSocket | undefined;
  readyState = 0;
  readonly listeners = new Map<string, Listener[]>();
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(): void {}
  close(code?: number, reason?: string): void {
    this.readyState = 3;
    this.fire('close', { code, reason, wasClean: true });
  }
  fire(type: string, event: unknown): void {
    for (const listener of this.listeners.get(type) ?? []) listener.call(this, event);
  }
  open(): void {
    this.readyState = 1;
    this.fire('open', {});
  }
}

interface ManagerLike {
  init(transport: () => Promise<unknown>): unknown;
  onMessage(topic: string, handler: (message: unknown) => void): unknown;
  subscribeTopics(topics: string[]): void;
  closeWebSocket(): void;
}

/**
 * Loads the reference manager of one Streams package (`amazon-connect-streams` or its 2.28 alias)
 * onto a fresh global `connect` and returns it. The webpack module that holds it is cut out of the
 * bundle: 2.18.7 writes a module as `/***\/ (() => {` … `/***\/ })`, 2.28.2 as `/***\/ 95\n() {` …
 * `/***\/ },`.
 */
function loadReference(pkg: string): { create(): ManagerLike } {
  const require = createRequire(import.meta.url);
  const bundle = readFileSync(
    join(dirname(require.resolve(`${pkg}/package.json`)), 'release/connect-streams.js'),
    'utf8',
  );
  const marker = bundle.indexOf('AMZ_WEB_SOCKET_MANAGER:');
  const start = bundle.lastIndexOf('\n/***/ ', marker);
  const end = bundle.indexOf('\n/***/ }', marker);
  if (marker < 0 || start < 0 || end < 0)
    throw new Error(`web-socket manager not found in the ${pkg} bundle`);
  const body = bundle.slice(bundle.indexOf('{', bundle.indexOf('(', start)) + 1, end);
  const g = globalThis as Record<string, unknown>;
  g.connect = {};
  g.WebSocket = FakeSocket;
  if (
    typeof g.navigator === 'undefined' ||
    (g.navigator as { onLine?: boolean }).onLine === undefined
  )
    Object.defineProperty(globalThis, 'navigator', { value: { onLine: true }, configurable: true });
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const run = new Function(body) as () => void;
  run();
  return (g.connect as { WebSocketManager: { create(): ManagerLike } }).WebSocketManager;
}

const config = { webSocketTransport: { url: URL, transportLifeTimeInSeconds: 3600 } };

/** Opens a manager on a fake socket with HANDLERS handlers and returns a dispatch-all function. */
async function prepare(manager: ManagerLike, counter: { n: number }): Promise<() => void> {
  for (let i = 0; i < HANDLERS; i++) manager.onMessage(TOPIC, () => counter.n++);
  manager.subscribeTopics([TOPIC]);
  await manager.init(() => Promise.resolve(config));
  const socket = FakeSocket.last!;
  socket.open();
  const onMessage = socket.listeners.get('message')![0]!;
  onMessage.call(socket, {
    data: JSON.stringify({
      topic: 'aws/subscribe',
      content: { status: 'success', topics: [TOPIC] },
    }),
  });
  const event = {
    data: JSON.stringify({ topic: TOPIC, contentType: 'application/json', content: '{"seq":1}' }),
  };
  return () => {
    for (let i = 0; i < MESSAGES; i++) onMessage.call(socket, event);
  };
}

const oursCount = { n: 0 };
const ours = createWebSocketManager({ WebSocket: FakeSocket as unknown as WebSocketConstructor });
const oursDispatch = await prepare(ours, oursCount);
oursDispatch();
if (oursCount.n !== MESSAGES * HANDLERS)
  throw new Error(`our handlers did not all run: ${oursCount.n}`);

for (const [pkg, version] of [
  ['amazon-connect-streams', '2.18.7'],
  ['amazon-connect-streams-2-28', '2.28.2'],
] as const) {
  const referenceCount = { n: 0 };
  const reference = loadReference(pkg).create();
  const referenceDispatch = await prepare(reference, referenceCount);
  referenceDispatch();
  if (referenceCount.n !== MESSAGES * HANDLERS)
    throw new Error(`the ${version} handlers did not all run: ${referenceCount.n}`);
  const measured = await pairedRatio(
    () => throughput(oursDispatch, MESSAGES, 3, 150),
    () => throughput(referenceDispatch, MESSAGES, 3, 150),
    { minRounds: 5, maxRounds: 15, targetSpread: 0.15 },
  );
  reference.closeWebSocket();
  console.log(
    `ours ${Math.round(measured.ours)} msg/s, amazon-connect-streams ${version} ${Math.round(measured.reference)} msg/s, ${describeSpread(measured.ratio)}`,
  );
  report({
    name: `dispatch ${MESSAGES.toLocaleString('en')} topic messages to ${HANDLERS} handlers vs ${version}`,
    unit: 'msg/s',
    ours: measured.ours,
    reference: measured.reference,
    referenceName: `connect.WebSocketManager (amazon-connect-streams ${version})`,
    higherIsBetter: true,
    bar: '≥ 2× reference',
    barMet: measured.ratio.median >= 2,
    ratio: measured.ratio,
  });
}

// The floor: JSON.parse of the same frames and nothing else, which any manager that hands its
// handlers the parsed message has to do. Ours ÷ this says how much of our time is dispatch.
const frame = JSON.stringify({
  topic: TOPIC,
  contentType: 'application/json',
  content: '{"seq":1}',
});
let parsed = 0;
const parseOnly = () => {
  for (let i = 0; i < MESSAGES; i++) if ((JSON.parse(frame) as { topic: string }).topic) parsed++;
};
const floor = await pairedRatio(
  () => throughput(oursDispatch, MESSAGES, 3, 150),
  () => throughput(parseOnly, MESSAGES, 3, 150),
  { minRounds: 5, maxRounds: 15, targetSpread: 0.15 },
);
if (parsed === 0) throw new Error('no frame parsed');
console.log(
  `ours ${Math.round(floor.ours)} msg/s, JSON.parse of the frames alone ${Math.round(floor.reference)} msg/s, ${describeSpread(floor.ratio)}`,
);
report({
  name: `dispatch ${MESSAGES.toLocaleString('en')} topic messages to ${HANDLERS} handlers vs parsing the frames alone`,
  unit: 'msg/s',
  ours: floor.ours,
  reference: floor.reference,
  referenceName: 'JSON.parse of each frame, no dispatch (the floor)',
  higherIsBetter: true,
  ratio: floor.ratio,
});
ours.closeWebSocket();
