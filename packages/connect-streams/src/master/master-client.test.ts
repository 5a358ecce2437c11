import { describe, expect, it } from 'vitest';
import { TestPanel } from '../testing/test-panel';

describe('master tab (checkMaster/becomeMaster through the panel)', () => {
  it('sends master_request {method, params:{topic}} and reads master_response', async () => {
    const panel = new TestPanel();
    const ccp = panel.connect();
    const status = await ccp.master.checkMaster('connect::ringtone');
    expect(status).toMatchObject({ isMaster: true, topic: 'connect::ringtone' });
    expect(panel.sent('master_request')).toContainEqual(
      expect.objectContaining({
        event: 'master_request',
        method: 'checkMaster',
        params: { topic: 'connect::ringtone' },
      }),
    );
    await ccp.master.becomeMaster('connect::softphone');
    expect(panel.sent('master_request')).toContainEqual(
      expect.objectContaining({ method: 'becomeMaster', params: { topic: 'connect::softphone' } }),
    );
    ccp.terminate();
  });

  it('only the master runs metrics and log pushing duties', async () => {
    for (const master of [true, false]) {
      const panel = new TestPanel({ master });
      const ccp = panel.connect();
      await panel.settle(20);
      ccp.publishMetric({ name: 'X', data: { count: 1 } });
      await panel.settle();
      const broadcasts = panel.sent('broadcast') as { event: string }[];
      expect(broadcasts.some((b) => b.event === 'client_metric')).toBe(master);
      ccp.terminate();
    }
  });
});
