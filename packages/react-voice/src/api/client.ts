/**
 * The product voice API client: one method per route of the contract (`contract.ts`), bearer
 * token on every call, every answer validated with the contract's schemas, errors as
 * {@link VoiceApiError}. {@link VoiceApi} is the interface; a host can supply its own.
 */
import type * as z from 'zod/mini';
import {
  acceptCallResponseSchema,
  afterCallWorkResponseSchema,
  agentsStatusResponseSchema,
  apiErrorSchema,
  campaignTemplatesResponseSchema,
  connectionResponseSchema,
  contactByPhoneResponseSchema,
  dispositionsResponseSchema,
  historyResponseSchema,
  liveCallResponseSchema,
  liveCallsResponseSchema,
  monitorCallResponseSchema,
  queuesResponseSchema,
  startConversationResponseSchema,
  transfersResponseSchema,
  voiceConfigResponseSchema,
  VOICE_ROUTES,
  workspacePath,
} from './contract';
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
import { VoiceApiError } from './errors';

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
  const base = options.baseUrl.replace(/\/+$/, '');
  const prefix = `${base}${workspacePath(options.slug)}`;

  async function send(
    method: string,
    path: string,
    body?: unknown,
    accept = 'application/json',
  ): Promise<Response> {
    const doFetch = options.fetch ?? globalThis.fetch;
    const token = await options.getToken();
    const headers: Record<string, string> = { accept };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await doFetch(
        path.startsWith('/addons/') || path.startsWith('/v2/') ? `${prefix}${path}` : path,
        {
          method,
          headers,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        },
      );
    } catch (cause) {
      throw new VoiceApiError(
        0,
        { error: 'network_error', message: cause instanceof Error ? cause.message : String(cause) },
        { cause },
      );
    }
    if (!response.ok) throw await errorOf(response);
    return response;
  }

  async function json<T>(
    schema: z.ZodMiniType<T>,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<T> {
    const response = await send(method, path, body);
    let data: unknown;
    try {
      data = await response.json();
    } catch (cause) {
      throw invalidResponse(response.status, path, 'the body is not JSON', cause);
    }
    const result = schema.safeParse(data);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw invalidResponse(
        response.status,
        path,
        `${issue?.path.join('.') || '(body)'}: ${issue?.message ?? 'invalid'}`,
        result.error,
      );
    }
    return result.data;
  }

  /**
   * A recording URL is a route of the contract (`/addons/voice/recordings/{id}`), a workspace path
   * (`/ws/{slug}/...`, below the API base) or a URL used as it is.
   */
  function recordingPath(url: string): string {
    if (url.startsWith('/ws/')) return `${base}${url}`;
    return url;
  }

  return {
    ...(options.subscribe ? { subscribe: options.subscribe } : {}),
    getQueues: async () => (await json(queuesResponseSchema, 'GET', VOICE_ROUTES.queues)).list,
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

async function errorOf(response: Response): Promise<VoiceApiError> {
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }
  const parsed = apiErrorSchema.safeParse(data);
  return new VoiceApiError(
    response.status,
    parsed.success
      ? parsed.data
      : { error: 'http_error', message: `HTTP ${response.status} ${response.statusText}`.trim() },
  );
}

function invalidResponse(
  status: number,
  path: string,
  detail: string,
  cause: unknown,
): VoiceApiError {
  return new VoiceApiError(
    status,
    { error: 'invalid_response', message: `Unexpected answer from ${path}: ${detail}` },
    { cause },
  );
}
