/** The call panel's controls while connected: Hold, Mute, Keypad, Transfer (or Exit) and End call. */
import { ArrowRightLeft, Grid3x3, LogOut, Mic, MicOff, Pause, PhoneOff, Play } from 'lucide-react';
import type { ReactElement } from 'react';
import type { VoiceState } from '../../controller/types';
import { useVoiceMessages } from '../../i18n/context';
import { useCall, useCallControls } from '../../react/hooks';
import { useVoiceSelector } from '../../react/context';
import { CallControl } from './call-control';
import type { RunCallAction } from './call-control';

const selectTransfer = (s: VoiceState) => s.transfer;

/** Hold, Mute, Keypad, Transfer ('Exit' while transferring) and End call of a connected call. */
export function ConnectedControls(props: {
  readonly run: RunCallAction;
  readonly keypadOpen: boolean;
  readonly onToggleKeypad: () => void;
  readonly onOpenTransfer: () => void;
}): ReactElement {
  const { run, keypadOpen, onToggleKeypad, onOpenTransfer } = props;
  const { t } = useVoiceMessages();
  const call = useCall();
  const controls = useCallControls();
  const transfer = useVoiceSelector(selectTransfer);
  return (
    <>
      <CallControl
        label={t(call.onHold ? 'callResume' : 'callHold')}
        icon={call.onHold ? <Play size={20} /> : <Pause size={20} />}
        pressed={call.onHold}
        disabled={call.controlsBlocked}
        onClick={() => run(controls.toggleHold)}
      />
      <CallControl
        label={t(call.muted ? 'callUnmute' : 'callMute')}
        icon={call.muted ? <MicOff size={20} /> : <Mic size={20} />}
        pressed={call.muted}
        disabled={call.controlsBlocked}
        onClick={() => run(controls.toggleMute)}
      />
      <CallControl
        label={t('callKeypad')}
        icon={<Grid3x3 size={20} />}
        pressed={keypadOpen}
        onClick={onToggleKeypad}
      />
      {transfer.transferring ? (
        <CallControl
          label={t('callExitTransfer')}
          icon={<LogOut size={20} />}
          onClick={() => run(controls.end)}
        />
      ) : (
        <CallControl
          label={t('callTransfer')}
          icon={<ArrowRightLeft size={20} />}
          disabled={transfer.available === false}
          onClick={onOpenTransfer}
        />
      )}
      <CallControl
        label={t('callEnd')}
        tone="danger"
        icon={<PhoneOff size={20} />}
        onClick={() => run(controls.end)}
      />
    </>
  );
}
