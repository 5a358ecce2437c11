/**
 * One loaded answer (transfer targets, agent list, live calls, queues): loads on `start()` and on
 * `reload()`, optionally keeps its last answer for the next mount and reloads on live events.
 */
import type { VoiceLiveEventSource, VoiceLiveEventType } from '../../api/contract';
import { messageOf } from '../../controller/errors';
import type { VoiceMessage } from '../../controller/messages';
import { followLiveEvents } from './live-reload';
import { ListStore } from './list-store';
import type { ListStatus, ListStoreOptions } from './list-store';

/** Where loading an answer is. */
export interface ResourceState<T> {
  readonly status: ListStatus;
  readonly data: T | null;
  readonly error: VoiceMessage | null;
}

/**
 * The last answer of the lists that keep one (agent list, live calls, queues), per controller:
 * shown again, such a list starts from it while it reloads instead of from skeletons.
 */
const lastAnswers = new WeakMap<object, Map<string, unknown>>();

/** What a {@link Resource} loads and follows. */
export interface ResourceOptions<T> extends ListStoreOptions {
  readonly load: () => Promise<T>;
  /** Keeps the answer under `name` for `owner` (the controller) for the next mount. */
  readonly keep?: { readonly owner: object; readonly name: string };
  /** The API's live events, and the types of them that reload the answer. */
  readonly live?: {
    readonly subscribe: VoiceLiveEventSource | undefined;
    readonly types: readonly VoiceLiveEventType[];
  };
}

/**
 * Loads on `start()` and on `reload()`; loads may overlap, and an answer is shown unless a later
 * load's answer already is (so an answer never replaces a newer one, and a load begun while
 * another runs shows its answer as soon as it has it). Each answer goes to the listeners through
 * `commit` (the hooks render it at once: an answer that is there before the next paint is on
 * screen in the frame that first shows the list). With `keep`, the answer is kept for the next
 * mount (status `loading` with the kept data until the new answer arrives). With `live`, the
 * API's live events of those types reload it.
 */
export class Resource<T> extends ListStore<ResourceState<T>> {
  private state: ResourceState<T>;
  /** Loads begun. */
  private seq = 0;
  /** The load whose answer is shown (answers of earlier ones are dropped). */
  private shown = 0;
  private stopLive: (() => void) | null = null;

  constructor(private readonly options: ResourceOptions<T>) {
    super();
    const keep = options.keep;
    const kept = keep ? (lastAnswers.get(keep.owner)?.get(keep.name) as T | undefined) : undefined;
    this.state = { status: 'loading', data: kept ?? null, error: null };
  }

  protected compute(): ResourceState<T> {
    return this.state;
  }

  private set(state: ResourceState<T>): void {
    this.state = state;
    this.changed();
  }

  readonly reload = async (): Promise<void> => {
    const mine = ++this.seq;
    const s = this.state;
    if (!(s.status === 'loading' && !s.error)) this.set({ ...s, status: 'loading', error: null });
    let next: (s: ResourceState<T>) => ResourceState<T>;
    try {
      const data = await this.options.load();
      const keep = this.options.keep;
      if (keep && mine > this.shown) {
        const kept = lastAnswers.get(keep.owner) ?? new Map<string, unknown>();
        lastAnswers.set(keep.owner, kept.set(keep.name, data));
      }
      next = () => ({ status: mine === this.seq ? 'ready' : 'loading', data, error: null });
    } catch (error) {
      next = (s) => ({ ...s, status: 'error', error: messageOf(error) });
    }
    if (mine > this.shown) {
      this.shown = mine;
      const commit = this.options.commit ?? ((apply: () => void) => apply());
      commit(() => this.set(next(this.state)));
    }
  };

  start(): void {
    void this.reload();
    const live = this.options.live;
    if (live) this.stopLive = followLiveEvents(live.subscribe, live.types, this.reload);
  }

  stop(): void {
    // Unmounted (or a new controller): the answers of loads begun until now are dropped.
    this.shown = ++this.seq;
    this.stopLive?.();
    this.stopLive = null;
  }
}
