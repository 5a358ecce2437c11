import { describe, expect, it } from 'vitest';
import { DisasterRecoveryEvents as DR } from '../protocol/names';
import { startPanelDisasterRecovery } from './panel';

// The disaster-recovery duties in a panel page (the CCP side), over a fake session and window.

const flush = async (n = 20) => {
  for (let i = 0; i < n; i++) await Promise.resolve();
};

function rig(options: { master?: boolean; failDestroy?: boolean } = {}) {
  const parent = { name: 'host' };
  const listeners = new Set<(event: MessageEvent) => void>();
  const workerHandlers = new Map<string, Set<(data: unknown) => void>>();
  const upstream: { event: string; data: unknown }[] = [];
  const downstream: { event: string; data: unknown }[] = [];
  const calls: { method: string; params: Record<string, unknown> | undefined }[] = [];
  const fromWorker = (event: string, data?: unknown) => {
    for (const h of [...(workerHandlers.get(event) ?? [])]) h(data);
  };
  const session = {
    on(event: string, handler: (data: unknown) => void) {
      const set = workerHandlers.get(event) ?? new Set();
      set.add(handler);
      workerHandlers.set(event, set);
      return () => void set.delete(handler);
    },
    call(method: string, params?: Record<string, unknown>) {
      calls.push({ method, params });
      if (method === 'destroyConnection' && options.failDestroy)
        return Promise.reject(new Error('down'));
      return Promise.resolve({});
    },
    sendUpstream(event: string, data?: unknown) {
      upstream.push({ event, data });
      if (event === 'master_request') {
        const request = data as { requestId: string };
        queueMicrotask(() =>
          fromWorker('master_response', {
            event: 'master_response',
            requestId: request.requestId,
            data: { isMaster: options.master ?? true },
            err: null,
          }),
        );
      }
    },
    sendDownstream(event: string, data?: unknown) {
      downstream.push({ event, data });
    },
  };
  const win = {
    parent,
    addEventListener: (_: 'message', l: (event: MessageEvent) => void) => void listeners.add(l),
    removeEventListener: (_: 'message', l: (event: MessageEvent) => void) =>
      void listeners.delete(l),
  };
  const fromHost = (event: string, data?: unknown, source: unknown = parent) => {
    for (const l of [...listeners]) l({ source, data: { event, data } } as unknown as MessageEvent);
  };
  const agent = (contacts: { contactId: string; type: string }[]) =>
    fromWorker('agent::update', {
      snapshot: {
        state: { name: 'Available', type: 'routable' },
        contacts: contacts.map((c) => ({
          ...c,
          state: { type: 'connected' },
          connections: [
            { connectionId: `${c.contactId}-agent`, type: 'agent' },
            { connectionId: `${c.contactId}-customer`, type: 'inbound' },
          ],
        })),
      },
      configuration: {
        agentStates: [
          { name: 'Available', type: 'routable' },
          { name: 'Offline', type: 'offline', agentStateARN: 'arn:offline' },
        ],
      },
    });
  const stop = startPanelDisasterRecovery(session, win);
  return { fromHost, fromWorker, agent, upstream, downstream, calls, stop, listeners };
}

const events = (list: { event: string }[]) => list.map((m) => m.event);

describe('disaster recovery in the panel page', () => {
  it('init_disaster_recovery of a stand-by suppresses contacts and forces the agent offline (each agent connection destroyed, then offline)', async () => {
    const r = rig();
    r.fromHost(DR.INIT_DISASTER_RECOVERY, { region: 'us-west-2', isPrimary: false });
    await flush();
    expect(r.upstream[0]).toEqual({
      event: DR.SUPPRESS,
      data: { suppress: true, shouldSendFailoverDownstream: false },
    });
    // It waits for the agent data.
    expect(r.calls).toEqual([]);
    r.agent([{ contactId: 'c1', type: 'chat' }]);
    await flush();
    expect(r.calls).toEqual([
      { method: 'destroyConnection', params: { contactId: 'c1', connectionId: 'c1-agent' } },
      {
        method: 'putAgentState',
        params: {
          state: { name: 'Offline', type: 'offline', agentStateARN: 'arn:offline' },
          enqueueNextState: false,
        },
      },
    ]);
    expect(r.upstream.filter((m) => m.event === DR.FORCE_OFFLINE).map((m) => m.data)).toEqual([
      { offline: false, nextActiveArn: undefined },
    ]);
    r.stop();
  });

  it('init_disaster_recovery of a primary suppresses nothing; a second init is ignored', async () => {
    const r = rig();
    r.fromHost(DR.INIT_DISASTER_RECOVERY, { region: 'us-east-1', isPrimary: true });
    r.fromHost(DR.INIT_DISASTER_RECOVERY, { region: 'us-east-1', isPrimary: false });
    await flush();
    expect(r.upstream).toEqual([
      { event: DR.SUPPRESS, data: { suppress: false, shouldSendFailoverDownstream: false } },
    ]);
    r.stop();
  });

  it('set_offline from the embedding page runs a soft failover in the failover master: the voice contact is waited for (failover_pending to the page)', async () => {
    const r = rig();
    r.fromHost(DR.INIT_DISASTER_RECOVERY, { region: 'us-east-1', isPrimary: true });
    r.agent([{ contactId: 'v1', type: 'voice' }]);
    r.fromHost(DR.SET_OFFLINE, { softFailover: true });
    await flush();
    expect(
      r.upstream
        .filter((m) => m.event === 'master_request')
        .map((m) => (m.data as { params: unknown }).params),
    ).toEqual([{ topic: 'connect::failover' }]);
    expect(events(r.downstream)).toEqual([DR.FAILOVER_PENDING]);
    expect(r.calls).toEqual([]);
    // The voice contact is destroyed (gone from the agent data): offline follows.
    r.agent([]);
    await flush();
    expect(r.calls.map((c) => c.method)).toEqual(['putAgentState']);
    r.stop();
  });

  it('set_offline does nothing in a tab that is not the failover master, nor from another window', async () => {
    const r = rig({ master: false });
    r.fromHost(DR.INIT_DISASTER_RECOVERY, { region: 'us-east-1', isPrimary: true });
    r.agent([{ contactId: 'c1', type: 'chat' }]);
    r.fromHost(DR.SET_OFFLINE, {});
    await flush();
    expect(r.calls).toEqual([]);
    const s = rig();
    s.fromHost(DR.INIT_DISASTER_RECOVERY, { region: 'us-east-1', isPrimary: true }, {});
    // Malformed parameters are ignored.
    s.fromHost(DR.INIT_DISASTER_RECOVERY, { region: 1, isPrimary: 'yes' });
    await flush();
    expect(s.upstream).toEqual([]);
    r.stop();
    s.stop();
    expect(s.listeners.size).toBe(0);
  });

  it('force_offline asked again by the worker after a failed destroy runs again', async () => {
    const r = rig({ failDestroy: true });
    r.fromHost(DR.INIT_DISASTER_RECOVERY, { region: 'us-east-1', isPrimary: true });
    r.agent([{ contactId: 'c1', type: 'chat' }]);
    r.fromHost(DR.SET_OFFLINE, {});
    await flush();
    expect(r.upstream.filter((m) => m.event === DR.FORCE_OFFLINE).map((m) => m.data)).toEqual([
      { offline: true, nextActiveArn: undefined },
    ]);
    r.fromWorker(DR.FORCE_OFFLINE);
    await flush();
    expect(r.calls.filter((c) => c.method === 'destroyConnection')).toHaveLength(2);
    r.stop();
  });
});
