/**
 * The list routes of the product voice API client: queues, agents' statuses, live calls, and the
 * call history (its pages and its CSV export).
 */
import {
  agentsStatusResponseSchema,
  historyResponseSchema,
  liveCallsResponseSchema,
  queuesResponseSchema,
  VOICE_ROUTES,
} from './contract';
import type { VoiceApi } from './client';
import type { VoiceTransport } from './client-transport';

/** The list methods of {@link VoiceApi} over `http`. */
export function listRoutes(
  http: VoiceTransport,
): Pick<
  VoiceApi,
  'getQueues' | 'getAgentsStatus' | 'getLiveCalls' | 'getHistoryPage' | 'getHistoryCsv'
> {
  const { send, json } = http;
  return {
    getQueues: async () => (await json(queuesResponseSchema, 'GET', VOICE_ROUTES.queues)).list,
    getAgentsStatus: async () =>
      (await json(agentsStatusResponseSchema, 'GET', VOICE_ROUTES.agentsStatus)).list,
    getLiveCalls: async () =>
      (await json(liveCallsResponseSchema, 'GET', VOICE_ROUTES.liveCalls)).list,
    getHistoryPage: async ({ searchType, searchText, lastId }) => {
      const query = lastId ? `?lastId=${encodeURIComponent(lastId)}` : '';
      return (
        await json(historyResponseSchema, 'PATCH', `${VOICE_ROUTES.history}${query}`, {
          searchType: searchType.toLowerCase(),
          searchText,
        })
      ).list;
    },
    getHistoryCsv: async ({ searchType, searchText }) => {
      const query = `?searchType=${encodeURIComponent(searchType.toLowerCase())}&searchText=${encodeURIComponent(searchText)}`;
      const response = await send(
        'GET',
        `${VOICE_ROUTES.historyCsv}${query}`,
        undefined,
        'text/csv',
      );
      return response.blob();
    },
  };
}
