import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { historyItem } from '../../../test/fixtures/panel-data';
import type { CallHistoryItem } from '../../api/contract';
import { CALL_HISTORY_SEARCH_DEBOUNCE_MS } from '../../controller/constants';
import { VoiceController } from '../../controller/voice-controller';
import { createCallHistoryStore } from './call-history-store';

const NOW = Date.UTC(2026, 0, 15, 12);

/** Pages of two items, the third page empty. */
function setUp(fail = false) {
  const api = fakeApi({
    getHistoryPage: (query) => {
      if (fail) return Promise.reject(new Error('down'));
      const page = !query.lastId ? 0 : Number(query.lastId.slice(2)) / 2;
      const items: CallHistoryItem[] =
        page < 2 ? [historyItem(page * 2 + 1, NOW, 0), historyItem(page * 2 + 2, NOW, 0)] : [];
      return Promise.resolve(items.map((item, i) => ({ ...item, id: `h-${page * 2 + i + 1}` })));
    },
  });
  const controller = new VoiceController({ api });
  return { api, controller, store: createCallHistoryStore(controller) };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the call history store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is idle until started, then loads the first page', async () => {
    const { store } = setUp();
    expect(store.getSnapshot().status).toBe('idle');
    store.start();
    expect(store.getSnapshot().status).toBe('loading');
    await settle();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', hasMore: true, empty: null });
    expect(store.getSnapshot().items).toHaveLength(2);
  });

  it('pages by last id until an empty page', async () => {
    const { api, store } = setUp();
    store.start();
    await settle();
    const more = store.loadMore();
    expect(store.getSnapshot().loadingMore).toBe(true);
    await more;
    expect(store.getSnapshot().items.map((i) => i.id)).toEqual(['h-1', 'h-2', 'h-3', 'h-4']);
    await store.loadMore();
    expect(store.getSnapshot()).toMatchObject({ hasMore: false, loadingMore: false });
    await store.loadMore();
    expect(api.callsOf('getHistoryPage').map(([q]) => (q as { lastId?: string }).lastId)).toEqual([
      undefined,
      'h-2',
      'h-4',
    ]);
  });

  it('searches 1000 ms after the last change, from the first page', async () => {
    const { api, store } = setUp();
    store.start();
    await settle();
    store.setSearchText('a');
    store.setSearchText('ad');
    expect(store.getSnapshot().searchText).toBe('ad');
    await vi.advanceTimersByTimeAsync(CALL_HISTORY_SEARCH_DEBOUNCE_MS - 1);
    expect(api.callsOf('getHistoryPage')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.callsOf('getHistoryPage')).toHaveLength(2);
    expect(api.callsOf('getHistoryPage')[1]![0]).toEqual({ searchType: 'all', searchText: 'ad' });
    expect(store.getSnapshot().query.text).toBe('ad');
  });

  it('clearing the search reloads at once; the type filter reloads too', async () => {
    const { api, store } = setUp();
    store.start();
    await settle();
    store.setSearchText('ad');
    store.clearSearch();
    await vi.advanceTimersByTimeAsync(CALL_HISTORY_SEARCH_DEBOUNCE_MS);
    expect(api.callsOf('getHistoryPage')).toHaveLength(1);
    store.setSearchType('missed');
    await settle();
    expect(api.callsOf('getHistoryPage')[1]![0]).toEqual({
      searchType: 'missed',
      searchText: '',
    });
    expect(store.getSnapshot().query.type).toBe('missed');
  });

  it('an empty first page is noCalls without search text and noResults with it', async () => {
    const api = fakeApi({ getHistoryPage: () => Promise.resolve([]) });
    const store = createCallHistoryStore(new VoiceController({ api }));
    store.start();
    await settle();
    expect(store.getSnapshot()).toMatchObject({ empty: 'noCalls', hasMore: false });
    store.setSearchText('zz');
    await vi.advanceTimersByTimeAsync(CALL_HISTORY_SEARCH_DEBOUNCE_MS);
    expect(store.getSnapshot().empty).toBe('noResults');
  });

  it('a failed load is an error', async () => {
    const { store } = setUp(true);
    store.start();
    await settle();
    expect(store.getSnapshot().status).toBe('error');
    expect(store.getSnapshot().error).not.toBeNull();
  });

  it('drops the answer of a load begun before stop, and stops searching', async () => {
    const { api, store } = setUp();
    store.start();
    store.stop();
    await settle();
    expect(store.getSnapshot().status).toBe('loading');
    store.setSearchText('a');
    store.stop();
    await vi.advanceTimersByTimeAsync(CALL_HISTORY_SEARCH_DEBOUNCE_MS);
    expect(api.callsOf('getHistoryPage')).toHaveLength(1);
  });
});
