/**
 * The product voice API contract: the request and response shapes of every
 * `/ws/{slug}/addons/voice/...` route and of `PATCH /ws/{slug}/v2/campaign-templates`, written
 * once as zod (mini) schemas. The client in this entry validates every answer with them; the
 * workspace server declares its routes with the same shapes (a contract test compares them).
 *
 * Written with `zod/mini` so that the client stays small in a browser bundle.
 */
import * as z from 'zod/mini';

/** Path prefix of every product API route: `/ws/{slug}`. */
export const workspacePath = (slug: string): string => `/ws/${encodeURIComponent(slug)}`;

/** Route paths below {@link workspacePath}. */
export const VOICE_ROUTES = {
  config: '/addons/voice/config',
  conversation: '/addons/voice/conversation',
  connection: (id: string) => `/addons/voice/connections/${encodeURIComponent(id)}`,
  acceptCall: '/addons/voice/acceptCall',
  monitorCall: '/addons/voice/monitorCall',
  liveCall: '/addons/voice/live-call',
  contactByPhone: (phone: string) => `/addons/voice/contacts/${encodeURIComponent(phone)}`,
  transfers: '/addons/voice/transfers',
  agentsStatus: '/addons/voice/agents/status',
  liveCalls: '/addons/voice/live-calls',
  queues: '/addons/voice/queues',
  history: '/addons/voice/history',
  transcriptCsv: '/addons/voice/connections/transcript/csv',
  recording: (idCommunication: string) =>
    `/addons/voice/recordings/${encodeURIComponent(idCommunication)}`,
  campaignTemplates: '/v2/campaign-templates',
  dispositions: '/addons/voice/dispositions',
  afterCallWork: (idCommunication: string) =>
    `/addons/voice/connections/${encodeURIComponent(idCommunication)}/after-call-work`,
  historyCsv: '/addons/voice/history/csv',
} as const;

// ── shared pieces ────────────────────────────────────────────────────────────────────────────

/** An ISO-8601 date-time string with offset (`2026-11-23T10:00:00.000Z`). */
const isoDateTime = z.iso.datetime({ offset: true });
const id = z.string().check(z.minLength(1), z.maxLength(200));

// Each enum schema carries its type written out: an inferred enum type prints its members in the
// order TypeScript first met the literals, which changes with unrelated code and made the API
// report flap.

/** How a communication reached the agent. `monitor` is a supervisor's monitoring leg. */
export const communicationTypeSchema: z.ZodMiniEnum<{
  inbound: 'inbound';
  outbound: 'outbound';
  transfer: 'transfer';
  monitor: 'monitor';
}> = z.enum(['inbound', 'outbound', 'transfer', 'monitor']);
/** A call history item's type (no `monitor`: monitoring legs are not history). */
export const historyCommunicationTypeSchema: z.ZodMiniEnum<{
  inbound: 'inbound';
  outbound: 'outbound';
  transfer: 'transfer';
}> = z.enum(['inbound', 'outbound', 'transfer']);
/** The agent-side state of a connection, as the contact centre names it. */
export const agentContactStateSchema: z.ZodMiniEnum<{
  CONNECTING: 'CONNECTING';
  CONNECTED: 'CONNECTED';
  CONNECTED_ONHOLD: 'CONNECTED_ONHOLD';
  ENDED: 'ENDED';
  REJECTED: 'REJECTED';
  MISSED: 'MISSED';
  ERROR: 'ERROR';
}> = z.enum([
  'CONNECTING',
  'CONNECTED',
  'CONNECTED_ONHOLD',
  'ENDED',
  'REJECTED',
  'MISSED',
  'ERROR',
]);

/** The error body of every non-2xx answer. `issues` lists field errors of a 400. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});

// ── Entities ─────────────────────────────────────────────────────────────────────────────────

/** Conversation contact: id, name, phone, avatar. */
export const conversationContactSchema = z.object({
  id,
  name: z.string(),
  phone: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
});

/** Call start payload: contactPhoneNumber, idCommunication, communicationType. */
export const callStartSchema = z.object({
  contactPhoneNumber: z.string().check(z.minLength(1), z.maxLength(32)),
  idCommunication: id,
  communicationType: communicationTypeSchema,
});

/** Connection record: how one communication (contact) maps to a conversation. */
export const connectionRecordSchema = z.object({
  idCommunication: id,
  idConversation: z.nullable(id),
  communicationType: communicationTypeSchema,
  previousIdCommunication: z.nullable(id),
  contactPhoneNumber: z.nullable(z.string()),
  answered: z.boolean(),
  createdAt: isoDateTime,
});

/** The first live connection of an agent (state and communication). */
export const agentConnectionSchema = z.object({
  agentContactState: agentContactStateSchema,
  idCommunication: id,
});

/** A workspace team: name and emoji. */
export const teamSchema = z.object({ name: z.string(), emoji: z.nullable(z.string()) });

/** The identity of a workspace agent. */
export const agentIdentitySchema = z.object({
  idAgent: id,
  name: z.string(),
  email: z.string(),
  avatarURL: z.nullable(z.string()),
});

/** Agent (voice), a transfer target: identity, status, first connection, endpointId. */
export const transferAgentSchema = z.object({
  ...agentIdentitySchema.shape,
  status: z.object({ name: z.string() }),
  connections: z.array(agentConnectionSchema),
  endpointId: id,
});

/** Transfer group (team/queue): id, name, description, endpointId. */
export const transferGroupSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  endpointId: id,
});

/**
 * A quick connect of the contact centre other than an agent: a queue (`queue`) or an external
 * phone number (`phoneNumber`, with its E.164 number): id, name, description, endpointId.
 */
export const transferQuickConnectSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  endpointId: id,
  type: z.enum(['queue', 'phoneNumber']),
  phoneNumber: z.nullable(z.string()),
});

/** Status list item (agent list tab). `connections` is empty when the agent has no live contact. */
export const statusListItemSchema = z.object({
  agent: agentIdentitySchema,
  status: z.object({ name: z.string() }),
  team: z.optional(z.nullable(teamSchema)),
  connections: z.array(agentConnectionSchema),
});

/** Live call item (live calls tab). */
export const liveCallItemSchema = z.object({
  connection: z.object({
    type: historyCommunicationTypeSchema,
    /** When the current connection state began. */
    timestamp: isoDateTime,
    agentContactState: agentContactStateSchema,
    idCommunication: id,
  }),
  contact: z.object({ name: z.string() }),
  agent: z.optional(
    z.nullable(
      z.object({ name: z.string(), email: z.string(), avatarURL: z.nullable(z.string()) }),
    ),
  ),
});

/** Limits of after-call work: a disposition's name, the codes of a workspace, the notes. @public */
export const AFTER_CALL_WORK_LIMITS = {
  dispositionMax: 60,
  dispositionsMax: 50,
  notesMax: 2000,
} as const;

/** What an agent saves on a call after it: a disposition code (or none) and notes. */
export const afterCallWorkSchema = z.object({
  disposition: z.nullable(z.string().check(z.maxLength(AFTER_CALL_WORK_LIMITS.dispositionMax))),
  notes: z.string().check(z.maxLength(AFTER_CALL_WORK_LIMITS.notesMax)),
});

/** Call history item. `contact.name` may start with the visitor prefix (shown as the phone). */
export const callHistoryItemSchema = z.object({
  id,
  idCommunication: id,
  communicationType: historyCommunicationTypeSchema,
  answered: z.boolean(),
  createdAt: isoDateTime,
  contact: z.object({ id, name: z.string(), phone: z.nullable(z.string()) }),
  contactPhoneNumber: z.nullable(z.string()),
  agent: z.nullable(z.object({ idAgent: id, name: z.string(), avatarURL: z.nullable(z.string()) })),
  /**
   * Product API URL of the recording (bearer token required), or null when there is none. The
   * workspace server gives the workspace path `/ws/{slug}/addons/voice/recordings/{idCommunication}`,
   * which the client resolves below its API base.
   */
  recordingUrl: z.nullable(z.string()),
  /** Seconds. */
  recordingDuration: z.nullable(z.number()),
  idConversation: z.nullable(id),
  idPart: z.nullable(id),
  /** The after-call work saved on the call (absent or null when none was saved). */
  afterCallWork: z.optional(z.nullable(afterCallWorkSchema)),
});

/** Voice configuration of the workspace. */
export const voiceConfigSchema = z.object({
  /** The workspace app's planVoice flag: voice features start only with it. */
  planVoice: z.boolean(),
  isVoiceModuleEnabled: z.boolean(),
  connect: z.object({
    /** Must be `CREATED`, otherwise initialisation fails with 'Voice instance is not created'. */
    instanceStatus: z.string(),
    instanceId: z.string(),
    subdomain: z.string(),
    region: z.string(),
  }),
  /** The CCP panel URL for `initCCP` (`https://{subdomain}.my.connect.aws/ccp-v2/`, or the emulator's). */
  ccpUrl: z.string(),
  /** The single-sign-on URL loaded in the hidden sign-on frame; signs the agent in to the panel. */
  loginUrl: z.string(),
  /** The contact centre's username of the signed-in agent, or null when not linked. */
  agentUsername: z.nullable(z.string()),
});

/** A campaign's channel. */
export const campaignChannelSchema: z.ZodMiniEnum<{
  whatsapp: 'whatsapp';
  email: 'email';
  sms: 'sms';
}> = z.enum(['whatsapp', 'email', 'sms']);
/** A campaign template's review status. */
export const campaignTemplateStatusSchema: z.ZodMiniEnum<{
  pending: 'pending';
  approved: 'approved';
  rejected: 'rejected';
}> = z.enum(['pending', 'approved', 'rejected']);

/** Campaign template (as returned by the template search). */
export const campaignTemplateSchema = z.object({
  id,
  name: z.string(),
  channel: campaignChannelSchema,
  status: campaignTemplateStatusSchema,
  language: z.string(),
  body: z.string(),
  variables: z.array(z.string()),
  updatedAt: isoDateTime,
});

// ── Requests and answers ─────────────────────────────────────────────────────────────────────

/** `POST /addons/voice/conversation` and `POST /addons/voice/acceptCall` body. */
export const startConversationBodySchema = z.object({ call: callStartSchema });
/** `POST /addons/voice/conversation` answer: the conversation (id and contact). */
export const startConversationResponseSchema = z.object({
  conversation: z.object({ id, contact: conversationContactSchema }),
});
/** `GET /addons/voice/connections/{id}` answer. */
export const connectionResponseSchema = z.object({ connection: connectionRecordSchema });
/** `POST /addons/voice/acceptCall` answer. */
export const acceptCallResponseSchema = z.object({ connection: connectionRecordSchema });
/** `POST /addons/voice/monitorCall` body. */
export const monitorCallBodySchema = z.object({
  idCommunication: id,
  previousIdCommunication: id,
});
/** `POST /addons/voice/monitorCall` answer. */
export const monitorCallResponseSchema = z.object({ connection: connectionRecordSchema });
/** `POST /addons/voice/live-call` body: the live call to monitor. */
export const liveCallBodySchema = z.object({ call: z.object({ idCommunication: id }) });
/** `POST /addons/voice/live-call` answer. */
export const liveCallResponseSchema = z.object({ ok: z.literal(true) });
/** `GET /addons/voice/contacts/{phone}` answer (404 when no contact has that number). */
export const contactByPhoneResponseSchema = z.object({ contact: conversationContactSchema });
/** `GET /addons/voice/transfers?includePending=false` answer. */
export const transfersResponseSchema = z.object({
  connections: z.object({
    agents: z.array(transferAgentSchema),
    groups: z.array(transferGroupSchema),
    /** The queue and external-number quick connects (absent from older servers). */
    quickConnects: z.optional(z.array(transferQuickConnectSchema)),
  }),
});
/** `GET /addons/voice/agents/status` answer. */
export const agentsStatusResponseSchema = z.object({ list: z.array(statusListItemSchema) });
/** `GET /addons/voice/live-calls` answer. */
export const liveCallsResponseSchema = z.object({ list: z.array(liveCallItemSchema) });
/** History filter types as the UI names them; sent lowercase. */
export const historySearchTypeSchema: z.ZodMiniEnum<{
  all: 'all';
  missed: 'missed';
  inbound: 'inbound';
  outbound: 'outbound';
  transferred: 'transferred';
}> = z.enum(['all', 'missed', 'inbound', 'outbound', 'transferred']);
/** `PATCH /addons/voice/history?lastId=` body. */
export const historyBodySchema = z.object({
  searchType: historySearchTypeSchema,
  searchText: z.string().check(z.maxLength(200)),
});
/** `PATCH /addons/voice/history` answer: one page, newest first; an empty list ends paging. */
export const historyResponseSchema = z.object({ list: z.array(callHistoryItemSchema) });
/** `GET /addons/voice/dispositions`: the workspace's disposition codes, in order. */
export const dispositionsResponseSchema = z.object({ dispositions: z.array(z.string()) });
/** `PUT /addons/voice/connections/{idCommunication}/after-call-work` body. */
export const afterCallWorkBodySchema = afterCallWorkSchema;
/** `PUT /addons/voice/connections/{idCommunication}/after-call-work` answer. */
export const afterCallWorkResponseSchema = z.object({
  afterCallWork: z.object({
    disposition: z.nullable(z.string()),
    notes: z.string(),
    savedAt: isoDateTime,
  }),
});
/** `GET /addons/voice/connections/transcript/csv?idConversation=&idPart=` query. */
export const transcriptCsvQuerySchema = z.object({ idConversation: id, idPart: id });
/** `GET /addons/voice/config` answer. */
export const voiceConfigResponseSchema = z.object({ config: voiceConfigSchema });
/** `PATCH /v2/campaign-templates` body. */
export const campaignTemplatesBodySchema = z.object({
  text: z.string().check(z.maxLength(200)),
  channel: campaignChannelSchema,
});
/** `PATCH /v2/campaign-templates` answer. */
export const campaignTemplatesResponseSchema = z.object({
  campaignTemplates: z.array(campaignTemplateSchema),
});

// ── inferred types ───────────────────────────────────────────────────────────────────────────

/** How a communication reached the agent (`inbound`, `outbound`, `transfer`, `monitor`). @public */
export type CommunicationType = z.infer<typeof communicationTypeSchema>;
/** A call history item's type (`inbound`, `outbound`, `transfer`). @public */
export type HistoryCommunicationType = z.infer<typeof historyCommunicationTypeSchema>;
/** The agent-side state of a connection, as the contact centre names it. @public */
export type AgentContactState = z.infer<typeof agentContactStateSchema>;
/** The error body of every non-2xx answer of the product API (`issues` lists field errors of a 400). @public */
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
/** A conversation's contact: id, name, phone number and avatar. @public */
export type ConversationContact = z.infer<typeof conversationContactSchema>;
/** What the product API needs to start or accept a call: the contact's phone number, the communication id and how it reached the agent. @public */
export type CallStart = z.infer<typeof callStartSchema>;
/** How one communication (a contact of the contact centre) maps to a conversation of the product. @public */
export type ConnectionRecord = z.infer<typeof connectionRecordSchema>;
/** An agent's first live connection: its state and communication. @public */
export type AgentConnection = z.infer<typeof agentConnectionSchema>;
/** A workspace team: name and emoji. @public */
export type Team = z.infer<typeof teamSchema>;
/** The identity of a workspace agent: id, name, email and avatar URL. @public */
export type AgentIdentity = z.infer<typeof agentIdentitySchema>;
/** An agent as a transfer target: identity, status, first connection and `endpointId`. @public */
export type TransferAgent = z.infer<typeof transferAgentSchema>;
/** A team (queue) as a transfer target: id, name, description and `endpointId`. @public */
export type TransferGroup = z.infer<typeof transferGroupSchema>;
/** One row of the agent list: an agent and their live connections (empty when none). @public */
export type StatusListItem = z.infer<typeof statusListItemSchema>;
/** One live call of the live calls tab. @public */
export type LiveCallItem = z.infer<typeof liveCallItemSchema>;
/** One call of the call history. A `contact.name` that starts with the visitor prefix is shown as the phone number. @public */
export type CallHistoryItem = z.infer<typeof callHistoryItemSchema>;
/** The voice configuration of a workspace: plan, instance state, the contact centre's URLs. @public */
export type VoiceConfig = z.infer<typeof voiceConfigSchema>;
/** A campaign template, as the template search returns it. @public */
export type CampaignTemplate = z.infer<typeof campaignTemplateSchema>;
/** A call history filter as the UI names it (`All`, `Missed`, `Inbound`, `Outbound`, `Transferred`); sent lowercase. @public */
export type HistorySearchType = z.infer<typeof historySearchTypeSchema>;
/** The answer of starting a conversation for a call: the conversation's id and contact. @public */
export type StartConversationResponse = z.infer<typeof startConversationResponseSchema>;
/** A queue or external-number quick connect as a transfer target. @public */
export type TransferQuickConnect = z.infer<typeof transferQuickConnectSchema>;
/** The transfer targets: agents, teams, and the queue and external-number quick connects. @public */
export type TransfersResponse = z.infer<typeof transfersResponseSchema>;
/** After-call work of a call: a disposition code (or null) and notes. @public */
export type AfterCallWork = z.infer<typeof afterCallWorkSchema>;
/** The after-call work as saved: with the time it was saved. @public */
export type SavedAfterCallWork = z.infer<typeof afterCallWorkResponseSchema>['afterCallWork'];

// ── live events ──────────────────────────────────────────────────────────────────────────────

/**
 * What changed, as the product's event stream names it: `call.updated` (a call started, was
 * answered or ended; `id` is its idCommunication) and `agent.updated` (an agent's contact-centre
 * status may have changed; `id` is the agent).
 * @public
 */
export type VoiceLiveEventType = 'call.updated' | 'agent.updated';

/** One change the product announces, which the lists refetch for. @public */
export interface VoiceLiveEvent {
  /** What changed. */
  readonly type: VoiceLiveEventType;
  /** The id of what changed (the call's idCommunication, the agent's id). */
  readonly id: string;
}

/**
 * A source of live events: calls `listener` with each change until the returned function is
 * called. The host app forwards its server's event stream through one.
 * @public
 */
export type VoiceLiveEventSource = (listener: (event: VoiceLiveEvent) => void) => () => void;

// ── queues ───────────────────────────────────────────────────────────────────────────────────

/**
 * One queue of the contact centre with its real-time metrics (GetCurrentMetricData): calls
 * waiting, the longest wait in seconds, the agents available to take a call, the agents online
 * (signed in, any status) and the agents on a call, among the agents whose routing profile serves
 * the queue.
 */
export const queueMetricsItemSchema = z.object({
  queue: z.object({ id, name: z.string() }),
  callsWaiting: z.number().check(z.int(), z.nonnegative()),
  longestWaitSeconds: z.number().check(z.int(), z.nonnegative()),
  agentsAvailable: z.number().check(z.int(), z.nonnegative()),
  agentsOnline: z.number().check(z.int(), z.nonnegative()),
  agentsOnCall: z.number().check(z.int(), z.nonnegative()),
});
/** `GET /addons/voice/queues`. */
export const queuesResponseSchema = z.object({ list: z.array(queueMetricsItemSchema) });
/**
 * One queue with its real-time metrics: calls waiting, longest wait (s), agents available, online
 * and on a call.
 * @public
 */
export type QueueMetricsItem = z.infer<typeof queueMetricsItemSchema>;
