import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CtiOutcome } from '../cti/cti-client';
import { FakePort } from '../testing-support/fake-port';
import { PanelWorkerEngine } from './worker-engine';
import { WorkerDisasterRecovery } from './disaster-recovery';

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

  it('disposing the engine forgets the suppression', async () => {
    const { engine, answerPoll } = setup();
    const a = new FakePort();
    engine.connect(a);
    a.emit('disasterRecovery::suppress', { suppress: true, shouldSendFailoverDownstream: false });
    engine.dispose();
    a.emit('configure', CONFIG);
    await vi.advanceTimersByTimeAsync(0);
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

describe('worker active-region polling (init_dr_polling)', () => {
  function pollingRig(
    answers: (() => Response | Promise<Response>)[],
    url = 'https://x/discovery',
  ) {
    const sent: { event: string; data: unknown }[] = [];
    const fetches: { url: string; signal: AbortSignal }[] = [];
    const urls = vi.fn(() => Promise.resolve(url));
    let i = 0;
    const dr = new WorkerDisasterRecovery((event, data) => sent.push({ event, data }), {
      discoveryUrl: urls,
      fetch: (u, init) => {
        fetches.push({ url: u, signal: init.signal });
        const next = answers[Math.min(i++, answers.length - 1)]!;
        return Promise.resolve(next());
      },
      schedule: (delayMs, run) => void setTimeout(run, delayMs),
    });
    return { dr, sent, fetches, urls };
  }
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const INIT = { instanceArn: 'arn:a', otherArn: 'arn:b' };

  it('gets a discovery URL (createTransport agent_discovery) and polls at once, then every 60 s', async () => {
    const { dr, fetches, sent } = pollingRig([
      () => json({ InstanceArn: 'arn:a', TerminateActiveContacts: true }),
    ]);
    dr.handle('disasterRecovery::init_dr_polling', INIT);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches.map((f) => f.url)).toEqual(['https://x/discovery']);
    // This instance is active: the panel is told so on its first poll.
    expect(sent).toEqual([
      { event: 'disasterRecovery::failover', data: { nextActiveArn: 'arn:a' } },
    ]);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetches).toHaveLength(3);
    expect(sent).toHaveLength(1);
    expect(dr.suppressed).toBe(false);
  });

  it('each poll is aborted after 10 s; the schedule goes on', async () => {
    const { dr, fetches } = pollingRig([() => new Promise<Response>(() => undefined)]);
    dr.handle('disasterRecovery::init_dr_polling', INIT);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches[0]!.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetches[0]!.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches[0]!.signal.aborted).toBe(true);
  });

  it('when the other instance becomes active: contacts are suppressed and force-offline is asked once (hard on the first poll, soft later when TerminateActiveContacts is false)', async () => {
    const answers = [
      () => json({ InstanceArn: 'arn:a', TerminateActiveContacts: false }),
      () => json({ InstanceArn: 'arn:b', TerminateActiveContacts: false }),
    ];
    const { dr, sent } = pollingRig(answers);
    dr.handle('disasterRecovery::init_dr_polling', INIT);
    await vi.advanceTimersByTimeAsync(0);
    sent.length = 0;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(dr.suppressed).toBe(true);
    expect(sent).toEqual([
      {
        event: 'disasterRecovery::force_offline',
        data: { softFailover: true, nextActiveArn: 'arn:b' },
      },
    ]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(1);

    const first = pollingRig([
      () => json({ InstanceArn: 'arn:b', TerminateActiveContacts: false }),
    ]);
    first.dr.handle('disasterRecovery::init_dr_polling', INIT);
    await vi.advanceTimersByTimeAsync(0);
    expect(first.sent).toEqual([
      {
        event: 'disasterRecovery::force_offline',
        data: { softFailover: false, nextActiveArn: 'arn:b' },
      },
    ]);
  });

  it('an expired discovery URL (401 or 403) is replaced and the poll tried again', async () => {
    const { dr, fetches, urls, sent } = pollingRig([
      () => json({}, 403),
      () => json({ InstanceArn: 'arn:b', TerminateActiveContacts: true }),
    ]);
    dr.handle('disasterRecovery::init_dr_polling', INIT);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toHaveLength(2);
    expect(urls).toHaveBeenCalledTimes(2);
    expect(sent.map((m) => m.event)).toEqual(['disasterRecovery::force_offline']);
  });

  it('without a discovery URL the worker suppresses contacts', async () => {
    const { dr, fetches } = pollingRig([], '');
    dr.handle('disasterRecovery::init_dr_polling', INIT);
    await vi.advanceTimersByTimeAsync(0);
    expect(dr.suppressed).toBe(true);
    expect(fetches).toEqual([]);
  });

  it('a later panel triggers one extra poll without a second schedule', async () => {
    const { dr, fetches } = pollingRig([
      () => json({ InstanceArn: 'arn:a', TerminateActiveContacts: true }),
    ]);
    dr.handle('disasterRecovery::init_dr_polling', INIT);
    await vi.advanceTimersByTimeAsync(0);
    dr.handle('disasterRecovery::init_dr_polling', INIT);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetches).toHaveLength(3);
  });

  it('the engine asks createTransport for the agent_discovery transport', async () => {
    const calls: { method: string; params: unknown }[] = [];
    const engine = new PanelWorkerEngine({
      createClient: () => ({
        call: (method, params) => {
          calls.push({ method, params });
          return Promise.resolve(
            method === 'createTransport'
              ? ok({ agentDiscoveryTransport: { presignedUrl: 'https://x/d' } })
              : ok({}),
          );
        },
      }),
      fetch: () => Promise.resolve(json({ InstanceArn: 'arn:a', TerminateActiveContacts: true })),
      createWebSocketManager: false,
    });
    const a = new FakePort();
    engine.connect(a);
    a.emit('configure', CONFIG);
    await vi.advanceTimersByTimeAsync(0);
    a.emit('disasterRecovery::init_dr_polling', INIT);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toContainEqual({
      method: 'createTransport',
      params: { transportType: 'agent_discovery' },
    });
    expect(a.events('disasterRecovery::failover').map((m) => m.data)).toEqual([
      { nextActiveArn: 'arn:a' },
    ]);
    engine.dispose();
  });
});
