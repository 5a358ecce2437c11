import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Ccp } from '../ccp/ccp';
import { validateInitParams } from '../ccp/params';
import type { ConduitMessage } from '../protocol';
import { createConduitPair, type InMemoryConduitEnd } from '../testing';
import { TestInstance } from '../testing';
import { GlobalResiliencyConduit } from './global-resiliency-conduit';

const flush = async (n = 10) => {
  for (let i = 0; i < n; i++) await Promise.resolve();
};

interface FakeRegionPanel {
  end: InMemoryConduitEnd;
  received: ConduitMessage[];
  visible: boolean | undefined;
  answerSync: boolean;
  sent(event: string): unknown[];
}

function region(name: string) {
  const [host, end] = createConduitPair();
  const fake: FakeRegionPanel = {
    end,
    received: [],
    visible: undefined,
    answerSync: true,
    sent: (event) => fake.received.filter((m) => m.event === event).map((m) => m.data),
  };
  end.onMessage((m) => {
    fake.received.push(m);
    if (m.event === 'synchronize' && fake.answerSync) end.send('acknowledge');
  });
  return { panel: { name, conduit: host, setVisible: (v: boolean) => (fake.visible = v) }, fake };
}

let east: ReturnType<typeof region>;
let west: ReturnType<typeof region>;
let gr: GlobalResiliencyConduit;
let ccp: Ccp;
let agentData: TestInstance;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  east = region('https://east.my.connect.aws');
  west = region('https://west.my.connect.aws');
  gr = new GlobalResiliencyConduit(east.panel, west.panel);
  const { params } = validateInitParams(
    undefined,
    {
      ccpUrl: 'https://east.my.connect.aws/ccp-v2/',
      secondaryCCPUrl: 'https://west.my.connect.aws/ccp-v2/',
      loginUrl: 'https://example.awsapps.com/start',
      enableGlobalResiliency: true,
      loginPopup: false,
    },
    false,
  );
  ccp = new Ccp(params, { conduit: gr });
  agentData = new TestInstance(() => undefined);
});
afterEach(() => {
  ccp.terminate();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function initBoth(activeRegion = 'us-east-1') {
  east.fake.end.send('acknowledge', { id: 'east-port' });
  west.fake.end.send('acknowledge', { id: 'west-port' });
  east.fake.end.send('globalResiliency::init', {
    instanceRegion: 'us-east-1',
    instanceState: activeRegion === 'us-east-1' ? 'active' : 'inactive',
    activeRegion,
  });
  west.fake.end.send('globalResiliency::init', {
    instanceRegion: 'us-west-2',
    instanceState: activeRegion === 'us-west-2' ? 'active' : 'inactive',
    activeRegion,
  });
  await flush();
}

describe('global resiliency: initialisation', () => {
  it('the primary iframe is shown and the secondary hidden from the start', () => {
    expect([east.fake.visible, west.fake.visible]).toEqual([true, false]);
  });

  it('the client initialises only on a valid init notice, which picks the active region', async () => {
    const initialized = vi.fn();
    ccp.on('initialized', initialized);
    east.fake.end.send('acknowledge', { id: 'east-port' });
    west.fake.end.send('acknowledge', { id: 'west-port' });
    await flush();
    expect(initialized).not.toHaveBeenCalled();
    await initBoth('us-west-2');
    expect(initialized).toHaveBeenCalledOnce();
    expect(initialized).toHaveBeenCalledWith({ portStreamId: 'west-port' });
    expect(gr.activeRegion).toBe('us-west-2');
    expect([east.fake.visible, west.fake.visible]).toEqual([false, true]);
  });

  it('an init notice without instanceRegion, instanceState or activeRegion is ignored', async () => {
    const warnings: string[] = [];
    gr.on('warning', (w) => warnings.push(w));
    east.fake.end.send('acknowledge', { id: 'east-port' });
    east.fake.end.send('globalResiliency::init', {
      instanceRegion: 'us-east-1',
      activeRegion: 'us-east-1',
    });
    await flush();
    expect(gr.isInitialized).toBe(false);
    expect(ccp.isInitialized).toBe(false);
    expect(warnings).toHaveLength(1);
  });

  it('each panel is told its instance state; configure and outer context reach both panels', async () => {
    await initBoth('us-east-1');
    expect(east.fake.sent('globalResiliency::configure_ccp_conduit')).toContainEqual({
      instanceState: 'active',
    });
    expect(west.fake.sent('globalResiliency::configure_ccp_conduit')).toContainEqual({
      instanceState: 'inactive',
    });
    expect(east.fake.sent('outer_context_info')).toHaveLength(1);
    expect(west.fake.sent('outer_context_info')).toHaveLength(1);
  });

  it('configure goes to each panel in global-resiliency mode: enableGlobalResiliency and its instanceState, no disasterRecoveryOn', async () => {
    const a = region('https://east.my.connect.aws');
    const b = region('https://west.my.connect.aws');
    const conduit = new GlobalResiliencyConduit(a.panel, b.panel);
    const { params } = validateInitParams(
      undefined,
      {
        ccpUrl: 'https://east.my.connect.aws/ccp-v2/',
        secondaryCCPUrl: 'https://west.my.connect.aws/ccp-v2/',
        loginUrl: 'https://example.awsapps.com/start',
        enableGlobalResiliency: true,
        disasterRecoveryOn: true,
        loginPopup: false,
        softphone: { allowFramedSoftphone: true },
      },
      false,
    );
    const client = new Ccp(params, { conduit });
    a.fake.end.send('acknowledge', { id: 'east-port' });
    a.fake.end.send('globalResiliency::init', {
      instanceRegion: 'us-east-1',
      instanceState: 'active',
      activeRegion: 'us-east-1',
    });
    await flush();
    b.fake.end.send('acknowledge', { id: 'west-port' });
    await flush();
    expect(a.fake.sent('configure')).toEqual([
      {
        softphone: { allowFramedSoftphone: true },
        enableGlobalResiliency: true,
        instanceState: 'active',
      },
    ]);
    expect(b.fake.sent('configure')).toEqual([
      {
        softphone: { allowFramedSoftphone: true },
        enableGlobalResiliency: true,
        instanceState: 'inactive',
      },
    ]);
    client.terminate();
  });

  it('only the active region is wired to the client: inactive messages are dropped, requests go to the active panel', async () => {
    await initBoth('us-east-1');
    const seen: string[] = [];
    ccp.on('message', (m) => seen.push(m.event));
    west.fake.end.send('agent::update', agentData.snapshot());
    east.fake.end.send('update_connected_ccps', { length: 1 });
    await flush();
    expect(seen).toEqual(['update_connected_ccps']);
    void ccp.client.request('getAgentSnapshot', {}).catch(() => undefined);
    await flush();
    expect(east.fake.sent('api_request')).toHaveLength(1);
    expect(west.fake.sent('api_request')).toHaveLength(0);
  });

  it('the inactive region keeps its synchronize/acknowledge keepalive, ready for a failover', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await initBoth('us-east-1');
    const before = west.fake.sent('synchronize').length;
    expect(before).toBe(1);
    // Acknowledged at once, the next synchronize follows after the 1000 ms sync timeout.
    await vi.advanceTimersByTimeAsync(999);
    expect(west.fake.sent('synchronize')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(west.fake.sent('synchronize')).toHaveLength(2);
    // After a failover the old active region keeps one and the new active one is the client's.
    west.fake.end.send('globalResiliency::failover_initiated', { activeRegion: 'us-west-2' });
    await flush();
    const eastBefore = east.fake.sent('synchronize').length;
    const westBefore = west.fake.sent('synchronize').length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(east.fake.sent('synchronize').length - eastBefore).toBeGreaterThanOrEqual(9);
    expect(west.fake.sent('synchronize').length - westBefore).toBeGreaterThanOrEqual(9);
    expect(west.fake.sent('synchronize').length - westBefore).toBeLessThanOrEqual(11);
  });

  it('acknowledge timeouts of the inactive region are suppressed; those of the active one are not', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    west.fake.answerSync = false;
    const timeouts = vi.fn();
    const suppressed = vi.fn();
    ccp.on('ackTimeout', timeouts);
    gr.on('ackTimeoutSuppressed', suppressed);
    await initBoth('us-east-1');
    await vi.advanceTimersByTimeAsync(2_999);
    expect(suppressed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(suppressed).toHaveBeenCalledWith({
      panel: 'https://west.my.connect.aws',
      region: 'us-west-2',
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(timeouts).not.toHaveBeenCalled();
    expect(suppressed.mock.calls.length).toBeGreaterThan(10);
    expect(west.fake.sent('synchronize').length).toBeGreaterThan(10);
    expect(east.fake.sent('synchronize').length).toBeGreaterThan(10);
    east.fake.answerSync = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(timeouts).toHaveBeenCalled();
  });
});

describe('global resiliency: failover', () => {
  it('a pending failover from the active region fires once to the host; duplicates and the inactive region are ignored', async () => {
    await initBoth('us-east-1');
    const pending = vi.fn();
    gr.on('failoverPending', pending);
    west.fake.end.send('globalResiliency::failover_pending', { activeRegion: 'us-west-2' });
    east.fake.end.send('globalResiliency::failover_pending', { activeRegion: 'us-west-2' });
    east.fake.end.send('globalResiliency::failover_pending', { activeRegion: 'us-west-2' });
    await flush();
    expect(pending.mock.calls).toEqual([[{ nextActiveRegion: 'us-west-2' }]]);
  });

  it('failover and heartbeat notices are relayed to the other panel', async () => {
    await initBoth('us-east-1');
    east.fake.end.send('globalResiliency::failover_pending', { activeRegion: 'us-west-2' });
    west.fake.end.send('globalResiliency::heartbeat_syn', { n: 1 });
    await flush();
    expect(west.fake.sent('globalResiliency::failover_pending')).toEqual([
      { activeRegion: 'us-west-2' },
    ]);
    expect(east.fake.sent('globalResiliency::heartbeat_syn')).toEqual([{ n: 1 }]);
  });

  it('failover-initiated switches the active region and its conduit; failover-complete fires once after the next agent update', async () => {
    await initBoth('us-east-1');
    const events: string[] = [];
    gr.on('regionSwitched', (d) => events.push(`switched ${d.previousRegion}→${d.activeRegion}`));
    gr.on('failoverComplete', (d) => events.push(`complete ${d.activeRegion}`));
    west.fake.end.send('globalResiliency::failover_initiated', { activeRegion: 'us-west-2' });
    await flush();
    expect(gr.activeRegion).toBe('us-west-2');
    expect([east.fake.visible, west.fake.visible]).toEqual([false, true]);
    expect(west.fake.sent('agent::fetch_agent_data_from_ccp')).toHaveLength(1);
    expect(west.fake.sent('globalResiliency::configure_ccp_conduit').at(-1)).toEqual({
      instanceState: 'active',
    });
    expect(east.fake.sent('globalResiliency::configure_ccp_conduit').at(-1)).toEqual({
      instanceState: 'inactive',
    });
    expect(events).toEqual(['switched us-east-1→us-west-2']);

    east.fake.end.send('agent::update', agentData.snapshot());
    await flush();
    expect(events).toHaveLength(1);
    west.fake.end.send('agent::update', agentData.snapshot());
    west.fake.end.send('agent::update', agentData.snapshot());
    await flush();
    expect(events).toEqual(['switched us-east-1→us-west-2', 'complete us-west-2']);
    expect(east.fake.sent('globalResiliency::failover_complete')).toHaveLength(1);
    expect(west.fake.sent('globalResiliency::failover_complete')).toHaveLength(1);
    expect(ccp.agent.isInitialized()).toBe(true);
  });

  it('failover-initiated without activeRegion is ignored; to the current region it does nothing', async () => {
    await initBoth('us-east-1');
    const switched = vi.fn();
    gr.on('regionSwitched', switched);
    east.fake.end.send('globalResiliency::failover_initiated', {});
    east.fake.end.send('globalResiliency::failover_initiated', { activeRegion: 'us-east-1' });
    await flush();
    expect(switched).not.toHaveBeenCalled();
    expect(gr.activeRegion).toBe('us-east-1');
  });

  it('after a failover a new pending notice fires again', async () => {
    await initBoth('us-east-1');
    const pending = vi.fn();
    gr.on('failoverPending', pending);
    east.fake.end.send('globalResiliency::failover_pending', { activeRegion: 'us-west-2' });
    await flush();
    west.fake.end.send('globalResiliency::failover_initiated', { activeRegion: 'us-west-2' });
    await flush();
    west.fake.end.send('globalResiliency::failover_pending', { activeRegion: 'us-east-1' });
    await flush();
    expect(pending).toHaveBeenCalledTimes(2);
  });
});
