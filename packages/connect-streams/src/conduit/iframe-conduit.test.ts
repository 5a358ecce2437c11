import { describe, expect, it } from 'vitest';
import { IframeConduit } from './iframe-conduit';

function fakeWindow() {
  const listeners = new Set<(e: MessageEvent) => void>();
  return {
    addEventListener: (_: 'message', l: (e: MessageEvent) => void) => listeners.add(l),
    removeEventListener: (_: 'message', l: (e: MessageEvent) => void) => listeners.delete(l),
    dispatch: (e: Partial<MessageEvent>) => listeners.forEach((l) => l(e as MessageEvent)),
    count: () => listeners.size,
  };
}

describe('conduit security (stricter than the original, still compatible)', () => {
  const ORIGIN = 'https://x.my.connect.aws';

  it('sends with the ccpUrl origin as target origin, never "*"', () => {
    const posted: [unknown, string][] = [];
    const panel = { postMessage: (m: unknown, o: string) => posted.push([m, o]) };
    const c = new IframeConduit(fakeWindow(), ORIGIN, () => panel);
    c.send('synchronize');
    c.send('api_request', { a: 1 });
    expect(posted).toEqual([
      [{ event: 'synchronize' }, ORIGIN],
      [{ event: 'api_request', data: { a: 1 } }, ORIGIN],
    ]);
  });

  it('accepts only messages whose source is the iframe window and whose origin is the ccpUrl origin', () => {
    const win = fakeWindow();
    const panel = { postMessage: () => undefined };
    const other = { postMessage: () => undefined };
    const c = new IframeConduit(win, ORIGIN, () => panel);
    const got: string[] = [];
    c.onMessage((m) => got.push(m.event));
    win.dispatch({ source: panel as never, origin: ORIGIN, data: { event: 'ok' } });
    win.dispatch({ source: other as never, origin: ORIGIN, data: { event: 'wrong-source' } });
    win.dispatch({
      source: panel as never,
      origin: 'https://evil.example',
      data: { event: 'wrong-origin' },
    });
    win.dispatch({ source: panel as never, origin: ORIGIN, data: { nope: 1 } });
    win.dispatch({ source: panel as never, origin: ORIGIN, data: 'string' });
    expect(got).toEqual(['ok']);
  });

  it('follows the current iframe window after a refresh and stops listening on dispose', () => {
    const win = fakeWindow();
    let current = { postMessage: () => undefined };
    const first = current;
    const c = new IframeConduit(win, ORIGIN, () => current);
    const got: string[] = [];
    c.onMessage((m) => got.push(m.event));
    current = { postMessage: () => undefined };
    win.dispatch({ source: first as never, origin: ORIGIN, data: { event: 'old' } });
    win.dispatch({ source: current as never, origin: ORIGIN, data: { event: 'new' } });
    expect(got).toEqual(['new']);
    c.dispose();
    expect(win.count()).toBe(0);
  });
});
