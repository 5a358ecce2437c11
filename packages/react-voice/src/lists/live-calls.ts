/** The live calls as the screens show them: search, icon, elapsed time and the Join / Ringing button. */
import type { LiveCallItem } from '../api/contract';
import { formatMinutesSeconds } from '../controller/agent-status';

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
