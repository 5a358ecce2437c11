/**
 * The agent list, transfer targets, call history and live calls as the screens show them: filtering, grouping and ordering rules, badges, day headings. Pure functions.
 */
import type {
  AgentConnection,
  AgentContactState,
  CallHistoryItem,
  LiveCallItem,
  StatusListItem,
  TransferAgent,
  TransferGroup,
  TransferQuickConnect,
} from '../api/contract';
import { AGENT_STATE_NAMES, VISITOR_NAME_PREFIX } from '../controller/constants';
import { formatMinutesSeconds } from '../controller/agent-status';
import { voiceMessage } from '../controller/messages';
import type { VoiceMessage, VoiceMessageKey } from '../controller/messages';

// ── badges ──────────────────────────────────────────────────────────────────────────────────────

/** The badge message of each agentContactState. @public */
export const AGENT_CONTACT_STATE_BADGES: Readonly<Record<AgentContactState, VoiceMessageKey>> = {
  CONNECTING: 'badgeRinging',
  CONNECTED: 'badgeOnCall',
  CONNECTED_ONHOLD: 'badgeOnHold',
  ENDED: 'badgeEnded',
  REJECTED: 'badgeRejected',
  MISSED: 'badgeMissed',
  ERROR: 'badgeMissed',
};

/** Clicking these badges (On call, On hold, Ended) opens the related conversation. @public */
export const CONVERSATION_BADGE_STATES: ReadonlySet<AgentContactState> = new Set([
  'CONNECTED',
  'CONNECTED_ONHOLD',
  'ENDED',
]);

/** An agent's live-connection badge, or null without a live contact. @public */
export function agentBadge(connection: AgentConnection | undefined): VoiceMessage | null {
  return connection ? voiceMessage(AGENT_CONTACT_STATE_BADGES[connection.agentContactState]) : null;
}

// ── agent list ──────────────────────────────────────────────────────────────────────────────────

/** What the agent-list rules read of an agent (status list items and transfer agents both have it). @public */
export interface AgentLike {
  /** The agent's status (its name, as the contact centre names it). */
  readonly status: { readonly name: string };
  /** The agent's live connections (empty when none). */
  readonly connections: readonly AgentConnection[];
  /** The agent's name. */
  readonly name: string;
  /** The agent's email address. */
  readonly email: string;
  /** The agent's product id. */
  readonly idAgent: string;
}

/** One row of the agent list: the item, its presence label and its badge. @public */
export interface AgentRow<T> {
  /** The listed item (a status list item or a transfer agent). */
  readonly item: T;
  /** The agent's product id. */
  readonly idAgent: string;
  /** With no live contact: 'On' for Available, 'Off' for Offline, otherwise the status name. */
  readonly presence: VoiceMessage;
  /** The badge by agentContactState of the first live connection, if any. */
  readonly badge: VoiceMessage | null;
  /** The first live connection (its state and communication). */
  readonly connection: AgentConnection | null;
  /** The badge opens the related conversation (On call, On hold, Ended). */
  readonly opensConversation: boolean;
}

/** A group of agents: by status (On, Away, ..., Off) or by team. @public */
export interface AgentGroup<T> {
  /** Stable id (`status:On`, `team:Sales`, `team:`), also the key of its collapsed state. */
  readonly id: string;
  /** The group's heading (the status label, or the team's name). */
  readonly label: VoiceMessage;
  /** The team's emoji (team mode). */
  readonly emoji: string | null;
  /** The group's agents, in order. */
  readonly rows: readonly AgentRow<T>[];
}

/** How the agent list is grouped ('By status', 'By team'). @public */
export type AgentGrouping = 'status' | 'team';

/**
 * Normalises a status list item into the fields the rules read (named, not spread: spreading
 * 2,000 agents costs more than sorting them).
 */
export function statusItemAgent(item: StatusListItem): AgentLike {
  const { idAgent, name, email } = item.agent;
  return { idAgent, name, email, status: item.status, connections: item.connections };
}

/** Normalises a transfer agent into the fields the rules read. */
export function transferAgentLike(agent: TransferAgent): AgentLike {
  return agent;
}

/**
 * Agent search matches name or email, case-insensitively, as a substring.
 * @public
 */
export function matchesAgentSearch(
  agent: Pick<AgentLike, 'name' | 'email'>,
  search: string,
): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return agent.name.toLowerCase().includes(needle) || agent.email.toLowerCase().includes(needle);
}

/** Team search matches the name, case-insensitively. @public */
export function matchesTeamSearch(team: { readonly name: string }, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || team.name.toLowerCase().includes(needle);
}

/**
 * The agent list excludes the current user and includes only agents present among the active
 * quick-connect endpoints (the transfer agents).
 * @public
 */
export function visibleAgents(
  list: readonly StatusListItem[],
  options: {
    readonly currentIdAgent: string | null;
    readonly quickConnectAgentIds: ReadonlySet<string> | null;
  },
): StatusListItem[] {
  return list.filter(
    (item) =>
      item.agent.idAgent !== options.currentIdAgent &&
      (options.quickConnectAgentIds === null ||
        options.quickConnectAgentIds.has(item.agent.idAgent)),
  );
}

function presenceOf(status: string): VoiceMessage {
  if (status === AGENT_STATE_NAMES.available) return voiceMessage('statusOn');
  if (status === AGENT_STATE_NAMES.offline) return voiceMessage('statusOff');
  return voiceMessage('statusName', { name: status });
}

function rowOf<T>(item: T, agent: AgentLike): AgentRow<T> {
  const connection = agent.connections[0] ?? null;
  return {
    item,
    idAgent: agent.idAgent,
    presence: presenceOf(agent.status.name),
    badge: agentBadge(connection ?? undefined),
    connection,
    opensConversation:
      connection !== null && CONVERSATION_BADGE_STATES.has(connection.agentContactState),
  };
}

/**
 * Within a group: available agents without a contact, then available agents on a contact, then
 * Away, then others, Offline last.
 */
function agentRank(agent: AgentLike): number {
  const status = agent.status.name;
  if (status === AGENT_STATE_NAMES.available) return agent.connections.length === 0 ? 0 : 1;
  if (status === AGENT_STATE_NAMES.away) return 2;
  if (status === AGENT_STATE_NAMES.offline) return 4;
  return 3;
}

/**
 * The sort key of a name: lower case, accents removed (`Émile` sorts with `emile`). Cheaper than
 * `localeCompare`, whose collator costs about as much as the rest of a 2,000-agent list's first
 * render to set up.
 */
function nameKey(name: string): string {
  // eslint-disable-next-line no-control-regex -- ASCII test
  const ascii = !/[^\x00-\x7f]/.test(name);
  return (ascii ? name : name.normalize('NFD').replace(/[\u0300-\u036f]/g, '')).toLowerCase();
}

/** Alphabetical order of names: case- and accent-insensitive, then exact (a total order). */
function compareNames(a: string, b: string): number {
  const x = nameKey(a);
  const y = nameKey(b);
  if (x !== y) return x < y ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

/** The order within a group: by rank, then by name. @public */
export function compareAgents(a: AgentLike, b: AgentLike): number {
  return agentRank(a) - agentRank(b) || compareNames(a.name, b.name);
}

/**
 * Sorts a group's members as {@link compareAgents} does, with each rank and name key computed
 * once (a group can hold thousands of agents), and makes their rows.
 */
function sortedRows<T>(members: readonly { agent: AgentLike; item: T }[]): AgentRow<T>[] {
  const ranks = members.map((m) => agentRank(m.agent));
  const keys = members.map((m) => nameKey(m.agent.name));
  const order = members.map((_, i) => i);
  order.sort((i, j) => {
    if (ranks[i] !== ranks[j]) return ranks[i]! - ranks[j]!;
    const x = keys[i]!;
    const y = keys[j]!;
    if (x !== y) return x < y ? -1 : 1;
    const a = members[i]!.agent.name;
    const b = members[j]!.agent.name;
    return a === b ? 0 : a < b ? -1 : 1;
  });
  return order.map((i) => rowOf(members[i]!.item, members[i]!.agent));
}

/** Status group order: On, Away, other (alphabetical), Off. */
function statusGroupRank(status: string): number {
  if (status === AGENT_STATE_NAMES.available) return 0;
  if (status === AGENT_STATE_NAMES.away) return 1;
  if (status === AGENT_STATE_NAMES.offline) return 3;
  return 2;
}

/**
 * Groups agents by status: Available goes to On, Offline to Off, others to a group per status
 * name; groups ordered On, Away, other, Off; agents ordered by {@link compareAgents}.
 * @public
 */
export function groupAgentsByStatus<T>(
  items: readonly T[],
  toAgent: (item: T) => AgentLike,
): AgentGroup<T>[] {
  const groups = new Map<string, { agent: AgentLike; item: T }[]>();
  for (const item of items) {
    const agent = toAgent(item);
    const key = agent.status.name;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = []));
    group.push({ agent, item });
  }
  return [...groups.entries()]
    .sort(([a], [b]) => statusGroupRank(a) - statusGroupRank(b) || compareNames(a, b))
    .map(([status, members]) => ({
      id: `status:${status}`,
      label: presenceOf(status),
      emoji: null,
      rows: sortedRows(members),
    }));
}

/**
 * Groups agents by team name, 'No team' last, the rest alphabetical; agents ordered by
 * {@link compareAgents}.
 * @public
 */
export function groupAgentsByTeam(items: readonly StatusListItem[]): AgentGroup<StatusListItem>[] {
  const groups = new Map<
    string,
    { emoji: string | null; members: { agent: AgentLike; item: StatusListItem }[] }
  >();
  for (const item of items) {
    const name = item.team?.name ?? '';
    let group = groups.get(name);
    if (!group) groups.set(name, (group = { emoji: item.team?.emoji ?? null, members: [] }));
    group.members.push({ agent: statusItemAgent(item), item });
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : 0) - (b === '' ? 1 : 0) || compareNames(a, b))
    .map(([name, group]) => ({
      id: `team:${name}`,
      label: name === '' ? voiceMessage('noTeam') : voiceMessage('teamName', { name }),
      emoji: group.emoji,
      rows: sortedRows(group.members),
    }));
}

/** The agents badge of the transfer modal: agents across all filtered groups. @public */
export function countAgents(groups: readonly AgentGroup<unknown>[]): number {
  return groups.reduce((n, g) => n + g.rows.length, 0);
}

/** Transfer groups (teams) matching the search (team search matches the name). @public */
export function filterTransferGroups(
  groups: readonly TransferGroup[],
  search: string,
): TransferGroup[] {
  return groups.filter((g) => matchesTeamSearch(g, search));
}

/**
 * The queue and external-number quick connects matching the search (by name, or by the digits of
 * an external number), queues first, each kind by name.
 * @public
 */
export function filterTransferQuickConnects(
  quickConnects: readonly TransferQuickConnect[],
  search: string,
): TransferQuickConnect[] {
  const digits = search.replace(/\D/g, '');
  return quickConnects
    .filter(
      (q) =>
        matchesTeamSearch(q, search) ||
        (digits !== '' && (q.phoneNumber ?? '').replace(/\D/g, '').includes(digits)),
    )
    .sort(
      (a, b) =>
        (a.type === 'queue' ? 0 : 1) - (b.type === 'queue' ? 0 : 1) || a.name.localeCompare(b.name),
    );
}

// ── call history ────────────────────────────────────────────────────────────────────────────────

/** A day of the call history: Today, Yesterday or a medium date. @public */
export interface CallHistoryDay {
  /** `YYYY-MM-DD` in local time. */
  readonly day: string;
  /** Which label the day has. */
  readonly kind: 'today' | 'yesterday' | 'date';
  /** 'Today', 'Yesterday', or the day as a medium date (English; format `date` for other locales). */
  readonly label: VoiceMessage;
  /** Local midnight of the day (epoch ms), to format in another locale. */
  readonly date: number;
  /** The day's calls, newest first. */
  readonly items: readonly CallHistoryItem[];
}

function localDay(time: number): string {
  const d = new Date(time);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function localMidnight(time: number): number {
  const d = new Date(time);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** A medium date in English (`Nov 23, 2026`). @public */
export function formatMediumDate(time: number, locale = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(time);
}

/**
 * Groups history items (newest first) by local day, headed Today, Yesterday or a medium date.
 * @public
 */
export function groupHistoryByDay(
  items: readonly CallHistoryItem[],
  now: number,
): CallHistoryDay[] {
  const today = localDay(now);
  const midnight = localMidnight(now);
  const yesterday = localDay(new Date(midnight).setDate(new Date(midnight).getDate() - 1));
  const days: { day: string; date: number; items: CallHistoryItem[] }[] = [];
  for (const item of items) {
    const time = Date.parse(item.createdAt);
    const day = localDay(time);
    const last = days[days.length - 1];
    if (last?.day === day) last.items.push(item);
    else days.push({ day, date: localMidnight(time), items: [item] });
  }
  return days.map(({ day, date, items: dayItems }) => {
    const kind = day === today ? 'today' : day === yesterday ? 'yesterday' : 'date';
    return {
      day,
      kind,
      date,
      items: dayItems,
      label:
        kind === 'today'
          ? voiceMessage('today')
          : kind === 'yesterday'
            ? voiceMessage('yesterday')
            : voiceMessage('mediumDate', { date: formatMediumDate(date) }),
    };
  });
}

/**
 * The name to show for a history item's contact: a name starting with the visitor prefix is shown
 * as the phone.
 * @public
 */
export function historyContactName(
  item: Pick<CallHistoryItem, 'contact' | 'contactPhoneNumber'>,
  formatPhoneNumber?: (phoneNumber: string) => string,
): string {
  const { name, phone } = item.contact;
  if (!name.toLowerCase().startsWith(VISITOR_NAME_PREFIX)) return name;
  const number = phone ?? item.contactPhoneNumber;
  if (!number) return name;
  return formatPhoneNumber ? formatPhoneNumber(number) : number;
}

// ── live calls ──────────────────────────────────────────────────────────────────────────────────

/** The icon of a live call by connection type. @public */
export type LiveCallIcon = 'phone-incoming' | 'phone-outgoing' | 'transfer';

/** A live-call row. @public */
export interface LiveCallRow {
  /** The live call. */
  readonly item: LiveCallItem;
  /** The live call's contact id. */
  readonly idCommunication: string;
  /** The icon by connection type. */
  readonly icon: LiveCallIcon;
  /** Elapsed time since the connection's state began, mm:ss. */
  readonly elapsed: string;
  /**
   * `ringing`: a disabled 'Ringing' button; `join`: 'Join' (disabled while the user is on a call);
   * null: no button.
   */
  readonly action: 'ringing' | 'join' | null;
  /** The button is disabled (always for 'Ringing'; 'Join' while the user is on a call). */
  readonly actionDisabled: boolean;
}

/** The icon by connection type: inbound phone-incoming, outbound phone-outgoing, else transfer. @public */
export function liveCallIcon(type: LiveCallItem['connection']['type']): LiveCallIcon {
  if (type === 'inbound') return 'phone-incoming';
  if (type === 'outbound') return 'phone-outgoing';
  return 'transfer';
}

/** Live calls whose agent or contact name matches the search ('Search agent or contact'). @public */
export function filterLiveCalls(list: readonly LiveCallItem[], search: string): LiveCallItem[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...list];
  return list.filter(
    (item) =>
      item.contact.name.toLowerCase().includes(needle) ||
      (item.agent?.name.toLowerCase().includes(needle) ?? false),
  );
}

/**
 * One live-call row: a ringing call shows a disabled 'Ringing' button; a connected or
 * connected-on-hold call shows 'Join', disabled when the current user is already on a call.
 * @public
 */
export function liveCallRow(item: LiveCallItem, now: number, userOnCall: boolean): LiveCallRow {
  const state = item.connection.agentContactState;
  const action =
    state === 'CONNECTING'
      ? 'ringing'
      : state === 'CONNECTED' || state === 'CONNECTED_ONHOLD'
        ? 'join'
        : null;
  return {
    item,
    idCommunication: item.connection.idCommunication,
    icon: liveCallIcon(item.connection.type),
    elapsed: formatMinutesSeconds(now - Date.parse(item.connection.timestamp)),
    action,
    actionDisabled: action === 'ringing' || (action === 'join' && userOnCall),
  };
}

// ── navigation ─────────────────────────────────────────────────────────────

/**
 * The app routes the voice screens link to, under `/ws/{slug}/`. Each returns null when an id
 * it needs is missing: transcript, recording and conversation navigation then do nothing.
 * @public
 */
export const voiceRoutes = {
  /** `inbox/all/conversations/{conversationId}` ('View conversation in inbox', 'View more details'). */
  conversation(slug: string, idConversation: string | null | undefined): string | null {
    return idConversation
      ? `/ws/${encodeURIComponent(slug)}/inbox/all/conversations/${encodeURIComponent(idConversation)}`
      : null;
  },
  /**
   * `inbox/all/conversations/{idConversation}/part/{idPart}`: the recording of a call part; with
   * `transcript` the query gets `transcript=1`, merged with any existing query.
   */
  callPart(
    slug: string,
    ids: { readonly idConversation: string | null; readonly idPart: string | null },
    options: { readonly transcript?: boolean; readonly query?: string } = {},
  ): string | null {
    if (!ids.idConversation || !ids.idPart) return null;
    const query = new URLSearchParams(options.query ?? '');
    if (options.transcript) query.set('transcript', '1');
    const search = query.toString();
    return `/ws/${encodeURIComponent(slug)}/inbox/all/conversations/${encodeURIComponent(ids.idConversation)}/part/${encodeURIComponent(ids.idPart)}${search ? `?${search}` : ''}`;
  },
  /** `contacts/users/profile/{id}` ('Open contact page', 'Open user profile'). */
  contactProfile(slug: string, id: string | null | undefined): string | null {
    return id
      ? `/ws/${encodeURIComponent(slug)}/contacts/users/profile/${encodeURIComponent(id)}`
      : null;
  },
  /** `contacts/users`: the 'Users' button of the empty call history. */
  contactsUsers(slug: string): string {
    return `/ws/${encodeURIComponent(slug)}/contacts/users`;
  },
} as const;
