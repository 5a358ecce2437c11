// Ids a panel page makes: request ids for the worker, and this tab's id (kept for the tab's life
// in sessionStorage, as the real CCP page's `tab_id`).

let requestCounter = 0;

/** A fresh id, unique in this page (time, randomness and a counter). */
export const randomId = (): string => {
  requestCounter += 1;
  return `${Date.now()}-${Math.random().toString(36).slice(2)}-${requestCounter}`;
};

const TAB_ID_KEY = 'connect-streams-tab-id';

/** This tab's id: the one stored in sessionStorage, or a new one (stored when it can be). */
export function readTabId(): string {
  try {
    const existing = globalThis.sessionStorage.getItem(TAB_ID_KEY);
    if (existing) return existing;
    const id = randomId();
    globalThis.sessionStorage.setItem(TAB_ID_KEY, id);
    return id;
  } catch {
    return randomId();
  }
}
