import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { liveCall, liveEvents } from '../../../test/fixtures/panel-data';
import { VoiceController } from '../../controller/voice-controller';
import { createLiveCallsStore } from './live-calls-store';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('the live calls store', () => {
  it('loads the live calls, keeps the search and reloads on call events only', async () => {
    const events = liveEvents();
    let calls = [liveCall('c1', 'Ada', 'CONNECTED', 'inbound', 0)];
    const api = fakeApi({
      getLiveCalls: () => Promise.resolve(calls),
      subscribe: events.subscribe,
    });
    const store = createLiveCallsStore(new VoiceController({ api }));
    store.start();
    expect(store.getSnapshot()).toMatchObject({ status: 'loading', list: [] });
    await tick();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', list: calls });
    store.setSearchText('ada');
    expect(store.getSnapshot().searchText).toBe('ada');
    store.clearSearch();
    expect(store.getSnapshot().searchText).toBe('');
    events.emit({ type: 'agent.updated', id: 'a' });
    calls = [];
    events.emit({ type: 'call.updated', id: 'c1' });
    await tick();
    expect(api.callsOf('getLiveCalls')).toHaveLength(2);
    expect(store.getSnapshot().list).toEqual([]);
  });

  it('a failed load is an error', async () => {
    const api = fakeApi({ getLiveCalls: () => Promise.reject(new Error('down')) });
    const store = createLiveCallsStore(new VoiceController({ api }));
    store.start();
    await tick();
    expect(store.getSnapshot().status).toBe('error');
  });
});
