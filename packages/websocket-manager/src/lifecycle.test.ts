import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeConnectServer, configFor, createTestManager, tick } from '../test/support';
import { LIFECYCLE_TABLE, lifecycleRow, mayConnect } from './lifecycle';
import type { LifecycleEvent } from './lifecycle';
import type { WebSocketManagerState } from './types';

const STATES: WebSocketManagerState[] = [
  'idle',
  'connecting',
  'open',
  'lost',
  'closed',
  'terminated',
];
const EVENTS: LifecycleEvent[] = [
  'init',
  'socketOpen',
  'allSocketsClosed',
  'closeWebSocket',
  'terminate',
];

describe('the manager lifecycle, walked through its transition table', () => {
  it('is the documented table: idle → connecting → open ⇄ lost; closed by the user; terminated from anywhere', () => {
    const moves = Object.fromEntries(
      EVENTS.map((event) => [
        event,
        STATES.flatMap((from) => {
          const row = lifecycleRow(from, event);
          return row ? [`${from}→${row.to}`] : [];
        }),
      ]),
    );
    expect(moves).toEqual({
      init: ['idle→connecting'],
      socketOpen: ['connecting→open', 'open→open', 'lost→open'],
      allSocketsClosed: ['connecting→lost', 'open→lost', 'lost→lost'],
      closeWebSocket: [
        'idle→closed',
        'connecting→closed',
        'open→closed',
        'lost→closed',
        'closed→closed',
      ],
      terminate: STATES.map((from) => `${from}→terminated`),
    });
  });

  it('has at most one row for each state and event', () => {
    for (const state of STATES)
      for (const event of EVENTS)
        expect(
          LIFECYCLE_TABLE.filter((r) => r.on === event && r.from.includes(state)).length,
        ).toBeLessThanOrEqual(1);
  });

  it('closed and terminated are final: only closing again or terminating leaves them, and neither connects', () => {
    for (const state of ['closed', 'terminated'] as const) {
      expect(mayConnect(state)).toBe(false);
      for (const event of EVENTS) {
        const row = lifecycleRow(state, event);
        if (row) expect(['closed', 'terminated']).toContain(row.to);
      }
    }
    expect(lifecycleRow('terminated', 'closeWebSocket')).toBeUndefined();
  });

  it('every move has its duties: connecting fetches, open reports and resubscribes, lost fetches again, stopping closes the sockets', () => {
    expect(lifecycleRow('idle', 'init')?.duties).toEqual(['watchNetwork', 'fetchConfig']);
    expect(lifecycleRow('lost', 'socketOpen')?.duties).toEqual([
      'reportOpen',
      'settle',
      'resubscribe',
      'startHeartbeat',
      'scheduleRefresh',
    ]);
    expect(lifecycleRow('open', 'allSocketsClosed')?.duties).toEqual(['fetchConfig']);
    expect(lifecycleRow('open', 'closeWebSocket')?.duties).toEqual([
      'stopTimers',
      'stopNetworkWatch',
      'closeSockets',
    ]);
    expect(lifecycleRow('closed', 'terminate')?.duties).toEqual([
      'stopTimers',
      'stopNetworkWatch',
      'closeSockets',
      'reportInitFailure',
    ]);
  });
});

describe('a manager moves only along the table', () => {
  const NET = 5;
  let server: FakeConnectServer;
  const url = 'wss://ws.test/lifecycle';

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    server = new FakeConnectServer(url);
  });
  afterEach(() => {
    server.stop();
    vi.useRealTimers();
  });

  /** Every state change of `t.manager` as "from→to", checked against the table as it happens. */
  function record(t: ReturnType<typeof createTestManager>) {
    const moves: string[] = [];
    let from = t.manager.state;
    t.manager.onStateChange((to) => {
      expect(
        EVENTS.some((event) => lifecycleRow(from, event)?.to === to),
        `${from}→${to} is a move of the table`,
      ).toBe(true);
      moves.push(`${from}→${to}`);
      from = to;
    });
    return moves;
  }

  it('connects, loses every socket, reconnects, and is closed by the user', async () => {
    const t = createTestManager(url);
    const moves = record(t);
    t.manager.subscribeTopics(['aws/agent']);
    await t.manager.init(t.transport);
    await tick(NET * 2);
    server.sockets[0]!.close(4001, 'bye');
    await tick(NET * 4);
    t.manager.closeWebSocket();
    await tick(NET * 2);
    expect(moves).toEqual([
      'idle→connecting',
      'connecting→open',
      'open→lost',
      'lost→open',
      'open→closed',
    ]);
  });

  it('terminates on a configuration that is not valid, and nothing moves it after', async () => {
    const t = createTestManager(url);
    const moves = record(t);
    t.transport.mockResolvedValueOnce({
      ...configFor(url),
      webSocketTransport: { url: 'http://nope' },
    } as never);
    await t.manager.init(t.transport);
    t.manager.closeWebSocket();
    await tick(60_000);
    expect(moves).toEqual(['idle→connecting', 'connecting→terminated']);
    expect(t.manager.state).toBe('terminated');
  });

  it('a configuration arriving after closeWebSocket() opens no socket: closed stays closed', async () => {
    const t = createTestManager(url);
    let answer!: (config: unknown) => void;
    t.transport.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)) as never);
    const moves = record(t);
    const result = t.manager.init(t.transport);
    t.manager.closeWebSocket();
    answer(configFor(url));
    expect(await result).toEqual({ webSocketConnectionFailed: true });
    await tick(60_000);
    expect(server.sockets).toHaveLength(0);
    expect(moves).toEqual(['idle→connecting', 'connecting→closed']);
    expect(t.transport).toHaveBeenCalledTimes(1);
  });
});
