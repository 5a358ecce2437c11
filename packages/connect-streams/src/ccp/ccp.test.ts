import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConduitPair } from '../testing/in-memory-conduit';
import type { InMemoryConduitEnd } from '../testing/in-memory-conduit';
import type { ConduitMessage } from '../protocol';
import { Ccp } from './ccp';
import type { PanelFrame } from './frame';
import type { PopupHost } from './login-popup';
import type { InitCcpParams } from './params';
import { HOST_TIMEOUTS, PANEL_TIMEOUTS } from '../constants';
import { StorageAccess } from '../storage-access/storage-access';

interface Rig {
  ccp: Ccp;
  panel: InMemoryConduitEnd;
  received: ConduitMessage[];
  frame: PanelFrame & { refreshes: number; removed: boolean };
  opened: string[][];
  popup: { closed: boolean; close(): void };
}

function rig(params: Partial<InitCcpParams> = {}, popupHost?: PopupHost): Rig {
  const [host, panel] = createConduitPair();
  const received: ConduitMessage[] = [];
  panel.onMessage((m) => received.push(m));
  const frame = {
    refreshes: 0,
    removed: false,
    window: () => null,
    refresh() {
      this.refreshes++;
    },
    remove() {
      this.removed = true;
    },
    styleReport: () => ({
      display: 'block',
      offsetWidth: 300,
      offsetHeight: 500,
      clientRectsLength: 1,
    }),
  };
  const opened: string[][] = [];
  const popup = {
    closed: false,
    close() {
      this.closed = true;
    },
  };
  const ph: PopupHost = popupHost ?? {
    open: (url, name, features) => {
      opened.push([url, name, features]);
      popup.closed = false;
      return popup;
    },
  };
  const ccp = new Ccp(
    { ccpUrl: 'https://x.my.connect.aws/ccp-v2/', ...params },
    { conduit: host, frame, popupHost: ph },
  );
  return { ccp, panel, received, frame, opened, popup };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};
const events = (r: Rig) => r.received.map((m) => m.event);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Ccp handshake (reference §4.2)', () => {
  it('the first acknowledge carrying {id} initialises: configure, outer_context_info with streamsVersion 2.18.4, then synchronize', async () => {
    const r = rig({ softphone: { allowFramedSoftphone: true } });
    const init = vi.fn();
    r.ccp.on('initialized', init);
    r.panel.send('acknowledge', { id: 'port-1' });
    await flush();
    expect(init).toHaveBeenCalledWith({ portStreamId: 'port-1' });
    expect(r.ccp.isInitialized).toBe(true);
    expect(events(r).slice(0, 3)).toEqual(['configure', 'outer_context_info', 'synchronize']);
    expect(r.received[0]!.data).toMatchObject({ softphone: { allowFramedSoftphone: true } });
    expect(r.received[1]!.data).toEqual({ streamsVersion: '2.18.4' });
    r.ccp.terminate();
  });

  it('configure is sent only when softphone, chat, task, pageOptions, shouldAddNamespaceToLogs or disasterRecoveryOn is given', async () => {
    const r = rig();
    r.panel.send('acknowledge', { id: 'p' });
    await flush();
    expect(events(r)).not.toContain('configure');
    r.ccp.terminate();
  });

  it('with disasterRecoveryOn the first acknowledge sends configure, then init_disaster_recovery with the init parameters', async () => {
    const r = rig({ disasterRecoveryOn: true, region: 'us-west-2', isPrimary: false });
    r.panel.send('acknowledge', { id: 'p' });
    await flush();
    expect(events(r).slice(0, 3)).toEqual([
      'configure',
      'disasterRecovery::init_disaster_recovery',
      'outer_context_info',
    ]);
    expect(r.received[0]!.data).toMatchObject({ disasterRecoveryOn: true });
    expect(r.received[1]!.data).toMatchObject({
      ccpUrl: 'https://x.my.connect.aws/ccp-v2/',
      disasterRecoveryOn: true,
      region: 'us-west-2',
      isPrimary: false,
    });
    // Only on the first acknowledge.
    r.panel.send('acknowledge', { id: 'p' });
    await flush();
    expect(events(r).filter((e) => e === 'disasterRecovery::init_disaster_recovery')).toHaveLength(
      1,
    );
    r.ccp.terminate();
  });

  it('without disasterRecoveryOn no init_disaster_recovery is sent', async () => {
    const r = rig({ softphone: {} });
    r.panel.send('acknowledge', { id: 'p' });
    await flush();
    expect(events(r)).not.toContain('disasterRecovery::init_disaster_recovery');
    r.ccp.terminate();
  });

  it('an acknowledge without data does not initialise', async () => {
    const r = rig();
    r.panel.send('acknowledge');
    await flush();
    expect(r.ccp.isInitialized).toBe(false);
    r.ccp.terminate();
  });

  it('request_configure is answered with configure', async () => {
    const r = rig({ pageOptions: { enablePhoneTypeSettings: true } });
    r.panel.send('request_configure');
    await flush();
    expect(r.received.filter((m) => m.event === 'configure')).toHaveLength(1);
    r.ccp.terminate();
  });

  it('reports the iframe style 10 s after the iframe is created', async () => {
    const r = rig();
    await vi.advanceTimersByTimeAsync(9999);
    expect(events(r)).not.toContain('iframe_style');
    await vi.advanceTimersByTimeAsync(1);
    expect(r.received.find((m) => m.event === 'iframe_style')?.data).toEqual({
      display: 'block',
      offsetWidth: 300,
      offsetHeight: 500,
      clientRectsLength: 1,
    });
    r.ccp.terminate();
  });
});

describe('keepalive (reference §4.3, spec §9)', () => {
  it('exposes both default timeout sets', () => {
    expect(HOST_TIMEOUTS).toMatchObject({
      ccpSynTimeout: 1000,
      ccpAckTimeout: 3000,
      ccpLoadTimeout: 5000,
    });
    expect(PANEL_TIMEOUTS).toMatchObject({
      ccpSynTimeout: 3000,
      ccpAckTimeout: 5000,
      ccpLoadTimeout: 10000,
    });
  });

  it('answers each acknowledge with the next synchronize after ccpSynTimeout (1000 ms)', async () => {
    const r = rig();
    r.panel.onMessage((m) => {
      if (m.event === 'synchronize') r.panel.send('acknowledge');
    });
    r.panel.send('acknowledge', { id: 'p' });
    await flush();
    const syncs = () => r.received.filter((m) => m.event === 'synchronize').length;
    expect(syncs()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(syncs()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(syncs()).toBe(2);
    r.ccp.terminate();
  });

  it('no acknowledge within ccpAckTimeout (3000 ms) fires ackTimeout and keeps synchronising', async () => {
    const r = rig({ loginPopup: false });
    const timeout = vi.fn();
    r.ccp.on('ackTimeout', timeout);
    r.panel.send('acknowledge', { id: 'p' });
    await flush();
    await vi.advanceTimersByTimeAsync(2999);
    expect(timeout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(timeout).toHaveBeenCalledTimes(1);
    expect(r.received.filter((m) => m.event === 'synchronize')).toHaveLength(2);
    r.ccp.terminate();
  });
});

describe('acknowledge timeout: login popup and iframe refresh (spec §4 "Iframe initialisation")', () => {
  it('the load timeout (5000 ms) opens the login popup 578 × 433 at the loginUrl', async () => {
    const r = rig({ loginUrl: 'https://x.my.connect.aws/login' });
    const timeout = vi.fn();
    r.ccp.on('ackTimeout', timeout);
    await vi.advanceTimersByTimeAsync(4999);
    expect(timeout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(timeout).toHaveBeenCalledTimes(1);
    expect(r.opened).toEqual([
      [
        'https://x.my.connect.aws/login',
        'connect::loginPopup',
        'width=578, height=433, top=0, left=0',
      ],
    ]);
    r.ccp.terminate();
  });

  it('the load timeout is 10000 ms with disaster recovery', async () => {
    const r = rig({ disasterRecoveryOn: true });
    const timeout = vi.fn();
    r.ccp.on('ackTimeout', timeout);
    await vi.advanceTimersByTimeAsync(5000);
    expect(timeout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(timeout).toHaveBeenCalledTimes(1);
    r.ccp.terminate();
  });

  it('with disaster recovery the iframe is refreshed every 10000 ms until the panel acknowledges', async () => {
    const r = rig({ disasterRecoveryOn: true, loginPopup: false });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(r.frame.refreshes).toBe(0);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(r.frame.refreshes).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(r.frame.refreshes).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(r.frame.refreshes).toBe(2);
    await vi.advanceTimersByTimeAsync(5_000);
    r.panel.send('acknowledge', { id: 'p' });
    await flush();
    // Acknowledged: the refresh due 5000 ms later is cancelled.
    await vi.advanceTimersByTimeAsync(5_001);
    expect(r.frame.refreshes).toBe(2);
    r.ccp.terminate();
  });

  it('loginPopup false opens no popup; loginUrl defaults to ccpUrl', async () => {
    const r = rig({ loginPopup: false });
    await vi.advanceTimersByTimeAsync(5000);
    expect(r.opened).toEqual([]);
    const r2 = rig();
    await vi.advanceTimersByTimeAsync(5000);
    expect(r2.opened[0]![0]).toBe('https://x.my.connect.aws/ccp-v2/');
    r.ccp.terminate();
    r2.ccp.terminate();
  });

  it('refreshes the iframe every ccpLoadTimeout up to 10 times, then fires iframeRetriesExhausted and a failed-initialisation metric', async () => {
    const r = rig({ loginPopup: false });
    const exhausted = vi.fn();
    const metrics: string[] = [];
    r.ccp.on('iframeRetriesExhausted', exhausted);
    r.ccp.on('metric', (m) => metrics.push(`${m.name}:${String(m.data.count)}`));
    await vi.advanceTimersByTimeAsync(5000); // ack timeout
    await vi.advanceTimersByTimeAsync(5000 * 10);
    expect(r.frame.refreshes).toBe(10);
    expect(exhausted).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(exhausted).toHaveBeenCalledTimes(1);
    expect(r.frame.refreshes).toBe(10);
    expect(metrics).toEqual(['IframeRefreshAttempts:10', 'IframeInitializationSuccess:0']);
    await vi.advanceTimersByTimeAsync(60000);
    expect(r.frame.refreshes).toBe(10);
    r.ccp.terminate();
  });

  it('with disaster recovery the initialisation metrics also go out as their Dr copies', async () => {
    const ok = rig({ disasterRecoveryOn: true });
    const okMetrics: string[] = [];
    ok.ccp.on('metric', (m) => okMetrics.push(m.name));
    ok.panel.send('acknowledge', { id: 'p' });
    await flush();
    expect(okMetrics).toEqual([
      'IframeInitializationSuccess',
      'IframeInitializationTime',
      'IframeInitializationSuccessDr',
      'IframeInitializationTimeDr',
    ]);
    ok.ccp.terminate();

    const failed = rig({ disasterRecoveryOn: true, loginPopup: false });
    const metrics: string[] = [];
    failed.ccp.on('metric', (m) => metrics.push(`${m.name}:${String(m.data.count)}`));
    await vi.advanceTimersByTimeAsync(10_000 * 12);
    expect(metrics).toEqual([
      'IframeRefreshAttempts:10',
      'IframeInitializationSuccess:0',
      'IframeRefreshAttemptsDr:10',
      'IframeInitializationSuccessDr:0',
    ]);
    failed.ccp.terminate();
  });

  it('a later acknowledgement stops the refresh and closes the popup when autoClose', async () => {
    const r = rig({ loginOptions: { autoClose: true } });
    await vi.advanceTimersByTimeAsync(5000);
    expect(r.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(r.frame.refreshes).toBe(1);
    r.panel.onMessage((m) => {
      if (m.event === 'synchronize') r.panel.send('acknowledge');
    });
    r.panel.send('acknowledge', { id: 'p' });
    await flush();
    expect(r.popup.closed).toBe(true);
    expect(r.ccp.isInitialized).toBe(true);
    await vi.advanceTimersByTimeAsync(20000);
    expect(r.frame.refreshes).toBe(1);
    r.ccp.terminate();
  });

  it('without autoClose the popup stays open after the acknowledgement', async () => {
    const r = rig();
    await vi.advanceTimersByTimeAsync(5000);
    r.panel.send('acknowledge', { id: 'p' });
    await flush();
    expect(r.popup.closed).toBe(false);
    r.ccp.terminate();
  });
});

describe('storage access (spec §2; the set-up waits for the grant)', () => {
  function storageRig() {
    const listeners: ((evt: MessageEvent) => void)[] = [];
    const iframeWindow = {};
    const container = { style: { display: 'none' } };
    const storageAccess = new StorageAccess(
      'https://x.my.connect.aws/ccp-v2/',
      container,
      { canRequest: true, mode: 'custom' },
      {
        getIframe: () => ({ contentWindow: iframeWindow }),
        window: {
          addEventListener: (_type, l) => listeners.push(l),
          removeEventListener: (_type, l) => listeners.splice(listeners.indexOf(l), 1),
        },
      },
    );
    const [host, panel] = createConduitPair();
    const opened: string[] = [];
    const ccp = new Ccp(
      { ccpUrl: 'https://x.my.connect.aws/ccp-v2/' },
      {
        conduit: host,
        storageAccess,
        popupHost: { open: (url) => (opened.push(url), { closed: false, close() {} }) },
      },
    );
    const post = (event: string, hasAccess: boolean) => {
      for (const l of [...listeners])
        l({ source: iframeWindow, data: { event, data: { hasAccess } } } as MessageEvent);
    };
    return { ccp, panel, opened, post, container, listeners };
  }

  it('no load timeout runs before access is granted; after the grant the 5000 ms load timeout starts', async () => {
    const r = storageRig();
    expect(r.ccp.storageAccess?.canRequest).toBe(true);
    r.post('storageAccess::init', false);
    expect(r.container.style.display).toBe('block');
    await vi.advanceTimersByTimeAsync(HOST_TIMEOUTS.ccpLoadTimeout * 3);
    expect(r.opened).toEqual([]);
    r.post('storageAccess::granted', true);
    expect(r.container.style.display).toBe('none');
    await vi.advanceTimersByTimeAsync(HOST_TIMEOUTS.ccpLoadTimeout - 1);
    expect(r.opened).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(r.opened).toHaveLength(1);
    r.ccp.terminate();
  });

  it('the set-up runs once however often access is granted; terminate removes the listener', async () => {
    const r = storageRig();
    r.post('storageAccess::granted', true);
    r.post('storageAccess::granted', true);
    await vi.advanceTimersByTimeAsync(HOST_TIMEOUTS.ccpLoadTimeout);
    expect(r.opened).toHaveLength(1);
    r.ccp.terminate();
    expect(r.listeners).toHaveLength(0);
  });
});

describe('terminate', () => {
  it('removes the frame, timers and listeners; later panel messages are ignored', async () => {
    const r = rig();
    r.panel.send('acknowledge', { id: 'p' });
    await flush();
    const refresh = vi.fn();
    r.ccp.agent.on('refresh', refresh);
    r.ccp.terminate();
    expect(r.frame.removed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    r.panel.send('agent::update', {
      snapshot: { state: { name: 'A', type: 'routable' }, contacts: [] },
    });
    await flush();
    expect(refresh).not.toHaveBeenCalled();
    expect(r.ccp.isTerminated).toBe(true);
  });
});

describe('log pushing from the master tab (spec §4 "Master tab", §9 logging)', () => {
  /** Answers every checkMaster with `isMaster`. */
  function answerMaster(r: Rig, isMaster: boolean): void {
    r.panel.onMessage((m) => {
      if (m.event !== 'master_request') return;
      const req = m.data as { requestId: string; params: { topic: string } };
      r.panel.send('master_response', {
        event: 'master_response',
        requestId: req.requestId,
        data: { masterId: isMaster ? 'port-1' : 'other', isMaster, topic: req.params.topic },
        err: null,
      });
    });
  }
  const serverBound = (r: Rig) =>
    r.received
      .filter((m) => m.event === 'server_bound_internal_log')
      .map((m) => m.data as unknown[]);

  it('the sendLogs master sends client-log batches every 5000 ms, only at 50 or more, at most 500', async () => {
    const r = rig({ consoleLevel: 'CRITICAL' });
    answerMaster(r, true);
    r.panel.send('acknowledge', { id: 'port-1' });
    await flush();
    const log = r.ccp.getLog();
    const before = log.getEntries().length;
    for (let i = before; i < 49; i++) log.info(`line ${i}`);
    await vi.advanceTimersByTimeAsync(5000);
    expect(serverBound(r)).toEqual([]);
    for (let i = 0; i < 560; i++) log.info(`more ${i}`);
    await vi.advanceTimersByTimeAsync(5000);
    expect(serverBound(r).map((b) => b.length)).toEqual([500]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(serverBound(r).map((b) => b.length)).toEqual([500, 109]);
    // and the kept entries are pushed as log every 1000 ms
    expect(r.received.some((m) => m.event === 'log')).toBe(true);
    r.ccp.terminate();
  });

  it('a tab that is not the sendLogs master sends no log batches', async () => {
    const r = rig({ consoleLevel: 'CRITICAL' });
    answerMaster(r, false);
    r.panel.send('acknowledge', { id: 'port-1' });
    await flush();
    for (let i = 0; i < 100; i++) r.ccp.getLog().info(`line ${i}`);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(serverBound(r)).toEqual([]);
    expect(r.received.some((m) => m.event === 'log')).toBe(false);
    r.ccp.terminate();
  });

  it('terminate stops the batching', async () => {
    const r = rig({ consoleLevel: 'CRITICAL' });
    answerMaster(r, true);
    r.panel.send('acknowledge', { id: 'port-1' });
    await flush();
    for (let i = 0; i < 100; i++) r.ccp.getLog().info(`line ${i}`);
    r.ccp.terminate();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(serverBound(r)).toEqual([]);
  });
});
