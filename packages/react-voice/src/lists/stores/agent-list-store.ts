/**
 * The agent list tab (`GET /addons/voice/agents/status`): without the current user, only agents
 * among the active quick-connect endpoints (the transfer agents), searched by name or email,
 * grouped by status or team, collapsible groups remembered in local storage.
 */
import type { StatusListItem, VoiceLiveEventType } from '../../api/contract';
import { AGENT_LIST_COLLAPSED_STORAGE_KEY } from '../../controller/constants';
import type { VoiceMessage } from '../../controller/messages';
import type { VoiceController } from '../../controller/voice-controller';
import {
  groupAgentsByStatus,
  groupAgentsByTeam,
  matchesAgentSearch,
  statusItemAgent,
  visibleAgents,
} from '../lists';
import type { AgentGroup, AgentGrouping } from '../lists';
import { ListStore } from './list-store';
import type { ListStatus, ListStoreOptions, StartableStore } from './list-store';
import { Resource } from './resource';

/** The live events the agent list reloads for: agents' statuses move with their calls. */
const AGENT_LIST_RELOAD_ON: readonly VoiceLiveEventType[] = ['agent.updated', 'call.updated'];

/** The agent list as shown. */
export interface AgentListSnapshot {
  readonly status: ListStatus;
  readonly error: VoiceMessage | null;
  readonly search: string;
  readonly grouping: AgentGrouping;
  /** The groups in the agent-list order, with the agents matching the search. */
  readonly groups: readonly AgentGroup<StatusListItem>[];
  /** The ids of the collapsed groups. */
  readonly collapsed: readonly string[];
  /** No agents at all. */
  readonly empty: boolean;
  /** Some listed agent belongs to a team. */
  readonly hasTeams: boolean;
}

interface AgentListData {
  readonly list: readonly StatusListItem[];
  readonly quickConnectAgentIds: ReadonlySet<string>;
}

function readCollapsed(): string[] {
  try {
    const raw = globalThis.localStorage?.getItem(AGENT_LIST_COLLAPSED_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function writeCollapsed(ids: readonly string[]): void {
  try {
    globalThis.localStorage?.setItem(AGENT_LIST_COLLAPSED_STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // storage denied: the groups just do not stay collapsed
  }
}

/** The agent list's store. */
export class AgentListStore
  extends ListStore<AgentListSnapshot>
  implements StartableStore<AgentListSnapshot>
{
  private readonly resource: Resource<AgentListData>;
  private search = '';
  private grouping: AgentGrouping;
  private collapsed: readonly string[] = readCollapsed();

  constructor(
    private readonly controller: VoiceController,
    initialGrouping: AgentGrouping = 'status',
    options: ListStoreOptions = {},
  ) {
    super();
    this.grouping = initialGrouping;
    this.resource = new Resource({
      ...options,
      load: async () => {
        const [list, transfers] = await Promise.all([
          controller.api.getAgentsStatus(),
          controller.api.getTransfers(),
        ]);
        return { list, quickConnectAgentIds: new Set(transfers.agents.map((a) => a.idAgent)) };
      },
      keep: { owner: controller, name: 'agents' },
      live: { subscribe: controller.api.subscribe, types: AGENT_LIST_RELOAD_ON },
    });
    this.resource.subscribe(() => this.changed());
  }

  protected compute(): AgentListSnapshot {
    const { status, error, data } = this.resource.getSnapshot();
    const visible = data
      ? visibleAgents(data.list, {
          currentIdAgent: this.controller.idAgent,
          quickConnectAgentIds: data.quickConnectAgentIds,
        })
      : [];
    const matching = visible.filter((item) => matchesAgentSearch(item.agent, this.search));
    return {
      status,
      error,
      search: this.search,
      grouping: this.grouping,
      groups:
        this.grouping === 'team'
          ? groupAgentsByTeam(matching)
          : groupAgentsByStatus(matching, statusItemAgent),
      collapsed: this.collapsed,
      empty: status === 'ready' && visible.length === 0,
      hasTeams: visible.some((item) => !!item.team?.name),
    };
  }

  readonly setSearch = (search: string): void => {
    if (search === this.search) return;
    this.search = search;
    this.changed();
  };

  readonly setGrouping = (grouping: AgentGrouping): void => {
    if (grouping === this.grouping) return;
    this.grouping = grouping;
    this.changed();
  };

  /** Collapses or expands a group (remembered in local storage). */
  readonly toggleGroup = (groupId: string): void => {
    const ids = this.collapsed;
    this.collapsed = ids.includes(groupId) ? ids.filter((id) => id !== groupId) : [...ids, groupId];
    writeCollapsed(this.collapsed);
    this.changed();
  };

  /** Reloads the list (the panel's refresh button). */
  readonly refresh = (): Promise<void> => this.resource.reload();

  start(): void {
    this.resource.start();
  }

  stop(): void {
    this.resource.stop();
  }
}

/** Creates the agent list's store for `controller`. */
export function createAgentListStore(
  controller: VoiceController,
  initialGrouping?: AgentGrouping,
  options?: ListStoreOptions,
): AgentListStore {
  return new AgentListStore(controller, initialGrouping, options);
}
