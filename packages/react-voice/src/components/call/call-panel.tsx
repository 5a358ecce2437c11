import { Phone, PhoneOff } from 'lucide-react';
import { useRef, useState } from 'react';
import type { CSSProperties, ReactElement } from 'react';
import { CALL_PANEL_INITIAL_OFFSET } from '../../controller/constants';
import { messageOf } from '../../controller/errors';
import { formatPhoneNumber } from '../../dialer/phone-numbers';
import { useVoiceMessages } from '../../i18n/context';
import { useCall, useCallControls, useMonitoring } from '../../react/hooks';
import { useVoiceController } from '../../react/context';
import { cx } from '../../ui/cx';
import { TransferModal } from '../transfer/transfer-modal';
import { AfterCallWorkActions } from './after-call-work-actions';
import { saveAfterCallWorkDraft } from './after-call-work-form';
import { CallControl } from './call-control';
import { CallPanelHeader } from './call-panel-header';
import { CallStatusLine } from './call-status-line';
import type { RunCallAction } from './call-control';
import { ConnectedControls } from './connected-controls';
import { Keypad } from './keypad';
import { LeaveCallDialog, MonitoringControls } from './monitoring-controls';
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
  const monitoring = useMonitoring();
  const phone = useMediaQuery(PHONE_MEDIA_QUERY);
  const fullscreen = widget && phone;
  const ref = useRef<HTMLElement>(null);
  const { offset, handleProps } = useMovable(ref, initialOffset);
  const [keypadOpen, setKeypadOpen] = useState(false);
  const [transferOpen, setTransferOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run: RunCallAction = (action) => {
    setError(null);
    action().catch((e: unknown) => {
      setError(t(messageOf(e)));
      onError?.(e);
    });
  };

  // Finish saves the after-call work when changed, then finishes the call.
  const finish = (): void => {
    setError(null);
    saveAfterCallWorkDraft(controller.api, call.info?.idCommunication).then(
      () => run(controls.finish),
      (e: unknown) => {
        setError(t('acwSaveFailed'));
        onError?.(e);
      },
    );
  };

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
      <CallPanelHeader
        fullscreen={fullscreen}
        handleProps={handleProps}
        formatNumber={formatNumber}
      />

      <CallStatusLine view={view} />

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
          <ConnectedControls
            run={run}
            keypadOpen={keypadOpen}
            onToggleKeypad={() => setKeypadOpen((open) => !open)}
            onOpenTransfer={() => setTransferOpen(true)}
          />
        )}
        {view === 'monitoring' && <MonitoringControls run={run} />}
        {view === 'afterCallWork' && (
          <AfterCallWorkActions
            onFinish={finish}
            offersConversation={offersConversation}
            conversationLink={conversationLink}
            onViewConversation={onViewConversation}
          />
        )}
      </div>

      <TransferModal
        open={transferOpen && view === 'connected'}
        onOpenChange={setTransferOpen}
        variant={phone ? 'dropdown' : 'dialog'}
        defaultCountry={props.dialerCountry ?? null}
      />
      <LeaveCallDialog run={run} />
    </section>
  );
}
