/** The call panel's after-call work: the disposition and notes form, Finish, and 'View conversation in inbox'. */
import { Check, ExternalLink } from 'lucide-react';
import type { ReactElement } from 'react';
import { useVoiceMessages } from '../../i18n/context';
import { useCall, useMonitoring } from '../../react/hooks';
import { VoiceButton } from '../../ui/button';
import { AfterCallWorkForm } from './after-call-work-form';

/**
 * After-call work (ended, error, missed): a disposition and notes (when the API offers them),
 * Finish, and when offered 'View conversation in inbox' (a link when `conversationLink` is set,
 * else a button calling `onViewConversation`).
 */
export function AfterCallWorkActions(props: {
  readonly onFinish: () => void;
  readonly offersConversation: boolean;
  readonly conversationLink: string | null;
  readonly onViewConversation?: (conversationId: string) => void;
}): ReactElement {
  const { onFinish, offersConversation, conversationLink, onViewConversation } = props;
  const { t } = useVoiceMessages();
  const call = useCall();
  const monitoring = useMonitoring();
  return (
    <div className="xv-call__acw">
      {call.info && !monitoring.isMonitoring && (
        <AfterCallWorkForm
          key={call.info.idCommunication}
          idCommunication={call.info.idCommunication}
        />
      )}
      <VoiceButton
        variant="primary"
        size="lg"
        block
        icon={<Check size={18} aria-hidden="true" />}
        onClick={onFinish}
        data-testid="voice-call-finish"
      >
        {t('callFinish')}
      </VoiceButton>
      {offersConversation &&
        (conversationLink ? (
          <a
            className="xv-btn xv-btn--block"
            data-variant="secondary"
            data-size="lg"
            href={conversationLink}
          >
            <ExternalLink size={18} aria-hidden="true" />
            <span className="xv-btn__label">{t('viewConversationInInbox')}</span>
          </a>
        ) : (
          <VoiceButton
            size="lg"
            block
            icon={<ExternalLink size={18} aria-hidden="true" />}
            onClick={() => onViewConversation?.(call.conversationId!)}
          >
            {t('viewConversationInInbox')}
          </VoiceButton>
        ))}
    </div>
  );
}
