import { useCall, type VoiceApi } from '@x/react-voice';
import { useEffect, useRef } from 'react';
import { formatPhone } from '../../../lib/phone';
import { toast } from '../../../ui';
import type { Session } from '../../session/api/types';
import { VOICE_APP_MESSAGES } from '../messages';

/** Screens at least this wide are a computer's: only there does a ringing call open anything. */
export const SCREEN_POP_MIN_WIDTH_PX = 768;
/** Screens at least this wide show the caller's contact beside the conversation (inbox.css). */
const CONTACT_BESIDE_MIN_WIDTH_PX = 1101;
/** How long an offered conversation stays on screen (a call rings for about 20 s). */
const OFFER_DURATION_MS = 30_000;

/**
 * Screen-pop: when a call rings for the agent, the caller's conversation (started if
 * the caller has none, with their contact created from the number) opens, or is offered in a
 * notice, as the member chose in Settings → Your preferences. Only in the tab the agent is looking
 * at, on a computer-sized screen outside widget mode, once per call. Renders nothing.
 */
export function ScreenPopEffect(props: {
  readonly api: VoiceApi;
  readonly session: Session;
  readonly widget: boolean;
  /** Opens a conversation; `withContact`: with the caller's contact beside it. */
  readonly openConversation: (id: string, withContact: boolean) => void;
}) {
  const { api, session, widget, openConversation } = props;
  const call = useCall();
  const popped = useRef<string | null>(null);
  const dismiss = useRef<(() => void) | null>(null);
  const mode = session.profile.screenPop;
  const country = session.workspace.defaultCountry;
  const info = call.status === 'connecting' ? call.info : null;
  const ringing = info?.isInbound && info.communicationType !== 'monitor' ? info : null;
  const id = ringing?.idCommunication ?? null;
  const phone = ringing?.phoneNumber ?? null;
  const type = ringing?.communicationType ?? null;

  useEffect(() => {
    if (call.status !== 'idle') return;
    dismiss.current?.();
    dismiss.current = null;
  }, [call.status]);

  useEffect(() => {
    if (!id || !phone || !type || mode === 'off' || widget || popped.current === id) return;
    if (document.visibilityState !== 'visible') return;
    if (!window.matchMedia(`(min-width: ${SCREEN_POP_MIN_WIDTH_PX}px)`).matches) return;
    popped.current = id;
    const open = (conversationId: string) =>
      openConversation(
        conversationId,
        window.matchMedia(`(min-width: ${CONTACT_BESIDE_MIN_WIDTH_PX}px)`).matches,
      );
    api
      .startConversation({
        contactPhoneNumber: phone,
        idCommunication: id,
        communicationType: type,
      })
      .then((conversation) => {
        if (popped.current !== id) return;
        if (mode === 'open') return open(conversation.id);
        dismiss.current?.();
        dismiss.current = toast({
          tone: 'info',
          title: VOICE_APP_MESSAGES.screenPopTitle(formatPhone(phone, country)),
          description: VOICE_APP_MESSAGES.screenPopBody,
          duration: OFFER_DURATION_MS,
          action: {
            label: VOICE_APP_MESSAGES.screenPopOpen,
            onClick: () => open(conversation.id),
          },
        });
      })
      // The conversation stays reachable from the call panel; nothing more to tell the agent.
      .catch((error: unknown) => console.warn('voice: screen-pop', error));
  }, [api, mode, widget, country, openConversation, id, phone, type]);
  return null;
}
