import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { ME, liveEvents, quickConnectsOf, smallAgentList } from '../../../test/fixtures/panel-data';
import { AGENT_LIST_COLLAPSED_STORAGE_KEY } from '../../controller/constants';
import { VoiceController } from '../../controller/voice-controller';
import { createAgentListStore } from './agent-list-store';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('the agent list store', () => {
  const stored = new Map<string, string>();
  const storage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  };
  afterEach(() => {
    stored.clear();
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  function setUp(over: { agents?: () => ReturnType<typeof smallAgentList> } = {}) {
    const events = liveEvents();
    const api = fakeApi({
      getAgentsStatus: () => Promise.resolve((over.agents ?? smallAgentList)()),
      getTransfers: () =>
        Promise.resolve({ agents: quickConnectsOf(smallAgentList()), groups: [] }),
      subscribe: events.subscribe,
    });
    const controller = new VoiceController({ api, idAgent: ME });
    return { api, controller, events };
  }

  it('lists the quick-connect agents but the user, searched and grouped by status or team', async () => {
    const { controller } = setUp();
    const store = createAgentListStore(controller);
    store.start();
    await tick();
    const s = store.getSnapshot();
    expect(s.status).toBe('ready');
    const names = s.groups.flatMap((g) => g.rows.map((r) => r.item.agent.name));
    expect(names).not.toContain('Me Myself');
    expect(names).toHaveLength(smallAgentList().length - 1);
    expect(s.hasTeams).toBe(true);
    expect(s.empty).toBe(false);
    store.setSearch('arthur');
    expect(store.getSnapshot().groups.flatMap((g) => g.rows)).toHaveLength(1);
    store.setSearch('');
    store.setGrouping('team');
    expect(store.getSnapshot().grouping).toBe('team');
    expect(store.getSnapshot().groups.map((g) => g.id)).toContain('team:Sales');
  });

  it('no listed agent is the empty state', async () => {
    const { controller } = setUp({ agents: () => [] });
    const store = createAgentListStore(controller);
    store.start();
    await tick();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', empty: true, hasTeams: false });
  });

  it('reloads on agent and call events', async () => {
    const { api, controller, events } = setUp();
    const store = createAgentListStore(controller);
    store.start();
    await tick();
    events.emit({ type: 'agent.updated', id: 'a1' });
    await tick();
    expect(api.callsOf('getAgentsStatus')).toHaveLength(2);
    store.stop();
    expect(events.listeners).toBe(0);
  });

  it('remembers collapsed groups in local storage', () => {
    Object.assign(globalThis, { localStorage: storage });
    const { controller } = setUp();
    const store = createAgentListStore(controller);
    store.toggleGroup('Available');
    expect(store.getSnapshot().collapsed).toEqual(['Available']);
    expect(JSON.parse(stored.get(AGENT_LIST_COLLAPSED_STORAGE_KEY)!)).toEqual(['Available']);
    expect(createAgentListStore(controller).getSnapshot().collapsed).toEqual(['Available']);
    store.toggleGroup('Available');
    expect(store.getSnapshot().collapsed).toEqual([]);
  });

  it('a new list of the same controller starts from the last answer', async () => {
    const { controller } = setUp();
    const first = createAgentListStore(controller);
    first.start();
    await tick();
    const next = createAgentListStore(controller);
    expect(next.getSnapshot().status).toBe('loading');
    expect(next.getSnapshot().groups.flatMap((g) => g.rows)).toHaveLength(
      smallAgentList().length - 1,
    );
  });
});
