import { StrictMode, useEffect, useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { initCCP } from '../index';
import type { Ccp } from './ccp';
import type { TestPanel } from '../testing/test-panel';

const FRAME = '/packages/connect-streams/test/fixtures/test-panel-frame.html';
const frameUrl = (query = '') =>
  `${location.origin}${FRAME}?host=${encodeURIComponent(location.origin)}${query}`;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
  vi.restoreAllMocks();
});

function container(): HTMLDivElement {
  const div = document.createElement('div');
  div.style.cssText = 'width:320px;height:480px';
  document.body.appendChild(div);
  cleanups.push(() => div.remove());
  return div;
}

function panelOf(div: HTMLElement): TestPanel {
  const frame = div.querySelector('iframe');
  return (frame?.contentWindow as unknown as { testPanel: TestPanel }).testPanel;
}

function until<T>(ccp: Ccp, register: (done: (v: T) => void) => () => void): Promise<T> {
  return new Promise((resolve) => {
    const off = register((v) => {
      off();
      resolve(v);
    });
  });
}

describe('initCCP in a real browser with the panel in an iframe (real postMessage conduit)', () => {
  it('creates one iframe with the spec attributes and defaults', () => {
    const div = container();
    const ccp = initCCP(div, { ccpUrl: frameUrl('&ack=never'), loginPopup: false });
    cleanups.push(() => ccp.terminate());
    const f = div.querySelector('iframe')!;
    expect(f.title).toBe('Amazon Connect CCP');
    expect(f.name).toBe('Amazon Connect CCP');
    expect(f.allow).toContain('microphone');
    expect(f.allow).toContain('camera');
    expect(f.allow).toContain('autoplay');
    expect(f.allow).toContain('clipboard-write');
    expect(f.getAttribute('sandbox')).toContain('allow-same-origin');
    expect(f.getAttribute('sandbox')).toContain('allow-scripts');
    expect(f.getAttribute('sandbox')).toContain('allow-forms');
    expect(f.getAttribute('sandbox')).toContain('allow-popups');
    expect(f.getAttribute('style')).toBe('width: 100%; height: 100%;');
  });

  it('places an outbound call: connect, customer answers, hang up, ACW, clear', async () => {
    const div = container();
    const ccp = initCCP(div, { ccpUrl: frameUrl() });
    cleanups.push(() => ccp.terminate());
    await until(ccp, (done) => ccp.agent.on('init', done));
    await vi.waitFor(() => expect(ccp.agent.getState().name).toBe('Available'));
    const panel = panelOf(div);
    const connecting = until<string>(ccp, (done) =>
      ccp.contacts.on('connecting', (c) => done(c.contactId)),
    );
    await ccp.agent.connect({ type: 'phone_number', phoneNumber: '+15555550111' });
    const id = await connecting;
    expect(panel.requests.at(-1)).toMatchObject({
      method: 'createOutboundContact',
      params: { endpoint: { type: 'phone_number', phoneNumber: '+15555550111' } },
    });
    const contact = ccp.contacts.get(id)!;
    expect(contact.isInbound()).toBe(false);
    const connected = until(ccp, (done) => contact.on('connected', done));
    panel.instance.customerAnswers(id);
    await connected;
    const acw = until(ccp, (done) => ccp.agent.on('acw', done));
    await contact.getAgentConnection()!.destroy();
    await acw;
    expect(contact.getState().type).toBe('ended');
    const destroyed = until(ccp, (done) => ccp.contacts.on('destroyed', done));
    await contact.clear();
    await destroyed;
    await vi.waitFor(() => expect(ccp.agent.getState().name).toBe('Available'));
  });

  it('a missed inbound call fires missed and ended, and the agent enters MissedCallAgent', async () => {
    const div = container();
    const ccp = initCCP(div, { ccpUrl: frameUrl() });
    cleanups.push(() => ccp.terminate());
    await until(ccp, (done) => ccp.agent.on('init', done));
    const panel = panelOf(div);
    const seen: string[] = [];
    ccp.contacts.on('missed', () => seen.push('missed'));
    ccp.contacts.on('ended', () => seen.push('ended'));
    const ringing = until<string>(ccp, (done) =>
      ccp.contacts.on('connecting', (c) => done(c.contactId)),
    );
    const id = panel.instance.incomingCall();
    expect(await ringing).toBe(id);
    const agentError = until(ccp, (done) => ccp.agent.on('error', done));
    panel.instance.missCall(id);
    await agentError;
    expect(seen).toEqual(['ended', 'missed']);
    expect(ccp.agent.getState()).toMatchObject({ name: 'MissedCallAgent', type: 'error' });
  });

  it('when the panel never acknowledges: login popup 578 × 433, iframe refreshed up to 10 times, then iframeRetriesExhausted', async () => {
    const popup = { closed: false, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    const div = container();
    const ccp = initCCP(div, {
      ccpUrl: frameUrl('&ack=never'),
      ccpLoadTimeout: 30,
      loginUrl: `${location.origin}/login`,
    });
    cleanups.push(() => ccp.terminate());
    const first = div.querySelector('iframe');
    const refreshed: (HTMLIFrameElement | null)[] = [];
    const observer = new MutationObserver(() => refreshed.push(div.querySelector('iframe')));
    observer.observe(div, { childList: true });
    cleanups.push(() => observer.disconnect());
    await until(ccp, (done) => ccp.on('iframeRetriesExhausted', () => done(undefined)));
    expect(open).toHaveBeenCalledWith(
      `${location.origin}/login`,
      'connect::loginPopup',
      'width=578, height=433, top=0, left=0',
    );
    expect(open).toHaveBeenCalledTimes(1);
    expect(div.querySelectorAll('iframe')).toHaveLength(1);
    expect(div.querySelector('iframe')).not.toBe(first);
    expect(new Set(refreshed.filter(Boolean)).size).toBe(10);
  });

  it('clears the softphone and ringtone params stored for a refreshed panel unless disableStoringParamsInLocalStorage', () => {
    const keys = [
      `SoftphoneParamsStorage::${location.origin}`,
      `RingtoneParamsStorage::${location.origin}`,
    ];
    for (const key of keys) localStorage.setItem(key, '{"allowFramedSoftphone":true}');
    const kept = initCCP(container(), {
      ccpUrl: frameUrl('&ack=never'),
      loginPopup: false,
      softphone: { disableStoringParamsInLocalStorage: true },
    });
    kept.terminate();
    expect(keys.map((k) => localStorage.getItem(k))).toEqual([
      '{"allowFramedSoftphone":true}',
      '{"allowFramedSoftphone":true}',
    ]);
    const cleared = initCCP(container(), { ccpUrl: frameUrl('&ack=never'), loginPopup: false });
    cleared.terminate();
    expect(keys.map((k) => localStorage.getItem(k))).toEqual([null, null]);
  });

  it('terminate removes the iframe; a following initCCP works as new', async () => {
    const div = container();
    const a = initCCP(div, { ccpUrl: frameUrl() });
    await until(a, (done) => a.agent.on('init', done));
    a.terminate();
    expect(div.querySelectorAll('iframe')).toHaveLength(0);
    const b = initCCP(div, { ccpUrl: frameUrl() });
    cleanups.push(() => b.terminate());
    expect(b).not.toBe(a);
    await until(b, (done) => b.agent.on('init', done));
    expect(div.querySelectorAll('iframe')).toHaveLength(1);
    await vi.waitFor(() => expect(b.agent.getState().name).toBe('Available'));
  });

  it('getLog().download() saves the log as a JSON file', async () => {
    const div = container();
    const ccp = initCCP(div, { ccpUrl: frameUrl('&ack=never'), loginPopup: false });
    cleanups.push(() => ccp.terminate());
    ccp.getLog().info('hello', { authToken: 'secret' });
    let saved: { name: string; href: string } | undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved = { name: this.download, href: this.href };
    });
    ccp.getLog().download();
    expect(saved?.name).toBe('agent-log.json');
    const entries = (await (await fetch(saved!.href)).json()) as {
      text: string;
      objects: unknown[];
    }[];
    expect(entries.at(-1)).toMatchObject({ text: 'hello', objects: [{ authToken: '[redacted]' }] });
  });

  it('a React StrictMode double mount gives one iframe', async () => {
    const instances: Ccp[] = [];
    function Softphone() {
      const ref = useRef<HTMLDivElement>(null);
      useEffect(() => {
        const ccp = initCCP(ref.current!, { ccpUrl: frameUrl() });
        instances.push(ccp);
        return () => ccp.terminate();
      }, []);
      return <div ref={ref} data-testid="ccp" style={{ width: 320, height: 480 }} />;
    }
    const screen = await render(
      <StrictMode>
        <Softphone />
      </StrictMode>,
    );
    const div = screen.container.querySelector('[data-testid="ccp"]')!;
    expect(instances).toHaveLength(2);
    expect(div.querySelectorAll('iframe')).toHaveLength(1);
    const live = instances[1]!;
    await until(live, (done) => live.agent.on('init', done));
    expect(div.querySelectorAll('iframe')).toHaveLength(1);
    await screen.unmount();
    expect(div.querySelectorAll('iframe')).toHaveLength(0);
  });
});
