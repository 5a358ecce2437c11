import { WebSocket as MockWebSocket } from 'mock-socket';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeConnectServer, MockSocket, configFor, createTestManager, tick } from '../test/support';
import {
  DEEP_HEARTBEAT_TOPIC,
  HEARTBEAT_INTERVAL_MS,
  LOG_PREFIX,
  LogLevel,
  MAX_CONSECUTIVE_FAILED_SUB_ATTEMPTS,
  MAX_CONSECUTIVE_SUB_REQUEST_WITH_NO_RESPONSE,
  MAX_WAIT_TIME_SUB_REQUEST_WITH_NO_RESPONSE_MS,
  MAX_WEBSOCKET_RETRY_RATE_MS,
  MIN_WEBSOCKET_LIFETIME_MS,
  NETWORK_CONN_CHECK_INTERVAL_MS,
  NORMAL_CLOSURE_CODE,
  TOPIC_SUBSCRIPTION_RETRY_INTERVAL_MS,
  WEBSOCKET_INIT_CHECK_MS,
  WEBSOCKET_REINIT_BASE_BACKOFF_MS,
  WEBSOCKET_REINIT_JITTER,
  WEBSOCKET_RETRY_RATE_MS,
  WEBSOCKET_URL_VALID_TIME_MS,
} from './constants';
import type { WebSocketConstructor, WebSocketLike, WebSocketTopicMessage } from './types';
import {
  isNetworkFailure,
  isValidWebSocketConnectionConfig,
  isValidWebSocketUrl,
} from './validate';
import { createWebSocketManager } from './websocket-manager';

/** mock-socket's connection delay (it opens and delivers client frames after 4 ms). */
const NET = 5;
let urlCounter = 0;
let server: FakeConnectServer;
let url: string;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
  url = `wss://ws.test/${++urlCounter}`;
  server = new FakeConnectServer(url);
});
afterEach(() => {
  server.stop();
  vi.useRealTimers();
});

/** Starts a manager subscribed to `topics` and lets it open and subscribe. */
async function started(topics: string[] = ['aws/agent'], options = {}) {
  const t = createTestManager(url, options);
  t.manager.subscribeTopics(topics);
  const result = await t.manager.init(t.transport);
  await tick(NET * 2);
  return { ...t, result };
}

describe('constants (reference §2.5, spec §9)', () => {
  it('have the reference values', () => {
    expect({
      HEARTBEAT_INTERVAL_MS,
      MIN_WEBSOCKET_LIFETIME_MS,
      WEBSOCKET_URL_VALID_TIME_MS,
      TOPIC_SUBSCRIPTION_RETRY_INTERVAL_MS,
      MAX_CONSECUTIVE_FAILED_SUB_ATTEMPTS,
      MAX_WAIT_TIME_SUB_REQUEST_WITH_NO_RESPONSE_MS,
      MAX_CONSECUTIVE_SUB_REQUEST_WITH_NO_RESPONSE,
      NETWORK_CONN_CHECK_INTERVAL_MS,
      WEBSOCKET_REINIT_JITTER,
      WEBSOCKET_RETRY_RATE_MS,
      MAX_WEBSOCKET_RETRY_RATE_MS,
      WEBSOCKET_REINIT_BASE_BACKOFF_MS,
      WEBSOCKET_INIT_CHECK_MS,
      NORMAL_CLOSURE_CODE,
      LOG_PREFIX,
    }).toEqual({
      HEARTBEAT_INTERVAL_MS: 10000,
      MIN_WEBSOCKET_LIFETIME_MS: 300000,
      WEBSOCKET_URL_VALID_TIME_MS: 85000,
      TOPIC_SUBSCRIPTION_RETRY_INTERVAL_MS: 500,
      MAX_CONSECUTIVE_FAILED_SUB_ATTEMPTS: 5,
      MAX_WAIT_TIME_SUB_REQUEST_WITH_NO_RESPONSE_MS: 1000,
      MAX_CONSECUTIVE_SUB_REQUEST_WITH_NO_RESPONSE: 3,
      NETWORK_CONN_CHECK_INTERVAL_MS: 250,
      WEBSOCKET_REINIT_JITTER: 0.3,
      WEBSOCKET_RETRY_RATE_MS: 2000,
      MAX_WEBSOCKET_RETRY_RATE_MS: 30000,
      WEBSOCKET_REINIT_BASE_BACKOFF_MS: 1000,
      WEBSOCKET_INIT_CHECK_MS: 1000,
      NORMAL_CLOSURE_CODE: 1000,
      LOG_PREFIX: 'AMZ_WEB_SOCKET_MANAGER:',
    });
    expect(LogLevel).toEqual({ DEBUG: 10, INFO: 20, WARN: 30, ERROR: 40, ADVANCED_LOG: 50 });
  });
});

describe('config validation', () => {
  it('accepts wss:// urls, and ws://127.0.0.1: and ws://localhost: for local development', () => {
    expect(isValidWebSocketUrl('wss://host/path')).toBe(true);
    expect(isValidWebSocketUrl('ws://127.0.0.1:4760/ws')).toBe(true);
    expect(isValidWebSocketUrl('ws://localhost:4760/ws')).toBe(true);
    expect(isValidWebSocketUrl('ws://example.com/ws')).toBe(false);
    expect(isValidWebSocketUrl('ws://localhost/ws')).toBe(false);
    expect(isValidWebSocketUrl('https://host')).toBe(false);
    expect(isValidWebSocketUrl('')).toBe(false);
    expect(isValidWebSocketUrl(undefined)).toBe(false);
  });

  it('requires transportLifeTimeInSeconds × 1000 ≥ MIN_WEBSOCKET_LIFETIME_MS', () => {
    expect(isValidWebSocketConnectionConfig(configFor('wss://h', 300))).toBe(true);
    expect(isValidWebSocketConnectionConfig(configFor('wss://h', 299.999))).toBe(false);
    expect(isValidWebSocketConnectionConfig({ webSocketTransport: { url: 'wss://h' } })).toBe(
      false,
    );
    expect(isValidWebSocketConnectionConfig({})).toBe(false);
    expect(isValidWebSocketConnectionConfig(null)).toBe(false);
  });

  it('an invalid config fails init and terminates the manager (no retry)', async () => {
    const { manager } = createTestManager(url);
    const transport = vi.fn(() => Promise.resolve(configFor('ws://example.com/ws')));
    const failures: unknown[] = [];
    manager.onInitFailure((p) => failures.push(p));
    await expect(manager.init(transport)).resolves.toEqual({ webSocketConnectionFailed: true });
    expect(manager.state).toBe('terminated');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ reason: expect.stringContaining('Invalid') as string });
    await tick(120000);
    expect(transport).toHaveBeenCalledTimes(1);
    expect(server.sockets).toHaveLength(0);
  });

  it('a fetch failure is retried only on a networking error, 2000 ms doubling capped at 30000 ms', async () => {
    const { manager } = createTestManager(url);
    // Streams' worker rejects with this plain object.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    const transport = vi.fn(() => Promise.reject({ _debug: { type: 'NetworkingError' } }));
    await expect(manager.init(transport)).resolves.toEqual({ webSocketConnectionFailed: true });
    const calledAt: number[] = [0];
    for (const delay of [2000, 4000, 8000, 16000, 30000, 30000]) {
      await tick(delay - 1);
      expect(transport).toHaveBeenCalledTimes(calledAt.length);
      await tick(1);
      calledAt.push(delay);
      expect(transport).toHaveBeenCalledTimes(calledAt.length);
    }
    expect(manager.state).toBe('connecting');
  });

  it('a fetch failure that is not a networking error terminates the manager', async () => {
    const { manager } = createTestManager(url);
    const transport = vi.fn(() => Promise.reject(new Error('403')));
    await manager.init(transport);
    expect(manager.state).toBe('terminated');
    await tick(60000);
    expect(transport).toHaveBeenCalledTimes(1);
  });

  it('recognises networking errors (Streams NetworkingError, fetch TypeErrors)', () => {
    expect(isNetworkFailure({ _debug: { type: 'NetworkingError' } })).toBe(true);
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure(new TypeError('Load failed'))).toBe(true);
    expect(isNetworkFailure({ reason: 'getWebSocketUrl failed', _debug: { type: 'Other' } })).toBe(
      false,
    );
    expect(isNetworkFailure(undefined)).toBe(false);
  });

  it('init asserts a function, and a second init warns and returns the first promise', async () => {
    const warn = vi.fn();
    const { manager, transport } = createTestManager(url, {
      logger: { debug() {}, info() {}, warn, error() {} },
    });
    // @ts-expect-error checked at runtime too
    expect(() => manager.init('x')).toThrow('transportHandle must be a function');
    const first = manager.init(transport);
    expect(manager.init(transport)).toBe(first);
    expect(warn).toHaveBeenCalledWith(`${LOG_PREFIX} Web Socket Manager was already initialized`);
    await expect(first).resolves.toEqual({ webSocketConnectionFailed: false });
  });
});

describe('wire', () => {
  it('sends aws/subscribe with all pending topics in one frame, then a heartbeat and a deep ping on open', async () => {
    await started(['aws/agent', 'aws/chat']);
    const frames = server.sockets[0]!.received;
    expect(frames[0]).toEqual({
      topic: 'aws/subscribe',
      content: { topics: ['aws/agent', 'aws/chat'] },
    });
    expect(frames.slice(1)).toEqual([{ topic: 'aws/heartbeat' }, { topic: DEEP_HEARTBEAT_TOPIC }]);
  });

  it('sends no aws/ping when deepHeartbeat is false (the Streams build)', async () => {
    await started(['aws/agent'], { deepHeartbeat: false });
    await tick(HEARTBEAT_INTERVAL_MS);
    expect(server.framesOf('aws/heartbeat')).toHaveLength(2);
    expect(server.framesOf(DEEP_HEARTBEAT_TOPIC)).toHaveLength(0);
  });

  it('init while offline starts nothing until the network is back', async () => {
    const t = createTestManager(url);
    t.network.online = false;
    t.manager.subscribeTopics(['aws/agent']);
    await expect(t.manager.init(t.transport)).resolves.toEqual({ webSocketConnectionFailed: true });
    await tick(5000);
    expect(t.transport).not.toHaveBeenCalled();
    t.network.online = true;
    await tick(NETWORK_CONN_CHECK_INTERVAL_MS + NET * 2);
    expect(t.transport).toHaveBeenCalledTimes(1);
    expect(t.manager.state).toBe('open');
    expect(server.sockets[0]!.topics).toEqual(new Set(['aws/agent']));
  });

  it('sends aws/heartbeat every HEARTBEAT_INTERVAL_MS while answered', async () => {
    await started();
    await tick(HEARTBEAT_INTERVAL_MS * 3);
    expect(server.framesOf('aws/heartbeat')).toHaveLength(4);
    expect(server.sockets).toHaveLength(1);
  });

  it('subscribeTopics skips topics already subscribed', async () => {
    const { manager } = await started(['aws/agent']);
    manager.subscribeTopics(['aws/agent', 'aws/chat']);
    await tick(NET);
    expect(server.framesOf('aws/subscribe').map((f) => f.frame.content?.topics)).toEqual([
      ['aws/agent'],
      ['aws/chat'],
    ]);
  });

  it('dispatches topic messages to onAllMessage first, then to the topic handlers; unsubscribe stops them', async () => {
    const { manager } = await started(['aws/agent']);
    const calls: string[] = [];
    const offTopic = manager.onMessage('aws/agent', (m) =>
      calls.push(`topic:${String(m.content)}`),
    );
    manager.onAllMessage((m) => calls.push(`all:${String(m.content)}`));
    manager.onMessage('aws/other', () => calls.push('other'));
    server.publish('aws/agent', 'one');
    offTopic();
    server.publish('aws/agent', 'two');
    expect(calls).toEqual(['all:one', 'topic:one', 'all:two']);
  });

  it('logs malformed frames and never throws', async () => {
    const warn = vi.fn();
    const { manager } = await started(['aws/agent'], {
      logger: { debug() {}, info() {}, warn, error() {} },
    });
    const failures: unknown[] = [];
    manager.onTopicFailure((p) => failures.push(p));
    const socket = server.sockets[0]!;
    expect(() => {
      socket.send('not json');
      socket.send('');
      socket.send('null');
      socket.send('42');
      socket.send({ topic: 'aws/subscribe' });
      socket.send({ nothing: true });
      socket.send({ message: 'Forbidden', connectionId: 'c', requestId: 'r' });
    }).not.toThrow();
    expect(warn.mock.calls.map((c: unknown[]) => c[0])).toEqual(
      expect.arrayContaining([
        `${LOG_PREFIX} Invalid incoming message`,
        `${LOG_PREFIX} WebSocketManager Message Error`,
      ]),
    );
    expect(failures).toEqual([
      {
        timestamp: expect.any(Number) as number,
        errorMessage: 'Forbidden',
        connectionId: 'c',
        requestId: 'r',
      },
    ]);
    expect(manager.state).toBe('open');
  });

  it('sendMessage refuses reserved topics and payloads without a topic, and sends others verbatim', async () => {
    const { manager } = await started();
    for (const topic of ['aws/subscribe', 'aws/unsubscribe', 'aws/heartbeat', 'aws/ping'])
      expect(manager.sendMessage({ topic })).toBe(false);
    // @ts-expect-error runtime check
    expect(manager.sendMessage({ content: 1 })).toBe(false);
    // @ts-expect-error runtime check
    expect(() => manager.sendMessage('x')).toThrow('payload is not an object!');
    expect(manager.sendMessage({ topic: 'aws/app', content: { a: 1 } })).toBe(true);
    await tick(NET);
    expect(
      server.sockets[0]!.received.filter(
        (f) => !f.topic.startsWith('aws/') || f.topic === 'aws/app',
      ),
    ).toEqual([{ topic: 'aws/app', content: { a: 1 } }]);
  });

  it('sendMessage is not sent while no socket is open', () => {
    const { manager } = createTestManager(url);
    expect(manager.sendMessage({ topic: 'aws/app' })).toBe(false);
  });

  it('reports deep heartbeat success (statusCode 200) and failure (other codes)', async () => {
    const ok: unknown[] = [];
    const bad: unknown[] = [];
    const t = createTestManager(url);
    t.manager.onDeepHeartbeatSuccess((p) => ok.push(p));
    t.manager.onDeepHeartbeatFailure((p) => bad.push(p));
    await t.manager.init(t.transport);
    await tick(NET * 2);
    expect(ok).toEqual([{ timestamp: expect.any(Number) as number }]);
    server.pingStatus = 500;
    await tick(HEARTBEAT_INTERVAL_MS);
    expect(bad).toEqual([
      { timestamp: expect.any(Number) as number, statusCode: 500, statusContent: 'ok' },
    ]);
  });

  it('every on… rejects a non-function with "cb must be a function" and returns an unsubscribe', () => {
    const m = createWebSocketManager();
    const names = [
      'onAllMessage',
      'onConnectionGain',
      'onConnectionLost',
      'onInitFailure',
      'onConnectionOpen',
      'onConnectionClose',
      'onSubscriptionUpdate',
      'onSubscriptionFailure',
      'onDeepHeartbeatSuccess',
      'onDeepHeartbeatFailure',
      'onTopicFailure',
      'onStateChange',
    ] as const;
    for (const name of names) {
      expect(() => (m[name] as (h: unknown) => unknown)(1)).toThrow('cb must be a function');
      expect(typeof m[name](() => {})).toBe('function');
    }
    expect(() => m.onMessage('t', 1 as never)).toThrow('cb must be a function');
  });
});

describe('missed heartbeat', () => {
  it('reconnects when the previous heartbeat is unanswered at the next tick, keeping every subscription', async () => {
    const { manager, transport } = await started(['aws/agent']);
    const received: unknown[] = [];
    manager.onMessage('aws/agent', (m) => received.push(m.content));
    server.answerHeartbeat = false;
    await tick(HEARTBEAT_INTERVAL_MS); // second heartbeat sent, unanswered
    expect(transport).toHaveBeenCalledTimes(1);
    await tick(HEARTBEAT_INTERVAL_MS); // third tick: the second is still pending
    expect(transport).toHaveBeenCalledTimes(2);
    server.answerHeartbeat = true;
    await tick(NET * 3);
    // A secondary socket took the subscriptions over and the old one was closed with 1000.
    expect(server.sockets).toHaveLength(2);
    expect(server.sockets[0]!.closed).toBe(true);
    expect(server.sockets[1]!.topics).toEqual(new Set(['aws/agent']));
    server.publish('aws/agent', 'after');
    expect(received).toEqual(['after']);
    expect(manager.state).toBe('open');
  });
});

describe('socket re-init backoff', () => {
  /** A socket that never opens nor fires events, and is CLOSED at once. */
  class DeadSocket implements WebSocketLike {
    static created: number[] = [];
    readyState = 3;
    constructor() {
      DeadSocket.created.push(Date.now());
    }
    send() {}
    close() {}
    addEventListener() {}
  }

  it('retries after 1000 ms doubling with ±30% jitter while within the 85000 ms URL validity, then fetches a new config', async () => {
    DeadSocket.created = [];
    const randoms = [0.9, 0.5, 0.2, 1 / 3]; // sign +, 0.5·0.3 | sign −, (1/3)·0.3
    let i = 0;
    const transport = vi.fn(() => Promise.resolve(configFor(url)));
    const manager = createWebSocketManager({
      WebSocket: DeadSocket as unknown as WebSocketConstructor,
      random: () => randoms[i++ % randoms.length]!,
    });
    await manager.init(transport);
    const expected = [0];
    let t = 0;
    let base = WEBSOCKET_REINIT_BASE_BACKOFF_MS;
    let n = 0;
    for (;;) {
      const jitter = n % 2 === 0 ? base * 0.5 * 0.3 : -base * (1 / 3) * 0.3;
      const wait = Math.floor(base + jitter);
      t += WEBSOCKET_INIT_CHECK_MS;
      if (t + wait > WEBSOCKET_URL_VALID_TIME_MS) break;
      t += wait;
      expected.push(t);
      base *= 2;
      n++;
    }
    await tick(t - 1);
    expect(DeadSocket.created).toEqual(expected);
    expect(transport).toHaveBeenCalledTimes(1);
    await tick(1); // the next wait would leave the URL validity window: fetch a new config
    expect(transport).toHaveBeenCalledTimes(2);
    await tick(1);
    expect(DeadSocket.created.at(-1)).toBe(t);
    // … and the backoff starts again from 1000 ms (±30%).
    await tick(WEBSOCKET_INIT_CHECK_MS + 1300);
    const restarted = DeadSocket.created.at(-1)! - t;
    expect(restarted).toBeGreaterThanOrEqual(WEBSOCKET_INIT_CHECK_MS + 700);
    expect(restarted).toBeLessThanOrEqual(WEBSOCKET_INIT_CHECK_MS + 1300);
    manager.closeWebSocket();
  });

  it('opens the socket once the retried attempt succeeds and resets the backoff', async () => {
    server.stop();
    const transport = vi.fn(() => Promise.resolve(configFor(url)));
    const manager = createWebSocketManager({ WebSocket: MockSocket, random: () => 0 });
    const opens: unknown[] = [];
    manager.onConnectionOpen((p) => opens.push(p));
    await manager.init(transport); // no server: the socket errors, then closes → config refetch
    await tick(100);
    server = new FakeConnectServer(url);
    await tick(3000);
    expect(manager.state).toBe('open');
    expect(opens).toHaveLength(1);
  });
});

describe('subscription failure rules', () => {
  it(`fires subscriptionFailure on the ${MAX_CONSECUTIVE_FAILED_SUB_ATTEMPTS}th consecutive failure response, resubscribing every ${TOPIC_SUBSCRIPTION_RETRY_INTERVAL_MS} ms before`, async () => {
    server.answerSubscribe = 'failure';
    const failures: unknown[] = [];
    const t = createTestManager(url);
    t.manager.onSubscriptionFailure((r) => failures.push(r));
    t.manager.subscribeTopics(['aws/agent']);
    await t.manager.init(t.transport);
    await tick(NET * 2);
    expect(server.framesOf('aws/subscribe')).toHaveLength(1);
    await tick(TOPIC_SUBSCRIPTION_RETRY_INTERVAL_MS * 6);
    // Re-sent 500 ms after each failure response (the mock delivers each frame 4 ms after it is sent).
    const at = server.framesOf('aws/subscribe').map((f) => f.at);
    expect(at).toHaveLength(MAX_CONSECUTIVE_FAILED_SUB_ATTEMPTS);
    expect(at.slice(1).map((a, k) => a - at[k]!)).toEqual(
      Array(MAX_CONSECUTIVE_FAILED_SUB_ATTEMPTS - 1).fill(TOPIC_SUBSCRIPTION_RETRY_INTERVAL_MS + 4),
    );
    expect(failures).toEqual([
      { topic: 'aws/subscribe', content: { status: 'failure', topics: ['aws/agent'] } },
    ]);
    await tick(10000);
    expect(server.framesOf('aws/subscribe')).toHaveLength(MAX_CONSECUTIVE_FAILED_SUB_ATTEMPTS);
  });

  it('a success response resets the failure count and fires subscriptionUpdate', async () => {
    server.answerSubscribe = 'failure';
    const updates: unknown[] = [];
    const failures: unknown[] = [];
    const t = createTestManager(url);
    t.manager.onSubscriptionUpdate((r) => updates.push(r));
    t.manager.onSubscriptionFailure((r) => failures.push(r));
    t.manager.subscribeTopics(['aws/agent']);
    await t.manager.init(t.transport);
    await tick(NET * 2 + TOPIC_SUBSCRIPTION_RETRY_INTERVAL_MS * 3); // 4 failures
    server.answerSubscribe = 'success';
    await tick(TOPIC_SUBSCRIPTION_RETRY_INTERVAL_MS);
    expect(updates).toEqual([
      { topic: 'aws/subscribe', content: { status: 'success', topics: ['aws/agent'] } },
    ]);
    expect(failures).toEqual([]);
    const sent = server.framesOf('aws/subscribe').length;
    await tick(5000);
    expect(server.framesOf('aws/subscribe')).toHaveLength(sent);
  });

  it(`more than ${MAX_CONSECUTIVE_SUB_REQUEST_WITH_NO_RESPONSE} unanswered subscribe sends (checked every ${MAX_WAIT_TIME_SUB_REQUEST_WITH_NO_RESPONSE_MS} ms) give a synthetic subscription failure`, async () => {
    server.answerSubscribe = 'none';
    const t = createTestManager(url);
    const failures: unknown[] = [];
    t.manager.onSubscriptionFailure((r) => failures.push(r));
    await t.manager.init(t.transport);
    await tick(NET * 2);
    t.manager.subscribeTopics(['aws/agent', 'aws/chat']);
    await tick(NET);
    expect(server.framesOf('aws/subscribe')).toHaveLength(1);
    for (let n = 2; n <= MAX_CONSECUTIVE_SUB_REQUEST_WITH_NO_RESPONSE + 1; n++) {
      await tick(MAX_WAIT_TIME_SUB_REQUEST_WITH_NO_RESPONSE_MS);
      expect(server.framesOf('aws/subscribe')).toHaveLength(n);
      expect(failures).toEqual([]);
    }
    await tick(MAX_WAIT_TIME_SUB_REQUEST_WITH_NO_RESPONSE_MS);
    expect(server.framesOf('aws/subscribe')).toHaveLength(
      MAX_CONSECUTIVE_SUB_REQUEST_WITH_NO_RESPONSE + 1,
    );
    expect(failures).toEqual([
      { topic: 'aws/subscribe', content: { status: 'failure', topics: ['aws/agent', 'aws/chat'] } },
    ]);
    await tick(10000);
    expect(failures).toHaveLength(1);
  });
});

describe('handover at the end of the transport lifetime', () => {
  it('opens a secondary, moves the subscriptions, closes the old socket with 1000, with no loss and no duplicates for in-flight messages', async () => {
    const { manager, transport } = await started(['aws/agent']);
    const received: unknown[] = [];
    const closes: Array<{ code: number; reason: string }> = [];
    manager.onMessage('aws/agent', (m) => received.push(m.content));
    manager.onConnectionClose((p) => closes.push({ code: p.code, reason: p.reason }));
    const gains = vi.fn();
    manager.onConnectionGain(gains);
    gains.mockClear();

    server.publish('aws/agent', 'm1');
    const openedAt = 4;
    await tick(openedAt + MIN_WEBSOCKET_LIFETIME_MS - Date.now() - 1);
    expect(transport).toHaveBeenCalledTimes(1);
    await tick(1);
    expect(transport).toHaveBeenCalledTimes(2);
    await tick(4); // the secondary opens and sends its subscribe (not yet delivered to the server)
    expect(server.sockets).toHaveLength(2);
    server.publish('aws/agent', 'm2'); // in flight on the primary only
    await tick(NET); // the server subscribes the secondary and answers; the primary is closed
    server.publish('aws/agent', 'm3'); // both sockets are still subscribed on the server
    await tick(NET);
    server.publish('aws/agent', 'm4');
    expect(received).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(closes).toEqual([{ code: 1000, reason: '[Primary WebSocket] Closing WebSocket' }]);
    expect(server.sockets[0]!.closed).toBe(true);
    expect(gains).not.toHaveBeenCalled();
    expect(manager.state).toBe('open');
    // The promoted socket carries the traffic.
    expect(manager.sendMessage({ topic: 'aws/app' })).toBe(true);
    await tick(NET);
    expect(server.sockets[1]!.received.at(-1)).toEqual({ topic: 'aws/app' });
  });

  it('drops a topic message that arrives on the primary while both sockets are open and the handover is complete', async () => {
    /** A socket whose close() takes effect 1 s later (so both are open for a moment). */
    class SlowCloseSocket extends MockWebSocket {
      override close(code?: number, reason?: string) {
        setTimeout(() => super.close(code, reason), 1000);
      }
    }
    const t = createTestManager(url, {
      WebSocket: SlowCloseSocket as unknown as WebSocketConstructor,
    });
    const received: WebSocketTopicMessage[] = [];
    t.manager.onMessage('aws/agent', (m) => received.push(m));
    t.manager.subscribeTopics(['aws/agent']);
    await t.manager.init(t.transport);
    await tick(MIN_WEBSOCKET_LIFETIME_MS + 4);
    await tick(NET * 2); // the secondary is subscribed; the primary's close is pending
    expect(server.sockets.map((s) => s.closed)).toEqual([false, false]);
    // The same message reaches both sockets: only the secondary's copy is delivered.
    for (const socket of server.sockets)
      socket.send({ topic: 'aws/agent', content: `via socket ${socket.index}` });
    expect(received.map((m) => m.content)).toEqual(['via socket 1']);
  });
});

describe('server-side close', () => {
  it('fires connectionLost once, reconnects at once and resubscribes every topic', async () => {
    const { manager, transport } = await started(['aws/agent', 'aws/chat']);
    const lost: unknown[] = [];
    const gained = vi.fn();
    manager.onConnectionLost((p) => lost.push(p));
    manager.onConnectionGain(gained);
    gained.mockClear();
    const states: string[] = [];
    manager.onStateChange((s) => states.push(s));
    server.sockets[0]!.close(1006, 'gone');
    await tick(NET);
    expect(lost).toEqual([
      expect.objectContaining({
        code: 1006,
        reason: 'gone',
        openTimestamp: expect.any(Number) as number,
      }),
    ]);
    expect(transport).toHaveBeenCalledTimes(2);
    await tick(NET * 2);
    expect(gained).toHaveBeenCalledTimes(1);
    expect(server.sockets[1]!.topics).toEqual(new Set(['aws/agent', 'aws/chat']));
    expect(states).toEqual(['lost', 'open']);
  });
});

describe('server down', () => {
  it('fires connectionLost once per outage while reconnection attempts keep failing, then connectionGain', async () => {
    const { manager, transport } = await started(['aws/agent']);
    const lost = vi.fn();
    const gained = vi.fn();
    manager.onConnectionLost(lost);
    manager.onConnectionGain(gained);
    gained.mockClear();
    server.server.close({ code: 1006, reason: 'down', wasClean: false });
    await tick(200);
    expect(transport.mock.calls.length).toBeGreaterThan(3); // attempts keep going
    expect(lost).toHaveBeenCalledTimes(1);
    expect(manager.state).toBe('lost');
    server.stop();
    server = new FakeConnectServer(url);
    await tick(200);
    expect(gained).toHaveBeenCalledTimes(1);
    expect(lost).toHaveBeenCalledTimes(1);
    expect(manager.state).toBe('open');
    expect(server.sockets.at(-1)!.topics).toEqual(new Set(['aws/agent']));
  });
});

describe('socket errors', () => {
  it('a socket error refetches the config at once when no retry is pending, and resubscribes', async () => {
    const { manager, transport } = await started(['aws/agent']);
    server.server.simulate('error');
    expect(transport).toHaveBeenCalledTimes(2);
    await tick(NET * 2);
    expect(server.sockets).toHaveLength(2);
    expect(server.sockets[1]!.topics).toEqual(new Set(['aws/agent']));
    expect(manager.state).toBe('open');
  });

  it('a heartbeat tick with no open socket fetches a new config', async () => {
    const { transport } = await started(['aws/agent']);
    // The socket dies silently (no close event): the next heartbeat finds it not open.
    (server.sockets[0] as unknown as { closed: boolean }).closed = true;
    const client = [...(server.server.clients() as unknown as Array<{ readyState: number }>)][0]!;
    client.readyState = 3;
    await tick(HEARTBEAT_INTERVAL_MS);
    expect(transport).toHaveBeenCalledTimes(2);
  });
});

describe('offline / online', () => {
  it(`offline pauses reconnection; online (checked every ${NETWORK_CONN_CHECK_INTERVAL_MS} ms) resumes it`, async () => {
    const { manager, transport, network } = await started(['aws/agent']);
    network.online = false;
    await tick(NETWORK_CONN_CHECK_INTERVAL_MS);
    expect(manager.state).toBe('open'); // going offline only logs
    server.sockets[0]!.close(1006, 'network');
    await tick(NET);
    expect(manager.state).toBe('lost');
    await tick(60000);
    expect(transport).toHaveBeenCalledTimes(1);
    expect(server.sockets).toHaveLength(1);
    network.online = true;
    const nextCheck =
      (Math.floor(Date.now() / NETWORK_CONN_CHECK_INTERVAL_MS) + 1) *
      NETWORK_CONN_CHECK_INTERVAL_MS;
    await tick(nextCheck - Date.now() - 1);
    expect(transport).toHaveBeenCalledTimes(1);
    await tick(NETWORK_CONN_CHECK_INTERVAL_MS);
    expect(transport).toHaveBeenCalledTimes(2);
    await tick(NET * 2);
    expect(manager.state).toBe('open');
    expect(server.sockets[1]!.topics).toEqual(new Set(['aws/agent']));
  });
});

describe('state and lifecycle callbacks', () => {
  it('walks idle → connecting → open, and calls gain/lost/initFailure handlers at once when already in that state', async () => {
    const t = createTestManager(url);
    expect(t.manager.state).toBe('idle');
    const states: string[] = [];
    t.manager.onStateChange((s) => states.push(s));
    const initPromise = t.manager.init(t.transport);
    expect(t.manager.state).toBe('connecting');
    await initPromise;
    await tick(NET);
    expect(t.manager.state).toBe('open');
    const gain = vi.fn();
    t.manager.onConnectionGain(gain);
    expect(gain).toHaveBeenCalledTimes(1);
    server.sockets[0]!.close(1006, 'x');
    await tick(NET);
    const lost = vi.fn();
    t.manager.onConnectionLost(lost);
    expect(lost).toHaveBeenCalledWith(expect.objectContaining({ code: 1006 }));
    t.manager.terminate('because');
    const failure = vi.fn();
    t.manager.onInitFailure(failure);
    expect(failure).toHaveBeenCalledWith(expect.objectContaining({ reason: 'because' }));
    expect(states).toEqual(['connecting', 'open', 'lost', 'terminated']);
  });

  it('connectionOpen carries the attempt metrics and connectionClose the socket timings', async () => {
    const t = createTestManager(url);
    const opens: unknown[] = [];
    const closes: unknown[] = [];
    t.manager.onConnectionOpen((p) => opens.push(p));
    t.manager.onConnectionClose((p) => closes.push(p));
    await t.manager.init(t.transport);
    await tick(NET);
    expect(opens).toEqual([
      {
        connectWebSocketRetryCount: 0,
        connectionAttemptStartTime: 0,
        noOpenConnectionsTimestamp: null,
        connectionEstablishedTime: 4,
        timeToConnect: 4,
        timeWithoutConnection: null,
      },
    ]);
    await tick(1000);
    server.sockets[0]!.close(4001, 'bye');
    await tick(NET);
    expect(closes[0]).toEqual({
      openTimestamp: 4,
      closeTimestamp: 1009,
      connectionDuration: 1005,
      code: 4001,
      reason: 'bye',
      wasClean: false, // as mock-socket reports a server-initiated close
    });
    await tick(NET * 2);
    expect(opens[1]).toMatchObject({ noOpenConnectionsTimestamp: 1009, timeWithoutConnection: 4 });
  });

  it('closeWebSocket closes with 1000 and the user reason, and stops reconnecting', async () => {
    const { manager, transport } = await started();
    const closes: Array<{ code: number; reason: string }> = [];
    manager.onConnectionClose((p) => closes.push({ code: p.code, reason: p.reason }));
    manager.closeWebSocket();
    expect(manager.state).toBe('closed');
    await tick(120000);
    expect(closes).toEqual([
      { code: 1000, reason: '[Primary] WebSocket User request to close WebSocket' },
    ]);
    expect(transport).toHaveBeenCalledTimes(1);
  });

  it('terminate closes the sockets, fires initFailure, and ignores every later fetch for good', async () => {
    const { manager, transport, network } = await started();
    const failures: unknown[] = [];
    manager.onInitFailure((p) => failures.push(p));
    manager.terminate('fatal');
    expect(failures).toEqual([
      { connectWebSocketRetryCount: 0, connectionAttemptStartTime: null, reason: 'fatal' },
    ]);
    await tick(NET);
    expect(server.sockets[0]!.closed).toBe(true);
    network.online = false;
    await tick(1000);
    network.online = true;
    await tick(MIN_WEBSOCKET_LIFETIME_MS);
    expect(transport).toHaveBeenCalledTimes(1);
    expect(manager.state).toBe('terminated');
  });

  it('a throwing handler is logged and does not stop the others', async () => {
    const error = vi.fn();
    const { manager } = await started(['aws/agent'], {
      logger: { debug() {}, info() {}, warn() {}, error },
    });
    const seen = vi.fn();
    manager.onMessage('aws/agent', () => {
      throw new Error('boom');
    });
    manager.onMessage('aws/agent', seen);
    server.publish('aws/agent', 1);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(`${LOG_PREFIX} Error executing callback`, expect.any(Error));
  });
});

describe('logging', () => {
  it('writes with the prefix at or above the level, and ADVANCED_LOG through advancedLogWriter', async () => {
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    await started(['aws/agent'], { logger, logLevel: LogLevel.WARN, advancedLogWriter: 'info' });
    expect(logger.debug).not.toHaveBeenCalled();
    expect(logger.info).toHaveBeenCalledWith(`${LOG_PREFIX} WebSocket connection established!`);
    expect(logger.info).not.toHaveBeenCalledWith(
      `${LOG_PREFIX} Fetching new WebSocket connection configuration`,
    );
  });

  it('is silent without a logger', async () => {
    const spies = (['debug', 'info', 'warn', 'error', 'log'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation(() => {}),
    );
    const { manager } = await started();
    server.sockets[0]!.send('garbage');
    manager.closeWebSocket();
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    spies.forEach((s) => s.mockRestore());
  });
});
