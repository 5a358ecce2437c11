import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { ME, quickConnectsOf, smallAgentList } from '../../../test/fixtures/panel-data';
import { VoiceController } from '../../controller/voice-controller';
import { createTransferTargetsStore } from './transfer-targets-store';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('the transfer targets store', () => {
  const controller = (fail = false) =>
    new VoiceController({
      idAgent: ME,
      api: fakeApi({
        getTransfers: () =>
          fail
            ? Promise.reject(new Error('down'))
            : Promise.resolve({
                agents: quickConnectsOf(smallAgentList()),
                groups: [
                  { id: 'g1', name: 'Support', description: '', endpointId: 'e1' },
                  { id: 'g2', name: 'Sales', description: '', endpointId: 'e2' },
                ],
              }),
      }),
    });

  it('loads the targets without the current user, then filters them by the search', async () => {
    const store = createTransferTargetsStore(controller());
    store.start();
    expect(store.getSnapshot().status).toBe('loading');
    await tick();
    const s = store.getSnapshot();
    expect(s.status).toBe('ready');
    expect(s.agentCount).toBe(smallAgentList().length - 1);
    expect(s.groupCount).toBe(2);
    store.setSearch('sales');
    expect(store.getSnapshot().groups.map((g) => g.name)).toEqual(['Sales']);
    store.setSearch('alice');
    expect(store.getSnapshot().agentCount).toBe(1);
    expect(store.getSnapshot().search).toBe('alice');
  });

  it('a failed load is an error', async () => {
    const store = createTransferTargetsStore(controller(true));
    store.start();
    await tick();
    expect(store.getSnapshot().status).toBe('error');
    expect(store.getSnapshot().error).not.toBeNull();
  });
});
