import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeConnectServer, createTestManager, tick } from '../../test/support';
import { bridgeWebSocketManager } from './panel-bridge';
import type { WebSocketBridgeConduit } from './panel-bridge';
import { createWebSocketManagerClient } from './page-client';

/** Two ends of an in-memory conduit (page ⇄ panel), logging every event that crosses. */
function conduitPair() {
  const listeners = {
    page: new Map<string, Set<(d: unknown) => void>>(),
    panel: new Map<string, Set<(d: unknown) => void>>(),
  };
  const log: string[] = [];
  const end = (self: 'page' | 'panel', other: 'page' | 'panel'): WebSocketBridgeConduit => ({
    send: (event, data) => {
      log.push(`${self}→${other} ${event}`);
      listeners[other].get(event)?.forEach((h) => h(data));
    },
    on: (event, handler) => {
      let set = listeners[self].get(event);
      if (!set) listeners[self].set(event, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
  });
  return { page: end('page', 'panel'), panel: end('panel', 'page'), log };
}

let server: FakeConnectServer;
const url = 'wss://bridge.test/ws';
beforeEach(() => {
  vi.useFakeTimers();
  server = new FakeConnectServer(url);
});
afterEach(() => {
  server.stop();
  vi.useRealTimers();
});

describe('page client over the conduit (ccp.getWebSocketManager())', () => {
  it('subscribes through the panel manager and receives topic messages, connection events and sends', async () => {
    const { page, panel, log } = conduitPair();
    const { manager, transport } = createTestManager(url);
    const stop = bridgeWebSocketManager(manager, panel);
    const client = createWebSocketManagerClient(page);
    const gains = vi.fn();
    const updates: unknown[] = [];
    const messages: unknown[] = [];
    const all: unknown[] = [];
    client.onConnectionGain(gains);
    client.onSubscriptionUpdate((r) => updates.push(r));
    client.onMessage('aws/agent', (m) => messages.push(m.content));
    client.onAllMessage((m) => all.push(m.topic));
    client.subscribeTopics(['aws/agent']);
    await manager.init(transport);
    await tick(10);
    expect(gains).toHaveBeenCalledTimes(1);
    expect(updates).toEqual([
      { topic: 'aws/subscribe', content: { status: 'success', topics: ['aws/agent'] } },
    ]);
    server.publish('aws/agent', 'hello');
    expect(messages).toEqual(['hello']);
    expect(all).toEqual(['aws/agent']);
    client.sendMessage({ topic: 'aws/app', content: 1 });
    await tick(5);
    expect(server.sockets[0]!.received.at(-1)).toEqual({ topic: 'aws/app', content: 1 });
    expect(log).toEqual(
      expect.arrayContaining([
        'page→panel webSocket::subscribe',
        'panel→page agent::websocket_connection_gained',
        'panel→page webSocket::connection_gain',
        'panel→page webSocket::connection_open',
        'panel→page webSocket::subscription_update',
        'panel→page webSocket::all_message',
        'page→panel webSocket::send',
      ]),
    );
    stop();
    client.dispose();
    server.publish('aws/agent', 'after');
    expect(messages).toEqual(['hello']);
    manager.closeWebSocket();
  });

  it('rejects a non-function handler and non-array topics', () => {
    const client = createWebSocketManagerClient(conduitPair().page);
    expect(() => client.onConnectionLost(1 as never)).toThrow('cb must be a function');
    expect(() => client.subscribeTopics('aws/agent' as never)).toThrow('topics is not an array');
  });
});
