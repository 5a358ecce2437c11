/**
 * The after-call routes of the product voice API client: a call's transcript and recording, its
 * disposition and notes, and the campaign templates to follow up with.
 */
import {
  afterCallWorkResponseSchema,
  campaignTemplatesResponseSchema,
  dispositionsResponseSchema,
  VOICE_ROUTES,
} from './contract';
import type { VoiceApi } from './client';
import type { VoiceTransport } from './client-transport';

/** The after-call methods of {@link VoiceApi} over `http`. */
export function afterCallRoutes(
  http: VoiceTransport,
): Pick<
  VoiceApi,
  | 'getTranscriptCsv'
  | 'getRecording'
  | 'searchCampaignTemplates'
  | 'getDispositions'
  | 'saveAfterCallWork'
> {
  const { base, send, json } = http;

  /**
   * A recording URL is a route of the contract (`/addons/voice/recordings/{id}`), a workspace path
   * (`/ws/{slug}/...`, below the API base) or a URL used as it is.
   */
  function recordingPath(url: string): string {
    if (url.startsWith('/ws/')) return `${base}${url}`;
    return url;
  }

  return {
    getTranscriptCsv: async ({ idConversation, idPart }) => {
      const query = `?idConversation=${encodeURIComponent(idConversation)}&idPart=${encodeURIComponent(idPart)}`;
      const response = await send(
        'GET',
        `${VOICE_ROUTES.transcriptCsv}${query}`,
        undefined,
        'text/csv',
      );
      return response.blob();
    },
    getRecording: async (recordingUrl) => {
      const response = await send('GET', recordingPath(recordingUrl), undefined, 'audio/wav');
      return response.blob();
    },
    searchCampaignTemplates: async ({ text, channel }) =>
      (
        await json(campaignTemplatesResponseSchema, 'PATCH', VOICE_ROUTES.campaignTemplates, {
          text,
          channel,
        })
      ).campaignTemplates,
    getDispositions: async () =>
      (await json(dispositionsResponseSchema, 'GET', VOICE_ROUTES.dispositions)).dispositions,
    saveAfterCallWork: async (idCommunication, work) =>
      (
        await json(
          afterCallWorkResponseSchema,
          'PUT',
          VOICE_ROUTES.afterCallWork(idCommunication),
          {
            disposition: work.disposition,
            notes: work.notes,
          },
        )
      ).afterCallWork,
  };
}
