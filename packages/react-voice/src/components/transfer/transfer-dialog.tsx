/** The transfer modal's dialog variant: tabs (agents, teams, quick connects, number), search and lists. */
import { ListOrdered, RefreshCw, Users, UsersRound } from 'lucide-react';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { TRANSFER_MODAL_WIDTH } from '../../controller/constants';
import type { TransferTarget } from '../../controller/types';
import { useVoiceMessages } from '../../i18n/context';
import { useTransferTargets } from '../../react/list-hooks';
import type { UseTransferTargetsResult } from '../../react/list-hooks';
import { VoiceButton } from '../../ui/button';
import { VoiceDialog } from '../../ui/dialog';
import { VoiceEmptyState } from '../../ui/empty-state';
import { IconButton } from '../../ui/icon-button';
import { VoiceSearchInput } from '../../ui/search-input';
import { VoiceTabs, VoiceTabsContent, VoiceTabsList, VoiceTabsTrigger } from '../../ui/tabs';
import { Dialer } from '../dialer/dialer';
import type { TransferModalProps, TransferTab } from './transfer-modal';
import { LoadingRows, TargetList, agentRows, quickConnectRows } from './transfer-target-list';
import { useTransferAction } from './use-transfer-action';

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
export function TransferDialog(
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
