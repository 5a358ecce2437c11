import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConduitPair } from '../testing/in-memory-conduit';
import type { InMemoryConduitEnd } from '../testing/in-memory-conduit';
import { PANEL_PROBE_TIMEOUT_MS } from '../constants';
import { Ccp } from './ccp';
import type { CcpEnvironment, CcpStartState } from './ccp-types';
import type { PanelFrame } from './frame';
import type { InitCcpParams } from './params';

const CCP_URL = 'https://x.my.connect.aws/ccp-v2/';

interface Rig {
  ccp: Ccp;
  panel: InMemoryConduitEnd;
  states: CcpStartState[];
  frame: PanelFrame & { refreshes: number; load(): void };
  opened: string[];
}

/**
 * A Ccp over an in-memory conduit whose panel answers the keepalive once it has acknowledged,
 * with a frame whose loads the test decides (`autoLoad`: each frame loads at once).
 */
function rig(
  params: Partial<InitCcpParams> = {},
  env: Partial<CcpEnvironment> = {},
  autoLoad = false,
): Rig {
  const [host, panel] = createConduitPair();
  panel.onMessage((m) => {
    if (m.event === 'synchronize') panel.send('acknowledge');
  });
  const loads = new Set<() => void>();
  const frame = {
    refreshes: 0,
    window: () => null,
    refresh() {
      this.refreshes++;
      if (autoLoad) setTimeout(() => this.load(), 0);
    },
    remove() {},
    styleReport: () => undefined,
    onLoad(handler: () => void) {
      loads.add(handler);
      return () => loads.delete(handler);
    },
    load() {
      for (const h of [...loads]) h();
    },
  };
  const opened: string[] = [];
  const ccp = new Ccp(
    { ccpUrl: CCP_URL, loginPopup: false, ...params },
    {
      conduit: host,
      frame,
      popupHost: {
        open: (url) => {
          opened.push(url);
          return { closed: false, close() {} };
        },
      },
      hostOrigin: 'http://localhost:5173',
      ...env,
    },
  );
  const states: CcpStartState[] = [];
  ccp.on('startState', (s) => states.push(s));
  if (autoLoad) setTimeout(() => frame.load(), 0);
  return { ccp, panel, states, frame, opened };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('start-up never hangs silently (startState)', () => {
  it('starts as starting and becomes ready on the first acknowledgement', async () => {
    const r = rig();
    expect(r.ccp.startState).toEqual({ status: 'starting' });
    r.panel.send('acknowledge', { id: 'p' });
    await vi.advanceTimersByTimeAsync(0);
    expect(r.ccp.startState).toEqual({ status: 'ready' });
    expect(r.states).toEqual([{ status: 'ready' }]);
    r.ccp.terminate();
  });

  it("reports sign-in needed as soon as the panel's auth_fail comes before its first acknowledgement", async () => {
    const r = rig({ loginUrl: 'https://x.my.connect.aws/login' });
    r.frame.load();
    r.panel.send('auth_fail');
    await vi.advanceTimersByTimeAsync(0);
    expect(r.ccp.startState).toEqual({
      status: 'signInNeeded',
      loginUrl: 'https://x.my.connect.aws/login',
      reason: 'panel',
    });
    // The load timeout keeps what the panel said.
    await vi.advanceTimersByTimeAsync(5000);
    expect(r.ccp.startState.status).toBe('signInNeeded');
    r.panel.send('acknowledge', { id: 'p' });
    await vi.advanceTimersByTimeAsync(0);
    expect(r.ccp.startState).toEqual({ status: 'ready' });
    r.ccp.terminate();
  });

  it("reports origin not allowed on the panel's access_denied, naming the origin it gives, else the page's", async () => {
    const named = rig();
    named.panel.send('access_denied', { origin: 'http://localhost:3000' });
    await vi.advanceTimersByTimeAsync(0);
    expect(named.ccp.startState).toEqual({
      status: 'originNotAllowed',
      origin: 'http://localhost:3000',
    });
    const plain = rig();
    plain.panel.send('access_denied');
    await vi.advanceTimersByTimeAsync(0);
    expect(plain.ccp.startState).toEqual({
      status: 'originNotAllowed',
      origin: 'http://localhost:5173',
    });
    named.ccp.terminate();
    plain.ccp.terminate();
  });

  it('access_denied after the first acknowledgement is a CTI refusal, not a start-up state', async () => {
    const r = rig();
    r.panel.send('acknowledge', { id: 'p' });
    r.panel.send('access_denied');
    await vi.advanceTimersByTimeAsync(0);
    expect(r.ccp.startState).toEqual({ status: 'ready' });
    r.ccp.terminate();
  });

  it('reports the panel unreachable, with the URL it tried, when nothing answers there within the load timeout', async () => {
    const probe = vi.fn(() => Promise.resolve(false));
    const r = rig({}, { probe });
    r.frame.load();
    await vi.advanceTimersByTimeAsync(4999);
    expect(probe).not.toHaveBeenCalled();
    expect(r.ccp.startState.status).toBe('starting');
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledWith(CCP_URL);
    expect(r.ccp.startState).toEqual({ status: 'unreachable', url: CCP_URL });
    r.ccp.terminate();
  });

  it('a check that never answers counts as unreachable after PANEL_PROBE_TIMEOUT_MS', async () => {
    const r = rig({}, { probe: () => new Promise<boolean>(() => {}) });
    r.frame.load();
    await vi.advanceTimersByTimeAsync(5000 + PANEL_PROBE_TIMEOUT_MS - 1);
    expect(r.ccp.startState.status).toBe('starting');
    await vi.advanceTimersByTimeAsync(1);
    expect(r.ccp.startState).toEqual({ status: 'unreachable', url: CCP_URL });
    r.ccp.terminate();
  });

  it('a panel that loaded but does not acknowledge within the load timeout needs a sign-in (reason timeout)', async () => {
    const r = rig({}, { probe: () => Promise.resolve(true) });
    const ackTimeout = vi.fn();
    r.ccp.on('ackTimeout', ackTimeout);
    r.frame.load();
    await vi.advanceTimersByTimeAsync(5000);
    expect(r.ccp.startState).toEqual({
      status: 'signInNeeded',
      loginUrl: CCP_URL,
      reason: 'timeout',
    });
    expect(ackTimeout).toHaveBeenCalledTimes(1);
    r.ccp.terminate();
  });

  it('counts the load timeout from the frame load: a page slow to arrive is not timed out or refreshed while it loads', async () => {
    const r = rig({}, { probe: () => Promise.resolve(true) });
    const ackTimeout = vi.fn();
    r.ccp.on('ackTimeout', ackTimeout);
    await vi.advanceTimersByTimeAsync(4000);
    r.frame.load(); // the page took 4 s to arrive
    await vi.advanceTimersByTimeAsync(4999);
    expect(ackTimeout).not.toHaveBeenCalled();
    r.panel.send('acknowledge', { id: 'p' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ackTimeout).not.toHaveBeenCalled();
    expect(r.frame.refreshes).toBe(0);
    expect(r.ccp.startState).toEqual({ status: 'ready' });
    r.ccp.terminate();
  });

  it('a frame still loading from a URL that answers gets another load timeout instead of a refresh', async () => {
    const r = rig({}, { probe: () => Promise.resolve(true) });
    await vi.advanceTimersByTimeAsync(12_000); // no load yet: waited twice
    expect(r.frame.refreshes).toBe(0);
    expect(r.ccp.startState.status).toBe('starting');
    r.frame.load();
    r.panel.send('acknowledge', { id: 'p' });
    await vi.advanceTimersByTimeAsync(0);
    expect(r.ccp.startState.status).toBe('ready');
    r.ccp.terminate();
  });

  it('each refreshed frame gets the whole load timeout from its own load before the next refresh', async () => {
    const r = rig({}, { probe: () => Promise.resolve(true) });
    r.frame.load();
    await vi.advanceTimersByTimeAsync(5000); // ack timeout
    await vi.advanceTimersByTimeAsync(5000); // first refresh
    expect(r.frame.refreshes).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    r.frame.load(); // the refreshed page arrives 3 s later
    await vi.advanceTimersByTimeAsync(4999);
    expect(r.frame.refreshes).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(r.frame.refreshes).toBe(2);
    r.ccp.terminate();
  });

  it('reports retries exhausted after 10 refreshes without an acknowledgement, and retry() starts again', async () => {
    const r = rig({}, {}, true);
    await vi.advanceTimersByTimeAsync(5000 + 5000 * 11 + 10);
    expect(r.frame.refreshes).toBe(10);
    expect(r.ccp.startState).toEqual({ status: 'retriesExhausted', url: CCP_URL });
    r.ccp.retry();
    expect(r.frame.refreshes).toBe(11);
    expect(r.ccp.startState).toEqual({ status: 'starting' });
    r.panel.send('acknowledge', { id: 'p' });
    await vi.advanceTimersByTimeAsync(0);
    expect(r.ccp.startState).toEqual({ status: 'ready' });
    r.ccp.retry(); // once acknowledged, nothing to retry
    expect(r.frame.refreshes).toBe(11);
    r.ccp.terminate();
  });

  it('openLoginPopup opens the loginUrl even with loginPopup false (the sign-in action)', () => {
    const r = rig({ loginUrl: 'https://x.my.connect.aws/login' });
    r.ccp.openLoginPopup();
    expect(r.opened).toEqual(['https://x.my.connect.aws/login']);
    r.ccp.terminate();
  });
});
