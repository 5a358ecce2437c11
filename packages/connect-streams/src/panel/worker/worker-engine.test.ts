import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CtiOutcome } from '../cti/cti-client';
import { HttpStatusError } from '../http/fetch-with-retry';
import { FakePort } from '../testing-support/fake-port';
import { PanelWorkerEngine } from './worker-engine';
import type { CtiCaller } from './worker-options';

type Handler = (params: Record<string, unknown>) => CtiOutcome | Promise<CtiOutcome>;

const ok = (data: unknown): CtiOutcome => ({ kind: 'success', data });
const ARN = 'arn:aws:connect:us-east-1:123456789012:instance/11111111-2222-3333-4444-555555555555';

/** A scripted CTI backend: one handler per method, every call recorded. */
function fakeBackend(overrides: Record<string, Handler> = {}) {
  const calls: { method: string; params: Record<string, unknown> }[] = [];
  const pendingSnapshots: ((o: CtiOutcome) => void)[] = [];
  const handlers: Record<string, Handler> = {
    getAgentSnapshot: () => new Promise<CtiOutcome>((resolve) => pendingSnapshots.push(resolve)),
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
    getAgentPermissions: () => ok({ permissions: ['outboundCall'] }),
    getAgentStates: () => ok({ states: [{ name: 'Available', type: 'routable' }] }),
    getDialableCountryCodes: () => ok({ countryCodes: ['us'] }),
    getRoutingProfileQueues: () =>
      ok({ queues: [{ queueARN: `${ARN}/queue/q`, name: 'BasicQueue' }] }),
    ...overrides,
  };
  const client: CtiCaller = {
    call: (method, params = {}) => {
      calls.push({ method, params });
      const handler = handlers[method];
      return Promise.resolve(handler ? handler(params) : ok({}));
    },
  };
  const snapshot = (seconds: number, extra: Record<string, unknown> = {}) => ({
    snapshot: {
      state: { name: 'Available', type: 'routable', startTimestamp: seconds },
      snapshotTimestamp: seconds,
      contacts: [],
      ...extra,
    },
    nextToken: `tok-${seconds}`,
  });
  return {
    calls,
    client,
    handlers,
    snapshot,
    count: (method: string) => calls.filter((c) => c.method === method).length,
    /** Answers the oldest pending long poll. */
    answerPoll: (outcome: CtiOutcome) => pendingSnapshots.shift()?.(outcome),
  };
}

const CONFIG = {
  authToken: 'tok',
  authTokenExpiration: new Date(Date.UTC(2030, 0, 1)).toISOString(),
  refreshToken: 'r',
  region: 'us-east-1',
  endpoint: 'http://x/api',
  authorizeEndpoint: '/auth/authorize',
};

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(overrides: Record<string, Handler> = {}, engineOptions = {}) {
  const backend = fakeBackend(overrides);
  const engine = new PanelWorkerEngine({
    createClient: () => backend.client,
    createWebSocketManager: false,
    ...engineOptions,
  });
  return { backend, engine };
}

describe('ports and conduits', () => {
  it('sends acknowledge {id} first to each new port, then update_connected_ccps to all', () => {
    const { engine } = setup();
    const a = new FakePort();
    const b = new FakePort();
    const idA = engine.connect(a);
    const idB = engine.connect(b);
    expect(a.sent[0]).toEqual({ event: 'acknowledge', data: { id: idA } });
    expect(b.sent[0]).toEqual({ event: 'acknowledge', data: { id: idB } });
    expect(idA).not.toBe(idB);
    expect(a.events('update_connected_ccps').map((m) => m.data)).toEqual([
      { length: 1 },
      { length: 2 },
    ]);
    expect(b.events('update_connected_ccps').map((m) => m.data)).toEqual([{ length: 2 }]);
    expect(b.events('acknowledge')).toHaveLength(1);
  });

  it('answers synchronize with a data-less acknowledge to all ports', () => {
    const { engine } = setup();
    const a = new FakePort();
    const b = new FakePort();
    engine.connect(a);
    engine.connect(b);
    a.clear();
    b.clear();
    a.emit('synchronize');
    expect(a.sent).toEqual([{ event: 'acknowledge' }]);
    expect(b.sent).toEqual([{ event: 'acknowledge' }]);
  });

  it('re-emits a broadcast to every port', () => {
    const { engine } = setup();
    const a = new FakePort();
    const b = new FakePort();
    engine.connect(a);
    engine.connect(b);
    a.emit('broadcast', { event: 'contact::accepted::c-1', data: { contactId: 'c-1' } });
    expect(b.events('contact::accepted::c-1')).toEqual([
      { event: 'contact::accepted::c-1', data: { contactId: 'c-1' } },
    ]);
    expect(a.events('contact::accepted::c-1')).toHaveLength(1);
  });

  it('tells the remaining ports the new count when a port closes, and drops its masters', () => {
    const { engine } = setup();
    const a = new FakePort();
    const b = new FakePort();
    engine.connect(a);
    engine.connect(b);
    a.emit('master_request', {
      event: 'master_request',
      requestId: 'r1',
      method: 'checkMaster',
      params: { topic: 'connect::softphone' },
    });
    a.emit('close');
    expect(b.events('update_connected_ccps').at(-1)?.data).toMatchObject({ length: 1 });
    b.emit('master_request', {
      event: 'master_request',
      requestId: 'r2',
      method: 'checkMaster',
      params: { topic: 'connect::softphone' },
    });
    expect(b.events('master_response').at(-1)?.data).toMatchObject({ data: { isMaster: true } });
  });

  it('counts ports per tab on tab_id', () => {
    const { engine } = setup();
    const a = new FakePort();
    engine.connect(a);
    a.emit('tab_id', { tabId: 't1' });
    expect(a.events('update_connected_ccps').at(-1)?.data).toEqual({
      length: 1,
      tabId: 't1',
      streamsTabsAcrossBrowser: 1,
      t1: { length: 1 },
    });
  });

  it('ignores messages that are not {event, data} envelopes', () => {
    const { engine } = setup();
    const a = new FakePort();
    engine.connect(a);
    a.clear();
    (a as unknown as { listener: (e: { data: unknown }) => void }).listener({
      data: 'synchronize',
    });
    expect(a.sent).toEqual([]);
  });
});

describe('master topics (reference §3.2)', () => {
  it('checkMaster makes the first caller master unless shouldNotBecomeMasterIfNone', () => {
    const { engine } = setup();
    const a = new FakePort();
    const b = new FakePort();
    const idA = engine.connect(a);
    engine.connect(b);
    b.emit('master_request', {
      event: 'master_request',
      requestId: 'q0',
      method: 'checkMaster',
      params: { topic: 'connect::ringtone', shouldNotBecomeMasterIfNone: true },
    });
    expect(b.events('master_response')[0]?.data).toEqual({
      event: 'master_response',
      requestId: 'q0',
      data: { masterId: null, isMaster: false, topic: 'connect::ringtone' },
      err: null,
    });
    a.emit('master_request', {
      event: 'master_request',
      requestId: 'q1',
      method: 'checkMaster',
      params: { topic: 'connect::ringtone' },
    });
    expect(a.events('master_response')[0]?.data).toMatchObject({
      data: { masterId: idA, isMaster: true, topic: 'connect::ringtone' },
    });
    b.emit('master_request', {
      event: 'master_request',
      requestId: 'q2',
      method: 'checkMaster',
      params: { topic: 'connect::ringtone' },
    });
    expect(b.events('master_response')[1]?.data).toMatchObject({
      requestId: 'q2',
      data: { masterId: idA, isMaster: false },
    });
  });

  it('becomeMaster over another master is a takeover broadcast to all ports', () => {
    const { engine } = setup();
    const a = new FakePort();
    const b = new FakePort();
    engine.connect(a);
    const idB = engine.connect(b);
    a.emit('master_request', {
      event: 'master_request',
      requestId: 'q1',
      method: 'becomeMaster',
      params: { topic: 'connect::softphone' },
    });
    expect(a.events('master_response')[0]?.data).toMatchObject({ data: { takeOver: false } });
    expect(b.events('master_response')).toHaveLength(0);
    b.emit('master_request', {
      event: 'master_request',
      requestId: 'q2',
      method: 'becomeMaster',
      params: { topic: 'connect::softphone' },
    });
    expect(a.events('master_response')[1]?.data).toMatchObject({
      requestId: 'q2',
      data: { masterId: idB, takeOver: true, topic: 'connect::softphone' },
    });
    expect(b.events('master_response')).toHaveLength(2);
  });
});

describe('agent::update composition (reference §2.1)', () => {
  it('waits for snapshot and all four configuration lists, then posts Dates, skew, localTimestamp and aliases', async () => {
    const { engine, backend } = setup();
    const a = new FakePort();
    engine.connect(a);
    a.emit('configure', CONFIG);
    await vi.advanceTimersByTimeAsync(0);
    expect(a.events('agent::update')).toHaveLength(0);
    const t = Date.UTC(2026, 0, 1) / 1000 - 2;
    backend.answerPoll(
      ok(
        backend.snapshot(t, {
          contacts: [
            {
              contactId: 'c-2',
              state: { type: 'connecting', timestamp: t + 1 },
              queue: { queueARN: `${ARN}/queue/q`, name: 'Q' },
              connections: [
                {
                  connectionId: 'k',
                  endpoint: { type: 'agent' },
                  state: { type: 'connecting', timestamp: t },
                },
              ],
            },
            { contactId: 'c-1', state: { type: 'connected', timestamp: t }, connections: [] },
          ],
        }),
      ),
    );
    await vi.advanceTimersByTimeAsync(0);
    const updates = a.events('agent::update');
    expect(updates).toHaveLength(1);
    interface Conn {
      address: unknown;
    }
    interface Contact {
      contactId: string;
      state: unknown;
      status: unknown;
      queue?: { queueId: string };
      connections: Conn[];
    }
    interface Update {
      snapshot: {
        state: { startTimestamp: unknown };
        snapshotTimestamp: unknown;
        localTimestamp: number;
        skew: number;
        contacts: Contact[];
      };
      configuration: {
        permissions: unknown;
        agentStates: unknown;
        dialableCountries: unknown;
        routingProfile: {
          routingProfileId: string;
          defaultOutboundQueue: { queueId: string };
          queues: { queueId: string }[];
        };
      };
    }
    const { snapshot, configuration } = updates[0]?.data as Update;
    expect(snapshot.state.startTimestamp).toBeInstanceOf(Date);
    expect(snapshot.snapshotTimestamp).toEqual(new Date(t * 1000));
    expect(snapshot.localTimestamp).toBe(Date.UTC(2026, 0, 1));
    expect(snapshot.skew).toBe(-2000);
    expect(snapshot.contacts.map((c) => c.contactId)).toEqual(['c-1', 'c-2']);
    const c2 = snapshot.contacts[1];
    expect(c2?.status).toBe(c2?.state);
    expect(c2?.queue?.queueId).toBe(`${ARN}/queue/q`);
    expect(c2?.connections[0]?.address).toEqual({ type: 'agent' });
    expect(configuration.routingProfile.routingProfileId).toBe(`${ARN}/routing-profile/e`);
    expect(configuration.routingProfile.defaultOutboundQueue.queueId).toBe(`${ARN}/queue/q`);
    expect(configuration.routingProfile.queues[0]?.queueId).toBe(`${ARN}/queue/q`);
    expect(configuration.permissions).toEqual(['outboundCall']);
    expect(configuration.agentStates).toEqual([{ name: 'Available', type: 'routable' }]);
    expect(configuration.dialableCountries).toEqual(['us']);
  });

  it('posts agent::update after every long-poll return and to a newly connected port', async () => {
    const { engine, backend } = setup();
    const a = new FakePort();
    engine.connect(a);
    a.emit('configure', CONFIG);
    await vi.advanceTimersByTimeAsync(0);
    backend.answerPoll(ok(backend.snapshot(1)));
    await vi.advanceTimersByTimeAsync(100);
    backend.answerPoll(ok(backend.snapshot(2)));
    await vi.advanceTimersByTimeAsync(0);
    expect(a.events('agent::update')).toHaveLength(2);
    const b = new FakePort();
    engine.connect(b);
    expect(b.events('agent::update')).toHaveLength(1);
  });

  it('merges paged lists following nextToken', async () => {
    let page = 0;
    const { engine, backend } = setup({
      getAgentStates: (params) => {
        page += 1;
        return params['nextToken'] === null
          ? ok({ states: [{ name: 'A' }], nextToken: 'p2' })
          : ok({ states: [{ name: 'B' }] });
      },
    });
    const a = new FakePort();
    engine.connect(a);
    a.emit('configure', CONFIG);
    await vi.advanceTimersByTimeAsync(0);
    backend.answerPoll(ok(backend.snapshot(1)));
    await vi.advanceTimersByTimeAsync(0);
    expect(page).toBe(2);
    expect(backend.calls.filter((c) => c.method === 'getAgentStates').map((c) => c.params)).toEqual(
      [
        { nextToken: null, maxResults: 500 },
        { nextToken: 'p2', maxResults: 500 },
      ],
    );
    const data = a.events('agent::update')[0]?.data as { configuration: { agentStates: unknown } };
    expect(data.configuration.agentStates).toEqual([{ name: 'A' }, { name: 'B' }]);
  });
});

describe('agent long poll and configuration poll (spec §9)', () => {
  it('long-polls with timeout 30000 and the last nextToken, repolling 100 ms after success', async () => {
    const { engine, backend } = setup();
    const a = new FakePort();
    engine.connect(a);
    a.emit('configure', CONFIG);
    await vi.advanceTimersByTimeAsync(0);
    expect(backend.calls.find((c) => c.method === 'getAgentSnapshot')?.params).toEqual({
      nextToken: null,
      timeout: 30000,
    });
    backend.answerPoll(ok(backend.snapshot(5)));
    await vi.advanceTimersByTimeAsync(99);
    expect(backend.count('getAgentSnapshot')).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(backend.count('getAgentSnapshot')).toBe(2);
    expect(backend.calls.filter((c) => c.method === 'getAgentSnapshot')[1]?.params).toEqual({
      nextToken: 'tok-5',
      timeout: 30000,
    });
  });

  it('repolls 5000 ms after a failure', async () => {
    const { engine, backend } = setup();
    const a = new FakePort();
    engine.connect(a);
    a.emit('configure', CONFIG);
    await vi.advanceTimersByTimeAsync(0);
    backend.answerPoll({
      kind: 'failure',
      error: { type: 'x', message: 'x', stack: [], retryStatus: 'none', statusCode: 500 },
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(backend.count('getAgentSnapshot')).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(backend.count('getAgentSnapshot')).toBe(2);
  });

  it('sends cti_authorize_retries_exhausted when the long poll exhausts its unauthorized retries', async () => {
    const { engine, backend } = setup();
    const a = new FakePort();
    engine.connect(a);
    a.emit('configure', CONFIG);
    await vi.advanceTimersByTimeAsync(0);
    backend.answerPoll({
      kind: 'authFailure',
      error: {
        type: 'UnauthorizedException',
        message: '',
        stack: [],
        retryStatus: 'exhausted',
        statusCode: 401,
      },
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(a.events('cti_authorize_retries_exhausted')).toHaveLength(1);
    expect(backend.count('getAgentSnapshot')).toBe(1);
  });

  it('sends access_denied when the long poll exhausts its access-denied retries', async () => {
    const { engine, backend } = setup();
    const a = new FakePort();
    engine.connect(a);
    a.emit('configure', CONFIG);
    await vi.advanceTimersByTimeAsync(0);
    backend.answerPoll({
      kind: 'accessDenied',
      error: {
        type: 'AccessDeniedException',
        message: '',
        stack: [],
        retryStatus: 'exhausted',
        statusCode: 403,
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(a.events('access_denied')).toHaveLength(1);
  });

  it('polls the configuration every 30 s and on reload_agent_configuration', async () => {
    const { engine, backend } = setup();
    const a = new FakePort();
    engine.connect(a);
    a.emit('configure', CONFIG);
    await vi.advanceTimersByTimeAsync(0);
    expect(backend.count('getAgentConfiguration')).toBe(1);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(backend.count('getAgentConfiguration')).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(backend.count('getAgentConfiguration')).toBe(2);
    expect(backend.count('getRoutingProfileQueues')).toBe(2);
    expect(backend.calls.find((c) => c.method === 'getRoutingProfileQueues')?.params).toMatchObject(
      {
        routingProfileARN: `${ARN}/routing-profile/e`,
      },
    );
    a.emit('reload_agent_configuration');
    await vi.advanceTimersByTimeAsync(0);
    expect(backend.count('getAgentConfiguration')).toBe(3);
  });

  it('acts on configure only when the token differs from the last one', async () => {
    const { engine, backend } = setup();
    const a = new FakePort();
    engine.connect(a);
    a.emit('configure', CONFIG);
    a.emit('configure', CONFIG);
    await vi.advanceTimersByTimeAsync(0);
    expect(backend.count('getAgentConfiguration')).toBe(1);
    expect(backend.count('getAgentSnapshot')).toBe(1);
  });
});

describe('api_request → api_response (reference §1.2, §3.2)', () => {
  it('answers with the data and err null, and sends api_metric for the call', async () => {
    const { engine } = setup({ acceptContact: () => ok({}) });
    const a = new FakePort();
    engine.connect(a);
    a.emit('configure', CONFIG);
    a.emit('api_request', {
      event: 'api_request',
      requestId: 'r-1',
      method: 'acceptContact',
      params: { contactId: 'c-1' },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(a.events('api_response')).toEqual([
      {
        event: 'api_response',
        data: { event: 'api_response', requestId: 'r-1', data: {}, err: null },
      },
    ]);
    expect(
      a.events('api_metric').find((m) => (m.data as { name: string }).name === 'acceptContact')
        ?.data,
    ).toMatchObject({
      name: 'acceptContact',
      error5xx: 0,
      fault: 0,
      dimensions: [{ name: 'Category', value: 'API' }],
      optionalDimensions: [
        { name: 'HttpStatusCode', value: 200 },
        { name: 'HttpGenericStatusCode', value: '2XX' },
        { name: 'RetryStatus', value: 'none' },
      ],
    });
  });

  it('sends the error JSON-stringified as err, as the real worker does', async () => {
    const error = {
      type: 'InvalidStateException',
      message: 'bad',
      stack: [],
      retryStatus: 'none' as const,
      statusCode: 400,
    };
    const { engine } = setup({ putAgentState: () => ({ kind: 'failure', error, data: { x: 1 } }) });
    const a = new FakePort();
    engine.connect(a);
    a.emit('configure', CONFIG);
    a.emit('api_request', {
      event: 'api_request',
      requestId: 'r-2',
      method: 'putAgentState',
      params: {},
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(a.events('api_response')[0]?.data).toEqual({
      event: 'api_response',
      requestId: 'r-2',
      data: { x: 1 },
      err: JSON.stringify(error),
    });
  });

  it('answers only the asking port', async () => {
    const { engine } = setup();
    const a = new FakePort();
    const b = new FakePort();
    engine.connect(a);
    engine.connect(b);
    a.emit('configure', CONFIG);
    a.emit('api_request', {
      event: 'api_request',
      requestId: 'r-3',
      method: 'acceptContact',
      params: {},
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(a.events('api_response')).toHaveLength(1);
    expect(b.events('api_response')).toHaveLength(0);
  });

  it('sends auth_fail {authorize: true} on an auth failure', async () => {
    const { engine } = setup({
      putAgentState: () => ({
        kind: 'authFailure',
        error: {
          type: 'UnauthorizedException',
          message: '',
          stack: [],
          retryStatus: 'none',
          statusCode: 401,
        },
      }),
    });
    const a = new FakePort();
    engine.connect(a);
    a.emit('configure', CONFIG);
    a.emit('api_request', {
      event: 'api_request',
      requestId: 'r-4',
      method: 'putAgentState',
      params: {},
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(a.events('auth_fail')).toEqual([{ event: 'auth_fail', data: { authorize: true } }]);
  });
});

describe('log buffer and terminate', () => {
  it('buffers send_logs and calls sendClientLogs only when over 400 entries', async () => {
    const { engine, backend } = setup();
    const a = new FakePort();
    engine.connect(a);
    a.emit('configure', CONFIG);
    const log = (i: number) => ({
      time: `t${i}`,
      component: 'ccp',
      text: `line ${i}`,
      level: 'INFO',
    });
    a.emit(
      'send_logs',
      Array.from({ length: 400 }, (_, i) => log(i)),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(backend.count('sendClientLogs')).toBe(0);
    a.emit('send_logs', [log(400)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(backend.count('sendClientLogs')).toBe(1);
    const params = backend.calls.find((c) => c.method === 'sendClientLogs')?.params as {
      logEvents: unknown[];
    };
    expect(params.logEvents).toHaveLength(401);
    expect(params.logEvents[0]).toEqual({ timestamp: 't0', component: 'ccp', message: 'line 0' });
  });

  it('terminate sends pending logs, answers terminated to all ports and stops polling', async () => {
    const { engine, backend } = setup();
    const a = new FakePort();
    const b = new FakePort();
    engine.connect(a);
    engine.connect(b);
    a.emit('configure', CONFIG);
    a.emit('send_logs', [{ time: 't', component: 'c', text: 'x' }]);
    await vi.advanceTimersByTimeAsync(0);
    a.emit('terminate');
    await vi.advanceTimersByTimeAsync(0);
    expect(backend.count('sendClientLogs')).toBe(1);
    expect(a.events('terminated')).toHaveLength(1);
    expect(b.events('terminated')).toHaveLength(1);
    const before = backend.count('getAgentConfiguration');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(backend.count('getAgentConfiguration')).toBe(before);
  });
});

describe('auth token refresh (spec §9)', () => {
  it('checks every 5 min and refreshes when the token expires within 30 min', async () => {
    const authorize = vi.fn(() =>
      Promise.resolve({ accessToken: 'fresh', expiration: '2030-01-01T00:00:00Z' }),
    );
    const tokens: string[] = [];
    const backend = fakeBackend();
    const engine = new PanelWorkerEngine({
      createWebSocketManager: false,
      createClient: (configuration) => {
        tokens.push(configuration.authToken);
        return backend.client;
      },
      authorize,
    });
    const a = new FakePort();
    engine.connect(a);
    a.emit('configure', {
      ...CONFIG,
      authTokenExpiration: new Date(Date.now() + 40 * 60_000).toISOString(),
    });
    await vi.advanceTimersByTimeAsync(299_999);
    expect(authorize).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    // 35 min left: no refresh yet
    expect(authorize).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(300_000);
    // 30 min left: not "within" yet; the next check (25 min left) refreshes
    await vi.advanceTimersByTimeAsync(300_000);
    expect(authorize).toHaveBeenCalledWith('/auth/authorize');
    await vi.advanceTimersByTimeAsync(0);
    expect(tokens).toEqual(['tok', 'fresh']);
  });

  it('sends auth_fail when authorize answers 401', async () => {
    const authorize = vi.fn(() =>
      Promise.reject(new HttpStatusError(new Response('', { status: 401 }))),
    );
    const { engine } = setup({}, { authorize });
    const a = new FakePort();
    engine.connect(a);
    a.emit('configure', {
      ...CONFIG,
      authTokenExpiration: new Date(Date.now() + 60_000).toISOString(),
    });
    await vi.advanceTimersByTimeAsync(300_000);
    expect(a.events('auth_fail')).toEqual([{ event: 'auth_fail' }]);
    expect(authorize).toHaveBeenCalledTimes(1);
  });

  it('retries a failed refresh with backoff, 4 retries', async () => {
    const authorize = vi.fn(() =>
      Promise.reject(new HttpStatusError(new Response('', { status: 500 }))),
    );
    const { engine } = setup({}, { authorize, random: () => 0.5 });
    const a = new FakePort();
    engine.connect(a);
    a.emit('configure', {
      ...CONFIG,
      authTokenExpiration: new Date(Date.now() + 60_000).toISOString(),
    });
    await vi.advanceTimersByTimeAsync(300_000);
    expect(authorize).toHaveBeenCalledTimes(1);
    // waits: 10000, 20000, 40000, 80000 (interval * 2 * 0.5, doubling)
    await vi.advanceTimersByTimeAsync(10_000);
    expect(authorize).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(20_000 + 40_000 + 80_000);
    expect(authorize).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(140_000);
    // the next 5-min check starts a new cycle, nothing in between
    expect(authorize).toHaveBeenCalledTimes(5);
  });
});

describe('web socket through createTransport (reference §3.2)', () => {
  it('opens the manager with createTransport web_socket and bridges it to every port', async () => {
    const handlers = new Map<string, (payload: unknown) => void>();
    const subscribed: string[][] = [];
    let transport: (() => Promise<unknown>) | undefined;
    const manager = {
      on: (event: string, handler: (payload: unknown) => void) => {
        handlers.set(event, handler);
        return () => handlers.delete(event);
      },
      init: (fn: () => Promise<unknown>) => {
        transport = fn;
        return Promise.resolve({ webSocketConnectionFailed: false });
      },
      subscribeTopics: (topics: string[]) => subscribed.push(topics),
      sendMessage: () => true,
      terminate: () => undefined,
    };
    const wsConfig = { webSocketTransport: { url: 'wss://x', transportLifeTimeInSeconds: 300 } };
    const { engine, backend } = setup(
      { createTransport: () => ok(wsConfig) },
      { createWebSocketManager: () => manager as never },
    );
    const a = new FakePort();
    const b = new FakePort();
    engine.connect(a);
    engine.connect(b);
    a.emit('configure', CONFIG);
    await expect(transport?.()).resolves.toEqual(wsConfig);
    expect(backend.calls.find((c) => c.method === 'createTransport')?.params).toEqual({
      transportType: 'web_socket',
    });
    b.emit('webSocket::subscribe', ['aws/chat']);
    expect(subscribed).toEqual([['aws/chat']]);
    handlers.get('connectionGain')?.(undefined);
    expect(a.events().map((m) => m.event)).toEqual(
      expect.arrayContaining(['agent::websocket_connection_gained', 'webSocket::connection_gain']),
    );
    expect(b.events('webSocket::connection_gain')).toHaveLength(1);
  });
});

describe('task-templates client in the worker (spec §5, §7 "Task templates"; reference §3.2)', () => {
  it('routes the four task-template methods to the TaskTemplatesClient on taskTemplatesEndpoint with credentials and the CSRF header', async () => {
    const requests: { url: string; init: RequestInit | undefined }[] = [];
    const fetch = (url: string, init?: RequestInit): Promise<Response> => {
      requests.push({ url, init });
      return Promise.resolve(
        new Response(JSON.stringify({ ok: url }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    };
    const { engine, backend } = setup({}, { fetch });
    const a = new FakePort();
    engine.connect(a);
    a.emit('configure', {
      ...CONFIG,
      taskTemplatesEndpoint: 'https://x.example/task-templates/api/ccp',
    });
    const send = (requestId: string, method: string, params: Record<string, unknown>) =>
      a.emit('api_request', { event: 'api_request', requestId, method, params });
    send('r-list', 'listTaskTemplates', { instanceId: 'i-1', queryParams: { status: 'active' } });
    send('r-get', 'getTaskTemplate', {
      instanceId: 'i-1',
      templateParams: { id: 't-1', version: 3 },
    });
    send('r-create', 'createTemplatedTask', { instanceId: 'i-1', templateId: 't-1', name: 'x' });
    send('r-update', 'updateContact', { contactId: 'c-1', name: 'y' });
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.map((r) => [r.init?.method, r.url])).toEqual([
      [
        'GET',
        'https://x.example/task-templates/api/ccp/proxy/instance/i-1/task/template?status=active',
      ],
      [
        'GET',
        'https://x.example/task-templates/api/ccp/proxy/instance/i-1/task/template/t-1?snapshotVersion=3',
      ],
      ['PUT', 'https://x.example/task-templates/api/ccp/createTemplatedTask'],
      ['POST', 'https://x.example/task-templates/api/ccp/updateContact'],
    ]);
    for (const r of requests) {
      expect(r.init?.credentials).toBe('include');
      expect((r.init?.headers as Record<string, string>)['x-csrf-token']).toBe('csrf');
    }
    expect(backend.count('listTaskTemplates')).toBe(0);
    const responses = a
      .events('api_response')
      .map((m) => m.data as { requestId: string; err: unknown });
    expect(responses.map((r) => [r.requestId, r.err])).toEqual([
      ['r-list', null],
      ['r-get', null],
      ['r-create', null],
      ['r-update', null],
    ]);
    expect(a.events('api_metric').map((m) => (m.data as { name: string }).name)).toEqual(
      expect.arrayContaining(['listTaskTemplates', 'getTaskTemplate']),
    );
  });

  it('falls back to the CTI endpoint host for the task-templates base path and answers failures with err', async () => {
    const urls: string[] = [];
    const fetch = (url: string): Promise<Response> => {
      urls.push(url);
      return Promise.resolve(
        new Response(JSON.stringify({ message: 'no template' }), { status: 404 }),
      );
    };
    const { engine } = setup({}, { fetch });
    const a = new FakePort();
    engine.connect(a);
    a.emit('configure', CONFIG);
    a.emit('api_request', {
      event: 'api_request',
      requestId: 'r-1',
      method: 'getTaskTemplate',
      params: { instanceId: 'i-1', templateParams: { id: 'nope' } },
    });
    await vi.advanceTimersByTimeAsync(0);
    // no page location in Node: the real getUrlWithProtocol falls back to https
    expect(urls).toEqual([
      'https://x/task-templates/api/ccp/proxy/instance/i-1/task/template/nope',
    ]);
    const response = a.events('api_response')[0]?.data as { err: string; data: unknown };
    expect(JSON.parse(response.err)).toMatchObject({ message: 'no template', statusCode: 404 });
    expect(response.data).toEqual({ message: 'no template', status: 404 });
  });

  it('sends the WithRelatedContactId subset metric for calls made with a relatedContactId', async () => {
    const { engine } = setup({ createOutboundContact: () => ok({}) });
    const a = new FakePort();
    engine.connect(a);
    a.emit('configure', CONFIG);
    a.emit('api_request', {
      event: 'api_request',
      requestId: 'r-1',
      method: 'createOutboundContact',
      params: { endpoint: {}, relatedContactId: 'c-0' },
    });
    await vi.advanceTimersByTimeAsync(0);
    const names = a.events('api_metric').map((m) => (m.data as { name: string }).name);
    expect(names).toEqual(
      expect.arrayContaining([
        'createOutboundContactWithRelatedContactId',
        'createOutboundContact',
      ]),
    );
  });
});

describe('page logs through the worker (reference §3.2 send_logs)', () => {
  it('passes every send_logs entry down to all ports as log before buffering it', () => {
    const { engine } = setup();
    const a = new FakePort();
    const b = new FakePort();
    engine.connect(a);
    engine.connect(b);
    a.emit('configure', CONFIG);
    const entry = { time: 't', component: 'softphone', text: 'hello', level: 'INFO' };
    a.emit('send_logs', [entry]);
    expect(a.events('log')).toEqual([{ event: 'log', data: entry }]);
    expect(b.events('log')).toEqual([{ event: 'log', data: entry }]);
  });
});

describe('longPollingOptions of configure (reference §3.1)', () => {
  it('keeps the two boolean flags (default false) and ignores other values', () => {
    const { engine } = setup();
    const a = new FakePort();
    engine.connect(a);
    expect(engine.longPollingOptions).toEqual({
      allowLongPollingShadowMode: false,
      allowLongPollingWebsocketOnlyMode: false,
    });
    a.emit('configure', {
      ...CONFIG,
      longPollingOptions: {
        allowLongPollingShadowMode: true,
        allowLongPollingWebsocketOnlyMode: 'yes',
      },
    });
    expect(engine.longPollingOptions).toEqual({
      allowLongPollingShadowMode: true,
      allowLongPollingWebsocketOnlyMode: false,
    });
  });
});
