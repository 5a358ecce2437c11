import {
  VoiceError,
  VoiceProvider,
  VoiceStatusBadge,
  createVoiceApiClient,
  formatVoiceMessage,
  useAgentStatus,
  useVoiceController,
  useVoiceSession,
} from '@x/react-voice';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { getAuth } from '../../../api/auth-token';
import { API_PREFIX } from '../../../api/client';
import { toast } from '../../../ui';
import type { Session } from '../../session/api/types';
import { setNotificationSoundEnabled } from '../notification-sound';
import { setVoiceBridgeActions, updateVoiceBridge, useVoiceBridge } from '../voice-bridge';

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

/** The header chip: agent status and on-call timer (§2). */
function VoiceChip() {
  const session = useVoiceSession();
  const status = useAgentStatus();
  const { headerSlot } = useVoiceBridge();
  if (!session.ready || !headerSlot) return null;
  return createPortal(
    <span className="voice-chip" data-testid="voice-chip">
      <VoiceStatusBadge
        stateName={formatVoiceMessage(status.label)}
        stateType={status.type ?? ''}
      />
      {status.elapsed ? <span className="voice-chip__timer">{status.elapsed}</span> : null}
    </span>,
    headerSlot,
  );
}

/** The running voice add-on: the provider (hidden sign-on and softphone frames) and the voice UI. */
export function VoiceRuntime({ session }: { readonly session: Session }) {
  const [api] = useState(() =>
    createVoiceApiClient({
      baseUrl: API_PREFIX,
      slug: session.slug,
      getToken: () => getAuth()?.token ?? null,
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
      <VoiceChip />
    </VoiceProvider>
  );
}
