/**
 * The product voice API kept in memory: what a React app needs to run the voice kit against the
 * contact-centre emulator (or a real instance) before it has a product backend. Conversations,
 * connection records and the call history live in the page; the contact centre's own data (agent
 * list, live calls, transfer targets) comes from a {@link VoiceDirectory} when one is given.
 */
import type { HistoryPageQuery, TransferConnections, VoiceApi } from '../api/client';
import type {
  CallHistoryItem,
  CampaignTemplate,
  ConnectionRecord,
  ConversationContact,
  LiveCallItem,
  StatusListItem,
  VoiceConfig,
} from '../api/contract';
import { VoiceApiError } from '../api/errors';

/** Where the contact centre's own data comes from (see `createEmulatorDirectory`). @public */
export interface VoiceDirectory {
  /** The agent list: every agent, their status and live connections. */
  readonly agentsStatus: () => Promise<StatusListItem[]>;
  /** The live calls of the contact centre. */
  readonly liveCalls: () => Promise<LiveCallItem[]>;
  /** The transfer targets (agents and queues, each with its quick-connect endpointId). */
  readonly transfers: () => Promise<TransferConnections>;
}

/** Options of {@link createMemoryVoiceApi}. @public */
export interface MemoryVoiceApiOptions {
  /** The panel URL for `initCCP`: the emulator's `…/connect/ccp-v2/`. */
  readonly ccpUrl: string;
  /**
   * The sign-in URL loaded in the hidden sign-on frame. With the emulator,
   * `…/login?username=jane` signs Jane in without a form from a page it trusts (its own site, a
   * loopback page, or an allowed origin); another site needs a one-time link
   * (`emulator.signInUrl('jane')`). Its plain `…/login` page needs the agent to pick a name, which
   * a hidden frame cannot do (start-up then reports that sign-in is needed).
   */
  readonly loginUrl: string;
  /** The instance's region (default `us-east-1`). */
  readonly region?: string;
  /**
   * The contact centre's username of the signed-in agent (default: the `username` of `loginUrl`,
   * else `'agent'`). `null` means the user is no agent: the voice module then stays off.
   */
  readonly agentUsername?: string | null;
  /** Contacts known by phone number (the call panel shows their names); others get their number. */
  readonly contacts?: readonly Omit<ConversationContact, 'id'>[];
  /** The agent list, live calls and transfer targets; without one, these lists are empty. */
  readonly directory?: VoiceDirectory;
  /** The campaign templates the template search finds. */
  readonly campaignTemplates?: readonly CampaignTemplate[];
  /** Clock (default `Date.now`). */
  readonly now?: () => number;
}

/** The in-memory voice API, with what it recorded. @public */
export interface MemoryVoiceApi extends VoiceApi {
  /** Every connection record, in the order the calls started. */
  readonly connections: () => readonly ConnectionRecord[];
}

/** The `username` a sign-in URL carries, else `'agent'` (any name: it only says voice is on). */
function usernameOf(url: string): string {
  try {
    return new URL(url, 'http://localhost/').searchParams.get('username') || 'agent';
  } catch {
    return 'agent';
  }
}

/** Call history page size of the in-memory API (the product server's page size). */
const HISTORY_PAGE_SIZE = 20;

const notFound = (what: string): VoiceApiError =>
  new VoiceApiError(404, { error: 'not_found', message: `${what} not found` });

/**
 * Creates the product voice API in memory, for `<VoiceProvider api={...}>` without a product
 * backend: each call gets a conversation (one per phone number), accepting marks it answered,
 * finished calls make the call history. Recordings and transcripts are not kept (their downloads
 * answer 404).
 * @example
 * ```ts
 * const api = createMemoryVoiceApi({
 *   ccpUrl: 'http://127.0.0.1:4700/connect/ccp-v2/',
 *   loginUrl: 'http://127.0.0.1:4700/login?username=jane',
 * });
 * ```
 * @public
 */
export function createMemoryVoiceApi(options: MemoryVoiceApiOptions): MemoryVoiceApi {
  const now = options.now ?? Date.now;
  const iso = (): string => new Date(now()).toISOString();
  const contacts = new Map<string, ConversationContact>();
  const conversations = new Map<string, string>();
  const connections = new Map<string, ConnectionRecord>();
  let nextId = 1;
  const newId = (prefix: string): string => `${prefix}-${nextId++}`;
  for (const c of options.contacts ?? []) {
    if (c.phone) contacts.set(c.phone, { ...c, id: newId('contact') });
  }

  const contactOf = (phone: string): ConversationContact => {
    let contact = contacts.get(phone);
    if (!contact) {
      contact = { id: newId('contact'), name: phone, phone, avatar: null };
      contacts.set(phone, contact);
    }
    return contact;
  };
  const conversationOf = (phone: string): string => {
    let id = conversations.get(phone);
    if (!id) {
      id = newId('conversation');
      conversations.set(phone, id);
    }
    return id;
  };
  const record = (call: Parameters<VoiceApi['startConversation']>[0]): ConnectionRecord => {
    const known = connections.get(call.idCommunication);
    if (known) return known;
    const created: ConnectionRecord = {
      idCommunication: call.idCommunication,
      idConversation: conversationOf(call.contactPhoneNumber),
      communicationType: call.communicationType,
      previousIdCommunication: null,
      contactPhoneNumber: call.contactPhoneNumber,
      answered: false,
      createdAt: iso(),
    };
    connections.set(call.idCommunication, created);
    return created;
  };
  const historyItem = (c: ConnectionRecord): CallHistoryItem | null => {
    if (c.communicationType === 'monitor') return null;
    const contact = contactOf(c.contactPhoneNumber ?? 'unknown');
    return {
      id: c.idCommunication,
      idCommunication: c.idCommunication,
      communicationType: c.communicationType,
      answered: c.answered,
      createdAt: c.createdAt,
      contact: { id: contact.id, name: contact.name, phone: contact.phone },
      contactPhoneNumber: c.contactPhoneNumber,
      agent: null,
      recordingUrl: null,
      recordingDuration: null,
      idConversation: c.idConversation,
      idPart: null,
    };
  };
  const history = ({ searchType, searchText, lastId }: HistoryPageQuery): CallHistoryItem[] => {
    const text = searchText.trim().toLowerCase();
    const type = searchType.toLowerCase();
    const all = [...connections.values()]
      .reverse()
      .map(historyItem)
      .filter((item): item is CallHistoryItem => item !== null)
      .filter(
        (item) =>
          (type === 'all' ||
            (type === 'missed' && !item.answered) ||
            (type === 'transferred' && item.communicationType === 'transfer') ||
            item.communicationType === type) &&
          (!text ||
            item.contact.name.toLowerCase().includes(text) ||
            (item.contactPhoneNumber ?? '').includes(text)),
      );
    const start = lastId ? all.findIndex((item) => item.id === lastId) + 1 : 0;
    return start === 0 && lastId ? [] : all.slice(start, start + HISTORY_PAGE_SIZE);
  };

  const config: VoiceConfig = {
    planVoice: true,
    isVoiceModuleEnabled: true,
    connect: {
      instanceStatus: 'CREATED',
      instanceId: 'memory',
      subdomain: 'memory',
      region: options.region ?? 'us-east-1',
    },
    ccpUrl: options.ccpUrl,
    loginUrl: options.loginUrl,
    agentUsername:
      options.agentUsername === undefined ? usernameOf(options.loginUrl) : options.agentUsername,
  };

  return {
    connections: () => [...connections.values()],
    getConfig: () => Promise.resolve(config),
    startConversation: (call) => {
      const connection = record(call);
      return Promise.resolve({
        id: connection.idConversation ?? conversationOf(call.contactPhoneNumber),
        contact: contactOf(call.contactPhoneNumber),
      });
    },
    getConnection: (id) => {
      const connection = connections.get(id);
      return connection ? Promise.resolve(connection) : Promise.reject(notFound('Connection'));
    },
    acceptCall: (call) => {
      const answered = { ...record(call), answered: true };
      connections.set(call.idCommunication, answered);
      return Promise.resolve(answered);
    },
    monitorCall: ({ idCommunication, previousIdCommunication }) => {
      const watched = connections.get(previousIdCommunication);
      const created: ConnectionRecord = {
        idCommunication,
        idConversation: watched?.idConversation ?? null,
        communicationType: 'monitor',
        previousIdCommunication,
        contactPhoneNumber: watched?.contactPhoneNumber ?? null,
        answered: true,
        createdAt: iso(),
      };
      connections.set(idCommunication, created);
      return Promise.resolve(created);
    },
    joinLiveCall: () => Promise.resolve(),
    getContactByPhone: (phone) => Promise.resolve(contacts.get(phone) ?? null),
    getTransfers: () =>
      options.directory?.transfers() ?? Promise.resolve({ agents: [], groups: [] }),
    getAgentsStatus: () => options.directory?.agentsStatus() ?? Promise.resolve([]),
    getLiveCalls: () => options.directory?.liveCalls() ?? Promise.resolve([]),
    getHistoryPage: (query) => Promise.resolve(history(query)),
    getTranscriptCsv: () => Promise.reject(notFound('Transcript')),
    getRecording: () => Promise.reject(notFound('Recording')),
    searchCampaignTemplates: ({ text, channel }) =>
      Promise.resolve(
        (options.campaignTemplates ?? []).filter(
          (t) => t.channel === channel && t.name.toLowerCase().includes(text.toLowerCase()),
        ),
      ),
  };
}
