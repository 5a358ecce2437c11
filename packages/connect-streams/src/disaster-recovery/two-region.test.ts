import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestPanel } from '../testing/test-panel';
import { DisasterRecoveryEvents as DR } from '../protocol/names';
import { DisasterRecoveryCcp } from './two-region';

// The two-region disaster-recovery host (the original globalConnect.core), over two test panels.

let dr: DisasterRecoveryCcp | undefined;
afterEach(() => dr?.terminate());

async function setup() {
  const east = new TestPanel({ portId: 'east' });
  const west = new TestPanel({ portId: 'west' });
  const visible: Record<string, boolean> = {};
  const init = vi.fn();
  const entry = (panel: TestPanel, region: string, instanceArn: string) => ({
    region,
    ccpUrl: `https://${region}.example/ccp-v2/`,
    instanceArn,
    ccp: panel.connect({ disasterRecoveryOn: true, region }),
    setVisible: (v: boolean) => (visible[region] = v),
  });
  const entries = [entry(east, 'us-east-1', 'arn:east'), entry(west, 'us-west-2', 'arn:west')];
  dr = new DisasterRecoveryCcp(entries, 'us-east-1');
  dr.on('init', init);
  await east.settle();
  await west.settle();
  return { east, west, visible, dr, init };
}

describe('disaster recovery across two regions (host)', () => {
  it('shows the active region and hides the stand-by; each panel initialises once', async () => {
    const { visible, init, dr } = await setup();
    expect(visible).toEqual({ 'us-east-1': true, 'us-west-2': false });
    expect(dr.activeRegion).toBe('us-east-1');
    expect(dr.regions).toEqual(['us-east-1', 'us-west-2']);
    expect(init.mock.calls.map(([d]) => (d as { region: string }).region).sort()).toEqual([
      'us-east-1',
      'us-west-2',
    ]);
  });

  it('failover deactivates the active region: its worker suppresses contacts and its panel forces the agent offline (soft or hard)', async () => {
    const { east, west, dr } = await setup();
    east.received.length = 0;
    west.received.length = 0;
    dr.failover(true);
    await east.settle();
    expect(east.received.map((m) => [m.event, m.data])).toEqual([
      [DR.SUPPRESS, { suppress: true, shouldSendFailoverDownstream: false }],
      [DR.SET_OFFLINE, { softFailover: true }],
    ]);
    expect(west.received).toEqual([]);
    dr.failoverTo('us-east-1');
    await east.settle();
    expect(east.received).toHaveLength(2);
    expect(() => dr.failoverTo('eu-west-1')).toThrow('Unknown region eu-west-1');
  });

  it('a pending soft failover fires once; the failover signal of the active panel switches the region and fires complete once', async () => {
    const { east, west, visible, dr } = await setup();
    const events: string[] = [];
    dr.on('failoverPending', (d) => events.push(`pending ${d.nextActiveArn}`));
    dr.on('failoverComplete', (d) => events.push(`complete ${d.activeRegion} ${d.activeCcpUrl}`));
    dr.failover(true);
    east.emit(DR.FAILOVER_PENDING, { nextActiveArn: 'arn:west' });
    east.emit(DR.FAILOVER_PENDING, { nextActiveArn: 'arn:west' });
    await east.settle();
    expect(events).toEqual(['pending arn:west']);
    // The stand-by's own signal does not switch.
    west.emit(DR.FAILOVER, { isPrimary: false });
    await west.settle();
    expect(dr.activeRegion).toBe('us-east-1');
    west.received.length = 0;
    east.emit(DR.FAILOVER, { isPrimary: false, nextActiveArn: 'arn:west' });
    east.emit(DR.FAILOVER, { isPrimary: false, nextActiveArn: 'arn:west' });
    await east.settle();
    await west.settle();
    expect(events).toEqual([
      'pending arn:west',
      'complete us-west-2 https://us-west-2.example/ccp-v2/',
    ]);
    expect(dr.activeRegion).toBe('us-west-2');
    expect(visible).toEqual({ 'us-east-1': false, 'us-west-2': true });
    // The new active region's suppression is lifted.
    expect(west.sent(DR.SUPPRESS)).toEqual([
      { suppress: false, shouldSendFailoverDownstream: false },
    ]);
    expect(dr.ccp()).toBe(dr.ccp('us-west-2'));
  });

  it('a failover signal naming the other instance switches to it', async () => {
    const { west, dr } = await setup();
    const complete = vi.fn();
    dr.on('failoverComplete', complete);
    west.emit(DR.FAILOVER, { nextActiveArn: 'arn:west' });
    await west.settle();
    expect(complete).toHaveBeenCalledTimes(1);
    expect(dr.activeRegion).toBe('us-west-2');
  });
});
