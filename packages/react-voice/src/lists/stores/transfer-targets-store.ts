/** The transfer modal's targets (`GET /addons/voice/transfers`), search and counts. */
import type { TransferConnections } from '../../api/client';
import type { TransferAgent, TransferGroup, TransferQuickConnect } from '../../api/contract';
import type { VoiceMessage } from '../../controller/messages';
import type { TransferTarget } from '../../controller/types';
import type { VoiceController } from '../../controller/voice-controller';
import {
  countAgents,
  filterTransferGroups,
  filterTransferQuickConnects,
  groupAgentsByStatus,
  matchesAgentSearch,
  transferAgentLike,
} from '../lists';
import type { AgentGroup } from '../lists';
import { ListStore } from './list-store';
import type { ListStatus, ListStoreOptions, StartableStore } from './list-store';
import { Resource } from './resource';

/** The transfer targets as shown: loading state, search and the filtered lists. */
export interface TransferTargetsSnapshot {
  readonly status: ListStatus;
  readonly error: VoiceMessage | null;
  readonly search: string;
  /** Agents matching the search, grouped by status (the current user left out). */
  readonly agentGroups: readonly AgentGroup<TransferAgent>[];
  readonly agentCount: number;
  readonly groups: readonly TransferGroup[];
  readonly groupCount: number;
  /** The queue and external-number quick connects matching the search (queues first). */
  readonly quickConnects: readonly TransferQuickConnect[];
  readonly quickConnectCount: number;
}

/** The transfer targets' store. */
export class TransferTargetsStore
  extends ListStore<TransferTargetsSnapshot>
  implements StartableStore<TransferTargetsSnapshot>
{
  private readonly resource: Resource<TransferConnections>;
  private search = '';

  constructor(
    private readonly controller: VoiceController,
    options: ListStoreOptions = {},
  ) {
    super();
    this.resource = new Resource({ ...options, load: () => controller.api.getTransfers() });
    this.resource.subscribe(() => this.changed());
  }

  protected compute(): TransferTargetsSnapshot {
    const { status, error, data } = this.resource.getSnapshot();
    const search = this.search;
    const me = this.controller.idAgent;
    const agentGroups = groupAgentsByStatus(
      (data?.agents ?? []).filter((a) => a.idAgent !== me && matchesAgentSearch(a, search)),
      transferAgentLike,
    );
    const groups = filterTransferGroups(data?.groups ?? [], search);
    const quickConnects = filterTransferQuickConnects(data?.quickConnects ?? [], search);
    return {
      status,
      error,
      search,
      agentGroups,
      agentCount: countAgents(agentGroups),
      groups,
      groupCount: groups.length,
      quickConnects,
      quickConnectCount: quickConnects.length,
    };
  }

  readonly setSearch = (search: string): void => {
    if (search === this.search) return;
    this.search = search;
    this.changed();
  };

  /** Reloads the targets (the modal's refresh button). */
  readonly refresh = (): Promise<void> => this.resource.reload();

  readonly transfer = (target: TransferTarget): Promise<void> => this.controller.transfer(target);

  readonly transferToNumber = (phoneNumber: string): Promise<void> =>
    this.controller.transferToNumber(phoneNumber);

  start(): void {
    this.resource.start();
  }

  stop(): void {
    this.resource.stop();
  }
}

/** Creates the transfer targets' store for `controller`. */
export function createTransferTargetsStore(
  controller: VoiceController,
  options?: ListStoreOptions,
): TransferTargetsStore {
  return new TransferTargetsStore(controller, options);
}
