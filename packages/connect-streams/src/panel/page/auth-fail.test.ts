import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSession } from '../testing-support/fake-session';
import { watchAuthFail } from './auth-fail';

function memory() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

function setup(authorizeOk = true, storage = memory()) {
  const session = new FakeSession();
  const redirects: (string | null)[] = [];
  const authorizations: string[] = [];
  const stop = watchAuthFail(session, {
    authorizeEndpoint: '/auth/authorize',
    loginUrl: '/login',
    storage,
    random: () => 1, // the longest backoff, so the delays can be checked exactly
    redirect: (url) => redirects.push(url),
    authorize: (endpoint) => {
      authorizations.push(endpoint);
      return authorizeOk
        ? Promise.resolve({ accessToken: 't2', expiration: Date.now() + 3_600_000 })
        : Promise.reject(new Error('401'));
    },
  });
  const down = (event: string) => session.sentDownstream.filter((m) => m.event === event).length;
  return { session, redirects, authorizations, storage, stop, down };
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('authorize failure (spec §8 "Authorize failure"; §9 max 3 per session, backoff base 2000 ms)', () => {
  it('redirects to sign in after the backoff, counting in sessionStorage authorize_retry_count', async () => {
    const s = setup();
    s.session.emitUpstream('auth_fail', { authorize: true });
    expect(s.storage.items.get('authorize_retry_count')).toBe('1');
    // a second auth_fail while one retry waits does nothing
    s.session.emitUpstream('auth_fail', { authorize: true });
    await vi.advanceTimersByTimeAsync(3999);
    expect(s.redirects).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.redirects).toEqual(['/login']);
    expect(s.storage.items.get('authorize_retry_count')).toBe('1');
  });

  it('after 3 redirects in the session fires authorize_retries_exhausted; authorize_success resets the count', async () => {
    const storage = memory();
    storage.setItem('authorize_retry_count', '3');
    const s = setup(true, storage);
    s.session.emitUpstream('auth_fail', { authorize: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.redirects).toEqual([]);
    expect(s.down('authorize_retries_exhausted')).toBe(1);
    s.session.emitUpstream('authorize_success');
    expect(storage.items.get('authorize_retry_count')).toBe('0');
  });
});

describe('CTI auth failure (spec §8 "Service-side auth failure"; §9 max 10, backoff base 500 ms)', () => {
  it('re-authorizes after the backoff and sends authorize_success', async () => {
    const s = setup();
    s.session.emitUpstream('auth_fail');
    await vi.advanceTimersByTimeAsync(999);
    expect(s.authorizations).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.authorizations).toEqual(['/auth/authorize']);
    expect(s.down('authorize_success')).toBe(1);
  });

  it('a failing re-authorization becomes an authorize failure (auth_fail {authorize: true}, sign-in redirect)', async () => {
    const s = setup(false);
    s.session.emitUpstream('auth_fail');
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.session.sentDownstream).toContainEqual({
      event: 'auth_fail',
      data: { authorize: true },
    });
    await vi.advanceTimersByTimeAsync(4000);
    expect(s.redirects).toEqual(['/login']);
  });

  it('after 10 re-authorizations fires cti_authorize_retries_exhausted and stops retrying', async () => {
    const s = setup();
    for (let i = 0; i < 10; i++) {
      s.session.emitUpstream('auth_fail');
      await vi.advanceTimersByTimeAsync(2 ** (i + 1) * 500);
    }
    expect(s.authorizations).toHaveLength(10);
    s.session.emitUpstream('auth_fail');
    await vi.advanceTimersByTimeAsync(10_000_000);
    expect(s.authorizations).toHaveLength(10);
    expect(s.down('cti_authorize_retries_exhausted')).toBe(1);
  });
});
