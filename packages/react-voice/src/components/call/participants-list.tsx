import { Mic, MicOff, Pause, Play, UserMinus } from 'lucide-react';
import { useId } from 'react';
import type { ReactElement } from 'react';
import { formatMinutesSeconds } from '../../controller/agent-status';
import type { Participant } from '../../controller/types';
import { formatPhoneNumber } from '../../dialer/phone-numbers';
import { useVoiceMessages } from '../../i18n/context';
import { useParticipants } from '../../react/hooks';
import { VoiceAvatar } from '../../ui/avatar';
import { VoiceBadge } from '../../ui/badge';
import { IconButton } from '../../ui/icon-button';

function participantState(p: Participant): 'connecting' | 'hold' | 'muted' | 'connected' | 'gone' {
  if (p.disconnected) return 'gone';
  if (p.connecting) return 'connecting';
  if (p.onHold) return 'hold';
  if (p.mute) return 'muted';
  return 'connected';
}

/** Props of {@link ParticipantsList}. @public */
export interface ParticipantsListProps {
  /** Failures of a participant action (the controller's `VoiceError`). */
  readonly onError?: (error: unknown) => void;
  /** Writes a participant's E.164 number as people read it (default: the international format). */
  readonly formatPhoneNumber?: (phoneNumber: string) => string;
}

/**
 * The other parties of a multiparty call, refreshed every second: name, number, state
 * (Connecting, On hold, Muted) and time in that state, with hold/resume, mute/unmute and remove.
 * A participant can be controlled only while it is active. Renders nothing with fewer than two
 * other parties (a two-party call has only the customer).
 * @public
 */
export function ParticipantsList(props: ParticipantsListProps): ReactElement | null {
  const { participants, hold, resume, mute, unmute, remove } = useParticipants();
  const { t } = useVoiceMessages();
  const titleId = useId();
  const format = props.formatPhoneNumber ?? ((n: string) => formatPhoneNumber(n));
  const shown = participants.filter((p) => !p.disconnected);
  if (shown.length < 2) return null;
  const run = (action: Promise<void>): void => {
    action.catch((error: unknown) => props.onError?.(error));
  };
  return (
    <section className="xv-participants" aria-labelledby={titleId}>
      <h3 id={titleId} className="xv-participants__title">
        {t('participants')}
      </h3>
      <ul className="xv-participants__list">
        {shown.map((p) => {
          const state = participantState(p);
          // a party known only by its number (named after it, or not at all) shows it as people read it
          const number = p.phoneNumber;
          const name =
            number !== null && (!p.name || p.name === number)
              ? format(number)
              : p.name || t('unknownContact');
          const controllable = p.active;
          return (
            <li key={p.participantId} className="xv-participant" data-state={state}>
              <VoiceAvatar name={name} src={p.avatar} size={28} />
              <div className="xv-participant__who">
                <span className="xv-participant__name">{name}</span>
                <span className="xv-participant__meta">
                  <span>
                    {t(p.type === 'CUSTOMER' ? 'participantCustomer' : 'participantAgent')}
                    {' · '}
                    <time>{formatMinutesSeconds(p.stateDuration)}</time>
                  </span>
                  {state === 'connecting' && (
                    <VoiceBadge tone="accent">{t('participantConnecting')}</VoiceBadge>
                  )}
                  {state === 'hold' && (
                    <VoiceBadge tone="warning">{t('participantOnHold')}</VoiceBadge>
                  )}
                  {state === 'muted' && <VoiceBadge>{t('participantMuted')}</VoiceBadge>}
                </span>
              </div>
              <div className="xv-participant__actions">
                <IconButton
                  size="sm"
                  label={t(p.onHold ? 'participantResume' : 'participantHold', { name })}
                  icon={
                    p.onHold ? (
                      <Play size={14} aria-hidden="true" />
                    ) : (
                      <Pause size={14} aria-hidden="true" />
                    )
                  }
                  disabled={!controllable}
                  onClick={() => run(p.onHold ? resume(p.participantId) : hold(p.participantId))}
                />
                <IconButton
                  size="sm"
                  label={t(p.mute ? 'participantUnmute' : 'participantMute', { name })}
                  icon={
                    p.mute ? (
                      <MicOff size={14} aria-hidden="true" />
                    ) : (
                      <Mic size={14} aria-hidden="true" />
                    )
                  }
                  disabled={!controllable}
                  onClick={() => run(p.mute ? unmute(p.participantId) : mute(p.participantId))}
                />
                <IconButton
                  size="sm"
                  label={t('participantRemove', { name })}
                  icon={<UserMinus size={14} aria-hidden="true" />}
                  disabled={!controllable}
                  onClick={() => run(remove(p.participantId))}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
