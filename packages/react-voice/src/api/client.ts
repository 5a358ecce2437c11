/**
 * The product voice API client: one method per route of the contract (`contract.ts`), bearer
 * token on every call, every answer validated with the contract's schemas, errors as
 * {@link VoiceApiError}. {@link VoiceApi} is the interface; a host can supply its own. The
 * transport is `client-transport.ts`; the methods are built per resource family in `client-calls.ts`,
 * `client-lists.ts` and `client-after-call.ts`.
 */
import type {
  AfterCallWork,
  CallHistoryItem,
  CallStart,
  CampaignTemplate,
  ConnectionRecord,
  ConversationContact,
  HistorySearchType,
  LiveCallItem,
  SavedAfterCallWork,
  QueueMetricsItem,
  StartConversationResponse,
  StatusListItem,
  TransfersResponse,
  VoiceConfig,
  VoiceLiveEventSource,
} from './contract';
import { afterCallRoutes } from './client-after-call';
import { callRoutes } from './client-calls';
import { listRoutes } from './client-lists';
import { createVoiceTransport } from './client-transport';

/** The conversation a started call belongs to. @public */
export type StartedConversation = StartConversationResponse['conversation'];

/** Transfer targets: agents and groups (teams), each with its quick-connect endpointId. @public */
export type TransferConnections = TransfersResponse['connections'];

/** One page query of the call history. @public */
export interface HistoryPageQuery {
  /** The type filter (`All` for every call). */
  readonly searchType: HistorySearchType;
  /** The search text (contact name or phone number; empty for none). */
  readonly searchText: string;
  /** The id of the last item of the previous page; none for the first page. */
  readonly lastId?: string;
}

/** What the transcript download needs (nothing happens without both ids). @public */
export interface TranscriptQuery {
  /** The conversation the call belongs to. */
  readonly idConversation: string;
  /** The conversation part of the call. */
  readonly idPart: string;
}

/**
 * The product voice API (`/ws/{slug}/addons/voice/...` and `PATCH /ws/{slug}/v2/campaign-templates`).
 * {@link createVoiceApiClient} implements it over HTTP; a host may pass its own implementation to
 * the voice controller.
 * @public
 */
export interface VoiceApi {
  /** `GET /addons/voice/config`. */
  readonly getConfig: () => Promise<VoiceConfig>;
  /** `POST /addons/voice/conversation`: starts (or finds) the conversation of a call. */
  readonly startConversation: (call: CallStart) => Promise<StartedConversation>;
  /** `GET /addons/voice/connections/{id}`. */
  readonly getConnection: (idCommunication: string) => Promise<ConnectionRecord>;
  /** `POST /addons/voice/acceptCall`: marks a call answered. */
  readonly acceptCall: (call: CallStart) => Promise<ConnectionRecord>;
  /** `POST /addons/voice/monitorCall`: records a monitoring leg. */
  readonly monitorCall: (body: {
    readonly idCommunication: string;
    readonly previousIdCommunication: string;
  }) => Promise<ConnectionRecord>;
  /** `POST /addons/voice/live-call`: asks to monitor a live call. */
  readonly joinLiveCall: (idCommunication: string) => Promise<void>;
  /** `GET /addons/voice/contacts/{phone}`; null when no contact has that number (404). */
  readonly getContactByPhone: (phone: string) => Promise<ConversationContact | null>;
  /** `GET /addons/voice/transfers?includePending=false`. */
  readonly getTransfers: () => Promise<TransferConnections>;
  /** `GET /addons/voice/agents/status`. */
  readonly getAgentsStatus: () => Promise<StatusListItem[]>;
  /** `GET /addons/voice/live-calls`. */
  readonly getLiveCalls: () => Promise<LiveCallItem[]>;
  /** `PATCH /addons/voice/history?lastId=`: one page, newest first; empty when there are no more. */
  readonly getHistoryPage: (query: HistoryPageQuery) => Promise<CallHistoryItem[]>;
  /** `GET /addons/voice/connections/transcript/csv?idConversation=&idPart=`: the CSV. */
  readonly getTranscriptCsv: (query: TranscriptQuery) => Promise<Blob>;
  /** `GET {recordingUrl}`: the recording (WAV). */
  readonly getRecording: (recordingUrl: string) => Promise<Blob>;
  /** `PATCH /v2/campaign-templates`. */
  readonly searchCampaignTemplates: (query: {
    readonly text: string;
    readonly channel: 'whatsapp' | 'email' | 'sms';
  }) => Promise<CampaignTemplate[]>;
  /**
   * `GET /addons/voice/dispositions`: the workspace's disposition codes, in order. Optional: the
   * call panel offers the after-call work form only with it and {@link VoiceApi.saveAfterCallWork}.
   */
  readonly getDispositions?: () => Promise<string[]>;
  /**
   * `PUT /addons/voice/connections/{idCommunication}/after-call-work`: saves the disposition and
   * notes of a call (saving the same again changes nothing).
   */
  readonly saveAfterCallWork?: (
    idCommunication: string,
    work: AfterCallWork,
  ) => Promise<SavedAfterCallWork>;
  /** `GET /addons/voice/history/csv?searchType=&searchText=`: the call history as CSV. */
  readonly getHistoryCsv?: (query: {
    readonly searchType: HistorySearchType;
    readonly searchText: string;
  }) => Promise<Blob>;
  /**
   * Optional: the product's live events (calls started, answered or ended; agents' statuses).
   * With it the agent list and live calls refetch when told, without it they load on mount and
   * on Refresh only.
   */
  readonly subscribe?: VoiceLiveEventSource;
  /**
   * `GET /addons/voice/queues`: each queue's calls waiting, longest wait and agents available.
   * Optional, for hosts whose product API has no queue view.
   */
  readonly getQueues?: () => Promise<QueueMetricsItem[]>;
}

/** Options of {@link createVoiceApiClient}. @public */
export interface VoiceApiClientOptions {
  /** Where the API is served, e.g. `/api` or `https://app.example.com/api`. */
  readonly baseUrl: string;
  /** The workspace slug (from the authenticated session). */
  readonly slug: string;
  /** The bearer token (read before every call, so a refreshed token is used). */
  readonly getToken: () => string | null | Promise<string | null>;
  /** The fetch to use (default: the global fetch, read at call time). */
  readonly fetch?: typeof fetch;
  /**
   * The product's live events (e.g. forwarded from its server-sent event stream), given to the
   * lists as {@link VoiceApi.subscribe}.
   */
  readonly subscribe?: VoiceLiveEventSource;
}

/**
 * Creates the HTTP client of the product voice API.
 * @example
 * ```ts
 * const api = createVoiceApiClient({ baseUrl: '/api', slug: 'acme', getToken: () => token });
 * const config = await api.getConfig();
 * ```
 * @public
 */
export function createVoiceApiClient(options: VoiceApiClientOptions): VoiceApi {
  const http = createVoiceTransport(options);
  return {
    ...(options.subscribe ? { subscribe: options.subscribe } : {}),
    ...callRoutes(http),
    ...listRoutes(http),
    ...afterCallRoutes(http),
  };
}
