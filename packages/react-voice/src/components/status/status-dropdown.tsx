import {
  Grid3x3,
  History,
  ListOrdered,
  Maximize2,
  PhoneOff,
  Radio,
  Settings2,
  Users,
  X,
} from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import { messageOf } from '../../controller/errors';
import type { VoiceMessage } from '../../controller/messages';
import { VOICE_PANEL_TABS } from '../../controller/constants';
import type { VoicePanelTabId } from '../../controller/constants';
import type { AgentStatusOption } from '../../controller/types';
import { useVoiceMessages } from '../../i18n/context';
import {
  useAgent,
  useAgentStatus,
  useCall,
  useCallControls,
  useVoiceSession,
} from '../../react/hooks';
import { useVoiceController } from '../../react/context';
import { IconButton } from '../../ui/icon-button';
import {
  VoiceMenu,
  VoiceMenuContent,
  VoiceMenuItem,
  VoiceMenuLabel,
  VoiceMenuRadioGroup,
  VoiceMenuRadioItem,
  VoiceMenuSeparator,
  VoiceMenuTrigger,
} from '../../ui/menu';
import { VoicePopover, VoicePopoverAnchor, VoicePopoverContent } from '../../ui/popover';
import { VoiceTooltip } from '../../ui/tooltip';
import { AudioSettingsModal } from '../audio/audio-settings-modal';
import { DialerDialog } from '../dialer/dialer';
import { StatusChip } from './status-chip';

/** Props of {@link StatusDropdown}. @public */
export interface StatusDropdownProps {
  /**
   * Opens the voice panel on a tab (Agent list, Call history, Live calls); the host renders the
   * panel. Without it those items are not offered.
   */
  readonly onOpenPanel?: (tab: VoicePanelTabId) => void;
  /** Widget (embedded) mode: the Call history item is hidden. */
  readonly widget?: boolean;
  /**
   * The user has the live-calls permit (`flag_addons_voice_live_calls`): offer Live calls, and
   * Queues when the voice API serves them (`getQueues`).
   */
  readonly liveCallsPermitted?: boolean;
  /**
   * Failures of a status change (the controller's `VoiceError`). Without it, the dropdown says
   * so itself: 'Your status could not be changed.' and the reason, in an alert below the chip.
   */
  readonly onError?: (error: unknown) => void;
  /**
   * Offer 'Dial a number' (a free {@link DialerDialog}) while no call is on and the voice module is
   * enabled.
   */
  readonly dialer?: boolean;
  /** The dialer's country of numbers typed without their country code (ISO 3166-1 alpha-2). */
  readonly dialerCountry?: string | null;
}

/** How long the dropdown's own status-change failure alert stays (ms). */
const STATUS_FAILURE_SHOWN_MS = 8000;

function statusIcon(option: AgentStatusOption): ReactElement {
  if (option.kind === 'custom') return <PhoneOff size={15} />;
  return <span className="xv-status-dot" data-kind={option.kind} />;
}

/** The menu items that open the voice panel on a tab: agent list, call history, live calls, queues. */
function PanelMenuItems(props: {
  readonly widget: boolean;
  readonly liveCalls: boolean;
  readonly queues: boolean;
  readonly onOpen: (tab: VoicePanelTabId) => void;
}): ReactElement {
  const { widget, liveCalls, queues, onOpen } = props;
  const { t } = useVoiceMessages();
  return (
    <>
      <VoiceMenuItem
        icon={<Users size={16} />}
        onSelect={() => onOpen(VOICE_PANEL_TABS.agentStatus)}
      >
        {t('agentList')}
      </VoiceMenuItem>
      {!widget && (
        <VoiceMenuItem
          icon={<History size={16} />}
          onSelect={() => onOpen(VOICE_PANEL_TABS.callHistory)}
        >
          {t('callHistory')}
        </VoiceMenuItem>
      )}
      {liveCalls && (
        <VoiceMenuItem
          icon={<Radio size={16} />}
          onSelect={() => onOpen(VOICE_PANEL_TABS.liveCalls)}
        >
          {t('liveCalls')}
        </VoiceMenuItem>
      )}
      {queues && (
        <VoiceMenuItem
          icon={<ListOrdered size={16} />}
          onSelect={() => onOpen(VOICE_PANEL_TABS.queues)}
        >
          {t('queues')}
        </VoiceMenuItem>
      )}
    </>
  );
}

/** The alert beside the chip when a status change failed (hosts without `onError`). */
function StatusFailureAlert(props: {
  readonly failure: VoiceMessage | null;
  readonly anchor: { readonly current: HTMLDivElement | null };
  readonly onDismiss: () => void;
}): ReactElement {
  const { failure, anchor, onDismiss } = props;
  const { t } = useVoiceMessages();
  return (
    <VoicePopover open={failure !== null} onOpenChange={(open) => !open && onDismiss()}>
      <VoicePopoverAnchor virtualRef={anchor} />
      <VoicePopoverContent
        className="xv-status__failure"
        align="end"
        aria-label={t('statusChangeFailed')}
        data-testid="voice-status-failure"
        // An alert: it must not take the focus from where the user is, nor close when the
        // focus moves (the closing menu hands it back to the chip).
        onOpenAutoFocus={(e) => e.preventDefault()}
        onFocusOutside={(e) => e.preventDefault()}
      >
        <div role="alert" className="xv-status__failure-text">
          <strong>{t('statusChangeFailed')}</strong> {failure && t(failure)}
        </div>
        <IconButton
          label={t('dismiss')}
          size="sm"
          tooltip={false}
          icon={<X size={14} aria-hidden="true" />}
          onClick={onDismiss}
        />
      </VoicePopoverContent>
    </VoicePopover>
  );
}

/**
 * The voice header chip with its status dropdown: the agent's selectable states ('On', 'Off',
 * custom states), then Audio settings (opens {@link AudioSettingsModal}), Agent list, Call history
 * (not in widget mode) and Live calls (when permitted). Status changes are disabled, with the
 * tooltip 'Cannot change call status if microphone is not shared with the browser.', while the
 * microphone is not shared. During a call whose panel is collapsed, a button beside the chip
 * expands it again.
 * @public
 */
export function StatusDropdown(props: StatusDropdownProps): ReactElement | null {
  const { onOpenPanel, widget = false, liveCallsPermitted = false, onError } = props;
  const { dialer = false, dialerCountry = null } = props;
  const { t } = useVoiceMessages();
  // 'Queues' is offered with 'Live calls' when the product API serves them (as in the panel).
  const controller = useVoiceController();
  const queuesShown = liveCallsPermitted && !!controller.api.getQueues;
  const session = useVoiceSession();
  const agent = useAgent();
  const status = useAgentStatus();
  const call = useCall();
  const controls = useCallControls();
  const [audioOpen, setAudioOpen] = useState(false);
  const [dialerOpen, setDialerOpen] = useState(false);
  const noteId = useId();
  // An item that opened the voice panel: focus stays in the panel (on its open tab) instead of
  // returning to the chip when the menu closes.
  const focusMoved = useRef(false);
  // The menu is not modal (the page stays in the accessibility tree, nothing is aria-hidden) and
  // opens inside the chip's own element, so that it stays within the host's header landmark.
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const anchor = useMemo(() => ({ current: root }), [root]);
  const [failure, setFailure] = useState<VoiceMessage | null>(null);
  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => setFailure(null), STATUS_FAILURE_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [failure]);
  const openPanel = (tab: VoicePanelTabId): void => {
    focusMoved.current = true;
    onOpenPanel?.(tab);
  };
  if (session.phase === 'disabled' || session.phase === 'idle') return null;
  if (!session.ready) return <StatusChip />;

  const disabledReason = agent.disabledReason ? t(agent.disabledReason) : null;
  const changeStatus = (name: string): void => {
    if (name === status.name) return;
    setFailure(null);
    agent.setStatus(name).catch((error: unknown) => {
      if (onError) onError(error);
      else setFailure(messageOf(error));
    });
  };

  return (
    <div className="xv xv-status" data-testid="voice-status" ref={setRoot}>
      <VoiceMenu modal={false}>
        {/* While the failure alert shows, the chip's tooltip would cover it. */}
        <VoiceTooltip
          content={disabledReason ?? t(status.description)}
          open={failure ? false : undefined}
        >
          <VoiceMenuTrigger asChild>
            <StatusChip menu />
          </VoiceMenuTrigger>
        </VoiceTooltip>
        <VoiceMenuContent
          align="end"
          className="xv-status__menu"
          container={root}
          aria-label={t('statusMenuHeading')}
          onCloseAutoFocus={(e) => {
            if (focusMoved.current) e.preventDefault();
            focusMoved.current = false;
          }}
        >
          <VoiceMenuLabel>{t('statusMenuHeading')}</VoiceMenuLabel>
          {disabledReason && (
            <VoiceMenuLabel id={noteId} className="xv-status__note">
              {disabledReason}
            </VoiceMenuLabel>
          )}
          <VoiceMenuRadioGroup value={status.name ?? ''} onValueChange={changeStatus}>
            {agent.options.map((option) => (
              <VoiceMenuRadioItem
                key={option.name}
                value={option.name}
                disabled={!agent.canChangeStatus}
                icon={statusIcon(option)}
                data-kind={option.kind}
                aria-describedby={disabledReason ? noteId : undefined}
              >
                {t(option.label)}
              </VoiceMenuRadioItem>
            ))}
          </VoiceMenuRadioGroup>
          <VoiceMenuSeparator />
          {dialer && session.voiceModuleEnabled && call.status === 'idle' && (
            <VoiceMenuItem
              icon={<Grid3x3 size={16} />}
              onSelect={() => setDialerOpen(true)}
              data-testid="voice-dial-number"
            >
              {t('dialNumber')}
            </VoiceMenuItem>
          )}
          <VoiceMenuItem icon={<Settings2 size={16} />} onSelect={() => setAudioOpen(true)}>
            {t('audioSettings')}
          </VoiceMenuItem>
          {onOpenPanel && (
            <PanelMenuItems
              widget={widget}
              liveCalls={liveCallsPermitted}
              queues={queuesShown}
              onOpen={openPanel}
            />
          )}
        </VoiceMenuContent>
      </VoiceMenu>
      {call.menuActive && !call.menuExpanded && (
        <IconButton
          label={t('callExpand')}
          icon={<Maximize2 size={16} aria-hidden="true" />}
          variant="secondary"
          size="sm"
          onClick={controls.expand}
        />
      )}
      <AudioSettingsModal open={audioOpen} onOpenChange={setAudioOpen} />
      {dialer && (
        <DialerDialog
          open={dialerOpen}
          onOpenChange={setDialerOpen}
          defaultCountry={dialerCountry}
        />
      )}
      <StatusFailureAlert failure={failure} anchor={anchor} onDismiss={() => setFailure(null)} />
    </div>
  );
}
