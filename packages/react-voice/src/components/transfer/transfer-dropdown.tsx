/** The transfer modal's dropdown variant (phones): one native select of the targets, and the number field. */
import { RefreshCw, X } from 'lucide-react';
import { useId } from 'react';
import type { ReactElement } from 'react';
import type { TransferTarget } from '../../controller/types';
import { formatPhoneNumber } from '../../dialer/phone-numbers';
import { useVoiceMessages } from '../../i18n/context';
import { useTransferTargets } from '../../react/list-hooks';
import { IconButton } from '../../ui/icon-button';
import { VoiceSelect } from '../../ui/select';
import { Dialer } from '../dialer/dialer';
import type { TransferModalProps } from './transfer-modal';
import { useTransferAction } from './use-transfer-action';

/** The mobile dropdown variant: one native select of agents (by status) and teams, in place. */
export function TransferDropdown(props: TransferModalProps): ReactElement {
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
