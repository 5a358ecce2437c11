/** The call panel's controls while monitoring a call, and the 'Leave call?' confirmation. */
import { Ear, Mic, MicOff, PhoneOff, UserRound } from 'lucide-react';
import type { ReactElement } from 'react';
import { useVoiceMessages } from '../../i18n/context';
import { useCall, useCallControls, useMonitoring } from '../../react/hooks';
import { VoiceButton } from '../../ui/button';
import { VoiceDialog } from '../../ui/dialog';
import { CallControl } from './call-control';
import type { RunCallAction } from './call-control';

/**
 * Listener and Participant (each only when the softphone reports it enabled), Mute while a
 * participant, and Leave call, which asks 'Leave call?'.
 */
export function MonitoringControls(props: { readonly run: RunCallAction }): ReactElement {
  const { run } = props;
  const { t } = useVoiceMessages();
  const call = useCall();
  const controls = useCallControls();
  const monitoring = useMonitoring();
  return (
    <>
      {monitoring.isSilentMonitorEnabled && (
        <CallControl
          label={t('monitorListener')}
          icon={<Ear size={20} />}
          pressed={monitoring.mode === 'listener'}
          onClick={() => run(() => monitoring.setMode('listener'))}
        />
      )}
      {monitoring.isBargeEnabled && (
        <CallControl
          label={t('monitorParticipant')}
          icon={<UserRound size={20} />}
          pressed={monitoring.mode === 'participant'}
          onClick={() => run(() => monitoring.setMode('participant'))}
        />
      )}
      {monitoring.mode === 'participant' && (
        <CallControl
          label={t(call.muted ? 'callUnmute' : 'callMute')}
          icon={call.muted ? <MicOff size={20} /> : <Mic size={20} />}
          pressed={call.muted}
          onClick={() => run(controls.toggleMute)}
        />
      )}
      <CallControl
        label={t('leaveCall')}
        tone="danger"
        icon={<PhoneOff size={20} />}
        onClick={monitoring.requestLeave}
      />
    </>
  );
}

/** The 'Leave call?' confirmation of a monitored call (open while the leave is asked). */
export function LeaveCallDialog(props: { readonly run: RunCallAction }): ReactElement {
  const { run } = props;
  const { t } = useVoiceMessages();
  const monitoring = useMonitoring();
  return (
    <VoiceDialog
      open={monitoring.leaveConfirmation !== null}
      onOpenChange={(open) => {
        if (!open) monitoring.cancelLeave();
      }}
      role="alert"
      title={monitoring.leaveConfirmation ? t(monitoring.leaveConfirmation.title) : ''}
      description={monitoring.leaveConfirmation ? t(monitoring.leaveConfirmation.text) : undefined}
      width={400}
      testId="voice-leave-call"
      footer={
        <>
          <VoiceButton onClick={monitoring.cancelLeave}>{t('cancel')}</VoiceButton>
          <VoiceButton variant="danger" onClick={() => run(monitoring.confirmLeave)}>
            {t('leave')}
          </VoiceButton>
        </>
      }
    />
  );
}
