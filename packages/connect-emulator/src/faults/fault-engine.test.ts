import { describe, expect, it } from 'vitest';
import { seededRandom } from '../lib/rng';
import { FaultEngine, parseFaultSeed } from './fault-engine';

describe('FaultEngine', () => {
  it('matches per service and operation (case-insensitive), with * wildcards', () => {
    const engine = new FaultEngine();
    engine.add({
      service: 'cti',
      operation: 'GetAgentSnapshot',
      action: { type: 'status', status: 401 },
    });
    expect(engine.decide('cti', 'getAgentSnapshot').terminal).toEqual({
      type: 'status',
      status: 401,
    });
    expect(engine.decide('cti', 'PutAgentState').terminal).toBeUndefined();
    expect(engine.decide('admin', 'GetAgentSnapshot').terminal).toBeUndefined();
    engine.add({ service: '*', action: { type: 'drop' } });
    expect(engine.decide('admin', 'ListUsers').terminal).toEqual({ type: 'drop' });
  });

  it('fires a counted rule exactly count times, then stays spent', () => {
    const engine = new FaultEngine();
    const rule = engine.add({
      service: 'cti',
      operation: 'GetAgentSnapshot',
      action: { type: 'status', status: 503 },
      count: 3,
    });
    const fired = Array.from(
      { length: 10 },
      () => engine.decide('cti', 'GetAgentSnapshot').terminal !== undefined,
    );
    expect(fired).toEqual([true, true, true, false, false, false, false, false, false, false]);
    expect(engine.list().find((r) => r.id === rule.id)?.fired).toBe(3);
  });

  it('fires with the configured probability, replaying exactly for a seed', () => {
    const engine = new FaultEngine({ seed: 42 });
    engine.add({ service: 'cti', action: { type: 'status', status: 500 }, probability: 0.3 });
    const got = Array.from({ length: 200 }, () => engine.decide('cti', 'X').terminal !== undefined);
    const rng = seededRandom(42);
    const expected = Array.from({ length: 200 }, () => rng() < 0.3);
    expect(got).toEqual(expected);
    const rate = got.filter(Boolean).length / got.length;
    expect(rate).toBeGreaterThan(0.2);
    expect(rate).toBeLessThan(0.4);
    engine.seed(42);
    const again = Array.from(
      { length: 200 },
      () => engine.decide('cti', 'X').terminal !== undefined,
    );
    expect(again).toEqual(expected);
  });

  it('applies only inside its time window (afterMs/forMs relative to adding, from/until absolute)', () => {
    let now = 1_000;
    const engine = new FaultEngine({ now: () => now });
    engine.add({
      service: 'admin',
      action: { type: 'status', status: 429 },
      afterMs: 500,
      forMs: 1_000,
    });
    const at = (t: number) => (
      (now = t),
      engine.decide('admin', 'ListUsers').terminal !== undefined
    );
    expect([at(1_000), at(1_499), at(1_500), at(2_499), at(2_500)]).toEqual([
      false,
      false,
      true,
      true,
      false,
    ]);
    engine.clear();
    engine.add({ service: 'admin', action: { type: 'drop' }, from: 5_000, until: 6_000 });
    expect([at(4_999), at(5_000), at(5_999), at(6_000)]).toEqual([false, true, true, false]);
  });

  it('adds up latency rules and lets the first terminal rule win', () => {
    const engine = new FaultEngine();
    engine.add({ service: 'cti', action: { type: 'latency', ms: 100 } });
    engine.add({
      service: 'cti',
      operation: 'AcceptContact',
      action: { type: 'latency', ms: 250 },
    });
    engine.add({ service: 'cti', action: { type: 'status', status: 403 } });
    engine.add({ service: 'cti', action: { type: 'status', status: 500 } });
    const d = engine.decide('cti', 'AcceptContact');
    expect(d.latencyMs).toBe(350);
    expect(d.terminal).toEqual({ type: 'status', status: 403 });
  });

  it('rejects statuses other than 401, 403, 429, 500, 503', () => {
    const engine = new FaultEngine();
    expect(() =>
      engine.add({ service: 'cti', action: { type: 'status', status: 418 as 401 } }),
    ).toThrow();
  });

  it('parses a seed file as an array of rules or {seed, rules}', () => {
    expect(
      parseFaultSeed(
        '[{"service":"ws","operation":"heartbeat","action":{"type":"miss-heartbeat"},"count":2}]',
      ).rules,
    ).toHaveLength(1);
    const withSeed = parseFaultSeed(
      '{"seed":7,"rules":[{"service":"cti","action":{"type":"drop"}}]}',
    );
    expect(withSeed.seed).toBe(7);
    expect(() => parseFaultSeed('[{"service":"nope","action":{"type":"drop"}}]')).toThrow();
  });
});
