/**
 * The call history tab (`PATCH /addons/voice/history`): search debounced 1000 ms, type filter,
 * paging by last id until an empty page; changing the search or type resets the list, and so
 * does the end of a call (its history is new).
 */
import type { CallHistoryItem, HistorySearchType } from '../../api/contract';
import { CALL_HISTORY_SEARCH_DEBOUNCE_MS } from '../../controller/constants';
import { messageOf } from '../../controller/errors';
import type { VoiceMessage } from '../../controller/messages';
import type { VoiceController } from '../../controller/voice-controller';
import { ListStore } from './list-store';
import type { ListStatus, StartableStore } from './list-store';

/** The search the loaded pages answer. */
interface HistoryQuery {
  readonly text: string;
  readonly type: HistorySearchType;
}

/** The loaded pages. */
interface HistoryPages {
  readonly items: readonly CallHistoryItem[];
  readonly status: ListStatus;
  readonly loadingMore: boolean;
  readonly hasMore: boolean;
  readonly error: VoiceMessage | null;
}

/** The call history as loaded (grouping by day follows the clock, so the hook does it). */
export interface CallHistorySnapshot extends HistoryPages {
  /** The search box's text (searching starts 1000 ms after the last change). */
  readonly searchText: string;
  /** The search the items answer. */
  readonly query: HistoryQuery;
  /** `noCalls` without search text, `noResults` with it, once an empty first page came back. */
  readonly empty: 'noCalls' | 'noResults' | null;
}

/** The call history's store. */
export class CallHistoryStore
  extends ListStore<CallHistorySnapshot>
  implements StartableStore<CallHistorySnapshot>
{
  private searchText = '';
  private query: HistoryQuery = { text: '', type: 'all' };
  private pages: HistoryPages = {
    items: [],
    status: 'idle',
    loadingMore: false,
    hasMore: true,
    error: null,
  };
  /** Loads begun; an answer of an earlier one is dropped. */
  private seq = 0;
  /** A page is loading. */
  private busy = false;
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private stopWatchingCall: (() => void) | null = null;

  constructor(private readonly controller: VoiceController) {
    super();
  }

  protected compute(): CallHistorySnapshot {
    const { pages, query } = this;
    return {
      ...pages,
      searchText: this.searchText,
      query,
      empty:
        pages.status === 'ready' && pages.items.length === 0
          ? query.text.trim()
            ? 'noResults'
            : 'noCalls'
          : null,
    };
  }

  private setPages(pages: HistoryPages): void {
    this.pages = pages;
    this.changed();
  }

  private setQuery(query: HistoryQuery): void {
    if (query.text === this.query.text && query.type === this.query.type) return;
    this.query = query;
    this.changed();
    void this.refresh();
  }

  /** Reloads from the first page. */
  readonly refresh = async (): Promise<void> => {
    const mine = ++this.seq;
    const query = this.query;
    this.busy = true;
    this.setPages({ items: [], status: 'loading', loadingMore: false, hasMore: true, error: null });
    try {
      const page = await this.controller.api.getHistoryPage({
        searchType: query.type,
        searchText: query.text,
      });
      if (mine !== this.seq) return;
      this.setPages({
        items: page,
        status: 'ready',
        loadingMore: false,
        hasMore: page.length > 0,
        error: null,
      });
    } catch (error) {
      if (mine === this.seq)
        this.setPages({ ...this.pages, status: 'error', error: messageOf(error) });
    } finally {
      if (mine === this.seq) this.busy = false;
    }
  };

  /** Loads the next page (when the user nears the end). */
  readonly loadMore = async (): Promise<void> => {
    const current = this.pages;
    if (this.busy || !current.hasMore || current.status !== 'ready') return;
    const lastId = current.items[current.items.length - 1]?.id;
    if (!lastId) return;
    const mine = this.seq;
    const query = this.query;
    this.busy = true;
    this.setPages({ ...current, loadingMore: true, error: null });
    try {
      const page = await this.controller.api.getHistoryPage({
        searchType: query.type,
        searchText: query.text,
        lastId,
      });
      if (mine !== this.seq) return;
      this.setPages({
        ...this.pages,
        items: [...this.pages.items, ...page],
        loadingMore: false,
        hasMore: page.length > 0,
        error: null,
      });
    } catch (error) {
      if (mine === this.seq)
        this.setPages({ ...this.pages, loadingMore: false, error: messageOf(error) });
    } finally {
      if (mine === this.seq) this.busy = false;
    }
  };

  /** Changes the search text; the search follows 1000 ms after the last change. */
  readonly setSearchText = (text: string): void => {
    this.searchText = text;
    this.changed();
    clearTimeout(this.debounce);
    this.debounce = setTimeout(
      () => this.setQuery({ ...this.query, text }),
      CALL_HISTORY_SEARCH_DEBOUNCE_MS,
    );
  };

  /** Escape clears the search at once. */
  readonly clearSearch = (): void => {
    clearTimeout(this.debounce);
    this.searchText = '';
    this.changed();
    this.setQuery({ ...this.query, text: '' });
  };

  /** Changes the type filter (reloads from the first page). */
  readonly setSearchType = (type: HistorySearchType): void => {
    this.setQuery({ ...this.query, type });
  };

  /** Loads the first page and, from now on, reloads when a call ends (a finished call is new history). */
  start(): void {
    void this.refresh();
    let wasIdle = this.controller.getState().call.status === 'idle';
    this.stopWatchingCall = this.controller.subscribe(() => {
      const idle = this.controller.getState().call.status === 'idle';
      if (idle && !wasIdle) void this.refresh();
      wasIdle = idle;
    });
  }

  stop(): void {
    this.seq++;
    clearTimeout(this.debounce);
    this.stopWatchingCall?.();
    this.stopWatchingCall = null;
  }
}

/** Creates the call history's store for `controller`. */
export function createCallHistoryStore(controller: VoiceController): CallHistoryStore {
  return new CallHistoryStore(controller);
}
