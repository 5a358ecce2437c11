import {
  CallPanel,
  StatusDropdown,
  VoiceError,
  VoicePanel,
  VoiceProvider,
  createVoiceApiClient,
  formatVoiceMessage,
  useVoiceController,
  useVoiceSession,
} from '@x/react-voice';
import type { VoiceApi, VoicePanelNotice, VoicePanelTabId } from '@x/react-voice';
import '@x/react-voice/styles.css';
import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { getAuth } from '../../../api/auth-token';
import { API_PREFIX } from '../../../api/client';
import { formatPhone } from '../../../lib/phone';
import { toast } from '../../../ui';
import type { Session } from '../../session/api/types';
import { canSeeLiveCalls } from '../../session/permits';
import { withContactPanel } from '../../inbox/contact-panel-query';
import { PresenceEffect } from '../effects/presence-effect';
import { ScreenPopEffect } from '../effects/screen-pop-effect';
import { SoftphoneErrorEffect } from '../effects/softphone-error-effect';
import { VOICE_APP_MESSAGES } from '../messages';
import { setNotificationSoundEnabled } from '../notification-sound';
import { voiceHref } from '../voice-paths';
import { setVoiceBridgeActions, updateVoiceBridge, useVoiceBridge } from '../voice-bridge';
import { voiceLiveEvents } from '../voice-live-events';
import { readWidgetMode, useWidgetMode } from '../widget-mode';
import '../voice.css';

/** Publishes the controller's readiness and actions to the app (voice bridge). Renders nothing. */
function VoiceBridgeEffect() {
  const controller = useVoiceController();
  const session = useVoiceSession();
  useEffect(() => {
    setVoiceBridgeActions({
      call: async (phone) => {
        updateVoiceBridge({ calling: true });
        try {
          await controller.call(phone);
          return null;
        } catch (error) {
          const message =
            error instanceof VoiceError ? error.message : formatVoiceMessage('outboundCallFailed');
          toast({ tone: 'danger', title: message });
          return message;
        } finally {
          updateVoiceBridge({ calling: false });
        }
      },
      logout: () => controller.logout(),
    });
    return () => setVoiceBridgeActions(null);
  }, [controller]);
  useEffect(() => {
    updateVoiceBridge({ ready: session.ready, voiceModuleEnabled: session.voiceModuleEnabled });
  }, [session.ready, session.voiceModuleEnabled]);
  return null;
}

/** Reads widget mode (`?widget=1`) from every URL the app shows. Renders nothing. */
function WidgetModeEffect() {
  const { search } = useLocation();
  useEffect(() => {
    readWidgetMode(search);
  }, [search]);
  return null;
}

/** A notice of the voice screens (a download that failed, a join refused) as a toast. */
function notify(notice: VoicePanelNotice): void {
  toast({
    tone: 'danger',
    title: notice.title ?? notice.message,
    description: notice.title ? notice.message : undefined,
  });
}

/** Failures of voice actions the components do not show themselves. */
function reportError(error: unknown): void {
  const message =
    error instanceof VoiceError ? error.message : formatVoiceMessage('outboundCallFailed');
  toast({ tone: 'danger', title: message });
}

/**
 * The voice screens: the header chip with its status dropdown and the call panel below it (both
 * in the top bar's slot), and the 'Voice calls' side panel below the top bar. Every link of the
 * voice screens goes through the app's router.
 */
function VoiceScreens({ session, api }: { readonly session: Session; readonly api: VoiceApi }) {
  const { headerSlot } = useVoiceBridge();
  const widget = useWidgetMode();
  const navigateTo = useNavigate();
  const location = useLocation();
  const [panel, setPanel] = useState<{ open: boolean; tab: VoicePanelTabId }>({
    open: false,
    tab: 'AGENT_STATUS',
  });
  const liveCalls = canSeeLiveCalls(session.permits);
  const country = session.workspace.defaultCountry;
  const formatNumber = useCallback((n: string) => formatPhone(n, country), [country]);
  const navigate = useCallback(
    (href: string) => void navigateTo(voiceHref(href, location.search)),
    [navigateTo, location.search],
  );
  const openPanel = useCallback((tab: VoicePanelTabId) => setPanel({ open: true, tab }), []);
  const openConversation = useCallback(
    (id: string, withContact = false) =>
      navigate(
        `${conversationPath(session.slug, id)}${withContact ? withContactPanel('', true) : ''}`,
      ),
    [navigate, session.slug],
  );
  return (
    <>
      <ScreenPopEffect
        api={api}
        session={session}
        widget={widget}
        openConversation={openConversation}
      />
      {headerSlot
        ? createPortal(
            <div className="voice-header" data-widget={widget || undefined}>
              <StatusDropdown
                onOpenPanel={openPanel}
                widget={widget}
                liveCallsPermitted={liveCalls}
                onError={reportError}
                dialer
                dialerCountry={session.workspace.defaultCountry}
              />
              <CallPanel
                widget={widget}
                onViewConversation={(id) => openConversation(id)}
                onError={() => undefined}
                dialerCountry={session.workspace.defaultCountry}
                formatPhoneNumber={formatNumber}
              />
            </div>,
            headerSlot,
          )
        : null}
      <VoicePanel
        slug={session.slug}
        navigate={navigate}
        open={panel.open}
        onOpenChange={(open) => setPanel((p) => ({ ...p, open }))}
        tab={panel.tab}
        onTabChange={(tab) => setPanel((p) => ({ ...p, tab }))}
        liveCallsPermitted={liveCalls}
        widget={widget}
        onNotify={notify}
        formatPhoneNumber={formatNumber}
        onRequestInfo={(message) =>
          toast({
            tone: 'success',
            title: VOICE_APP_MESSAGES.requestInfoSent,
            description: message,
          })
        }
      />
    </>
  );
}

function conversationPath(slug: string, id: string): string {
  return `/ws/${encodeURIComponent(slug)}/inbox/all/conversations/${encodeURIComponent(id)}`;
}

/** The running voice add-on: the provider (hidden sign-on and softphone frames) and the voice UI. */
export function VoiceRuntime({ session }: { readonly session: Session }) {
  const [api] = useState(() =>
    createVoiceApiClient({
      baseUrl: API_PREFIX,
      slug: session.slug,
      getToken: () => getAuth()?.token ?? null,
      subscribe: voiceLiveEvents(session.slug),
    }),
  );
  return (
    <VoiceProvider
      api={api}
      idAgent={session.profile.idAgent}
      onNotificationSoundChange={setNotificationSoundEnabled}
      onError={(what, error) => console.warn(`voice: ${what}`, error)}
    >
      <VoiceBridgeEffect />
      <WidgetModeEffect />
      <SoftphoneErrorEffect />
      <PresenceEffect slug={session.slug} />
      <VoiceScreens session={session} api={api} />
    </VoiceProvider>
  );
}
