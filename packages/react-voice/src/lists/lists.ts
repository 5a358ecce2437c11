/**
 * The agent list and transfer targets as the screens show them: filtering, grouping and ordering
 * rules, badges. Pure functions. (The call history's day headings are in call-history.ts, the
 * live calls in live-calls.ts, the app routes in routes.ts.)
 */
import type {
  AgentConnection,
  AgentContactState,
  StatusListItem,
  TransferAgent,
  TransferGroup,
  TransferQuickConnect,
} from '../api/contract';
import { AGENT_STATE_NAMES } from '../controller/constants';
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

// The call history, live calls and routes have their own files; these names stay importable from here.
export { formatMediumDate, groupHistoryByDay, historyContactName } from './call-history';
export type { CallHistoryDay } from './call-history';
export { filterLiveCalls, liveCallIcon, liveCallRow } from './live-calls';
export type { LiveCallIcon, LiveCallRow } from './live-calls';
export { voiceRoutes } from './routes';
