import { describe, expect, it } from 'vitest';
import { FaultEngine } from './fault-engine';
import { decideWsFault } from './ws-faults';

describe('web-socket faults', () => {
  it('misses exactly count heartbeats, then echoes again', () => {
    const engine = new FaultEngine();
    engine.add({
      service: 'ws',
      operation: 'heartbeat',
      action: { type: 'miss-heartbeat' },
      count: 2,
    });
    const answered = Array.from(
      { length: 4 },
      () => !decideWsFault(engine, 'aws/heartbeat').noAnswer,
    );
    expect(answered).toEqual([false, false, true, true]);
    expect(decideWsFault(engine, 'aws/subscribe').noAnswer).toBe(false);
  });

  it('closes the socket on the configured frame, with the rule code or 1011', () => {
    const engine = new FaultEngine();
    engine.add({
      service: 'ws',
      operation: 'subscribe',
      action: { type: 'close-socket', code: 4001 },
      count: 1,
    });
    engine.add({
      service: 'ws',
      operation: 'heartbeat',
      action: { type: 'close-socket' },
      count: 1,
    });
    expect(decideWsFault(engine, 'aws/subscribe').closeCode).toBe(4001);
    expect(decideWsFault(engine, 'aws/subscribe').closeCode).toBeUndefined();
    expect(decideWsFault(engine, 'aws/heartbeat').closeCode).toBe(1011);
  });

  it('refuses a connection under a status rule by closing with 4000 + status', () => {
    const engine = new FaultEngine();
    engine.add({ service: 'ws', operation: 'connect', action: { type: 'status', status: 403 } });
    expect(decideWsFault(engine, 'connect')).toEqual({
      latencyMs: 0,
      noAnswer: false,
      closeCode: 4403,
    });
  });
});
