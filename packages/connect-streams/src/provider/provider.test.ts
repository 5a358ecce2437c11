import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ConnectError,
  ConnectMetricRecorder,
  ContactClient,
  ProviderBase,
  ProviderSubject,
  StreamsSiteProvider,
  getGlobalProvider,
  resetGlobalProvider,
  setGlobalProvider,
  type DownstreamMessage,
  type ProxyConnectionChangedEvent,
  StreamsSiteProxy,
  type UpstreamMessage,
} from './index';
import { PROXY_STATUS_TRANSITIONS, isProxyTransition } from './proxy-lifecycle';

const INSTANCE = 'https://inst.example.com';

/** Lets MessagePort deliveries (libuv, not timers) run. */
async function settle(rounds = 8): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((r) => setImmediate(r));
}

function fakeWindow() {
  const listeners = new Set<(evt: MessageEvent) => void>();
  return {
    addEventListener: (_: 'message', l: (evt: MessageEvent) => void) => void listeners.add(l),
    removeEventListener: (_: 'message', l: (evt: MessageEvent) => void) => void listeners.delete(l),
    dispatch(evt: { origin: string; source: unknown; data: unknown; ports: MessagePort[] }) {
      for (const l of listeners) l(evt as unknown as MessageEvent);
    },
    get size() {
      return listeners.size;
    },
  };
}

function setup() {
  const win = fakeWindow();
  const iframe = { contentWindow: { name: 'ccp' } };
  const provider = new StreamsSiteProvider({ instanceUrl: `${INSTANCE}/ccp-v2/`, window: win });
  const proxy: StreamsSiteProxy = provider.getProxy();
  provider.setCCPIframe(iframe);
  const statuses: ProxyConnectionChangedEvent[] = [];
  proxy.onConnectionStatusChange((e) => statuses.push(e));
  const ports: MessagePort[] = [];
  /** Offers a new raw port; returns the subject end and what arrives on it. */
  function handshake(): { port: MessagePort; received: Record<string, unknown>[] } {
    const channel = new MessageChannel();
    ports.push(channel.port1, channel.port2);
    const received: Record<string, unknown>[] = [];
    channel.port1.onmessage = (e: MessageEvent) => received.push(e.data as Record<string, unknown>);
    win.dispatch({
      origin: INSTANCE,
      source: iframe.contentWindow,
      data: { type: 'cross-domain-adapter-init' },
      ports: [channel.port2],
    });
    return { port: channel.port1, received };
  }
  function acknowledge(port: MessagePort, healthCheckInterval = 0, connectionId = 'conn-1') {
    const ack: DownstreamMessage = {
      type: 'acknowledge',
      connectionId,
      status: { initialized: true, startTime: new Date() },
      healthCheckInterval,
    };
    port.postMessage(ack);
  }
  /** A ProviderSubject on a fresh handshake. */
  function subject(options?: ConstructorParameters<typeof ProviderSubject>[0]) {
    const channel = new MessageChannel();
    ports.push(channel.port1, channel.port2);
    const sut = new ProviderSubject(options);
    sut.attach(channel.port1);
    win.dispatch({
      origin: INSTANCE,
      source: iframe.contentWindow,
      data: { type: 'cross-domain-adapter-init' },
      ports: [channel.port2],
    });
    return sut;
  }
  const close = () => {
    provider.dispose();
    for (const p of ports) p.close();
  };
  return { win, iframe, provider, proxy, statuses, handshake, acknowledge, subject, close };
}

let env: ReturnType<typeof setup>;
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  env = setup();
});
afterEach(() => {
  env.close();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('connection status', () => {
  it('starts notConnected and becomes connecting on init', () => {
    const win = fakeWindow();
    const proxy = new StreamsSiteProxy({
      id: 'p-1',
      config: { instanceUrl: INSTANCE, window: win },
    });
    expect(proxy.connectionStatus).toBe('notConnected');
    expect(win.size).toBe(0);
    proxy.init();
    expect(proxy.connectionStatus).toBe('connecting');
    expect(win.size).toBe(1);
    proxy.dispose();
    expect(win.size).toBe(0);
  });

  it("refuses a second init with 'Proxy already initialized'", () => {
    expect(() => env.proxy.init()).toThrow('Proxy already initialized');
  });

  it('goes connecting → initializing on a valid init message and answers cross-domain-site-ready', async () => {
    const { received } = env.handshake();
    expect(env.proxy.connectionStatus).toBe('initializing');
    await settle();
    expect(received[0]).toEqual({ type: 'cross-domain-site-ready', providerId: env.provider.id });
  });

  it('goes ready with the connectionId on acknowledge', async () => {
    const { port } = env.handshake();
    env.acknowledge(port, 0, 'conn-42');
    await settle();
    expect(env.statuses).toEqual([
      { status: 'initializing' },
      { status: 'ready', connectionId: 'conn-42' },
    ]);
    await expect(env.proxy.getConnectionId()).resolves.toBe('conn-42');
  });

  it('ignores an init message from another origin', () => {
    env.win.dispatch({
      origin: 'https://evil.example.com',
      source: env.iframe.contentWindow,
      data: { type: 'cross-domain-adapter-init' },
      ports: [new MessageChannel().port2],
    });
    expect(env.proxy.connectionStatus).toBe('connecting');
  });

  it('ignores an init message from a window other than the CCP iframe', () => {
    env.win.dispatch({
      origin: INSTANCE,
      source: { other: true },
      data: { type: 'cross-domain-adapter-init' },
      ports: [new MessageChannel().port2],
    });
    expect(env.proxy.connectionStatus).toBe('connecting');
  });

  it('ignores messages whose type is not cross-domain-adapter-init', () => {
    env.win.dispatch({
      origin: INSTANCE,
      source: env.iframe.contentWindow,
      data: { event: 'acknowledge' },
      ports: [],
    });
    expect(env.proxy.connectionStatus).toBe('connecting');
  });

  it('ignores the handshake when no CCP iframe was set', () => {
    const win = fakeWindow();
    const provider = new StreamsSiteProvider({ instanceUrl: INSTANCE, window: win });
    const proxy = provider.getProxy();
    win.dispatch({
      origin: INSTANCE,
      source: {},
      data: { type: 'cross-domain-adapter-init' },
      ports: [],
    });
    expect(proxy.connectionStatus).toBe('connecting');
    provider.dispose();
  });

  it("throws 'message port not provided by iframe' for an init message without a port", () => {
    expect(() =>
      env.proxy.acceptInitMessage({
        origin: INSTANCE,
        source: env.iframe.contentWindow,
        data: { type: 'cross-domain-adapter-init' },
        ports: [],
      }),
    ).toThrow('message port not provided by iframe');
  });

  it('reports a port-less init message arriving on the window to onError', () => {
    const errors: string[] = [];
    env.proxy.onError((e) => errors.push(e.message));
    env.win.dispatch({
      origin: INSTANCE,
      source: env.iframe.contentWindow,
      data: { type: 'cross-domain-adapter-init' },
      ports: [],
    });
    expect(errors).toEqual(['message port not provided by iframe']);
  });

  it('resets on a new port (reset → connecting → initializing) and re-subscribes every handler', async () => {
    const first = env.handshake();
    env.acknowledge(first.port);
    const h1 = vi.fn();
    const h2 = vi.fn();
    const topic = { namespace: 'aws.connect.contact', key: 'contact/connected' };
    env.proxy.subscribe(topic, h1);
    env.proxy.subscribe({ ...topic, parameter: 'c-1' }, h2);
    await settle();
    const firstSubs = first.received.filter((m) => m.type === 'subscribe');
    expect(firstSubs).toHaveLength(2);
    env.statuses.length = 0;

    const second = env.handshake();
    expect(env.statuses).toEqual([
      { status: 'reset', reason: 'Subsequent Message Port Detected' },
      { status: 'connecting' },
      { status: 'initializing' },
    ]);
    env.acknowledge(second.port, 0, 'conn-2');
    await settle();
    const resubs = second.received.filter((m) => m.type === 'subscribe');
    expect(resubs.map((m) => m.handlerId).sort()).toEqual(firstSubs.map((m) => m.handlerId).sort());
    expect(env.proxy.connectionStatus).toBe('ready');
  });

  it("resets with 'CCP IFrame Updated' when the iframe is replaced", () => {
    env.provider.setCCPIframe({ contentWindow: {} });
    expect(env.statuses).toEqual([
      { status: 'reset', reason: 'CCP IFrame Updated' },
      { status: 'connecting' },
    ]);
  });

  it('a fatal error message sets the error status; every error message reaches onError', async () => {
    const sut = env.subject();
    await settle();
    const errors: unknown[] = [];
    env.proxy.onError((e) => errors.push(e));
    sut.sendError('soft problem', 'softKey', false);
    await settle();
    expect(env.proxy.connectionStatus).toBe('ready');
    sut.sendError('hard problem', 'hardKey', true, { why: 'x' });
    await settle();
    expect(env.proxy.connectionStatus).toBe('error');
    expect(env.statuses.at(-1)).toMatchObject({ status: 'error', reason: 'hard problem' });
    expect(errors).toEqual([
      expect.objectContaining({
        message: 'soft problem',
        key: 'softKey',
        isFatal: false,
        connectionStatus: 'ready',
      }),
      expect.objectContaining({
        message: 'hard problem',
        key: 'hardKey',
        isFatal: true,
        details: { why: 'x' },
      }),
    ]);
  });

  it('a throwing status handler does not stop the others', () => {
    const seen = vi.fn();
    env.proxy.onConnectionStatusChange(() => {
      throw new Error('boom');
    });
    env.proxy.onConnectionStatusChange(seen);
    env.handshake();
    expect(seen).toHaveBeenCalledWith({ status: 'initializing' });
  });

  it('every on… returns an unsubscribe function', () => {
    const seen = vi.fn();
    const off = env.proxy.onConnectionStatusChange(seen);
    off();
    env.handshake();
    expect(seen).not.toHaveBeenCalled();
  });

  it("getConnectionId rejects with 'Timeout getting connectionId' after 10 s", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const p = env.proxy.getConnectionId();
    const assertion = expect(p).rejects.toThrow('Timeout getting connectionId');
    vi.advanceTimersByTime(10_000);
    await assertion;
  });

  it('drops inbound messages that fail validation', async () => {
    const { port, received } = env.handshake();
    env.acknowledge(port);
    port.postMessage({ type: 'publish' });
    port.postMessage({ hello: 1 });
    await settle();
    expect(env.proxy.connectionStatus).toBe('ready');
    expect(received.filter((m) => m.type === 'log').map((m) => m.message)).toContain(
      'Unknown inbound message',
    );
  });
});

describe('upstream queue', () => {
  it('queues request, subscribe, log and metric until acknowledge, then flushes them in order', async () => {
    const { port, received } = env.handshake();
    void env.proxy.request('ns', 'cmd1').catch(() => undefined);
    env.proxy.subscribe({ namespace: 'ns', key: 'k' }, () => undefined);
    env.proxy.log({ level: 3, source: 'test', message: 'hello', loggerId: 'abcdef12' });
    env.proxy.sendMetric('ns', { metricName: 'M', unit: 'Count', value: 1 });
    void env.proxy.request('ns', 'cmd2').catch(() => undefined);
    await settle();
    expect(received.map((m) => m.type)).toEqual(['cross-domain-site-ready']);
    env.acknowledge(port);
    await settle();
    expect(received.slice(1, 6).map((m) => m.type)).toEqual([
      'request',
      'subscribe',
      'log',
      'metric',
      'request',
    ]);
    expect(received[1]).toMatchObject({
      command: 'cmd1',
      messageOrigin: { _type: 'streams-site', providerId: env.provider.id },
    });
    expect(received[5]).toMatchObject({ command: 'cmd2' });
  });
});

describe('request / response', () => {
  it('resolves with the response data', async () => {
    env.subject({ handlers: { ns: { echo: (d) => ({ got: d }) } } });
    await expect(env.proxy.request('ns', 'echo', { a: 1 })).resolves.toEqual({ got: { a: 1 } });
  });

  it('rejects an isError response with a ConnectError carrying its errorKey', async () => {
    env.subject();
    const err: unknown = await env.proxy
      .request('ns', 'missing', { a: 1 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectError);
    expect(err).toMatchObject({
      errorKey: 'handlerNotFound',
      reason: 'No handler for command',
      namespace: 'ns',
    });
    expect((err as Error).message).toBe('ConnectError with error key "handlerNotFound"');
  });

  it("rejects after 30000 ms with the plain clientTimeout object 'Client Timeout'", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { port } = env.handshake();
    env.acknowledge(port);
    let outcome: unknown = 'pending';
    env.proxy
      .request('aws.connect.contact', 'contact/getType', { contactId: 'c' })
      .catch((e: unknown) => (outcome = e));
    vi.advanceTimersByTime(29_999);
    await Promise.resolve();
    expect(outcome).toBe('pending');
    vi.advanceTimersByTime(1);
    await Promise.resolve();
    expect(outcome).toEqual({
      namespace: 'aws.connect.contact',
      reason: 'Client Timeout',
      details: { command: 'contact/getType', requestData: { contactId: 'c' }, timeoutMs: 30000 },
      errorKey: 'clientTimeout',
    });
    expect(outcome).not.toBeInstanceOf(Error);
  });

  it('honours a per-request timeout (at least 1 ms)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const p = env.proxy.request('ns', 'c', undefined, { timeoutMs: 0 });
    const assertion = expect(p).rejects.toMatchObject({ details: { timeoutMs: 1 } });
    vi.advanceTimersByTime(1);
    await assertion;
  });

  it('ignores (and logs) a late response after the timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { port, received } = env.handshake();
    env.acknowledge(port);
    await settle();
    const p = env.proxy.request('ns', 'slow').catch((e: unknown) => e);
    await settle();
    const req = received.find((m) => m.type === 'request')!;
    vi.advanceTimersByTime(30_000);
    expect(await p).toMatchObject({ errorKey: 'clientTimeout' });
    port.postMessage({
      type: 'response',
      namespace: 'ns',
      requestId: req.requestId,
      isError: false,
      data: 1,
    });
    await settle();
    expect(received.filter((m) => m.type === 'log').map((m) => m.message)).toContain(
      'Returned a response message with no handler',
    );
  });
});

describe('subscribe / unsubscribe / publish', () => {
  const topic = { namespace: 'aws.connect.contact', key: 'contact/connected', parameter: 'c-1' };

  it('a publish without handlerId runs every handler of the topic; with handlerId only that one', async () => {
    const { port, received } = env.handshake();
    env.acknowledge(port);
    const a = vi.fn();
    const b = vi.fn();
    env.proxy.subscribe(topic, a);
    env.proxy.subscribe(topic, b);
    await settle();
    const subs = received.filter((m) => m.type === 'subscribe');
    expect(subs.map((s) => s.topic)).toEqual([topic, topic]);
    port.postMessage({ type: 'publish', topic, data: { n: 1 } });
    port.postMessage({ type: 'publish', topic, data: { n: 2 }, handlerId: subs[1]!.handlerId });
    await settle();
    expect(a.mock.calls).toEqual([[{ n: 1 }]]);
    expect(b.mock.calls).toEqual([[{ n: 1 }], [{ n: 2 }]]);
  });

  it('sends unsubscribe only when the last handler of a topic is removed', async () => {
    const { port, received } = env.handshake();
    env.acknowledge(port);
    const a = vi.fn();
    const b = vi.fn();
    env.proxy.subscribe(topic, a);
    env.proxy.subscribe(topic, b);
    env.proxy.unsubscribe(topic, a);
    await settle();
    expect(received.filter((m) => m.type === 'unsubscribe')).toHaveLength(0);
    env.proxy.unsubscribe(topic, b);
    await settle();
    expect(received.filter((m) => m.type === 'unsubscribe')).toEqual([
      expect.objectContaining({ topic }),
    ]);
  });

  it('logs a throwing handler and still runs the others', async () => {
    const { port, received } = env.handshake();
    env.acknowledge(port);
    const ok = vi.fn();
    env.proxy.subscribe(topic, () => Promise.reject(new Error('bad handler')));
    env.proxy.subscribe(topic, ok);
    port.postMessage({ type: 'publish', topic, data: {} });
    await settle();
    expect(ok).toHaveBeenCalledOnce();
    expect(received.filter((m) => m.type === 'log').map((m) => m.message)).toContain(
      'An error occurred when handling subscription',
    );
  });

  it('ContactClient subscribes with namespace, key and parameter and returns an unsubscribe function', async () => {
    const sut = env.subject();
    const client = new ContactClient(env.provider);
    const seen = vi.fn();
    const off = client.onConnected(seen, 'c-9');
    await settle();
    const t = { namespace: 'aws.connect.contact', key: 'contact/connected', parameter: 'c-9' };
    expect(sut.isSubscribed(t)).toBe(true);
    expect(sut.publish(t, { contactId: 'c-9' })).toBe(1);
    await settle();
    expect(seen).toHaveBeenCalledWith({ contactId: 'c-9' });
    off();
    await settle();
    expect(sut.isSubscribed(t)).toBe(false);
  });
});

describe('log and metric messages', () => {
  it('sends log messages with level, source, time, loggerId and the message origin', async () => {
    const { port, received } = env.handshake();
    env.acknowledge(port);
    env.proxy.log({
      level: 4,
      source: 'app',
      message: 'careful',
      loggerId: '0123abcd',
      data: { a: 1 },
    });
    await settle();
    const log = received.find((m) => m.type === 'log' && m.source === 'app');
    expect(log).toMatchObject({
      level: 4,
      message: 'careful',
      loggerId: '0123abcd',
      data: { a: 1 },
      context: {},
    });
    expect(log!.time).toBeInstanceOf(Date);
  });

  it("refuses more than 30 dimensions: 'Cannot add more than 30 dimensions to a metric'", () => {
    const dims = (n: number, p: string) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`${p}${i}`, 'v']));
    expect(() =>
      env.proxy.sendMetric('ns', {
        metricName: 'm',
        unit: 'Count',
        value: 1,
        dimensions: dims(20, 'a'),
        optionalDimensions: dims(11, 'b'),
      }),
    ).toThrow('Cannot add more than 30 dimensions to a metric');
    expect(() =>
      env.proxy.sendMetric('ns', {
        metricName: 'm',
        unit: 'Count',
        value: 1,
        dimensions: dims(20, 'a'),
        optionalDimensions: dims(10, 'b'),
      }),
    ).not.toThrow();
  });

  it('the metric recorder sends success as Count 0, error as Count 1 and durations in Milliseconds', async () => {
    const { port, received } = env.handshake();
    env.acknowledge(port);
    const rec = new ConnectMetricRecorder('ns', env.provider);
    rec.recordSuccess('S');
    rec.recordError('E', { dimensions: { d: '1' } });
    rec.startDurationCounter('D').stop();
    await settle();
    expect(
      received
        .filter((m) => m.type === 'metric')
        .map((m) => [m.metricName, m.unit, m.value === 0 || m.value === 1 ? m.value : 'n']),
    ).toEqual([
      ['S', 'Count', 0],
      ['E', 'Count', 1],
      ['D', 'Milliseconds', expect.anything()],
    ]);
  });
});

describe('health check', () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] }),
  );

  async function connectWithInterval(interval: number) {
    const { port, received } = env.handshake();
    env.acknowledge(port, interval);
    await settle();
    return {
      port,
      received,
      checks: () => received.filter((m) => m.type === 'healthCheck').length,
    };
  }

  it('an interval of 0 or less disables the health check', async () => {
    const { checks } = await connectWithInterval(0);
    vi.advanceTimersByTime(60_000);
    await settle();
    expect(checks()).toBe(0);
    expect(env.proxy.healthCheckStatus).toBe('unknown');
  });

  it('an interval under 1000 ms is refused', async () => {
    const { checks } = await connectWithInterval(999);
    vi.advanceTimersByTime(60_000);
    await settle();
    expect(checks()).toBe(0);
  });

  it('sends a health check at once and then every interval', async () => {
    const { checks } = await connectWithInterval(1000);
    expect(checks()).toBe(1);
    vi.advanceTimersByTime(2000);
    await settle();
    expect(checks()).toBe(3);
  });

  it('becomes unhealthy after 3 intervals without a response, healthy on a response, and emits only on change', async () => {
    const events: string[] = [];
    env.proxy.onHealthCheckStatusChanged((e) => events.push(`${e.previousStatus}→${e.status}`));
    const { port } = await connectWithInterval(1000);
    vi.advanceTimersByTime(2999);
    expect(env.proxy.healthCheckStatus).toBe('unknown');
    vi.advanceTimersByTime(1);
    expect(env.proxy.healthCheckStatus).toBe('unhealthy');
    vi.advanceTimersByTime(10_000);
    port.postMessage({ type: 'healthCheckResponse', time: 1, counter: 1 });
    await settle();
    port.postMessage({ type: 'healthCheckResponse', time: 2, counter: 2 });
    await settle();
    expect(env.proxy.healthCheckStatus).toBe('healthy');
    vi.advanceTimersByTime(2999);
    expect(env.proxy.healthCheckStatus).toBe('healthy');
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['unknown→unhealthy', 'unhealthy→healthy', 'healthy→unhealthy']);
  });
});

describe('child channels', () => {
  it('relays a child iframe port: ready, upstream wrapped in childUpstream, downstream routed by connection id', async () => {
    const { port, received } = env.handshake();
    env.acknowledge(port);
    const child = new MessageChannel();
    const childGot: unknown[] = [];
    child.port1.onmessage = (e: MessageEvent) => childGot.push(e.data);
    env.proxy.addChildIframeChannel({
      connectionId: 'child-1',
      providerId: 'p-child',
      port: child.port2,
    });
    child.port1.postMessage({
      type: 'healthCheck',
      messageOrigin: { _type: 'app', providerId: 'p-child' },
    });
    await settle();
    const ups = received.filter((m) => m.type === 'childUpstream');
    expect(ups).toEqual([
      {
        type: 'childUpstream',
        connectionId: 'child-1',
        sourceProviderId: 'p-child',
        parentProviderId: env.provider.id,
        message: { type: 'childConnectionReady' },
      },
      expect.objectContaining({
        connectionId: 'child-1',
        message: { type: 'healthCheck', messageOrigin: { _type: 'app', providerId: 'p-child' } },
      }),
    ]);
    port.postMessage({
      type: 'childDownstreamMessage',
      connectionId: 'child-1',
      targetProviderId: 'p-child',
      message: { type: 'x', n: 1 },
    });
    port.postMessage({
      type: 'childDownstreamMessage',
      connectionId: 'child-1',
      targetProviderId: 'someone-else',
      message: { type: 'x', n: 2 },
    });
    await settle();
    expect(childGot).toEqual([{ type: 'x', n: 1 }]);
    port.postMessage({ type: 'childConnectionClose', connectionId: 'child-1' });
    await settle();
    child.port1.close();
  });

  it('relays a child component channel', async () => {
    const { port, received } = env.handshake();
    env.acknowledge(port);
    let up: (m: unknown) => void = () => undefined;
    const down: unknown[] = [];
    env.proxy.addChildComponentChannel({
      connectionId: 'cmp',
      providerId: 'p-cmp',
      sendDownstreamMessage: (m) => down.push(m),
      setUpstreamMessageHandler: (h) => (up = h),
    });
    up({ type: 'closeChannel' });
    port.postMessage({
      type: 'childDownstreamMessage',
      connectionId: 'cmp',
      targetProviderId: 'p-cmp',
      message: { ok: true },
    });
    await settle();
    expect(
      received
        .filter((m) => m.type === 'childUpstream')
        .map((m) => (m.message as { type: string }).type),
    ).toEqual(['childConnectionReady', 'closeChannel']);
    expect(down).toEqual([{ ok: true }]);
  });
});

describe('global provider', () => {
  beforeEach(() => {
    resetGlobalProvider();
    ProviderBase.resetInitialization();
  });
  afterEach(() => {
    try {
      getGlobalProvider().getProxy().dispose();
    } catch {
      // none set
    }
    resetGlobalProvider();
    ProviderBase.resetInitialization();
  });

  it("can be set once: 'Global Provider is already set'", () => {
    setGlobalProvider(env.provider);
    expect(() => setGlobalProvider(env.provider)).toThrow('Global Provider is already set');
  });

  it('getGlobalProvider throws the default or the given message when unset', () => {
    expect(() => getGlobalProvider()).toThrow(
      'Attempted to get Global AmazonConnectProvider that has not been set.',
    );
    expect(() => StreamsSiteProvider.default).toThrow(
      'AmazonConnectStreamsSite has not been initialized',
    );
  });

  it('a second provider initialisation throws ConnectError attemptInitializeMultipleProviders', () => {
    const { provider } = StreamsSiteProvider.init({ instanceUrl: INSTANCE, window: fakeWindow() });
    expect(StreamsSiteProvider.default).toBe(provider);
    expect(provider.getProxy().connectionStatus).toBe('connecting');
    let err: unknown;
    try {
      StreamsSiteProvider.init({ instanceUrl: INSTANCE, window: fakeWindow() });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConnectError);
    expect(err).toMatchObject({ errorKey: 'attemptInitializeMultipleProviders' });
  });

  it('clients without a provider use the global one', async () => {
    setGlobalProvider(env.provider);
    env.subject({ handlers: { 'aws.connect.contact': { 'contact/getType': () => 'voice' } } });
    await expect(new ContactClient().getType('c-1')).resolves.toBe('voice');
  });
});

describe('upstream messages are structured-cloneable', () => {
  it('every queued message survives structuredClone', () => {
    const msgs: UpstreamMessage[] = [];
    const proxy = env.proxy as unknown as { sendMessageToSubject: (m: UpstreamMessage) => void };
    proxy.sendMessageToSubject = (m) => msgs.push(m);
    env.proxy.log({ level: 1, source: 's', message: 'm', loggerId: 'x', data: { f: 1 } });
    for (const m of (env.proxy as unknown as { queue: UpstreamMessage[] }).queue)
      expect(() => structuredClone(m)).not.toThrow();
  });
});

describe('the link status, walked through its transition table', () => {
  it('notConnected → connecting → initializing → ready; a reset goes back to connecting; a fatal error from any started status', () => {
    expect(PROXY_STATUS_TRANSITIONS).toEqual({
      notConnected: ['connecting'],
      connecting: ['initializing', 'reset', 'error'],
      initializing: ['ready', 'reset', 'error'],
      ready: ['ready', 'reset', 'error'],
      error: ['ready', 'reset', 'error'],
      reset: ['connecting'],
    });
    expect(isProxyTransition('notConnected', 'ready')).toBe(false);
    expect(isProxyTransition('reset', 'ready')).toBe(false);
  });

  it('a handshake, a second port, a new iframe and a fatal error move only along the table', async () => {
    const moves: string[] = [];
    let from = env.proxy.connectionStatus;
    env.proxy.onConnectionStatusChange((e) => {
      expect(isProxyTransition(from, e.status), `${from}→${e.status}`).toBe(true);
      moves.push(`${from}→${e.status}`);
      from = e.status;
    });
    const first = env.handshake();
    env.acknowledge(first.port, 0, 'conn-1');
    await settle();
    const second = env.handshake();
    env.acknowledge(second.port, 0, 'conn-2');
    await settle();
    env.provider.setCCPIframe({ contentWindow: env.iframe.contentWindow });
    const sut = env.subject();
    await settle();
    sut.sendError('hard problem', 'hardKey', true);
    await settle();
    expect(moves).toEqual([
      'connecting→initializing',
      'initializing→ready',
      'ready→reset',
      'reset→connecting',
      'connecting→initializing',
      'initializing→ready',
      'ready→reset',
      'reset→connecting',
      'connecting→initializing',
      'initializing→ready',
      'ready→error',
    ]);
  });

  it('replacing the CCP iframe before init resets nothing: the link stays notConnected', () => {
    const proxy = new StreamsSiteProxy({
      id: 'p-2',
      config: { instanceUrl: INSTANCE, window: fakeWindow() },
    });
    const statuses: string[] = [];
    proxy.onConnectionStatusChange((e) => statuses.push(e.status));
    proxy.setCCPIframe({ contentWindow: {} });
    proxy.setCCPIframe({ contentWindow: {} });
    expect(proxy.connectionStatus).toBe('notConnected');
    expect(statuses).toEqual([]);
    proxy.init();
    expect(statuses).toEqual(['connecting']);
    proxy.dispose();
  });
});
