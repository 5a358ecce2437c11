import {
  ArrowRightLeft,
  Check,
  Ear,
  ExternalLink,
  Grip,
  Grid3x3,
  LogOut,
  Mic,
  MicOff,
  Minimize2,
  Pause,
  Phone,
  PhoneOff,
  Play,
  UserRound,
} from 'lucide-react';
import { useRef, useState } from 'react';
import type { CSSProperties, ReactElement, ReactNode } from 'react';
import { formatMinutesSeconds } from '../../controller/agent-status';
import { CALL_PANEL_INITIAL_OFFSET } from '../../controller/constants';
import { messageOf } from '../../controller/errors';
import type { VoiceState } from '../../controller/types';
import { formatPhoneNumber } from '../../dialer/phone-numbers';
import { useVoiceMessages } from '../../i18n/context';
import { useAgentStatus, useCall, useCallControls, useMonitoring, useNow } from '../../react/hooks';
import { useVoiceController, useVoiceSelector } from '../../react/context';
import { VoiceAvatar } from '../../ui/avatar';
import { VoiceButton } from '../../ui/button';
import { cx } from '../../ui/cx';
import { VoiceDialog } from '../../ui/dialog';
import { IconButton } from '../../ui/icon-button';
import { TransferModal } from '../transfer/transfer-modal';
import { AfterCallWorkForm, saveAfterCallWorkDraft } from './after-call-work-form';
import { Keypad } from './keypad';
import { ParticipantsList } from './participants-list';
import { PHONE_MEDIA_QUERY, useMediaQuery } from './use-media-query';
import { useMovable } from './use-movable';
import type { Offset } from './use-movable';

/** Props of {@link CallPanel}. @public */
export interface CallPanelProps {
  /**
   * Widget (embedded) mode: on phones the panel is a full-screen card instead of a floating one.
   */
  readonly widget?: boolean;
  /** The floating card's starting offset from where it is placed (default x −216, y 5). */
  readonly initialOffset?: Offset;
  /**
   * The conversation link of 'View conversation in inbox' (after-call work, on mobile), e.g.
   * `(id) => voiceRoutes.conversation(slug, id)`. Without it (and `onViewConversation`) the action
   * is not offered.
   */
  readonly conversationHref?: (conversationId: string) => string | null;
  /** Called instead of following a link for 'View conversation in inbox'. */
  readonly onViewConversation?: (conversationId: string) => void;
  /** Failures of a call action (the message is also shown in the panel). */
  readonly onError?: (error: unknown) => void;
  /** Extra class names of the panel. */
  readonly className?: string;
  /**
   * The country of numbers typed without their country code in the transfer's 'Number' tab (the
   * workspace's default country, ISO 3166-1 alpha-2).
   */
  readonly dialerCountry?: string | null;
  /**
   * Writes an E.164 number as people read it (the caller's and the participants' numbers). Default:
   * the international format, e.g. `+44 20 7123 4567`; a host passes its own to show numbers of its
   * default country in their national format.
   */
  readonly formatPhoneNumber?: (phoneNumber: string) => string;
}

const selectTransfer = (s: VoiceState) => s.transfer;

/** One round call control with its caption (the caption is the accessible name). */
function CallControl(props: {
  readonly label: string;
  readonly icon: ReactNode;
  readonly tone?: 'neutral' | 'success' | 'danger';
  readonly pressed?: boolean;
  readonly disabled?: boolean;
  readonly onClick: () => void;
  readonly testId?: string;
}): ReactElement {
  const { label, icon, tone = 'neutral', pressed, disabled, onClick, testId } = props;
  return (
    <button
      type="button"
      className="xv-call-control"
      data-tone={tone}
      data-state={pressed === undefined ? undefined : pressed ? 'on' : 'off'}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      <span className="xv-call-control__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="xv-call-control__label">{label}</span>
    </button>
  );
}

/**
 * The call panel: while on a call and not collapsed, a floating card that can be moved (drag
 * its grip, or focus the grip and use the arrow keys), starting at x −216, y 5 from where it is
 * placed; a full-screen card in widget mode on phones. It shows the contact, the status
 * description and the call time, and the controls of the call's state:
 * - incoming (inbound, not accepted): Accept and Decline;
 * - accepting (inbound, accepted): 'Connecting...';
 * - outgoing (outbound, connecting): End call;
 * - connected: Hold, Mute, Keypad (the {@link Keypad}), Transfer (the {@link TransferModal}:
 *   agents, teams, the contact centre's quick connects, or a number dialled in its 'Number' tab
 *   and added to the call) — 'Exit' while transferring — and End call; the {@link ParticipantsList} of a multiparty call;
 * - monitoring: Listener and Participant (each only when the softphone reports it enabled) and
 *   Leave call, which asks 'Leave call?';
 * - after-call work (ended, error, missed): a disposition and notes (when the API offers them;
 *   Finish saves them when changed), Finish, and on mobile 'View conversation in inbox'.
 * `data-state` is the call view (`incoming`, `accepting`, `outgoing`, `connected`,
 * `afterCallWork`, `monitoring`); `data-variant` is `floating` or `fullscreen`.
 * @public
 */
export function CallPanel(props: CallPanelProps): ReactElement | null {
  const { widget = false, initialOffset = CALL_PANEL_INITIAL_OFFSET } = props;
  const call = useCall();
  if (!call.menuActive || !call.menuExpanded || call.view === 'none') return null;
  return <CallPanelCard {...props} widget={widget} initialOffset={initialOffset} />;
}

function CallPanelCard(
  props: CallPanelProps & { readonly widget: boolean; readonly initialOffset: Offset },
): ReactElement {
  const { widget, initialOffset, conversationHref, onViewConversation, onError } = props;
  const formatNumber =
    props.formatPhoneNumber ?? ((n: string) => formatPhoneNumber(n, props.dialerCountry));
  const { t } = useVoiceMessages();
  const call = useCall();
  const controls = useCallControls();
  const controller = useVoiceController();
  const status = useAgentStatus();
  const monitoring = useMonitoring();
  const transfer = useVoiceSelector(selectTransfer);
  const phone = useMediaQuery(PHONE_MEDIA_QUERY);
  const fullscreen = widget && phone;
  const ref = useRef<HTMLElement>(null);
  const { offset, handleProps } = useMovable(ref, initialOffset);
  const [keypadOpen, setKeypadOpen] = useState(false);
  const [transferOpen, setTransferOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const now = useNow(1000, call.startedAt !== null);

  const run = (action: () => Promise<unknown>): void => {
    setError(null);
    action().catch((e: unknown) => {
      setError(t(messageOf(e)));
      onError?.(e);
    });
  };

  const contact = call.conversationContact;
  const rawNumber = call.info?.phoneNumber ?? contact?.phone ?? null;
  const phoneNumber = rawNumber === null ? null : formatNumber(rawNumber);
  const name = contact?.name || phoneNumber || t('unknownContact');
  const secondary = contact?.name && phoneNumber ? phoneNumber : null;
  const elapsed = call.startedAt === null ? '' : formatMinutesSeconds(now - call.startedAt);
  const view = monitoring.isMonitoring && call.view === 'connected' ? 'monitoring' : call.view;

  const conversationLink =
    call.conversationId && conversationHref ? conversationHref(call.conversationId) : null;
  const offersConversation =
    phone && call.conversationId !== null && (conversationLink !== null || !!onViewConversation);

  const style: CSSProperties | undefined = fullscreen
    ? undefined
    : { transform: `translate(${offset.x}px, ${offset.y}px)` };

  return (
    <section
      ref={ref}
      className={cx('xv xv-call', props.className)}
      aria-label={t('callPanelLabel')}
      data-state={view}
      data-variant={fullscreen ? 'fullscreen' : 'floating'}
      data-testid="voice-call-panel"
      style={style}
    >
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

      <p className="xv-call__status">
        {/* only the description is announced: the timer would speak every second */}
        <span className="xv-call__description" role="status">
          {t(status.description)}
        </span>
        {elapsed && view !== 'afterCallWork' && (
          <time className="xv-call__timer" data-testid="voice-call-timer">
            {elapsed}
          </time>
        )}
      </p>

      {view === 'connected' && (
        <ParticipantsList onError={onError} formatPhoneNumber={formatNumber} />
      )}
      {view === 'connected' && keypadOpen && <Keypad className="xv-call__keypad" />}

      {error && (
        <p className="xv-call__error" role="alert">
          {error}
        </p>
      )}

      <div className="xv-call__controls" role="group" aria-label={t('callActions')}>
        {view === 'incoming' && (
          <>
            <CallControl
              label={t('callDecline')}
              tone="danger"
              icon={<PhoneOff size={20} />}
              onClick={() => run(controls.decline)}
            />
            <CallControl
              label={t('callAccept')}
              tone="success"
              icon={<Phone size={20} />}
              onClick={() => run(controls.accept)}
            />
          </>
        )}
        {view === 'accepting' && (
          <p className="xv-call__connecting">
            <span className="xv-spinner" aria-hidden="true" />
            {t('callConnecting')}
          </p>
        )}
        {view === 'outgoing' && (
          <CallControl
            label={t('callEnd')}
            tone="danger"
            icon={<PhoneOff size={20} />}
            onClick={() => run(controls.end)}
          />
        )}
        {view === 'connected' && (
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
              onClick={() => setKeypadOpen((open) => !open)}
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
                onClick={() => setTransferOpen(true)}
              />
            )}
            <CallControl
              label={t('callEnd')}
              tone="danger"
              icon={<PhoneOff size={20} />}
              onClick={() => run(controls.end)}
            />
          </>
        )}
        {view === 'monitoring' && (
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
        )}
        {view === 'afterCallWork' && (
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
              onClick={() => {
                setError(null);
                saveAfterCallWorkDraft(controller.api, call.info?.idCommunication).then(
                  () => run(controls.finish),
                  (e: unknown) => {
                    setError(t('acwSaveFailed'));
                    onError?.(e);
                  },
                );
              }}
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
        )}
      </div>

      <TransferModal
        open={transferOpen && view === 'connected'}
        onOpenChange={setTransferOpen}
        variant={phone ? 'dropdown' : 'dialog'}
        defaultCountry={props.dialerCountry ?? null}
      />
      <VoiceDialog
        open={monitoring.leaveConfirmation !== null}
        onOpenChange={(open) => {
          if (!open) monitoring.cancelLeave();
        }}
        role="alert"
        title={monitoring.leaveConfirmation ? t(monitoring.leaveConfirmation.title) : ''}
        description={
          monitoring.leaveConfirmation ? t(monitoring.leaveConfirmation.text) : undefined
        }
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
    </section>
  );
}
