/**
 * The queues tab (`GET /addons/voice/queues`, `VoiceApi.getQueues`): each queue's figures,
 * reloaded when the product announces a call or agent change, and 'Take next call'.
 */
import type { QueueMetricsItem, VoiceLiveEventType } from '../../api/contract';
import { voiceError } from '../../controller/errors';
import type { VoiceMessage } from '../../controller/messages';
import type { VoiceController } from '../../controller/voice-controller';
import { ListStore } from './list-store';
import type { ListStatus, ListStoreOptions, StartableStore } from './list-store';
import { Resource } from './resource';

/** The live events the queues reload for: calls queue, ring and end; agents change status. */
const QUEUES_RELOAD_ON: readonly VoiceLiveEventType[] = ['call.updated', 'agent.updated'];

const NO_QUEUES: readonly QueueMetricsItem[] = [];

/** The queues as loaded (the rows tick with the clock, so the hook makes them). */
export interface QueuesSnapshot {
  readonly status: ListStatus;
  readonly error: VoiceMessage | null;
  /** Every queue with its figures, as last read. */
  readonly list: readonly QueueMetricsItem[];
  /** When the figures were read (`Date.now()`), 0 before. */
  readonly receivedAt: number;
}

interface QueuesData {
  readonly list: readonly QueueMetricsItem[];
  readonly receivedAt: number;
}

/** The queues' store. */
export class QueuesStore
  extends ListStore<QueuesSnapshot>
  implements StartableStore<QueuesSnapshot>
{
  private readonly resource: Resource<QueuesData>;

  constructor(
    private readonly controller: VoiceController,
    options: ListStoreOptions = {},
  ) {
    super();
    this.resource = new Resource({
      ...options,
      load: async () => {
        const getQueues = controller.api.getQueues;
        if (!getQueues) throw new Error('The voice API has no getQueues');
        const list = await getQueues();
        return { list, receivedAt: Date.now() };
      },
      keep: { owner: controller, name: 'queues' },
      live: { subscribe: controller.api.subscribe, types: QUEUES_RELOAD_ON },
    });
    this.resource.subscribe(() => this.changed());
  }

  protected compute(): QueuesSnapshot {
    const { status, error, data } = this.resource.getSnapshot();
    return { status, error, list: data?.list ?? NO_QUEUES, receivedAt: data?.receivedAt ?? 0 };
  }

  /** Reloads the queues (the panel's refresh button). */
  readonly refresh = (): Promise<void> => this.resource.reload();

  /**
   * Takes the next waiting call: sets the user's routable status (Available), so that the contact
   * centre offers them the call that has waited longest in their routing profile's queues.
   */
  readonly takeNextCall = async (): Promise<void> => {
    const routable = this.controller.getState().agent.options.find((o) => o.type === 'routable');
    if (!routable) throw voiceError('statusUnhandled', { status: 'Available' });
    await this.controller.setStatus(routable.name);
  };

  start(): void {
    this.resource.start();
  }

  stop(): void {
    this.resource.stop();
  }
}

/** Creates the queues' store for `controller`. */
export function createQueuesStore(
  controller: VoiceController,
  options?: ListStoreOptions,
): QueuesStore {
  return new QueuesStore(controller, options);
}
