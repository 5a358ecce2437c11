import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowRightLeft, ListOrdered, Phone, RefreshCw, Users, UsersRound, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import type { TransferAgent, TransferGroup, TransferQuickConnect } from '../../api/contract';
import { TRANSFER_MODAL_WIDTH, TRANSFER_LIST_MAX_HEIGHT } from '../../controller/constants';
import { messageOf } from '../../controller/errors';
import type { TransferTarget } from '../../controller/types';
import { formatPhoneNumber } from '../../dialer/phone-numbers';
import { useVoiceMessages } from '../../i18n/context';
import type { AgentGroup } from '../../lists/lists';
import { useTransferTargets } from '../../react/list-hooks';
import type { UseTransferTargetsResult } from '../../react/list-hooks';
import { VoiceAvatar } from '../../ui/avatar';
import { VoiceBadge } from '../../ui/badge';
import { VoiceButton } from '../../ui/button';
import { VoiceDialog } from '../../ui/dialog';
import { VoiceEmptyState } from '../../ui/empty-state';
import { IconButton } from '../../ui/icon-button';
import { VoiceSearchInput } from '../../ui/search-input';
import { VoiceSelect } from '../../ui/select';
import { VoiceSkeleton } from '../../ui/skeleton';
import { VoiceTabs, VoiceTabsContent, VoiceTabsList, VoiceTabsTrigger } from '../../ui/tabs';
import { Dialer } from '../dialer/dialer';

/** Row heights of the virtual list (px). */
const HEADING_HEIGHT = 32;
const ROW_HEIGHT = 56;

/**
 * The transfer modal's tabs: `agents` and `groups` (the specification's), `quickConnects` (the
 * contact centre's queues and external numbers) and `number` (a number typed by the agent).
 * @public
 */
export type TransferTab = 'agents' | 'groups' | 'quickConnects' | 'number';

/** Props of {@link TransferModal}. @public */
export interface TransferModalProps {
  /** Whether the modal is open (controlled). */
  readonly open: boolean;
  /** Called when the modal asks to open or close (Escape, the close button, after a transfer). */
  readonly onOpenChange: (open: boolean) => void;
  /**
   * `dialog` (default): the 480 px modal with tabs, search and lists. `dropdown`: the mobile
   * variant, one native select of agents and teams shown in place.
   */
  readonly variant?: 'dialog' | 'dropdown';
  /** The tab shown first (default `agents`). */
  readonly defaultTab?: TransferTab;
  /** The country of numbers typed without their country code (the workspace's default country). */
  readonly defaultCountry?: string | null;
  /** Called after a successful transfer (the modal then closes). */
  readonly onTransferred?: (target: TransferTarget) => void;
}

type Row =
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

/** Transfers, then closes; keeps the refusal to show it. */
function useTransferAction(
  targets: UseTransferTargetsResult,
  onDone: (target: TransferTarget) => void,
) {
  const { t } = useVoiceMessages();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const select = (target: TransferTarget): void => {
    if (pending) return;
    setPending(target.endpointId);
    setError(null);
    targets.transfer(target).then(
      () => {
        setPending(null);
        onDone(target);
      },
      (e: unknown) => {
        setPending(null);
        setError(t(messageOf(e)));
      },
    );
  };
  return { pending, error, select };
}

/** The virtualised list of one tab (agents grouped by status, or teams). */
function TargetList(props: {
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

function LoadingRows(): ReactElement {
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

function agentRows(
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
function quickConnectRows(
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

/** The dialog variant's body: tabs, search, lists. */
function TransferDialogBody(props: {
  readonly targets: UseTransferTargetsResult;
  readonly defaultTab: TransferTab;
  readonly pending: string | null;
  readonly error: string | null;
  readonly onSelect: (target: TransferTarget) => void;
  readonly defaultCountry: string | null;
  readonly onAdded: (number: string) => void;
}): ReactElement {
  const { targets, defaultTab, pending, error, onSelect, defaultCountry, onAdded } = props;
  const { t } = useVoiceMessages();
  const [tab, setTab] = useState<TransferTab>(defaultTab);
  const ready = targets.status === 'ready';
  const searching = targets.search.trim() !== '';
  const body = (which: TransferTab): ReactElement => {
    if (targets.status === 'error') {
      return (
        <VoiceEmptyState
          tone="error"
          icon={<Users size={20} />}
          title={t('loadFailed')}
          description={targets.error ? t(targets.error) : undefined}
          action={
            <VoiceButton size="sm" onClick={() => void targets.refresh()}>
              {t('retry')}
            </VoiceButton>
          }
        />
      );
    }
    if (!ready) return <LoadingRows />;
    if (which === 'quickConnects') {
      if (targets.quickConnectCount === 0)
        return (
          <VoiceEmptyState
            icon={<ListOrdered size={20} />}
            title={t(searching ? 'noQuickConnectsFound' : 'noQuickConnects')}
          />
        );
      return (
        <TargetList
          rows={quickConnectRows(targets.quickConnects, (k) => t(k))}
          label={t('transferQuickConnects')}
          pending={pending}
          onSelect={onSelect}
        />
      );
    }
    if (which === 'agents') {
      if (targets.agentCount === 0)
        return (
          <VoiceEmptyState
            icon={<Users size={20} />}
            title={t(searching ? 'noAgentsFound' : 'noCallAgents')}
          />
        );
      return (
        <TargetList
          rows={agentRows(targets.agentGroups, (m) => t(m))}
          label={t('transferAgents')}
          pending={pending}
          onSelect={onSelect}
        />
      );
    }
    if (targets.groupCount === 0)
      return (
        <VoiceEmptyState
          icon={<UsersRound size={20} />}
          title={t(searching ? 'noTeamsFound' : 'noCallTeams')}
        />
      );
    return (
      <TargetList
        rows={targets.groups.map((team) => ({ kind: 'team', key: `t:${team.id}`, team }))}
        label={t('transferTeams')}
        pending={pending}
        onSelect={onSelect}
      />
    );
  };
  return (
    <div className="xv-transfer" data-state={targets.status}>
      {tab !== 'number' && (
        <VoiceSearchInput
          value={targets.search}
          onValueChange={targets.setSearch}
          placeholder={t('search')}
          data-autofocus=""
        />
      )}
      {error && (
        <p className="xv-transfer__error" role="alert">
          {error}
        </p>
      )}
      <VoiceTabs value={tab} onValueChange={(v) => setTab(v as TransferTab)}>
        <VoiceTabsList aria-label={t('transferCall')}>
          <VoiceTabsTrigger value="agents" count={ready ? targets.agentCount : undefined}>
            {t('transferAgents')}
          </VoiceTabsTrigger>
          <VoiceTabsTrigger value="groups" count={ready ? targets.groupCount : undefined}>
            {t('transferTeams')}
          </VoiceTabsTrigger>
          <VoiceTabsTrigger
            value="quickConnects"
            count={ready ? targets.quickConnectCount : undefined}
          >
            {t('transferQuickConnects')}
          </VoiceTabsTrigger>
          <VoiceTabsTrigger value="number">{t('transferNumberTab')}</VoiceTabsTrigger>
        </VoiceTabsList>
        <VoiceTabsContent value="agents">{body('agents')}</VoiceTabsContent>
        <VoiceTabsContent value="groups">{body('groups')}</VoiceTabsContent>
        <VoiceTabsContent value="quickConnects">{body('quickConnects')}</VoiceTabsContent>
        <VoiceTabsContent value="number">
          {tab === 'number' && (
            <Dialer
              mode="addToCall"
              defaultCountry={defaultCountry}
              storage={null}
              onCalled={onAdded}
            />
          )}
        </VoiceTabsContent>
      </VoiceTabs>
    </div>
  );
}

/** The open dialog: loads the targets when it opens (and on refresh). */
function TransferDialog(
  props: TransferModalProps & { readonly defaultTab: TransferTab },
): ReactElement {
  const { onOpenChange, defaultTab, onTransferred, defaultCountry = null } = props;
  const { t } = useVoiceMessages();
  const targets = useTransferTargets();
  const { pending, error, select } = useTransferAction(targets, (target) => {
    onTransferred?.(target);
    onOpenChange(false);
  });
  const onAdded = (number: string): void => {
    onTransferred?.({ endpointId: number, name: number });
    onOpenChange(false);
  };
  return (
    <VoiceDialog
      open
      onOpenChange={onOpenChange}
      title={t('transferCall')}
      width={TRANSFER_MODAL_WIDTH}
      testId="transfer-modal"
      className="xv-transfer-modal"
      headerActions={
        <IconButton
          label={t('refresh')}
          icon={<RefreshCw size={16} aria-hidden="true" />}
          disabled={targets.status === 'loading'}
          onClick={() => void targets.refresh()}
        />
      }
    >
      <TransferDialogBody
        targets={targets}
        defaultTab={defaultTab}
        pending={pending}
        error={error}
        onSelect={select}
        defaultCountry={defaultCountry}
        onAdded={onAdded}
      />
    </VoiceDialog>
  );
}

/** The mobile dropdown variant: one native select of agents (by status) and teams, in place. */
function TransferDropdown(props: TransferModalProps): ReactElement {
  const { onOpenChange, onTransferred, defaultCountry = null } = props;
  const { t } = useVoiceMessages();
  const id = useId();
  const targets = useTransferTargets();
  const { pending, error, select } = useTransferAction(targets, (target) => {
    onTransferred?.(target);
    onOpenChange(false);
  });
  const byEndpoint = new Map<string, TransferTarget>();
  for (const group of targets.agentGroups)
    for (const row of group.rows)
      byEndpoint.set(row.item.endpointId, { endpointId: row.item.endpointId, name: row.item.name });
  for (const team of targets.groups)
    byEndpoint.set(team.endpointId, { endpointId: team.endpointId, name: team.name });
  for (const q of targets.quickConnects)
    byEndpoint.set(q.endpointId, { endpointId: q.endpointId, name: q.name });
  const ready = targets.status === 'ready';
  return (
    <div
      className="xv xv-transfer-dropdown"
      data-testid="transfer-dropdown"
      data-state={targets.status}
    >
      <div className="xv-transfer-dropdown__header">
        <label htmlFor={id} className="xv-transfer-dropdown__label">
          {t('transferCall')}
        </label>
        <IconButton
          size="sm"
          label={t('refresh')}
          icon={<RefreshCw size={14} aria-hidden="true" />}
          disabled={targets.status === 'loading'}
          onClick={() => void targets.refresh()}
        />
        <IconButton
          size="sm"
          label={t('close')}
          icon={<X size={14} aria-hidden="true" />}
          onClick={() => onOpenChange(false)}
        />
      </div>
      <VoiceSelect
        id={id}
        value=""
        disabled={!ready || pending !== null}
        aria-busy={!ready || pending !== null || undefined}
        onChange={(e) => {
          const target = byEndpoint.get(e.target.value);
          if (target) select(target);
        }}
      >
        <option value="" disabled>
          {ready ? t('transferChoose') : t('loading')}
        </option>
        {targets.agentCount === 0 ? (
          <optgroup label={t('transferAgents')}>
            <option disabled>{t('noCallAgents')}</option>
          </optgroup>
        ) : (
          targets.agentGroups.map((group) => (
            <optgroup key={group.id} label={`${t('transferAgents')} · ${t(group.label)}`}>
              {group.rows.map((row) => (
                <option key={row.idAgent} value={row.item.endpointId}>
                  {row.item.name}
                </option>
              ))}
            </optgroup>
          ))
        )}
        <optgroup label={t('transferTeams')}>
          {targets.groupCount === 0 ? (
            <option disabled>{t('noCallTeams')}</option>
          ) : (
            targets.groups.map((team) => (
              <option key={team.id} value={team.endpointId}>
                {team.name}
              </option>
            ))
          )}
        </optgroup>
        {(['queue', 'phoneNumber'] as const).map((type) => {
          const ofType = targets.quickConnects.filter((q) => q.type === type);
          if (ofType.length === 0) return null;
          return (
            <optgroup
              key={type}
              label={t(type === 'queue' ? 'transferQueues' : 'transferExternalNumbers')}
            >
              {ofType.map((q) => (
                <option key={q.id} value={q.endpointId}>
                  {q.type === 'phoneNumber' && q.phoneNumber
                    ? `${q.name} (${formatPhoneNumber(q.phoneNumber)})`
                    : q.name}
                </option>
              ))}
            </optgroup>
          );
        })}
      </VoiceSelect>
      {(error ?? (targets.status === 'error' && targets.error)) && (
        <p className="xv-transfer__error" role="alert">
          {error ?? (targets.error ? t(targets.error) : t('loadFailed'))}
        </p>
      )}
      <Dialer
        mode="addToCall"
        defaultCountry={defaultCountry}
        storage={null}
        onCalled={(number) => {
          onTransferred?.({ endpointId: number, name: number });
          onOpenChange(false);
        }}
      />
    </div>
  );
}

/**
 * The transfer call modal: 'Transfer call', 480 px wide, a refresh button and a close action,
 * a search box, and the tabs 'Agents' and 'Teams' (values `agents` and `groups`), each with a count
 * badge — agents across all filtered status groups; the filtered teams — then 'Quick connects'
 * (`quickConnects`: the contact centre's queues and external numbers, under the headings 'Queues'
 * and 'External numbers', with their count) and 'Number' (`number`: a number typed as people write
 * it, added to the call as an external party with 'Add to call'). Lists are virtualised
 * (TanStack Virtual) in an area at most 580 px high. Selecting a target transfers the call and then
 * closes the modal; a refusal ('Endpoint to transfer call not found') is shown in it. Empty states:
 * 'No call agents', 'No agents found', 'No call teams', 'No teams found', 'No quick connects',
 * 'No quick connects found'. The `dropdown` variant (phones) is one native select shown in place,
 * with the number field under it. Targets load when it opens.
 * @public
 */
export function TransferModal(props: TransferModalProps): ReactElement | null {
  const { open, variant = 'dialog', defaultTab = 'agents' } = props;
  if (!open) return null;
  return variant === 'dropdown' ? (
    <TransferDropdown {...props} />
  ) : (
    <TransferDialog {...props} defaultTab={defaultTab} />
  );
}
