/**
 * The call routes of the product voice API client: the voice configuration, a call's
 * conversation and connection records, monitoring, the caller's contact and the transfer targets.
 */
import {
  acceptCallResponseSchema,
  connectionResponseSchema,
  contactByPhoneResponseSchema,
  liveCallResponseSchema,
  monitorCallResponseSchema,
  startConversationResponseSchema,
  transfersResponseSchema,
  voiceConfigResponseSchema,
  VOICE_ROUTES,
} from './contract';
import type { VoiceApi } from './client';
import type { VoiceTransport } from './client-transport';
import { VoiceApiError } from './errors';

/** The call methods of {@link VoiceApi} over `http`. */
export function callRoutes(
  http: VoiceTransport,
): Pick<
  VoiceApi,
  | 'getConfig'
  | 'startConversation'
  | 'getConnection'
  | 'acceptCall'
  | 'monitorCall'
  | 'joinLiveCall'
  | 'getContactByPhone'
  | 'getTransfers'
> {
  const { json } = http;
  return {
    getConfig: async () =>
      (await json(voiceConfigResponseSchema, 'GET', VOICE_ROUTES.config)).config,
    startConversation: async (call) =>
      (await json(startConversationResponseSchema, 'POST', VOICE_ROUTES.conversation, { call }))
        .conversation,
    getConnection: async (id) =>
      (await json(connectionResponseSchema, 'GET', VOICE_ROUTES.connection(id))).connection,
    acceptCall: async (call) =>
      (await json(acceptCallResponseSchema, 'POST', VOICE_ROUTES.acceptCall, { call })).connection,
    monitorCall: async (body) =>
      (
        await json(monitorCallResponseSchema, 'POST', VOICE_ROUTES.monitorCall, {
          idCommunication: body.idCommunication,
          previousIdCommunication: body.previousIdCommunication,
        })
      ).connection,
    joinLiveCall: async (idCommunication) => {
      await json(liveCallResponseSchema, 'POST', VOICE_ROUTES.liveCall, {
        call: { idCommunication },
      });
    },
    getContactByPhone: async (phone) => {
      try {
        return (await json(contactByPhoneResponseSchema, 'GET', VOICE_ROUTES.contactByPhone(phone)))
          .contact;
      } catch (error) {
        if (error instanceof VoiceApiError && error.status === 404) return null;
        throw error;
      }
    },
    getTransfers: async () =>
      (await json(transfersResponseSchema, 'GET', `${VOICE_ROUTES.transfers}?includePending=false`))
        .connections,
  };
}
