import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { liveEvents } from '../../../test/fixtures/panel-data';
import type { QueueMetricsItem } from '../../api/contract';
import { VoiceController } from '../../controller/voice-controller';
import { createQueuesStore } from './queues-store';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const queue: QueueMetricsItem = {
  queue: { id: 'q1', name: 'Support' },
  callsWaiting: 2,
  longestWaitSeconds: 30,
  agentsAvailable: 1,
  agentsOnline: 3,
  agentsOnCall: 1,
};

describe('the queues store', () => {
  it('loads the queues with the time they were read, and reloads on call and agent events', async () => {
    const events = liveEvents();
    const api = fakeApi({ getQueues: () => Promise.resolve([queue]), subscribe: events.subscribe });
    const store = createQueuesStore(new VoiceController({ api }));
    store.start();
    expect(store.getSnapshot()).toMatchObject({ status: 'loading', list: [], receivedAt: 0 });
    await tick();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', list: [queue] });
    expect(store.getSnapshot().receivedAt).toBeGreaterThan(0);
    events.emit({ type: 'agent.updated', id: 'a' });
    await tick();
    expect(api.callsOf('getQueues')).toHaveLength(2);
  });

  it('an API without queues is an error', async () => {
    const api = fakeApi();
    const store = createQueuesStore(new VoiceController({ api }));
    store.start();
    await tick();
    expect(store.getSnapshot().status).toBe('error');
  });

  it('take next call without a routable status fails', async () => {
    const store = createQueuesStore(new VoiceController({ api: fakeApi() }));
    await expect(store.takeNextCall()).rejects.toThrow();
  });
});
