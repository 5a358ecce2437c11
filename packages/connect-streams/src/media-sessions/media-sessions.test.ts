import { describe, expect, it, vi } from 'vitest';
import { createChatSession, createTaskSession, type ConnectableSession } from './media-sessions';

function session(
  connect: () => Promise<unknown>,
): ConnectableSession & { broken?: (d: unknown) => void } {
  const s: ConnectableSession & { broken?: (d: unknown) => void } = {
    connect,
    onConnectionBroken: (h) => void (s.broken = h),
    onConnectionEstablished: () => undefined,
  };
  return s;
}

describe('chat session set-up', () => {
  it('creates the session with chatDetails, type AGENT and the web-socket manager, then connects', async () => {
    const wsm = { name: 'wsm' };
    const s = session(() => Promise.resolve());
    const factory = { create: vi.fn(() => s), setGlobalConfig: vi.fn() };
    const publishMetric = vi.fn();
    const result = await createChatSession(
      factory,
      { contactId: 'c-1', participantToken: 't' },
      {
        websocketManager: wsm,
        log: vi.fn(),
        publishMetric,
      },
    );
    expect(result).toBe(s);
    expect(factory.create).toHaveBeenCalledWith({
      chatDetails: { contactId: 'c-1', participantToken: 't' },
      type: 'AGENT',
      websocketManager: wsm,
    });
    expect(factory.setGlobalConfig).toHaveBeenCalledWith({
      loggerConfig: { logger: null },
      region: 'us-west-2',
    });
    expect(publishMetric.mock.calls.map(([m]) => (m as { name: string }).name)).toEqual([
      'Chat media controller init',
      'Chat Session Successfully established',
    ]);
  });

  it('on failure logs, publishes a metric and rethrows', async () => {
    const failure = new Error('ws refused');
    const log = vi.fn();
    const publishMetric = vi.fn();
    const factory = { create: () => session(() => Promise.reject(failure)) };
    await expect(
      createChatSession(
        factory,
        { contactId: 'c-2' },
        { websocketManager: {}, log, publishMetric },
      ),
    ).rejects.toBe(failure);
    expect(log).toHaveBeenCalledWith(
      'error',
      'Chat Session establishement failed for contact c-2',
      failure,
    );
    expect(publishMetric).toHaveBeenLastCalledWith({
      name: 'Chat Session establishement failed',
      contactId: 'c-2',
      data: failure,
    });
  });

  it('reports a broken connection', async () => {
    const s = session(() => Promise.resolve());
    const publishMetric = vi.fn();
    await createChatSession(
      { create: () => s },
      { contactId: 'c-3' },
      { websocketManager: {}, log: vi.fn(), publishMetric },
    );
    s.broken?.({ reason: 'x' });
    expect(publishMetric).toHaveBeenLastCalledWith({
      name: 'Chat Session connection broken',
      contactId: 'c-3',
      data: { reason: 'x' },
    });
  });
});

describe('task session set-up', () => {
  it('creates the session with contactId, initialContactId and the web-socket manager', async () => {
    const create = vi.fn(() => session(() => Promise.resolve()));
    await createTaskSession(
      { create },
      { contactId: 'c', initialContactId: 'i' },
      { websocketManager: 'w', log: vi.fn(), publishMetric: vi.fn() },
    );
    expect(create).toHaveBeenCalledWith({
      contactId: 'c',
      initialContactId: 'i',
      websocketManager: 'w',
    });
  });

  it('on failure logs, publishes a metric and rethrows', async () => {
    const failure = new Error('nope');
    const log = vi.fn();
    const publishMetric = vi.fn();
    await expect(
      createTaskSession(
        { create: () => session(() => Promise.reject(failure)) },
        { contactId: 'c' },
        { websocketManager: 'w', log, publishMetric },
      ),
    ).rejects.toBe(failure);
    expect(log).toHaveBeenCalledWith(
      'error',
      'Task Session establishement failed for contact c',
      failure,
    );
    expect(publishMetric).toHaveBeenLastCalledWith(
      expect.objectContaining({ name: 'Task Session establishement failed' }),
    );
  });
});
