/**
 * Hooks over the product API's lists, shaped by the controller's list rules: transfer targets,
 * agent list, call history and live calls.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { downloadCallRecording, downloadCallTranscript } from '../api/downloads';
import type { DownloadOptions, DownloadResult } from '../api/downloads';
import type {
  CallHistoryItem,
  HistorySearchType,
  LiveCallItem,
  QueueMetricsItem,
  StatusListItem,
  TransferGroup,
  TransferQuickConnect,
  VoiceLiveEventSource,
  VoiceLiveEventType,
} from '../api/contract';
import type { TransferConnections } from '../api/client';
import {
  AGENT_LIST_COLLAPSED_STORAGE_KEY,
  CALL_HISTORY_SEARCH_DEBOUNCE_MS,
  LIVE_CALLS_SKELETON_ROWS,
  QUEUES_SKELETON_ROWS,
} from '../controller/constants';
import { messageOf, voiceError } from '../controller/errors';
import type { VoiceMessage } from '../controller/messages';
import {
  countAgents,
  filterLiveCalls,
  filterTransferGroups,
  filterTransferQuickConnects,
  groupAgentsByStatus,
  groupAgentsByTeam,
  groupHistoryByDay,
  liveCallRow,
  matchesAgentSearch,
  statusItemAgent,
  transferAgentLike,
  visibleAgents,
} from '../lists/lists';
import type { AgentGroup, AgentGrouping, CallHistoryDay, LiveCallRow } from '../lists/lists';
import { queueIdOfArn, queueRow } from '../lists/queues';
import type { QueueRow } from '../lists/queues';
import type { TransferTarget, VoiceState } from '../controller/types';
import type { TransferAgent } from '../api/contract';
import { useVoiceController, useVoiceSelector } from './context';
import { useNow } from './hooks';

/**
 * Loading state of a list. The built-in hooks start at `loading` (they load on mount); `idle` is
 * for hosts' own lists that load later.
 * @public
 */
export type ListStatus = 'idle' | 'loading' | 'ready' | 'error';

interface ResourceState<T> {
  readonly status: ListStatus;
  readonly data: T | null;
  readonly error: VoiceMessage | null;
}

interface Resource<T> extends ResourceState<T> {
  readonly reload: () => Promise<void>;
}

/**
 * The last answer of the lists that keep one (agent list, live calls), per controller: shown
 * again, such a list starts from it while it reloads instead of from skeletons.
 */
const lastAnswers = new WeakMap<object, Map<string, unknown>>();

/**
 * Loads `load()` on mount and on `reload()`; loads may overlap, and an answer is shown unless a
 * later load's answer already is (so an answer never replaces a newer one, and a load begun
 * while another runs shows its answer as soon as it has it). The first load starts in a layout
 * effect, before the browser paints the skeleton, and each answer renders at once (`flushSync`)
 * rather than in a later task: an answer that is there before the next paint is on screen in the
 * frame that first shows the list, not a frame or two of skeletons later. With `keep`, the answer
 * is kept under that name for the next mount (status `loading` with the kept data until the new
 * answer arrives). With `reloadOn`, the API's live events of those types reload it.
 */
function useResource<T>(
  load: () => Promise<T>,
  keep?: string,
  reloadOn?: readonly VoiceLiveEventType[],
): Resource<T> {
  const controller = useVoiceController();
  const [state, setState] = useState<ResourceState<T>>(() => ({
    status: 'loading',
    data: keep ? ((lastAnswers.get(controller)?.get(keep) as T | undefined) ?? null) : null,
    error: null,
  }));
  /** Loads begun. */
  const seq = useRef(0);
  /** The load whose answer is shown (answers of earlier ones are dropped). */
  const shown = useRef(0);
  const loadRef = useRef(load);
  useLayoutEffect(() => {
    loadRef.current = load;
  });
  const reload = useCallback(async () => {
    const mine = ++seq.current;
    setState((s) =>
      s.status === 'loading' && !s.error ? s : { ...s, status: 'loading', error: null },
    );
    let next: (s: ResourceState<T>) => ResourceState<T>;
    try {
      const data = await loadRef.current();
      if (keep && mine > shown.current) {
        const kept = lastAnswers.get(controller) ?? new Map<string, unknown>();
        lastAnswers.set(controller, kept.set(keep, data));
      }
      next = () => ({ status: mine === seq.current ? 'ready' : 'loading', data, error: null });
    } catch (error) {
      next = (s) => ({ ...s, status: 'error', error: messageOf(error) });
    }
    if (mine > shown.current) {
      shown.current = mine;
      flushSync(() => setState(next));
    }
  }, [controller, keep]);
  useLayoutEffect(() => {
    void reload();
    return () => {
      // Unmounted (or a new controller): the answers of loads begun until now are dropped.
      shown.current = ++seq.current;
    };
  }, [reload]);
  useLiveReload(controller.api.subscribe, reloadOn, reload);
  return useMemo(() => ({ ...state, reload }), [state, reload]);
}

/** At most this many loads run at once for live events (a burst waits for one of them). */
const LIVE_RELOADS_AT_ONCE = 2;

/**
 * Reloads when the API's live events name one of `types`: at once while fewer than two such
 * loads run, else once more when one ends (a burst of events costs at most three loads, and the
 * last answer is from after the last event). Does nothing without a source of events.
 */
function useLiveReload(
  subscribe: VoiceLiveEventSource | undefined,
  types: readonly VoiceLiveEventType[] | undefined,
  reload: () => Promise<void>,
): void {
  const key = types?.join(',') ?? '';
  useEffect(() => {
    if (!subscribe || !key) return;
    const wanted = new Set(key.split(','));
    let running = 0;
    let again = false;
    let stopped = false;
    const run = (): void => {
      running++;
      void reload().finally(() => {
        running--;
        if (again && !stopped) {
          again = false;
          run();
        }
      });
    };
    const off = subscribe((event) => {
      if (stopped || !wanted.has(event.type)) return;
      if (running < LIVE_RELOADS_AT_ONCE) run();
      else again = true;
    });
    return () => {
      stopped = true;
      off();
    };
  }, [subscribe, key, reload]);
}

/** The live events the agent list reloads for: agents' statuses move with their calls. */
const AGENT_LIST_RELOAD_ON: readonly VoiceLiveEventType[] = ['agent.updated', 'call.updated'];
/** The live events the live calls reload for. */
const LIVE_CALLS_RELOAD_ON: readonly VoiceLiveEventType[] = ['call.updated'];

const selectUserOnCall = (s: VoiceState): boolean => s.call.status !== 'idle';
const selectCallIdle = (s: VoiceState): boolean => s.call.status === 'idle';

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
  const controller = useVoiceController();
  const [search, setSearch] = useState('');
  const resource = useResource<TransferConnections>(() => controller.api.getTransfers());
  const me = controller.idAgent;
  const agentGroups = useMemo(
    () =>
      groupAgentsByStatus(
        (resource.data?.agents ?? []).filter(
          (a) => a.idAgent !== me && matchesAgentSearch(a, search),
        ),
        transferAgentLike,
      ),
    [resource.data, search, me],
  );
  const groups = useMemo(
    () => filterTransferGroups(resource.data?.groups ?? [], search),
    [resource.data, search],
  );
  const quickConnects = useMemo(
    () => filterTransferQuickConnects(resource.data?.quickConnects ?? [], search),
    [resource.data, search],
  );
  return useMemo(
    () => ({
      status: resource.status,
      error: resource.error,
      search,
      setSearch,
      agentGroups,
      agentCount: countAgents(agentGroups),
      groups,
      groupCount: groups.length,
      refresh: resource.reload,
      transfer: (target: TransferTarget) => controller.transfer(target),
      quickConnects,
      quickConnectCount: quickConnects.length,
      transferToNumber: (phoneNumber: string) => controller.transferToNumber(phoneNumber),
    }),
    [resource, search, agentGroups, groups, quickConnects, controller],
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

/**
 * The agent list tab (`GET /addons/voice/agents/status`): without the current user, only agents
 * among the active quick-connect endpoints (the transfer agents), searched by name or email,
 * grouped by status or team, collapsible groups remembered in local storage.
 * @public
 */
export function useAgentList(initialGrouping: AgentGrouping = 'status'): UseAgentListResult {
  const controller = useVoiceController();
  const [search, setSearch] = useState('');
  const [grouping, setGrouping] = useState<AgentGrouping>(initialGrouping);
  const [collapsed, setCollapsed] = useState<readonly string[]>(readCollapsed);
  const resource = useResource(
    async () => {
      const [list, transfers] = await Promise.all([
        controller.api.getAgentsStatus(),
        controller.api.getTransfers(),
      ]);
      return { list, quickConnectAgentIds: new Set(transfers.agents.map((a) => a.idAgent)) };
    },
    'agents',
    AGENT_LIST_RELOAD_ON,
  );
  const me = controller.idAgent;
  const visible = useMemo(
    () =>
      resource.data
        ? visibleAgents(resource.data.list, {
            currentIdAgent: me,
            quickConnectAgentIds: resource.data.quickConnectAgentIds,
          })
        : [],
    [resource.data, me],
  );
  const hasTeams = useMemo(() => visible.some((item) => !!item.team?.name), [visible]);
  const groups = useMemo(() => {
    const matching = visible.filter((item) => matchesAgentSearch(item.agent, search));
    return grouping === 'team'
      ? groupAgentsByTeam(matching)
      : groupAgentsByStatus(matching, statusItemAgent);
  }, [visible, search, grouping]);
  const toggleGroup = useCallback((groupId: string) => {
    setCollapsed((ids) => {
      const next = ids.includes(groupId) ? ids.filter((id) => id !== groupId) : [...ids, groupId];
      writeCollapsed(next);
      return next;
    });
  }, []);
  return useMemo(
    () => ({
      status: resource.status,
      error: resource.error,
      search,
      setSearch,
      grouping,
      setGrouping,
      groups,
      isCollapsed: (groupId: string) => collapsed.includes(groupId),
      toggleGroup,
      empty: resource.status === 'ready' && visible.length === 0,
      hasTeams,
      refresh: resource.reload,
    }),
    [resource, search, grouping, groups, collapsed, toggleGroup, visible, hasTeams],
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
  const controller = useVoiceController();
  const api = controller.api;
  const [searchText, setSearchTextState] = useState('');
  const [query, setQuery] = useState<{ text: string; type: HistorySearchType }>({
    text: '',
    type: 'all',
  });
  const [list, setList] = useState<{
    items: readonly CallHistoryItem[];
    status: ListStatus;
    loadingMore: boolean;
    hasMore: boolean;
    error: VoiceMessage | null;
  }>({ items: [], status: 'idle', loadingMore: false, hasMore: true, error: null });
  const seq = useRef(0);
  const busy = useRef(false);
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const now = useNow(60_000);

  const loadFirst = useCallback(async () => {
    const mine = ++seq.current;
    busy.current = true;
    setList({ items: [], status: 'loading', loadingMore: false, hasMore: true, error: null });
    try {
      const page = await api.getHistoryPage({ searchType: query.type, searchText: query.text });
      if (mine !== seq.current) return;
      setList({
        items: page,
        status: 'ready',
        loadingMore: false,
        hasMore: page.length > 0,
        error: null,
      });
    } catch (error) {
      if (mine === seq.current)
        setList((s) => ({ ...s, status: 'error', error: messageOf(error) }));
    } finally {
      if (mine === seq.current) busy.current = false;
    }
  }, [api, query]);

  useEffect(() => {
    void loadFirst();
    return () => {
      seq.current++;
    };
  }, [loadFirst]);

  useEffect(() => () => clearTimeout(debounce.current), []);

  // A finished call is new history: reload when the call is over.
  const callIdle = useVoiceSelector(selectCallIdle);
  const wasIdle = useRef(callIdle);
  useEffect(() => {
    if (callIdle && !wasIdle.current) void loadFirst();
    wasIdle.current = callIdle;
  }, [callIdle, loadFirst]);

  const itemsRef = useRef(list);
  useEffect(() => {
    itemsRef.current = list;
  });
  const loadMore = useCallback(async () => {
    const current = itemsRef.current;
    if (busy.current || !current.hasMore || current.status !== 'ready') return;
    const lastId = current.items[current.items.length - 1]?.id;
    if (!lastId) return;
    const mine = seq.current;
    busy.current = true;
    setList((s) => ({ ...s, loadingMore: true, error: null }));
    try {
      const page = await api.getHistoryPage({
        searchType: query.type,
        searchText: query.text,
        lastId,
      });
      if (mine !== seq.current) return;
      setList((s) => ({
        ...s,
        items: [...s.items, ...page],
        loadingMore: false,
        hasMore: page.length > 0,
        error: null,
      }));
    } catch (error) {
      if (mine === seq.current)
        setList((s) => ({ ...s, loadingMore: false, error: messageOf(error) }));
    } finally {
      if (mine === seq.current) busy.current = false;
    }
  }, [api, query]);

  const setSearchText = useCallback((text: string) => {
    setSearchTextState(text);
    clearTimeout(debounce.current);
    debounce.current = setTimeout(
      () => setQuery((q) => (q.text === text ? q : { ...q, text })),
      CALL_HISTORY_SEARCH_DEBOUNCE_MS,
    );
  }, []);
  const clearSearch = useCallback(() => {
    clearTimeout(debounce.current);
    setSearchTextState('');
    setQuery((q) => (q.text === '' ? q : { ...q, text: '' }));
  }, []);
  const setSearchType = useCallback((type: HistorySearchType) => {
    setQuery((q) => (q.type === type ? q : { ...q, type }));
  }, []);

  const days = useMemo(() => groupHistoryByDay(list.items, now), [list.items, now]);
  return useMemo(
    () => ({
      searchText,
      setSearchText,
      clearSearch,
      searchType: query.type,
      setSearchType,
      items: list.items,
      days,
      status: list.status,
      loadingMore: list.loadingMore,
      hasMore: list.hasMore,
      loadMore,
      refresh: loadFirst,
      error: list.error,
      empty:
        list.status === 'ready' && list.items.length === 0
          ? query.text.trim()
            ? 'noResults'
            : 'noCalls'
          : null,
      downloadRecording: (item: CallHistoryItem, options?: DownloadOptions) =>
        downloadCallRecording(api, item, options),
      downloadTranscript: (item: CallHistoryItem, options?: DownloadOptions) =>
        downloadCallTranscript(api, item, options),
    }),
    [
      searchText,
      setSearchText,
      clearSearch,
      query,
      setSearchType,
      list,
      days,
      loadMore,
      loadFirst,
      api,
    ],
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
  const controller = useVoiceController();
  const [searchText, setSearchText] = useState('');
  const resource = useResource(
    () => controller.api.getLiveCalls(),
    'live-calls',
    LIVE_CALLS_RELOAD_ON,
  );
  const userOnCall = useVoiceSelector(selectUserOnCall);
  const list = useMemo(() => resource.data ?? [], [resource.data]);
  const now = useNow(1000, list.length > 0);
  const rows = useMemo(
    () => filterLiveCalls(list, searchText).map((item) => liveCallRow(item, now, userOnCall)),
    [list, searchText, now, userOnCall],
  );
  const clearSearch = useCallback(() => setSearchText(''), []);
  return useMemo(
    () => ({
      status: resource.status,
      error: resource.error,
      searchText,
      setSearchText,
      clearSearch,
      list,
      rows,
      skeletonRows: LIVE_CALLS_SKELETON_ROWS,
      empty:
        resource.status === 'ready' && rows.length === 0
          ? searchText.trim()
            ? 'noneFound'
            : 'noLiveCalls'
          : null,
      refresh: resource.reload,
      join: (id: string) => controller.joinLiveCall(id),
    }),
    [resource, searchText, clearSearch, list, rows, controller],
  );
}

// ── queues ──────────────────────────────────────────────────────────────────────────────────────

/** The live events the queues reload for: calls queue, ring and end; agents change status. */
const QUEUES_RELOAD_ON: readonly VoiceLiveEventType[] = ['call.updated', 'agent.updated'];

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
  const resource = useResource(
    async () => {
      const getQueues = controller.api.getQueues;
      if (!getQueues) throw new Error('The voice API has no getQueues');
      const list = await getQueues();
      return { list, receivedAt: Date.now() };
    },
    'queues',
    QUEUES_RELOAD_ON,
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
  const list = useMemo(() => resource.data?.list ?? [], [resource.data]);
  const receivedAt = resource.data?.receivedAt ?? 0;
  const now = useNow(
    1000,
    list.some((q) => q.callsWaiting > 0),
  );
  const rows = useMemo(
    () => list.map((item) => queueRow(item, receivedAt, now, served, userFree)),
    [list, receivedAt, now, served, userFree],
  );
  const takeNextCall = useCallback(async () => {
    const routable = controller.getState().agent.options.find((o) => o.type === 'routable');
    if (!routable) throw voiceError('statusUnhandled', { status: 'Available' });
    await controller.setStatus(routable.name);
  }, [controller]);
  return useMemo(
    () => ({
      status: resource.status,
      error: resource.error,
      list,
      rows,
      skeletonRows: QUEUES_SKELETON_ROWS,
      empty: resource.status === 'ready' && list.length === 0,
      refresh: resource.reload,
      takeNextCall,
    }),
    [resource, list, rows, takeNextCall],
  );
}
