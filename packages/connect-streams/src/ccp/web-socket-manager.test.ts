import { describe, expect, it, vi } from 'vitest';
import { TestPanel } from '../testing';

describe('ccp.getWebSocketManager() over the conduit', () => {
  it('relays subscribeTopics as webSocket::subscribe and sendMessage as webSocket::send', async () => {
    const panel = new TestPanel();
    const ccp = panel.connect();
    const wsm = ccp.getWebSocketManager();
    wsm.subscribeTopics(['aws/chat']);
    wsm.sendMessage({ topic: 'aws/chat', content: 'x' });
    await panel.settle();
    expect(panel.sent('webSocket::subscribe')).toEqual([['aws/chat']]);
    expect(panel.sent('webSocket::send')).toEqual([{ topic: 'aws/chat', content: 'x' }]);
    ccp.terminate();
  });

  it('feeds the handlers from the webSocket:: events and filters onMessage by topic', async () => {
    const panel = new TestPanel();
    const ccp = panel.connect();
    const wsm = ccp.getWebSocketManager();
    expect(ccp.getWebSocketManager()).toBe(wsm);
    const chat = vi.fn();
    const all = vi.fn();
    const gain = vi.fn();
    const updates = vi.fn();
    const offChat = wsm.onMessage('aws/chat', chat);
    wsm.onAllMessage(all);
    wsm.onConnectionGain(gain);
    wsm.onSubscriptionUpdate(updates);
    panel.emit('webSocket::connection_gain');
    panel.emit('webSocket::subscription_update', {
      topic: 'aws/subscribe',
      content: { status: 'success', topics: ['aws/chat'] },
    });
    panel.emit('webSocket::all_message', { topic: 'aws/other', content: '1' });
    panel.emit('webSocket::all_message', { topic: 'aws/chat', content: '2' });
    await panel.settle();
    offChat();
    panel.emit('webSocket::all_message', { topic: 'aws/chat', content: '3' });
    await panel.settle();
    expect(gain).toHaveBeenCalledOnce();
    expect(updates).toHaveBeenCalledWith({
      topic: 'aws/subscribe',
      content: { status: 'success', topics: ['aws/chat'] },
    });
    expect(chat.mock.calls).toEqual([[{ topic: 'aws/chat', content: '2' }]]);
    expect(all).toHaveBeenCalledTimes(3);
    ccp.terminate();
  });

  it('stops calling handlers after terminate', async () => {
    const panel = new TestPanel();
    const ccp = panel.connect();
    const all = vi.fn();
    ccp.getWebSocketManager().onAllMessage(all);
    ccp.terminate();
    panel.emit('webSocket::all_message', { topic: 'aws/chat', content: '1' });
    await panel.settle();
    expect(all).not.toHaveBeenCalled();
  });
});
