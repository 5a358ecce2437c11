/**
 * Hooks over the product API's lists, shaped by the controller's list rules: transfer targets,
 * agent list, call history, live calls and queues. Each hook binds one of the lists' stores
 * (`../lists/stores`, where loading, paging, search and live updates live) with
 * `useSyncExternalStore`, and adds what follows the clock or the call state.
 */
import { useEffect, useLayoutEffect, useMemo, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { downloadCallRecording, downloadCallTranscript } from '../api/downloads';
import type { DownloadOptions, DownloadResult } from '../api/downloads';
import type {
  CallHistoryItem,
  HistorySearchType,
  LiveCallItem,
  QueueMetricsItem,
  StatusListItem,
  TransferAgent,
  TransferGroup,
  TransferQuickConnect,
} from '../api/contract';
import { LIVE_CALLS_SKELETON_ROWS, QUEUES_SKELETON_ROWS } from '../controller/constants';
import type { VoiceMessage } from '../controller/messages';
import type { TransferTarget, VoiceState } from '../controller/types';
import type { VoiceController } from '../controller/voice-controller';
import { filterLiveCalls, groupHistoryByDay, liveCallRow } from '../lists/lists';
import type { AgentGroup, AgentGrouping, CallHistoryDay, LiveCallRow } from '../lists/lists';
import { queueIdOfArn, queueRow } from '../lists/queues';
import type { QueueRow } from '../lists/queues';
import {
  createAgentListStore,
  createCallHistoryStore,
  createLiveCallsStore,
  createQueuesStore,
  createTransferTargetsStore,
} from '../lists/stores';
import type { ListStatus, ListStoreOptions, StartableStore } from '../lists/stores';
import { useVoiceController, useVoiceSelector } from './context';
import { useNow } from './hooks';

export type { ListStatus };

/** Each loaded answer renders at once rather than in a later task (see `Resource`). */
const RENDER_AT_ONCE: ListStoreOptions = { commit: (apply) => flushSync(apply) };

/**
 * The store `create` makes for the provider's controller, started on mount and stopped on
 * unmount, and its snapshot. The lists that show skeletons start in a layout effect (`layout`),
 * before the browser paints the skeleton.
 */
function useListStore<T extends StartableStore<unknown>>(
  create: (controller: VoiceController) => T,
  layout: boolean,
): [T, ReturnType<T['getSnapshot']>] {
  const controller = useVoiceController();
  // One store per controller (`create` is a new function each render).
  const store = useMemo(() => create(controller), [controller]);
  const useStartEffect = layout ? useLayoutEffect : useEffect;
  useStartEffect(() => {
    store.start();
    return () => store.stop();
  }, [store]);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return [store, snapshot as ReturnType<T['getSnapshot']>];
}

const selectUserOnCall = (s: VoiceState): boolean => s.call.status !== 'idle';

// ── transfer targets ────────────────────────────────────────────────────────────────────────────

/** What {@link useTransferTargets} returns. @public */
export interface UseTransferTargetsResult {
  /** Where loading the targets is (`loading`, `ready`, `error`). */
  readonly status: ListStatus;
  /** Why loading failed, when `status` is `error`. */
  readonly error: VoiceMessage | null;
  /** The search text. */
  readonly search: string;
  /** Changes the search text. */
  readonly setSearch: (search: string) => void;
  /** Agents matching the search, grouped by status (the current user left out). */
  readonly agentGroups: readonly AgentGroup<TransferAgent>[];
  /** The 'Agents' badge: agents across all filtered groups. */
  readonly agentCount: number;
  /** Teams matching the search. */
  readonly groups: readonly TransferGroup[];
  /** The 'Teams' badge: the filtered list length. */
  readonly groupCount: number;
  /** Reloads the targets (the modal's refresh button). */
  readonly refresh: () => Promise<void>;
  /** Transfers the call to an agent, team or quick connect. */
  readonly transfer: (target: TransferTarget) => Promise<void>;
  /** The queue and external-number quick connects matching the search (queues first). */
  readonly quickConnects: readonly TransferQuickConnect[];
  /** The 'Quick connects' badge: the filtered list length. */
  readonly quickConnectCount: number;
  /** Adds a number typed by the agent to the call (an external party). */
  readonly transferToNumber: (phoneNumber: string) => Promise<void>;
}

/**
 * The transfer modal's targets (`GET /addons/voice/transfers`), search and counts.
 * @public
 */
export function useTransferTargets(): UseTransferTargetsResult {
  const [store, s] = useListStore(
    (controller) => createTransferTargetsStore(controller, RENDER_AT_ONCE),
    true,
  );
  return useMemo(
    () => ({
      ...s,
      setSearch: store.setSearch,
      refresh: store.refresh,
      transfer: store.transfer,
      transferToNumber: store.transferToNumber,
    }),
    [store, s],
  );
}

// ── agent list ──────────────────────────────────────────────────────────────────────────────────

/** What {@link useAgentList} returns. @public */
export interface UseAgentListResult {
  /** Where loading the list is (`loading`, `ready`, `error`). */
  readonly status: ListStatus;
  /** Why loading failed, when `status` is `error`. */
  readonly error: VoiceMessage | null;
  /** The search text (name or email). */
  readonly search: string;
  /** Changes the search text. */
  readonly setSearch: (search: string) => void;
  /** Agents grouped by status or by team. */
  readonly grouping: AgentGrouping;
  /** Changes the grouping ('By status' / 'By team'). */
  readonly setGrouping: (grouping: AgentGrouping) => void;
  /** The groups in the agent-list order, with the agents matching the search. */
  readonly groups: readonly AgentGroup<StatusListItem>[];
  /** Whether a group is collapsed (kept in local storage). */
  readonly isCollapsed: (groupId: string) => boolean;
  /** Collapses or expands a group. */
  readonly toggleGroup: (groupId: string) => void;
  /** No agents at all (the empty state: call permission must be enabled for agents). */
  readonly empty: boolean;
  /**
   * Some listed agent belongs to a team. Without one, team mode shows the 'No call teams' empty
   * state instead of a lone 'No team' group.
   */
  readonly hasTeams: boolean;
  /** Reloads the list (the panel's refresh button). */
  readonly refresh: () => Promise<void>;
}

/**
 * The agent list tab (`GET /addons/voice/agents/status`): without the current user, only agents
 * among the active quick-connect endpoints (the transfer agents), searched by name or email,
 * grouped by status or team, collapsible groups remembered in local storage.
 * @public
 */
export function useAgentList(initialGrouping: AgentGrouping = 'status'): UseAgentListResult {
  const [store, s] = useListStore(
    (controller) => createAgentListStore(controller, initialGrouping, RENDER_AT_ONCE),
    true,
  );
  return useMemo(
    () => ({
      status: s.status,
      error: s.error,
      search: s.search,
      setSearch: store.setSearch,
      grouping: s.grouping,
      setGrouping: store.setGrouping,
      groups: s.groups,
      isCollapsed: (groupId: string) => s.collapsed.includes(groupId),
      toggleGroup: store.toggleGroup,
      empty: s.empty,
      hasTeams: s.hasTeams,
      refresh: store.refresh,
    }),
    [store, s],
  );
}

// ── call history ────────────────────────────────────────────────────────────────────────────────

/** What {@link useCallHistory} returns. @public */
export interface UseCallHistoryResult {
  /** The search box's text (searching starts 1000 ms after the last change). */
  readonly searchText: string;
  /** Changes the search text. */
  readonly setSearchText: (text: string) => void;
  /** Escape clears the search at once. */
  readonly clearSearch: () => void;
  /** The type filter. */
  readonly searchType: HistorySearchType;
  /** Changes the type filter (reloads from the first page). */
  readonly setSearchType: (type: HistorySearchType) => void;
  /** Every loaded call, newest first. */
  readonly items: readonly CallHistoryItem[];
  /** Items grouped by day: Today, Yesterday, or a medium date. */
  readonly days: readonly CallHistoryDay[];
  /** `loading` while the first page loads (skeletons). */
  readonly status: ListStatus;
  /** A further page is loading (skeletons at the end). */
  readonly loadingMore: boolean;
  /** False once an empty page came back. */
  readonly hasMore: boolean;
  /** Loads the next page (when the user nears the end). */
  readonly loadMore: () => Promise<void>;
  /** Reloads from the first page. */
  readonly refresh: () => Promise<void>;
  /** Why loading failed, when `status` is `error`. */
  readonly error: VoiceMessage | null;
  /** `noCalls` ('No voice calls') without search text, `noResults` ('No results found') with it. */
  readonly empty: 'noCalls' | 'noResults' | null;
  /** Downloads a call's recording as `voice_call_recording-{timestamp}.wav`. */
  readonly downloadRecording: (
    item: CallHistoryItem,
    options?: DownloadOptions,
  ) => Promise<DownloadResult>;
  /** Downloads a call's transcript as `voice_call_transcript-{timestamp}.csv` (or says it is not ready). */
  readonly downloadTranscript: (
    item: CallHistoryItem,
    options?: DownloadOptions,
  ) => Promise<DownloadResult>;
}

/**
 * The call history tab (`PATCH /addons/voice/history`): search debounced 1000 ms, type filter,
 * paging by last id until an empty page, grouping by day; changing the search or type resets the
 * list, and so does the end of a call (its history is new).
 * @public
 */
export function useCallHistory(): UseCallHistoryResult {
  const [store, s] = useListStore(createCallHistoryStore, false);
  const api = useVoiceController().api;
  const now = useNow(60_000);
  const days = useMemo(() => groupHistoryByDay(s.items, now), [s.items, now]);
  return useMemo(
    () => ({
      searchText: s.searchText,
      setSearchText: store.setSearchText,
      clearSearch: store.clearSearch,
      searchType: s.query.type,
      setSearchType: store.setSearchType,
      items: s.items,
      days,
      status: s.status,
      loadingMore: s.loadingMore,
      hasMore: s.hasMore,
      loadMore: store.loadMore,
      refresh: store.refresh,
      error: s.error,
      empty: s.empty,
      downloadRecording: (item: CallHistoryItem, options?: DownloadOptions) =>
        downloadCallRecording(api, item, options),
      downloadTranscript: (item: CallHistoryItem, options?: DownloadOptions) =>
        downloadCallTranscript(api, item, options),
    }),
    [store, s, days, api],
  );
}

// ── live calls ──────────────────────────────────────────────────────────────────────────────────

/** What {@link useLiveCalls} returns. @public */
export interface UseLiveCallsResult {
  /** Where loading the live calls is (`loading`, `ready`, `error`). */
  readonly status: ListStatus;
  /** Why loading failed, when `status` is `error`. */
  readonly error: VoiceMessage | null;
  /** The search text (agent or contact). */
  readonly searchText: string;
  /** Changes the search text. */
  readonly setSearchText: (text: string) => void;
  /** Escape clears the search. */
  readonly clearSearch: () => void;
  /** Every live call. */
  readonly list: readonly LiveCallItem[];
  /** Rows matching the search, with icon, mm:ss elapsed time (ticking every second) and button. */
  readonly rows: readonly LiveCallRow[];
  /** Skeleton rows to show while loading (3). */
  readonly skeletonRows: number;
  /** `noLiveCalls` ('No live calls') or `noneFound` ('No live calls found', with search text). */
  readonly empty: 'noLiveCalls' | 'noneFound' | null;
  /** Reloads the live calls (the panel's refresh button). */
  readonly refresh: () => Promise<void>;
  /** Joins a live call as a monitor (disabled while the user is on a call). */
  readonly join: (idCommunication: string) => Promise<void>;
}

/**
 * The live calls tab (`GET /addons/voice/live-calls`).
 * @public
 */
export function useLiveCalls(): UseLiveCallsResult {
  const [store, s] = useListStore(
    (controller) => createLiveCallsStore(controller, RENDER_AT_ONCE),
    true,
  );
  const userOnCall = useVoiceSelector(selectUserOnCall);
  const now = useNow(1000, s.list.length > 0);
  const rows = useMemo(
    () => filterLiveCalls(s.list, s.searchText).map((item) => liveCallRow(item, now, userOnCall)),
    [s.list, s.searchText, now, userOnCall],
  );
  return useMemo(
    () => ({
      status: s.status,
      error: s.error,
      searchText: s.searchText,
      setSearchText: store.setSearchText,
      clearSearch: store.clearSearch,
      list: s.list,
      rows,
      skeletonRows: LIVE_CALLS_SKELETON_ROWS,
      empty:
        s.status === 'ready' && rows.length === 0
          ? s.searchText.trim()
            ? 'noneFound'
            : 'noLiveCalls'
          : null,
      refresh: store.refresh,
      join: store.join,
    }),
    [store, s, rows],
  );
}

// ── queues ──────────────────────────────────────────────────────────────────────────────────────

const selectAgentProfile = (s: VoiceState) => s.agent.profile;
/** The user can be routed a call now: has voice (an agent), is not on a call, may change status. */
const selectUserFree = (s: VoiceState): boolean =>
  s.agent.profile !== null && s.agent.canChangeStatus && s.call.status === 'idle';

/** What {@link useQueues} returns. @public */
export interface UseQueuesResult {
  /** Where loading the queues is (`loading`, `ready`, `error`). */
  readonly status: ListStatus;
  /** Why loading failed, when `status` is `error`. */
  readonly error: VoiceMessage | null;
  /** Every queue with its figures, as last read. */
  readonly list: readonly QueueMetricsItem[];
  /** The rows: figures, the longest wait ticking every second while calls wait, 'Take next call'. */
  readonly rows: readonly QueueRow[];
  /** Skeleton rows to show while loading (3). */
  readonly skeletonRows: number;
  /** The contact centre has no queues. */
  readonly empty: boolean;
  /** Reloads the queues (the panel's refresh button). */
  readonly refresh: () => Promise<void>;
  /**
   * Takes the next waiting call: sets the user's routable status (Available), so that the contact
   * centre offers them the call that has waited longest in their routing profile's queues. There is
   * no way to pick a given waiting call (Amazon Connect has none).
   */
  readonly takeNextCall: () => Promise<void>;
}

/**
 * The queues tab (`GET /addons/voice/queues`, `VoiceApi.getQueues`): each queue's calls
 * waiting, longest wait and agents available, online and on a call, reloaded when the product
 * announces a call or agent change; 'Take next call' on the queues of the user's routing profile.
 * @public
 */
export function useQueues(): UseQueuesResult {
  const controller = useVoiceController();
  const [store, s] = useListStore(
    (controller) => createQueuesStore(controller, RENDER_AT_ONCE),
    true,
  );
  const profile = useVoiceSelector(selectAgentProfile);
  const userFree = useVoiceSelector(selectUserFree);
  const served = useMemo(() => {
    const agent = controller.ccp?.agent;
    if (!profile || !agent?.isInitialized()) return new Set<string>();
    return new Set(
      (agent.getRoutingProfile().queues ?? []).flatMap((q) => {
        const arn = q.queueARN ?? q.queueId;
        return arn ? [queueIdOfArn(arn)] : [];
      }),
    );
  }, [controller, profile]);
  const now = useNow(
    1000,
    s.list.some((q) => q.callsWaiting > 0),
  );
  const rows = useMemo(
    () => s.list.map((item) => queueRow(item, s.receivedAt, now, served, userFree)),
    [s.list, s.receivedAt, now, served, userFree],
  );
  return useMemo(
    () => ({
      status: s.status,
      error: s.error,
      list: s.list,
      rows,
      skeletonRows: QUEUES_SKELETON_ROWS,
      empty: s.status === 'ready' && s.list.length === 0,
      refresh: store.refresh,
      takeNextCall: store.takeNextCall,
    }),
    [store, s, rows],
  );
}
