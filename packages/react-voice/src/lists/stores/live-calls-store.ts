/** The live calls tab (`GET /addons/voice/live-calls`): the list, reloaded on call events, and its search. */
import type { LiveCallItem, VoiceLiveEventType } from '../../api/contract';
import type { VoiceMessage } from '../../controller/messages';
import type { VoiceController } from '../../controller/voice-controller';
import { ListStore } from './list-store';
import type { ListStatus, ListStoreOptions, StartableStore } from './list-store';
import { Resource } from './resource';

/** The live events the live calls reload for. */
const LIVE_CALLS_RELOAD_ON: readonly VoiceLiveEventType[] = ['call.updated'];

const NO_CALLS: readonly LiveCallItem[] = [];

/** The live calls as loaded (the rows tick with the clock, so the hook makes them). */
export interface LiveCallsSnapshot {
  readonly status: ListStatus;
  readonly error: VoiceMessage | null;
  readonly searchText: string;
  /** Every live call. */
  readonly list: readonly LiveCallItem[];
}

/** The live calls' store. */
export class LiveCallsStore
  extends ListStore<LiveCallsSnapshot>
  implements StartableStore<LiveCallsSnapshot>
{
  private readonly resource: Resource<readonly LiveCallItem[]>;
  private searchText = '';

  constructor(
    private readonly controller: VoiceController,
    options: ListStoreOptions = {},
  ) {
    super();
    this.resource = new Resource({
      ...options,
      load: () => controller.api.getLiveCalls(),
      keep: { owner: controller, name: 'live-calls' },
      live: { subscribe: controller.api.subscribe, types: LIVE_CALLS_RELOAD_ON },
    });
    this.resource.subscribe(() => this.changed());
  }

  protected compute(): LiveCallsSnapshot {
    const { status, error, data } = this.resource.getSnapshot();
    return { status, error, searchText: this.searchText, list: data ?? NO_CALLS };
  }

  readonly setSearchText = (text: string): void => {
    if (text === this.searchText) return;
    this.searchText = text;
    this.changed();
  };

  /** Escape clears the search. */
  readonly clearSearch = (): void => this.setSearchText('');

  /** Reloads the live calls (the panel's refresh button). */
  readonly refresh = (): Promise<void> => this.resource.reload();

  /** Joins a live call as a monitor. */
  readonly join = (idCommunication: string): Promise<void> =>
    this.controller.joinLiveCall(idCommunication);

  start(): void {
    this.resource.start();
  }

  stop(): void {
    this.resource.stop();
  }
}

/** Creates the live calls' store for `controller`. */
export function createLiveCallsStore(
  controller: VoiceController,
  options?: ListStoreOptions,
): LiveCallsStore {
  return new LiveCallsStore(controller, options);
}
