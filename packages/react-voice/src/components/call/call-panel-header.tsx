/** The call panel's header: the move grip, who is on the call, and Collapse. */
import { Grip, Minimize2 } from 'lucide-react';
import type { ReactElement } from 'react';
import { useVoiceMessages } from '../../i18n/context';
import { useCall, useCallControls } from '../../react/hooks';
import { VoiceAvatar } from '../../ui/avatar';
import { IconButton } from '../../ui/icon-button';
import type { useMovable } from './use-movable';

/**
 * The contact's avatar and name (else the number, else 'Unknown contact'), the number under a
 * known name, the grip that moves the floating card (not in full screen), and Collapse.
 */
export function CallPanelHeader(props: {
  readonly fullscreen: boolean;
  readonly handleProps: ReturnType<typeof useMovable>['handleProps'];
  readonly formatNumber: (phoneNumber: string) => string;
}): ReactElement {
  const { fullscreen, handleProps, formatNumber } = props;
  const { t } = useVoiceMessages();
  const call = useCall();
  const controls = useCallControls();

  const contact = call.conversationContact;
  const rawNumber = call.info?.phoneNumber ?? contact?.phone ?? null;
  const phoneNumber = rawNumber === null ? null : formatNumber(rawNumber);
  const name = contact?.name || phoneNumber || t('unknownContact');
  const secondary = contact?.name && phoneNumber ? phoneNumber : null;

  return (
    <header className="xv-call__header">
      {!fullscreen && (
        <button
          type="button"
          className="xv-call__grip"
          aria-label={t('callMove')}
          title={t('callMoveHint')}
          data-testid="voice-call-move"
          {...handleProps}
        >
          <Grip size={16} aria-hidden="true" />
        </button>
      )}
      <VoiceAvatar name={name} src={contact?.avatar} size={fullscreen ? 72 : 36} />
      <div className="xv-call__who">
        <h2 className="xv-call__name">{name}</h2>
        {secondary && <p className="xv-call__number">{secondary}</p>}
      </div>
      <IconButton
        label={t('callCollapse')}
        icon={<Minimize2 size={16} aria-hidden="true" />}
        size="sm"
        onClick={controls.collapse}
      />
    </header>
  );
}
