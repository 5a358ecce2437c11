import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPopup } from './login-popup';
import type { PopupHost } from './login-popup';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A minimal Web Locks manager shared by several "tabs". */
function lockManager() {
  const held = new Set<string>();
  return {
    async request(
      name: string,
      opts: { ifAvailable: boolean },
      cb: (lock: unknown) => Promise<void> | void,
    ) {
      if (held.has(name)) return cb(null);
      held.add(name);
      try {
        return await cb({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

function tab(locks?: ReturnType<typeof lockManager>) {
  const windows: { closed: boolean; close(): void }[] = [];
  const host: PopupHost = {
    open: () => {
      const w = {
        closed: false,
        close() {
          this.closed = true;
        },
      };
      windows.push(w);
      return w;
    },
    navigator: locks ? { locks } : {},
  };
  return { popup: new LoginPopup(host), windows };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('login popup cross-tab lock (spec §2)', () => {
  it('opens in only one tab while the lock is held; another tab may open after the popup closes (checked every 1000 ms)', async () => {
    const locks = lockManager();
    const a = tab(locks);
    const b = tab(locks);
    a.popup.open('https://x/login');
    await flush();
    b.popup.open('https://x/login');
    await flush();
    expect(a.windows).toHaveLength(1);
    expect(b.windows).toHaveLength(0);
    a.windows[0]!.closed = true;
    await vi.advanceTimersByTimeAsync(1000);
    await flush();
    b.popup.open('https://x/login');
    await flush();
    expect(b.windows).toHaveLength(1);
    b.popup.close();
    expect(b.windows[0]!.closed).toBe(true);
  });

  it('opens directly without the lock facility', () => {
    const t = tab();
    t.popup.open('https://x/login');
    expect(t.windows).toHaveLength(1);
    t.popup.open('https://x/login');
    expect(t.windows).toHaveLength(1);
    t.popup.dispose();
  });
});
