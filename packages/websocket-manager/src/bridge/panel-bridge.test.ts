import { describe, expect, it, vi } from 'vitest';
import { forwardWebSocketManagerEvents, handleWebSocketConduitRequest } from './panel-bridge';
import { WEBSOCKET_CONDUIT_EVENTS } from '../constants';
import { createWebSocketManager } from '../websocket-manager';

describe('Streams conduit bridge (reference §2.7)', () => {
  it('uses the webSocket:: conduit event names of connect.WebSocketEvents', () => {
    expect(WEBSOCKET_CONDUIT_EVENTS).toEqual({
      initFailure: 'webSocket::init_failure',
      connectionOpen: 'webSocket::connection_open',
      connectionClose: 'webSocket::connection_close',
      connectionGain: 'webSocket::connection_gain',
      connectionLost: 'webSocket::connection_lost',
      subscriptionUpdate: 'webSocket::subscription_update',
      subscriptionFailure: 'webSocket::subscription_failure',
      allMessage: 'webSocket::all_message',
      send: 'webSocket::send',
      subscribe: 'webSocket::subscribe',
    });
  });

  it('forwards manager events downstream, gain/lost also as agent events, until stopped', () => {
    const manager = createWebSocketManager();
    const sent: Array<[string, unknown]> = [];
    const stop = forwardWebSocketManagerEvents(manager, (event, data) => sent.push([event, data]));
    manager.terminate('fatal');
    expect(sent).toEqual([
      [
        'webSocket::init_failure',
        { connectWebSocketRetryCount: 0, connectionAttemptStartTime: null, reason: 'fatal' },
      ],
    ]);
    stop();
    sent.length = 0;
    manager.on('connectionGain', () => {});
    expect(sent).toEqual([]);
  });

  it('sends connection gain as agent::websocket_connection_gained then webSocket::connection_gain', () => {
    const handlers = new Map<string, (payload: unknown) => void>();
    const fake = {
      on: (event: string, handler: (payload: unknown) => void) => {
        handlers.set(event, handler);
        return () => handlers.delete(event);
      },
    } as unknown as Parameters<typeof forwardWebSocketManagerEvents>[0];
    const sent: string[] = [];
    forwardWebSocketManagerEvents(fake, (event) => sent.push(event));
    handlers.get('connectionGain')!(undefined);
    handlers.get('connectionLost')!(undefined);
    expect(sent).toEqual([
      'agent::websocket_connection_gained',
      'webSocket::connection_gain',
      'agent::websocket_connection_lost',
      'webSocket::connection_lost',
    ]);
  });

  it('applies upstream webSocket::send and webSocket::subscribe to the manager', () => {
    const manager = createWebSocketManager();
    const send = vi.spyOn(manager, 'sendMessage');
    const subscribe = vi.spyOn(manager, 'subscribeTopics');
    expect(handleWebSocketConduitRequest(manager, 'webSocket::send', { topic: 'aws/app' })).toBe(
      true,
    );
    expect(handleWebSocketConduitRequest(manager, 'webSocket::subscribe', ['aws/agent'])).toBe(
      true,
    );
    expect(handleWebSocketConduitRequest(manager, 'agent::update', {})).toBe(false);
    expect(send).toHaveBeenCalledWith({ topic: 'aws/app' });
    expect(subscribe).toHaveBeenCalledWith(['aws/agent']);
  });
});
