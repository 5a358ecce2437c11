// The voice add-on routes (`/ws/{slug}/addons/voice/...`), declared
// in classic zod (for OpenAPI) with exactly the shapes of the shared contract
// `packages/react-voice/src/api/contract.ts` (zod mini, the browser client's). The contract test
// (test/voice-contract.test.ts) compares the JSON Schema of each pair, so the two cannot drift.
import { z } from '@hono/zod-openapi';
import { isoDateTime, slugParamsSchema } from './common';

const id = z.string().min(1).max(200);

export const communicationTypeSchema = z.enum(['inbound', 'outbound', 'transfer', 'monitor']);
export const historyCommunicationTypeSchema = z.enum(['inbound', 'outbound', 'transfer']);
export const agentContactStateSchema = z.enum([
  'CONNECTING',
  'CONNECTED',
  'CONNECTED_ONHOLD',
  'ENDED',
  'REJECTED',
  'MISSED',
  'ERROR',
]);

// ── Entities ─────────────────────────────────────────────────────────────────────────────────

export const conversationContactSchema = z.object({
  id,
  name: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
});

export const callStartSchema = z.object({
  contactPhoneNumber: z.string().min(1).max(32),
  idCommunication: id,
  communicationType: communicationTypeSchema,
});

export const connectionRecordSchema = z
  .object({
    idCommunication: id,
    idConversation: id.nullable(),
    communicationType: communicationTypeSchema,
    previousIdCommunication: id.nullable(),
    contactPhoneNumber: z.string().nullable(),
    answered: z.boolean(),
    createdAt: isoDateTime,
  })
  .openapi('VoiceConnection');

export const agentConnectionSchema = z.object({
  agentContactState: agentContactStateSchema,
  idCommunication: id,
});

export const teamSchema = z.object({ name: z.string(), emoji: z.string().nullable() });

export const agentIdentitySchema = z.object({
  idAgent: id,
  name: z.string(),
  email: z.string(),
  avatarURL: z.string().nullable(),
});

export const transferAgentSchema = z.object({
  ...agentIdentitySchema.shape,
  status: z.object({ name: z.string() }),
  connections: z.array(agentConnectionSchema),
  endpointId: id,
});

export const transferGroupSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  endpointId: id,
});

export const transferQuickConnectSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  endpointId: id,
  type: z.enum(['queue', 'phoneNumber']),
  phoneNumber: z.string().nullable(),
});

export const statusListItemSchema = z.object({
  agent: agentIdentitySchema,
  status: z.object({ name: z.string() }),
  team: teamSchema.nullable().optional(),
  connections: z.array(agentConnectionSchema),
});

export const liveCallItemSchema = z.object({
  connection: z.object({
    type: historyCommunicationTypeSchema,
    timestamp: isoDateTime,
    agentContactState: agentContactStateSchema,
    idCommunication: id,
  }),
  contact: z.object({ name: z.string() }),
  agent: z
    .object({ name: z.string(), email: z.string(), avatarURL: z.string().nullable() })
    .nullable()
    .optional(),
});

/** Limits of after-call work (the shared contract's AFTER_CALL_WORK_LIMITS). */
export const AFTER_CALL_WORK_LIMITS = {
  dispositionMax: 60,
  dispositionsMax: 50,
  notesMax: 2000,
} as const;

export const afterCallWorkSchema = z.object({
  disposition: z.string().max(AFTER_CALL_WORK_LIMITS.dispositionMax).nullable(),
  notes: z.string().max(AFTER_CALL_WORK_LIMITS.notesMax),
});

export const callHistoryItemSchema = z.object({
  id,
  idCommunication: id,
  communicationType: historyCommunicationTypeSchema,
  answered: z.boolean(),
  createdAt: isoDateTime,
  contact: z.object({ id, name: z.string(), phone: z.string().nullable() }),
  contactPhoneNumber: z.string().nullable(),
  agent: z.object({ idAgent: id, name: z.string(), avatarURL: z.string().nullable() }).nullable(),
  recordingUrl: z.string().nullable(),
  recordingDuration: z.number().nullable(),
  idConversation: id.nullable(),
  idPart: id.nullable(),
  afterCallWork: afterCallWorkSchema.nullable().optional(),
});

export const voiceConfigSchema = z.object({
  planVoice: z.boolean(),
  isVoiceModuleEnabled: z.boolean(),
  connect: z.object({
    instanceStatus: z.string(),
    instanceId: z.string(),
    subdomain: z.string(),
    region: z.string(),
  }),
  ccpUrl: z.string(),
  loginUrl: z.string(),
  agentUsername: z.string().nullable(),
});

// ── Requests and answers ─────────────────────────────────────────────────────────────────────

export const startConversationBodySchema = z
  .object({ call: callStartSchema })
  .openapi('VoiceCallStart');
export const startConversationResponseSchema = z
  .object({ conversation: z.object({ id, contact: conversationContactSchema }) })
  .openapi('VoiceConversation');
export const connectionResponseSchema = z.object({ connection: connectionRecordSchema });
export const acceptCallResponseSchema = z.object({ connection: connectionRecordSchema });
export const monitorCallBodySchema = z
  .object({ idCommunication: id, previousIdCommunication: id })
  .openapi('VoiceMonitorCall');
export const monitorCallResponseSchema = z.object({ connection: connectionRecordSchema });
export const liveCallBodySchema = z
  .object({ call: z.object({ idCommunication: id }) })
  .openapi('VoiceLiveCallJoin');
export const liveCallResponseSchema = z.object({ ok: z.literal(true) });
export const contactByPhoneResponseSchema = z.object({ contact: conversationContactSchema });
export const transfersResponseSchema = z
  .object({
    connections: z.object({
      agents: z.array(transferAgentSchema),
      groups: z.array(transferGroupSchema),
      // Optional in the shared contract (older servers leave it out); this server always sends it.
      quickConnects: z.array(transferQuickConnectSchema).optional(),
    }),
  })
  .openapi('VoiceTransfers');
export const agentsStatusResponseSchema = z
  .object({ list: z.array(statusListItemSchema) })
  .openapi('VoiceAgentsStatus');
export const liveCallsResponseSchema = z
  .object({ list: z.array(liveCallItemSchema) })
  .openapi('VoiceLiveCalls');
export const historySearchTypeSchema = z.enum([
  'all',
  'missed',
  'inbound',
  'outbound',
  'transferred',
]);
export const historyBodySchema = z
  .object({ searchType: historySearchTypeSchema, searchText: z.string().max(200) })
  .openapi('VoiceHistoryQuery');
export const historyResponseSchema = z
  .object({ list: z.array(callHistoryItemSchema) })
  .openapi('VoiceHistoryPage');
export const transcriptCsvQuerySchema = z.object({ idConversation: id, idPart: id });
export const dispositionsResponseSchema = z
  .object({ dispositions: z.array(z.string()) })
  .openapi('VoiceDispositions');
export const afterCallWorkBodySchema = afterCallWorkSchema.openapi('VoiceAfterCallWork');
export const afterCallWorkResponseSchema = z
  .object({
    afterCallWork: z.object({
      disposition: z.string().nullable(),
      notes: z.string(),
      savedAt: isoDateTime,
    }),
  })
  .openapi('VoiceAfterCallWorkSaved');
export const voiceConfigResponseSchema = z
  .object({ config: voiceConfigSchema })
  .openapi('VoiceConfig');

// ── server-only request parts (paths and queries) ────────────────────────────────────────────

export const connectionParamsSchema = slugParamsSchema.extend({
  id: id.openapi({ param: { name: 'id', in: 'path' } }),
});

export const phoneParamsSchema = slugParamsSchema.extend({
  phone: z
    .string()
    .min(1)
    .max(32)
    .openapi({ param: { name: 'phone', in: 'path' }, example: '+15555550101' }),
});

export const recordingParamsSchema = slugParamsSchema.extend({
  idCommunication: id.openapi({ param: { name: 'idCommunication', in: 'path' } }),
});

export const transfersQuerySchema = z.object({
  /** `true` also lists agents who are not signed in to the softphone (status Offline). */
  includePending: z.enum(['true', 'false']).default('false'),
});

export const historyQuerySchema = z.object({
  /** The `id` of the last item of the previous page; none for the first page. */
  lastId: id.optional(),
});

/** Rows of one history page (the page size is the server's choice). */
export const HISTORY_PAGE_SIZE = 20;

export type CommunicationType = z.infer<typeof communicationTypeSchema>;
export type HistoryCommunicationType = z.infer<typeof historyCommunicationTypeSchema>;
export type AgentContactState = z.infer<typeof agentContactStateSchema>;
export type CallStart = z.infer<typeof callStartSchema>;
export type ConnectionRecord = z.infer<typeof connectionRecordSchema>;
export type ConversationContact = z.infer<typeof conversationContactSchema>;
export type TransferAgent = z.infer<typeof transferAgentSchema>;
export type TransferGroup = z.infer<typeof transferGroupSchema>;
export type TransferQuickConnect = z.infer<typeof transferQuickConnectSchema>;
export type StatusListItem = z.infer<typeof statusListItemSchema>;
export type LiveCallItem = z.infer<typeof liveCallItemSchema>;
export type CallHistoryItem = z.infer<typeof callHistoryItemSchema>;
export type VoiceConfig = z.infer<typeof voiceConfigSchema>;
export type HistorySearchType = z.infer<typeof historySearchTypeSchema>;
export type HistoryBody = z.infer<typeof historyBodySchema>;

// ── after-call work and the history CSV ──────────────────────────────────────────────────────

export const afterCallWorkParamsSchema = slugParamsSchema.extend({
  idCommunication: id.openapi({ param: { name: 'idCommunication', in: 'path' } }),
});

export const historyCsvQuerySchema = z.object({
  searchType: historySearchTypeSchema.default('all'),
  searchText: z.string().max(200).default(''),
});

/** Most calls one history CSV holds (newest first). */
export const HISTORY_CSV_MAX_ROWS = 10_000;

/**
 * The disposition codes an admin saves in Settings: the whole list in order, each name 1–60
 * characters, at most 50, no two alike (case aside).
 */
export const dispositionsPutSchema = z
  .object({
    dispositions: z
      .array(z.string().trim().min(1).max(AFTER_CALL_WORK_LIMITS.dispositionMax))
      .max(AFTER_CALL_WORK_LIMITS.dispositionsMax),
  })
  .strict()
  .openapi('DispositionCodes');

export type AfterCallWork = z.infer<typeof afterCallWorkSchema>;
export type HistoryCsvQuery = z.infer<typeof historyCsvQuerySchema>;

// ── queues (real-time metrics) ───────────────────────────────────────────────────────────────

export const queueMetricsItemSchema = z.object({
  queue: z.object({ id, name: z.string() }),
  callsWaiting: z.number().int().nonnegative(),
  longestWaitSeconds: z.number().int().nonnegative(),
  agentsAvailable: z.number().int().nonnegative(),
  agentsOnline: z.number().int().nonnegative(),
  agentsOnCall: z.number().int().nonnegative(),
});
export const queuesResponseSchema = z
  .object({ list: z.array(queueMetricsItemSchema) })
  .openapi('VoiceQueues');
export type QueueMetricsItem = z.infer<typeof queueMetricsItemSchema>;
