// Dispatch of topic messages by @x/websocket-manager against the reference: the
// connect.WebSocketManager bundled in amazon-connect-streams 2.18.7 (its module is cut out of
// release/connect-streams.js and evaluated alone). Both are driven the same way: a fake socket is
// opened, then 100,000 JSON frames on one topic are fed to the socket's message listener, with 10
// handlers registered on that topic. The figure is messages dispatched per second (parse included).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWebSocketManager } from '@x/websocket-manager';
import type { WebSocketConstructor } from '@x/websocket-manager';
import { report, throughput } from './harness';

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

/** Loads the reference manager from the Streams bundle onto a global `connect`. */
function loadReference(): { create(): ManagerLike } {
  const require = createRequire(import.meta.url);
  const bundle = readFileSync(
    join(
      dirname(require.resolve('amazon-connect-streams/package.json')),
      'release/connect-streams.js',
    ),
    'utf8',
  );
  const marker = bundle.indexOf('AMZ_WEB_SOCKET_MANAGER:');
  const start = bundle.lastIndexOf('/***/ (() => {', marker);
  const end = bundle.indexOf('\n/***/ })', marker);
  if (marker < 0 || start < 0 || end < 0)
    throw new Error('web-socket manager not found in the Streams bundle');
  const body = bundle.slice(bundle.indexOf('{', start) + 1, end);
  const g = globalThis as Record<string, unknown>;
  g.connect = g.connect ?? {};
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

const referenceCount = { n: 0 };
const reference = loadReference().create();
const referenceDispatch = await prepare(reference, referenceCount);

oursDispatch();
referenceDispatch();
if (oursCount.n !== MESSAGES * HANDLERS || referenceCount.n !== MESSAGES * HANDLERS)
  throw new Error(`handlers did not all run: ours ${oursCount.n}, reference ${referenceCount.n}`);

const oursRate = throughput(oursDispatch, MESSAGES);
const referenceRate = throughput(referenceDispatch, MESSAGES);
ours.closeWebSocket();
reference.closeWebSocket();

report({
  name: `dispatch ${MESSAGES.toLocaleString('en')} topic messages to ${HANDLERS} handlers`,
  unit: 'msg/s',
  ours: oursRate,
  reference: referenceRate,
  referenceName: 'connect.WebSocketManager (amazon-connect-streams 2.18.7)',
  higherIsBetter: true,
});
