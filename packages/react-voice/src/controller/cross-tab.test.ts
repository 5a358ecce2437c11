import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import type { FakeApi } from '../../test/fake-api';
import { flush, openTab, SharedStorage } from '../../test/harness';
import type { Tab } from '../../test/harness';
import { CrossTabLock, crossTabLockKey } from './cross-tab';
import type { CrossTabLockManager, CrossTabStorage } from './cross-tab';

const opened: Tab[] = [];
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-02T10:00:00Z') });
});
afterEach(() => {
  for (const t of opened.splice(0)) t.controller.dispose();
  vi.useRealTimers();
});

/**
 * Several tabs of one browser: one shared local storage and one product API (the server sees
 * every tab's calls), each tab with its own view of the panel, scripted alike (the real panel's
 * worker sends every tab the same agent updates).
 */
async function browserTabs(randoms: readonly number[]): Promise<{ tabs: Tab[]; api: FakeApi }> {
  const storage = new SharedStorage();
  const api = fakeApi();
  const tabs: Tab[] = [];
  for (const r of randoms) {
    const t = await openTab({ storage, api, random: () => r });
    opened.push(t);
    t.panel.instance.setAgentState('Available');
    tabs.push(t);
  }
  await flush(vi);
  return { tabs, api };
}

/** Every tab's panel shows the same change. */
function everyPanel(tabs: readonly Tab[], change: (t: Tab) => void): void {
  for (const t of tabs) change(t);
}

describe('§4 cross-tab deduplication', () => {
  it('start conversation, answered, update connection and monitored are each performed by one browser tab only, with several tabs racing', async () => {
    const { tabs, api } = await browserTabs([0.9, 0.1, 0.5, 0.1]);
    // an inbound call rings in every tab: the connection record is updated once
    everyPanel(tabs, (t) => t.panel.instance.incomingCall({ contactId: 'c-in' }));
    await flush(vi);
    expect(api.callsOf('getConnection')).toEqual([['c-in']]);
    // every tab knows the conversation (the performing tab shared it)
    expect(tabs.map((t) => t.controller.getState().call.conversationId)).toEqual(
      tabs.map(() => 'conv-c-in'),
    );
    // answered in one tab: the call is marked answered once
    await tabs[2]!.controller.accept();
    everyPanel(tabs.slice(0, 2).concat(tabs.slice(3)), (t) =>
      t.panel.instance.handle('acceptContact', { contactId: 'c-in' }),
    );
    await flush(vi);
    expect(api.callsOf('acceptCall')).toHaveLength(1);
    expect(tabs.every((t) => t.controller.getState().call.answered)).toBe(true);
    // the call ends: the connection is updated once more, by one tab
    everyPanel(tabs, (t) => t.panel.instance.customerHangsUp('c-in'));
    await flush(vi);
    expect(api.callsOf('getConnection')).toEqual([['c-in'], ['c-in']]);
    for (const t of tabs) await t.controller.finish();
    await flush(vi);

    // an outbound call: the conversation is started once
    everyPanel(tabs, (t) =>
      t.panel.instance.handle('createOutboundContact', {
        endpoint: { type: 'phone_number', phoneNumber: '+15555550199' },
      }),
    );
    await flush(vi);
    expect(api.callsOf('startConversation')).toHaveLength(1);
    const outbound = tabs[0]!.controller.getState().call.info!.idCommunication;
    expect(tabs.map((t) => t.controller.getState().call.conversationId)).toEqual(
      tabs.map(() => `conv-${outbound}`),
    );
    for (const t of tabs) t.panel.instance.customerHangsUp(outbound);
    await flush(vi);
    for (const t of tabs) await t.controller.finish();
    await flush(vi);

    // monitoring: recorded once
    everyPanel(tabs, (t) => t.panel.instance.monitoringCall({ contactId: 'c-mon' }));
    await flush(vi);
    expect(api.callsOf('monitorCall')).toHaveLength(1);
  });

  it('tabs that draw the same delay still perform the action once', async () => {
    const { tabs, api } = await browserTabs([0.3, 0.3, 0.3]);
    everyPanel(tabs, (t) => t.panel.instance.incomingCall({ contactId: 'c-tie' }));
    await flush(vi);
    expect(api.callsOf('getConnection')).toHaveLength(1);
  });

  it('a tab waits a random 0-500 ms before taking the lock', async () => {
    const storage = new SharedStorage();
    const lock = new CrossTabLock({ storage: storage.tab(), random: () => 0.9999 });
    const fn = vi.fn(() => Promise.resolve('done'));
    const result = lock.once('answered', 'c-1', fn);
    await vi.advanceTimersByTimeAsync(499);
    expect(fn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toEqual({ performed: true, value: 'done' });
    lock.dispose();
  });

  it('with Web Locks, tabs whose storage reads and writes cross (each sees the key free) still act once; the Web Lock is held 5000 ms', async () => {
    // Two tabs are two processes: both may read the storage key before either write shows.
    const blind: CrossTabStorage = {
      getItem: () => null,
      setItem: () => {},
      removeItem: () => {},
      key: () => null,
      length: 0,
    };
    // navigator.locks as the browser grants it: one holder per name, the others get null.
    const held = new Set<string>();
    const locks: CrossTabLockManager = {
      async request(name, _options, callback) {
        if (held.has(name)) return callback(null);
        held.add(name);
        try {
          return await callback({ name });
        } finally {
          held.delete(name);
        }
      },
    };
    const fn = vi.fn(() => Promise.resolve('done'));
    const race = (withLocks: boolean) => {
      const tabs = [0, 1].map(
        () =>
          new CrossTabLock({ storage: blind, random: () => 0, locks: withLocks ? locks : null }),
      );
      return { tabs, runs: Promise.all(tabs.map((t) => t.once('answered', 'c-1', fn))) };
    };
    // without Web Locks both act: the race the Web Lock closes
    const bare = race(false);
    await vi.advanceTimersByTimeAsync(0);
    expect((await bare.runs).map((r) => r.performed)).toEqual([true, true]);
    fn.mockClear();

    const guarded = race(true);
    await vi.advanceTimersByTimeAsync(0);
    expect((await guarded.runs).map((r) => r.performed).sort()).toEqual([false, true]);
    expect(fn).toHaveBeenCalledTimes(1);
    expect([...held]).toEqual([crossTabLockKey('answered', 'c-1')]);
    await vi.advanceTimersByTimeAsync(5000);
    expect([...held]).toEqual([]);
    for (const t of [...bare.tabs, ...guarded.tabs]) t.dispose();
  });

  it('the lock is per action and communication and is removed after 5000 ms', async () => {
    const storage = new SharedStorage();
    const a = new CrossTabLock({ storage: storage.tab(), random: () => 0 });
    const b = new CrossTabLock({ storage: storage.tab(), random: () => 0 });
    const run = () => Promise.resolve(1);
    const first = a.once('answered', 'c-1', run);
    await vi.advanceTimersByTimeAsync(0);
    expect(await first).toMatchObject({ performed: true });
    expect(storage.keys()).toEqual([crossTabLockKey('answered', 'c-1')]);
    expect(storage.keys()[0]).toBe('fg_voice_communication_c-1_answered');
    const other = b.once('answered', 'c-1', run);
    const otherAction = b.once('monitored', 'c-1', run);
    const otherCall = b.once('answered', 'c-2', run);
    await vi.advanceTimersByTimeAsync(0);
    expect(await other).toEqual({ performed: false });
    expect(await otherAction).toMatchObject({ performed: true });
    expect(await otherCall).toMatchObject({ performed: true });
    await vi.advanceTimersByTimeAsync(5000);
    expect(storage.keys()).toEqual([]);
    const again = b.once('answered', 'c-1', run);
    await vi.advanceTimersByTimeAsync(0);
    expect(await again).toMatchObject({ performed: true });
    a.dispose();
    b.dispose();
  });

  it('a lock left by a closed tab is free once 5000 ms old', async () => {
    const storage = new SharedStorage();
    storage.map.set(
      crossTabLockKey('answered', 'c-1'),
      JSON.stringify({ tab: 'gone', at: Date.now() - 5000 }),
    );
    const lock = new CrossTabLock({ storage: storage.tab(), random: () => 0 });
    const result = lock.once('answered', 'c-1', () => Promise.resolve(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(await result).toMatchObject({ performed: true });
    lock.dispose();
  });

  it('without storage every action runs in this tab', async () => {
    const lock = new CrossTabLock({ storage: null, random: () => 0 });
    const result = lock.once('answered', 'c-1', () => Promise.resolve(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(await result).toMatchObject({ performed: true });
  });
});
