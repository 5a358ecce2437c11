import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CtiOutcome } from '../cti/cti-client';
import { FakePort } from '../testing-support/fake-port';
import { PanelWorkerEngine } from './worker-engine';

// The worker's disaster-recovery rules (the original ClientEngine's suppress / forceOffline flags).

const ok = (data: unknown): CtiOutcome => ({ kind: 'success', data });
const ARN = 'arn:aws:connect:us-east-1:123456789012:instance/11111111-2222-3333-4444-555555555555';
const CONFIG = {
  authToken: 'tok',
  authTokenExpiration: new Date(Date.UTC(2030, 0, 1)).toISOString(),
  refreshToken: 'r',
  region: 'us-east-1',
  endpoint: 'http://x/api',
  authorizeEndpoint: '/auth/authorize',
};
const contact = (contactId: string, type: string) => ({
  contactId,
  type: 'voice',
  state: { type, timeStamp: 1 },
  connections: [],
  queue: { queueARN: `${ARN}/queue/q` },
});

function setup() {
  const polls: ((o: CtiOutcome) => void)[] = [];
  const handlers: Record<string, () => CtiOutcome | Promise<CtiOutcome>> = {
    getAgentSnapshot: () => new Promise<CtiOutcome>((resolve) => polls.push(resolve)),
    getAgentConfiguration: () =>
      ok({
        configuration: {
          name: 'Jane',
          routingProfile: {
            name: 'Basic',
            routingProfileARN: `${ARN}/routing-profile/e`,
            defaultOutboundQueue: { queueARN: `${ARN}/queue/q`, name: 'BasicQueue' },
          },
        },
      }),
    getAgentPermissions: () => ok({ permissions: [] }),
    getAgentStates: () => ok({ states: [{ name: 'Offline', type: 'offline' }] }),
    getDialableCountryCodes: () => ok({ countryCodes: ['us'] }),
    getRoutingProfileQueues: () => ok({ queues: [{ queueARN: `${ARN}/queue/q`, name: 'Q' }] }),
  };
  const engine = new PanelWorkerEngine({
    createClient: () => ({
      call: (method) => Promise.resolve(handlers[method]?.() ?? ok({})),
    }),
    createWebSocketManager: false,
  });
  let n = 0;
  const answerPoll = async () => {
    n += 1;
    polls.shift()?.(
      ok({
        snapshot: {
          state: { name: 'Available', type: 'routable', startTimestamp: n },
          snapshotTimestamp: n,
          contacts: [
            contact('ringing', 'connecting'),
            contact('talking', 'connected'),
            contact('acw', 'ended'),
          ],
        },
        nextToken: `t${n}`,
      }),
    );
    await vi.advanceTimersByTimeAsync(100);
  };
  return { engine, answerPoll };
}

const lastContacts = (port: FakePort) =>
  (
    port.events('agent::update').at(-1)?.data as { snapshot: { contacts: { contactId: string }[] } }
  ).snapshot.contacts.map((c) => c.contactId);

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('worker disaster recovery', () => {
  it('while suppressed, agent updates keep only connected and ended contacts; unsuppressed, all', async () => {
    const { engine, answerPoll } = setup();
    const a = new FakePort();
    engine.connect(a);
    a.emit('configure', CONFIG);
    await vi.advanceTimersByTimeAsync(0);
    await answerPoll();
    expect(lastContacts(a)).toEqual(['ringing', 'talking', 'acw']);
    a.emit('disasterRecovery::suppress', { suppress: true, shouldSendFailoverDownstream: false });
    await answerPoll();
    expect(lastContacts(a)).toEqual(['talking', 'acw']);
    a.emit('disasterRecovery::suppress', { suppress: false, shouldSendFailoverDownstream: false });
    await answerPoll();
    expect(lastContacts(a)).toEqual(['ringing', 'talking', 'acw']);
    engine.dispose();
  });

  it('suppress signals the failover to every port unless shouldSendFailoverDownstream is false', () => {
    const { engine } = setup();
    const a = new FakePort();
    const b = new FakePort();
    engine.connect(a);
    engine.connect(b);
    a.emit('disasterRecovery::suppress', { suppress: true, shouldSendFailoverDownstream: false });
    expect(b.events('disasterRecovery::failover')).toEqual([]);
    a.emit('disasterRecovery::suppress', { suppress: true });
    expect(b.events('disasterRecovery::failover').map((m) => m.data)).toEqual([
      { isPrimary: false },
    ]);
    a.emit('disasterRecovery::suppress', { suppress: false });
    expect(a.events('disasterRecovery::failover').map((m) => m.data)).toEqual([
      { isPrimary: false },
      { isPrimary: true },
    ]);
  });

  it('force_offline signals the failover to every port once; a flagged retry is asked again on each agent update while suppressed', async () => {
    const { engine, answerPoll } = setup();
    const a = new FakePort();
    const b = new FakePort();
    engine.connect(a);
    engine.connect(b);
    a.emit('configure', CONFIG);
    await vi.advanceTimersByTimeAsync(0);
    a.emit('disasterRecovery::suppress', { suppress: true, shouldSendFailoverDownstream: false });
    // Destroying failed: force-offline is flagged; the failover signal goes out once.
    a.emit('disasterRecovery::force_offline', { offline: true, nextActiveArn: 'arn:b' });
    expect(b.events('disasterRecovery::failover').map((m) => m.data)).toEqual([
      { isPrimary: false, nextActiveArn: 'arn:b' },
    ]);
    a.emit('disasterRecovery::force_offline', { offline: true, nextActiveArn: 'arn:b' });
    expect(b.events('disasterRecovery::failover')).toHaveLength(1);
    await answerPoll();
    await answerPoll();
    expect(b.events('disasterRecovery::force_offline')).toHaveLength(2);
    // It worked this time: no more asking.
    a.emit('disasterRecovery::force_offline', { offline: false, nextActiveArn: 'arn:b' });
    await answerPoll();
    expect(b.events('disasterRecovery::force_offline')).toHaveLength(2);
    // Lifting the suppression clears the flag too.
    a.emit('disasterRecovery::force_offline', { offline: true });
    a.emit('disasterRecovery::suppress', { suppress: false, shouldSendFailoverDownstream: false });
    a.emit('disasterRecovery::suppress', { suppress: true, shouldSendFailoverDownstream: false });
    await answerPoll();
    expect(b.events('disasterRecovery::force_offline')).toHaveLength(2);
    engine.dispose();
  });
});
