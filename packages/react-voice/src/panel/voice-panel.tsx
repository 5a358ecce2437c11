/**
 * The voice panel, 'Voice calls': a side overlay below the top bar (full width on small
 * screens, 320 px from medium screens up) with a refresh button that reloads only the open tab, a
 * close button, and the tabs 'Agent list', 'Call history' and 'Live calls' (the last only with the
 * live-calls permit), identified AGENT_STATUS, CALL_HISTORY and LIVE_CALLS; with that permit and a
 * product API that serves queues, 'Queues' (QUEUES) too.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { RefreshCw, X } from 'lucide-react';
import { useCallback, useState } from 'react';
import type { ReactElement } from 'react';
import { VOICE_PANEL_TABS } from '../controller/constants';
import type { VoicePanelTabId } from '../controller/constants';
import { useVoiceMessages } from '../i18n/context';
import { useVoiceController } from '../react/context';
import { cx } from '../ui/cx';
import { IconButton } from '../ui/icon-button';
import { VoiceTabs, VoiceTabsContent, VoiceTabsList, VoiceTabsTrigger } from '../ui/tabs';
import { AgentListTab } from './agent-list-tab';
import type { AgentListTabProps } from './agent-list-tab';
import { CallHistoryTab } from './call-history-tab';
import { LiveCallsTab } from './live-calls-tab';
import type { LiveCallsTabProps } from './live-calls-tab';
import { QueuesTab } from './queues-tab';
import type { QueuesTabProps } from './queues-tab';
import { usePanelRefreshRegistry } from './panel-shared';
import type { VoicePanelNavigation } from './panel-shared';

/** Whether a string is a voice panel tab identifier. @public */
export function isVoicePanelTab(value: string): value is VoicePanelTabId {
  return (Object.values(VOICE_PANEL_TABS) as string[]).includes(value);
}

/** Props of {@link VoicePanel}. @public */
export interface VoicePanelProps extends VoicePanelNavigation {
  /** Open (controlled). */
  readonly open?: boolean;
  /** Open at first (uncontrolled; default false). */
  readonly defaultOpen?: boolean;
  /** Called when the panel opens or closes (its close button, Escape). */
  readonly onOpenChange?: (open: boolean) => void;
  /** The open tab (controlled): the host's status dropdown opens the panel on a tab. */
  readonly tab?: VoicePanelTabId;
  /** The tab shown first (uncontrolled; default AGENT_STATUS). */
  readonly defaultTab?: VoicePanelTabId;
  /** Called when the user picks another tab. */
  readonly onTabChange?: (tab: VoicePanelTabId) => void;
  /** The user has the voice live-calls permit (`flag_addons_voice_live_calls`): 'Live calls' shows. */
  readonly liveCallsPermitted?: boolean;
  /** Widget (embedded) mode: the call history's rows open a mobile-style action sheet. */
  readonly widget?: boolean;
  /** See {@link AgentListTabProps.onRequestInfo} (the support chat). */
  readonly onRequestInfo?: AgentListTabProps['onRequestInfo'];
  /** See {@link AgentListTabProps.onOpenConversation}. */
  readonly onOpenConversation?: AgentListTabProps['onOpenConversation'];
  /** See {@link LiveCallsTabProps.onJoined}. */
  readonly onJoined?: LiveCallsTabProps['onJoined'];
  /** See {@link QueuesTabProps.onTookNextCall}. */
  readonly onTookNextCall?: QueuesTabProps['onTookNextCall'];
  /** An extra class on the panel. */
  readonly className?: string;
}

/** A value the host may control, else kept here. */
function useControllable<T>(
  value: T | undefined,
  initial: T,
  onChange: ((value: T) => void) | undefined,
): [T, (next: T) => void] {
  const [own, setOwn] = useState(initial);
  const current = value === undefined ? own : value;
  const set = useCallback(
    (next: T) => {
      if (value === undefined) setOwn(next);
      onChange?.(next);
    },
    [value, onChange],
  );
  return [current, set];
}

/**
 * The 'Voice calls' side panel with its three tabs. Needs a `VoiceProvider` (and the
 * `@x/react-voice/styles.css` stylesheet).
 * @example
 * ```tsx
 * const [tab, setTab] = useState<VoicePanelTabId>('AGENT_STATUS');
 * const [open, setOpen] = useState(false);
 * // the status dropdown: setTab('CALL_HISTORY'); setOpen(true);
 * <VoicePanel slug="acme" open={open} onOpenChange={setOpen} tab={tab} onTabChange={setTab}
 *   liveCallsPermitted={session.permits.flag_addons_voice_live_calls} navigate={router.navigate} />
 * ```
 * @public
 */
export function VoicePanel(props: VoicePanelProps): ReactElement {
  const { t } = useVoiceMessages();
  const {
    slug,
    navigate,
    onNotify,
    formatPhoneNumber,
    liveCallsPermitted = false,
    widget = false,
    onRequestInfo,
    onOpenConversation,
    onJoined,
    onTookNextCall,
    className,
  } = props;
  // 'Queues' shows beside 'Live calls' when the product API serves them.
  const controller = useVoiceController();
  const queuesShown = liveCallsPermitted && !!controller.api.getQueues;
  const [open, setOpen] = useControllable(
    props.open,
    props.defaultOpen ?? false,
    props.onOpenChange,
  );
  const [requested, setTab] = useControllable<VoicePanelTabId>(
    props.tab,
    props.defaultTab ?? VOICE_PANEL_TABS.agentStatus,
    props.onTabChange,
  );
  const tab =
    (requested === VOICE_PANEL_TABS.liveCalls && !liveCallsPermitted) ||
    (requested === VOICE_PANEL_TABS.queues && !queuesShown)
      ? VOICE_PANEL_TABS.agentStatus
      : requested;
  const registry = usePanelRefreshRegistry();
  const navigation = { slug, navigate, onNotify, formatPhoneNumber };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen} modal={false}>
      <Dialog.Portal>
        <Dialog.Content
          className={cx('xv xv-voice-panel', className)}
          data-testid="voice-panel"
          data-tab={tab}
          data-variant={widget ? 'widget' : 'default'}
          // A side panel: it stays open while the user works in the page beside it.
          onInteractOutside={(e) => e.preventDefault()}
          // Escape in a search box with text clears the search (the box does it) instead of
          // closing the panel: the dialog hears Escape first (document, capture phase).
          onEscapeKeyDown={(e) => {
            const target = e.target;
            if (target instanceof HTMLInputElement && target.type === 'search' && target.value)
              e.preventDefault();
          }}
          // Focus goes to the open tab (not the first header button).
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            (e.currentTarget as HTMLElement | null)
              ?.querySelector<HTMLElement>('[role="tab"][data-state="active"]')
              ?.focus();
          }}
        >
          <div className="xv-voice-panel__header">
            <Dialog.Title className="xv-voice-panel__title">{t('voiceCalls')}</Dialog.Title>
            <Dialog.Description className="xv-visually-hidden">
              {t('voiceCalls')}
            </Dialog.Description>
            <div className="xv-voice-panel__actions">
              <IconButton
                label={t('refresh')}
                icon={<RefreshCw size={16} aria-hidden="true" />}
                data-testid="voice-panel-refresh"
                onClick={registry.refresh}
              />
              <Dialog.Close asChild>
                <IconButton
                  label={t('close')}
                  icon={<X size={18} aria-hidden="true" />}
                  data-testid="voice-panel-close"
                />
              </Dialog.Close>
            </div>
          </div>
          <VoiceTabs
            className="xv-voice-panel__tabs"
            value={tab}
            onValueChange={(value) => {
              if (isVoicePanelTab(value)) setTab(value);
            }}
          >
            <VoiceTabsList className="xv-voice-panel__tablist" aria-label={t('panelTabs')}>
              <VoiceTabsTrigger value={VOICE_PANEL_TABS.agentStatus}>
                {t('agentList')}
              </VoiceTabsTrigger>
              <VoiceTabsTrigger value={VOICE_PANEL_TABS.callHistory}>
                {t('callHistory')}
              </VoiceTabsTrigger>
              {liveCallsPermitted && (
                <VoiceTabsTrigger value={VOICE_PANEL_TABS.liveCalls}>
                  {t('liveCalls')}
                </VoiceTabsTrigger>
              )}
              {queuesShown && (
                <VoiceTabsTrigger value={VOICE_PANEL_TABS.queues}>{t('queues')}</VoiceTabsTrigger>
              )}
            </VoiceTabsList>
            <registry.Provider value={registry.register}>
              <VoiceTabsContent
                className="xv-voice-panel__content"
                value={VOICE_PANEL_TABS.agentStatus}
              >
                <AgentListTab
                  {...navigation}
                  onRequestInfo={onRequestInfo}
                  onOpenConversation={onOpenConversation}
                />
              </VoiceTabsContent>
              <VoiceTabsContent
                className="xv-voice-panel__content"
                value={VOICE_PANEL_TABS.callHistory}
              >
                <CallHistoryTab {...navigation} widget={widget} />
              </VoiceTabsContent>
              {liveCallsPermitted && (
                <VoiceTabsContent
                  className="xv-voice-panel__content"
                  value={VOICE_PANEL_TABS.liveCalls}
                >
                  <LiveCallsTab onNotify={onNotify} onJoined={onJoined} />
                </VoiceTabsContent>
              )}
              {queuesShown && (
                <VoiceTabsContent
                  className="xv-voice-panel__content"
                  value={VOICE_PANEL_TABS.queues}
                >
                  <QueuesTab onNotify={onNotify} onTookNextCall={onTookNextCall} />
                </VoiceTabsContent>
              )}
            </registry.Provider>
          </VoiceTabs>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
