import { describe, expect, it, vi } from 'vitest';
import { StorageAccess, type StorageAccessParams } from './storage-access';

function fakeWindow() {
  const listeners = new Set<(evt: MessageEvent) => void>();
  return {
    addEventListener: (_: 'message', l: (evt: MessageEvent) => void) => void listeners.add(l),
    removeEventListener: (_: 'message', l: (evt: MessageEvent) => void) => void listeners.delete(l),
    post(source: unknown, data: unknown) {
      for (const l of [...listeners]) l({ source, data } as MessageEvent);
    },
    get size() {
      return listeners.size;
    },
  };
}

function make(ccpUrl: string, params: StorageAccessParams = {}) {
  const win = fakeWindow();
  const posted: { message: unknown; origin: string }[] = [];
  const iframe = {
    contentWindow: {
      postMessage: (message: unknown, origin: string) => posted.push({ message, origin }),
    },
  };
  const container = { style: { display: '' } };
  const sut = new StorageAccess(ccpUrl, container, params, {
    getIframe: () => iframe,
    window: win,
  });
  return { sut, win, iframe, container, posted };
}

describe('storage access request URL', () => {
  it('is /request-storage-access on the instance origin', () => {
    expect(make('https://acme.my.connect.aws/ccp-v2/').sut.getRequestStorageAccessUrl()).toBe(
      'https://acme.my.connect.aws/request-storage-access',
    );
  });

  it('is prefixed with /connect on hosted (.awsapps.com) domains, /connect-gamma when the panel path starts with it', () => {
    expect(make('https://acme.awsapps.com/connect/ccp-v2').sut.getRequestStorageAccessUrl()).toBe(
      'https://acme.awsapps.com/connect/request-storage-access',
    );
    expect(
      make('https://acme.awsapps.com/connect-gamma/ccp-v2').sut.getRequestStorageAccessUrl(),
    ).toBe('https://acme.awsapps.com/connect-gamma/request-storage-access');
  });

  it('appends the path to a localhost panel URL', () => {
    expect(make('http://localhost:4700/connect/ccp-v2').sut.getRequestStorageAccessUrl()).toBe(
      'http://localhost:4700/connect/ccp-v2/request-storage-access',
    );
  });

  it('falls back to storageAccess.instanceUrl for an SSO panel URL', () => {
    expect(
      make('https://sso.example.com/start', {
        instanceUrl: 'https://acme.my.connect.aws/ccp-v2',
      }).sut.getRequestStorageAccessUrl(),
    ).toBe('https://acme.my.connect.aws/request-storage-access');
  });

  it('gives the invalid-URL error for an unrecognised panel URL', () => {
    expect(() => make('https://example.com/ccp').sut.getRequestStorageAccessUrl()).toThrow(
      /Invalid Connect instance\/CCP URL provided/,
    );
  });

  it('lands at the panel path, or /connect/ccp-v2 by default', () => {
    expect(make('https://acme.my.connect.aws/ccp-v2/').sut.getLandAtPath()).toBe('/ccp-v2/');
    expect(make('https://sso.example.com/start').sut.getLandAtPath()).toBe('/connect/ccp-v2');
  });
});

describe('storage access parameters', () => {
  it('is opt-in: canRequest defaults to false and accepts the string "false"', () => {
    expect(make('https://a.my.connect.aws').sut.canRequest).toBe(false);
    expect(make('https://a.my.connect.aws', { canRequest: 'false' }).sut.canRequest).toBe(false);
    expect(make('https://a.my.connect.aws', { canRequest: true }).sut.canRequest).toBe(true);
  });

  it('defaults to mode default and hideCCP true', () => {
    expect(make('https://a.my.connect.aws', { canRequest: true }).sut.params).toEqual({
      canRequest: true,
      mode: 'default',
      custom: { hideCCP: true },
    });
  });
});

describe('storage access flow', () => {
  const GRANTED = { event: 'storageAccess::granted', data: { hasAccess: true } };

  it('request posts storageAccess::request with the params and landat to the panel', () => {
    const { sut, posted } = make('https://acme.my.connect.aws/ccp-v2', { canRequest: true });
    sut.request();
    expect(posted).toEqual([
      {
        message: {
          event: 'storageAccess::request',
          data: { canRequest: true, mode: 'default', custom: { hideCCP: true }, landat: '/ccp-v2' },
        },
        origin: '*',
      },
    ]);
  });

  it('does not listen when canRequest is false (opt-out)', () => {
    const { sut, win } = make('https://a.my.connect.aws', { canRequest: false });
    sut.setupRequestHandlers({ onGrant: vi.fn() });
    expect(win.size).toBe(0);
  });

  it('fires init, granted and denied only for messages from the panel iframe', () => {
    const { sut, win, iframe } = make('https://a.my.connect.aws', { canRequest: true });
    const cb = { onInit: vi.fn(), onGrant: vi.fn(), onDeny: vi.fn() };
    const off = sut.onRequest(cb);
    win.post({ other: true }, GRANTED);
    win.post(iframe.contentWindow, { event: 'storageAccess::init', data: { hasAccess: false } });
    win.post(iframe.contentWindow, { event: 'storageAccess::denied' });
    win.post(iframe.contentWindow, GRANTED);
    expect([
      cb.onInit.mock.calls.length,
      cb.onDeny.mock.calls.length,
      cb.onGrant.mock.calls.length,
    ]).toEqual([1, 1, 1]);
    off();
    expect(win.size).toBe(0);
  });

  it('custom mode shows the panel while access is missing or denied and hides it on grant (hideCCP)', () => {
    const { sut, win, iframe, container } = make('https://a.my.connect.aws', {
      canRequest: true,
      mode: 'custom',
    });
    const onGrant = vi.fn();
    sut.setupRequestHandlers({ onGrant });
    win.post(iframe.contentWindow, { event: 'storageAccess::init', data: { hasAccess: false } });
    expect(container.style.display).toBe('block');
    container.style.display = '';
    win.post(iframe.contentWindow, { event: 'storageAccess::denied' });
    expect(container.style.display).toBe('block');
    win.post(iframe.contentWindow, GRANTED);
    expect(container.style.display).toBe('none');
    win.post(iframe.contentWindow, GRANTED);
    expect(onGrant).toHaveBeenCalledOnce();
    expect(sut.onGrantCallbackInvoked).toBe(true);
  });

  it('custom mode with hideCCP false keeps the panel shown on grant; default mode never touches it', () => {
    const custom = make('https://a.my.connect.aws', {
      canRequest: true,
      mode: 'custom',
      custom: { hideCCP: false },
    });
    custom.sut.setupRequestHandlers({ onGrant: vi.fn() });
    custom.win.post(custom.iframe.contentWindow, {
      event: 'storageAccess::init',
      data: { hasAccess: false },
    });
    custom.win.post(custom.iframe.contentWindow, GRANTED);
    expect(custom.container.style.display).toBe('block');
    const def = make('https://a.my.connect.aws', { canRequest: true });
    def.sut.setupRequestHandlers({ onGrant: vi.fn() });
    def.win.post(def.iframe.contentWindow, {
      event: 'storageAccess::init',
      data: { hasAccess: false },
    });
    expect(def.container.style.display).toBe('');
  });

  it('init with access already granted does not show the panel', () => {
    const { sut, win, iframe, container } = make('https://a.my.connect.aws', {
      canRequest: true,
      mode: 'custom',
    });
    sut.setupRequestHandlers({ onGrant: vi.fn() });
    win.post(iframe.contentWindow, { event: 'storageAccess::init', data: { hasAccess: true } });
    expect(container.style.display).toBe('');
  });
});
