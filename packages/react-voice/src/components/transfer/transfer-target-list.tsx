/**
 * The transfer modal's target lists: the rows of each tab (agents grouped by status, teams, quick
 * connects under their headings), the virtualised list that shows them, and its loading rows.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowRightLeft, ListOrdered, Phone, UsersRound } from 'lucide-react';
import { useRef } from 'react';
import type { ReactElement } from 'react';
import type { TransferAgent, TransferGroup, TransferQuickConnect } from '../../api/contract';
import { TRANSFER_MODAL_WIDTH, TRANSFER_LIST_MAX_HEIGHT } from '../../controller/constants';
import type { TransferTarget } from '../../controller/types';
import { formatPhoneNumber } from '../../dialer/phone-numbers';
import { useVoiceMessages } from '../../i18n/context';
import type { AgentGroup } from '../../lists/lists';
import { VoiceAvatar } from '../../ui/avatar';
import { VoiceBadge } from '../../ui/badge';
import { VoiceSkeleton } from '../../ui/skeleton';

/** Row heights of the virtual list (px). */
const HEADING_HEIGHT = 32;
const ROW_HEIGHT = 56;

/** One row of a target list: a heading, an agent, a team or a quick connect. */
export type Row =
  | { readonly kind: 'heading'; readonly key: string; readonly label: string }
  | {
      readonly kind: 'agent';
      readonly key: string;
      readonly group: AgentGroup<TransferAgent>;
      readonly index: number;
    }
  | { readonly kind: 'team'; readonly key: string; readonly team: TransferGroup }
  | {
      readonly kind: 'quickConnect';
      readonly key: string;
      readonly quickConnect: TransferQuickConnect;
    };

/** The virtualised list of one tab (agents grouped by status, or teams). */
export function TargetList(props: {
  readonly rows: readonly Row[];
  readonly label: string;
  readonly pending: string | null;
  readonly onSelect: (target: TransferTarget) => void;
}): ReactElement {
  const { rows, label, pending, onSelect } = props;
  const { t } = useVoiceMessages();
  const scrollRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual returns functions that the React Compiler must not memoise.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (rows[i]!.kind === 'heading' ? HEADING_HEIGHT : ROW_HEIGHT),
    overscan: 8,
    initialRect: { width: TRANSFER_MODAL_WIDTH, height: TRANSFER_LIST_MAX_HEIGHT },
  });
  return (
    <div
      ref={scrollRef}
      className="xv-transfer__scroll"
      style={{ maxHeight: TRANSFER_LIST_MAX_HEIGHT }}
      aria-label={label}
      role="group"
      data-testid="transfer-list"
    >
      <div className="xv-transfer__sizer" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          const style = { height: item.size, transform: `translateY(${item.start}px)` };
          if (row.kind === 'heading') {
            return (
              <h3 key={row.key} className="xv-transfer__heading" style={style}>
                {row.label}
              </h3>
            );
          }
          if (row.kind === 'quickConnect') {
            const { quickConnect: q } = row;
            const phone = q.type === 'phoneNumber';
            return (
              <div key={row.key} className="xv-transfer__row" style={style}>
                <button
                  type="button"
                  className="xv-transfer__target"
                  data-testid="transfer-target"
                  data-kind={q.type}
                  disabled={pending !== null}
                  aria-busy={pending === q.endpointId || undefined}
                  onClick={() => onSelect({ endpointId: q.endpointId, name: q.name })}
                >
                  <span className="xv-transfer__team-icon" aria-hidden="true">
                    {phone ? <Phone size={16} /> : <ListOrdered size={16} />}
                  </span>
                  <span className="xv-transfer__who">
                    <span className="xv-visually-hidden">{t('transferTarget')} </span>
                    <span className="xv-transfer__name">{q.name}</span>
                    {phone && q.phoneNumber ? (
                      <span className="xv-transfer__meta">{formatPhoneNumber(q.phoneNumber)}</span>
                    ) : (
                      q.description && <span className="xv-transfer__meta">{q.description}</span>
                    )}
                  </span>
                  <ArrowRightLeft size={16} aria-hidden="true" className="xv-transfer__go" />
                </button>
              </div>
            );
          }
          if (row.kind === 'team') {
            const { team } = row;
            return (
              <div key={row.key} className="xv-transfer__row" style={style}>
                <button
                  type="button"
                  className="xv-transfer__target"
                  data-testid="transfer-target"
                  disabled={pending !== null}
                  aria-busy={pending === team.endpointId || undefined}
                  onClick={() => onSelect({ endpointId: team.endpointId, name: team.name })}
                >
                  <span className="xv-transfer__team-icon" aria-hidden="true">
                    <UsersRound size={16} />
                  </span>
                  <span className="xv-transfer__who">
                    <span className="xv-visually-hidden">{t('transferTarget')} </span>
                    <span className="xv-transfer__name">{team.name}</span>
                    {team.description && (
                      <span className="xv-transfer__meta">{team.description}</span>
                    )}
                  </span>
                  <ArrowRightLeft size={16} aria-hidden="true" className="xv-transfer__go" />
                </button>
              </div>
            );
          }
          const agentRow = row.group.rows[row.index]!;
          const agent = agentRow.item;
          return (
            <div key={row.key} className="xv-transfer__row" style={style}>
              <button
                type="button"
                className="xv-transfer__target"
                data-testid="transfer-target"
                disabled={pending !== null}
                aria-busy={pending === agent.endpointId || undefined}
                onClick={() => onSelect({ endpointId: agent.endpointId, name: agent.name })}
              >
                <VoiceAvatar name={agent.name} src={agent.avatarURL} size={32} />
                <span className="xv-transfer__who">
                  <span className="xv-visually-hidden">{t('transferTarget')} </span>
                  <span className="xv-transfer__name">{agent.name}</span>
                  <span className="xv-transfer__meta">{agent.email}</span>
                </span>
                {agentRow.badge ? (
                  <VoiceBadge tone="warning">{t(agentRow.badge)}</VoiceBadge>
                ) : (
                  <VoiceBadge tone={agentRow.presence.key === 'statusOn' ? 'success' : 'neutral'}>
                    {t(agentRow.presence)}
                  </VoiceBadge>
                )}
              </button>
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The placeholder rows while the targets load. */
export function LoadingRows(): ReactElement {
  const { t } = useVoiceMessages();
  return (
    <div className="xv-transfer__loading" aria-busy="true" data-state="loading">
      <span className="xv-visually-hidden">{t('loading')}</span>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="xv-transfer__skeleton">
          <VoiceSkeleton circle width={32} height={32} />
          <span className="xv-transfer__who">
            <VoiceSkeleton width={140} height={12} />
            <VoiceSkeleton width={180} height={10} />
          </span>
        </div>
      ))}
    </div>
  );
}

/** The agents' rows: each status group under its heading. */
export function agentRows(
  groups: readonly AgentGroup<TransferAgent>[],
  t: (m: AgentGroup<TransferAgent>['label']) => string,
): Row[] {
  const rows: Row[] = [];
  for (const group of groups) {
    rows.push({ kind: 'heading', key: `h:${group.id}`, label: t(group.label) });
    group.rows.forEach((r, index) =>
      rows.push({ kind: 'agent', key: `a:${r.idAgent}`, group, index }),
    );
  }
  return rows;
}

/** The quick connects' rows: queues, then external numbers, each under its heading. */
export function quickConnectRows(
  quickConnects: readonly TransferQuickConnect[],
  t: (key: 'transferQueues' | 'transferExternalNumbers') => string,
): Row[] {
  const rows: Row[] = [];
  for (const [type, label] of [
    ['queue', t('transferQueues')],
    ['phoneNumber', t('transferExternalNumbers')],
  ] as const) {
    const ofType = quickConnects.filter((q) => q.type === type);
    if (ofType.length === 0) continue;
    rows.push({ kind: 'heading', key: `h:${type}`, label });
    for (const q of ofType) rows.push({ kind: 'quickConnect', key: `q:${q.id}`, quickConnect: q });
  }
  return rows;
}
