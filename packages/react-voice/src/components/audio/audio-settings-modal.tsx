import { Download, Info, Mic, Speaker, Volume2 } from 'lucide-react';
import { useId, useState } from 'react';
import { AUDIO_SETTINGS_MODAL_WIDTH } from '../../controller/constants';
import { messageOf } from '../../controller/errors';
import type { ReactElement, ReactNode } from 'react';
import type { AudioDevice, AudioDeviceRole } from '../../controller/types';
import { useVoiceMessages } from '../../i18n/context';
import type { VoiceUiMessageKey } from '../../i18n/catalogue';
import { useVoiceController } from '../../react/context';
import { useAudioDevices } from '../../react/hooks';
import { VoiceButton } from '../../ui/button';
import { VoiceDialog } from '../../ui/dialog';
import { VoiceEmptyState } from '../../ui/empty-state';
import { VoiceSelect } from '../../ui/select';
import { VoiceSkeleton } from '../../ui/skeleton';
import { VoiceTooltip } from '../../ui/tooltip';

/** Props of {@link AudioSettingsModal}. @public */
export interface AudioSettingsModalProps {
  /** Whether the modal is open (controlled). */
  readonly open: boolean;
  /** Called when the modal asks to open or close (Escape, the close button). */
  readonly onOpenChange: (open: boolean) => void;
}

interface Field {
  readonly role: AudioDeviceRole;
  readonly label: VoiceUiMessageKey;
  readonly icon: ReactNode;
  readonly devices: readonly AudioDevice[];
}

/** One device choice: label, its tooltip, the select. */
function DeviceField(props: {
  readonly field: Field;
  readonly value: string | null;
  readonly disabled: boolean;
  readonly tooltip: string;
  readonly onChange: (deviceId: string) => void;
}): ReactElement {
  const { field, value, disabled, tooltip, onChange } = props;
  const { t } = useVoiceMessages();
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="xv-audio__field" data-role={field.role} data-disabled={disabled || undefined}>
      <div className="xv-audio__label-row">
        <span className="xv-audio__icon" aria-hidden="true">
          {field.icon}
        </span>
        <label htmlFor={id} className="xv-audio__label">
          {t(field.label)}
        </label>
        <VoiceTooltip content={tooltip}>
          <button
            type="button"
            className="xv-audio__info"
            aria-label={tooltip}
            data-testid={`audio-${field.role}-info`}
          >
            <Info size={14} aria-hidden="true" />
          </button>
        </VoiceTooltip>
      </div>
      <VoiceSelect
        id={id}
        value={value ?? ''}
        disabled={disabled}
        aria-describedby={disabled ? hintId : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{t('audioSystemDevice')}</option>
        {field.devices.map((d) => (
          <option key={d.deviceId} value={d.deviceId}>
            {d.label || d.deviceId}
          </option>
        ))}
      </VoiceSelect>
      {disabled && (
        <p id={hintId} className="xv-audio__hint">
          {tooltip}
        </p>
      )}
    </div>
  );
}

/** The modal's body: mounted only while open, so devices are listed when it opens. */
function AudioSettingsBody(): ReactElement {
  const { t } = useVoiceMessages();
  const devices = useAudioDevices();
  const fields: Field[] = [
    {
      role: 'speaker',
      label: 'audioSpeaker',
      icon: <Speaker size={16} />,
      devices: devices.speakers,
    },
    {
      role: 'microphone',
      label: 'audioMicrophone',
      icon: <Mic size={16} />,
      devices: devices.microphones,
    },
    { role: 'ringer', label: 'audioRinger', icon: <Volume2 size={16} />, devices: devices.ringers },
  ];
  if (devices.status === 'error') {
    return (
      <VoiceEmptyState
        tone="error"
        icon={<Mic size={20} />}
        title={t('audioDevicesError')}
        description={devices.error ? t(devices.error) : undefined}
        action={
          <VoiceButton size="sm" onClick={() => void devices.refresh()}>
            {t('retry')}
          </VoiceButton>
        }
      />
    );
  }
  if (devices.status !== 'ready') {
    return (
      <div className="xv-audio__fields" aria-busy="true" data-state="loading">
        <span className="xv-visually-hidden">{t('loading')}</span>
        {fields.map((f) => (
          <div key={f.role} className="xv-audio__field">
            <VoiceSkeleton width={96} height={14} />
            <VoiceSkeleton height={36} />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className="xv-audio__fields" data-state="ready">
      {fields.map((field) => {
        const microphone = field.role === 'microphone';
        return (
          <DeviceField
            key={field.role}
            field={field}
            value={devices.selected[field.role]}
            disabled={microphone && !devices.canChangeMicrophone}
            tooltip={microphone ? t('microphoneOnlyDuringCall') : t('audioSystemDeviceTooltip')}
            onChange={(deviceId) => devices.select(field.role, deviceId)}
          />
        );
      })}
    </div>
  );
}

function DownloadLogsButton(): ReactElement {
  const { t } = useVoiceMessages();
  const controller = useVoiceController();
  const [error, setError] = useState<string | null>(null);
  const download = (): void => {
    try {
      controller.downloadLogs();
      setError(null);
    } catch (e) {
      setError(t(messageOf(e)));
    }
  };
  return (
    <div className="xv-audio__logs">
      <VoiceButton icon={<Download size={16} aria-hidden="true" />} onClick={download}>
        {t('downloadLogs')}
      </VoiceButton>
      {error && (
        <span role="alert" className="xv-audio__error">
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * The audio settings modal, 600 px wide: Speaker, Microphone and Ringer choices (the devices
 * are listed when it opens, with the 2000 ms enumeration time-out), each with its tooltip — the
 * browser uses the system-selected device; 'You can only change the microphone device during a
 * voice call.' (the microphone choice is disabled outside a call) — and 'Download logs'.
 * @public
 */
export function AudioSettingsModal(props: AudioSettingsModalProps): ReactElement {
  const { open, onOpenChange } = props;
  const { t } = useVoiceMessages();
  return (
    <VoiceDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('audioSettings')}
      width={AUDIO_SETTINGS_MODAL_WIDTH}
      testId="audio-settings-modal"
      className="xv-audio"
      footer={
        <>
          <DownloadLogsButton />
          <VoiceButton variant="primary" onClick={() => onOpenChange(false)}>
            {t('close')}
          </VoiceButton>
        </>
      }
    >
      <AudioSettingsBody />
    </VoiceDialog>
  );
}
