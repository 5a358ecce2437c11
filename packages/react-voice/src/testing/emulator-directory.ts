/**
 * The agent list, live calls and transfer targets of the contact-centre emulator, read from its
 * control API (`GET /control/agents`, `/control/contacts`, `/control/quick-connects`).
 */
import type { TransferConnections } from '../api/client';
import type { AgentContactState, LiveCallItem, StatusListItem } from '../api/contract';
import { VoiceApiError } from '../api/errors';
import type { VoiceDirectory } from './memory-voice-api';

/** Options of {@link createEmulatorDirectory}. @public */
export interface EmulatorDirectoryOptions {
  /**
   * The emulator's control API: `http://127.0.0.1:4700/control` from Node, or a path of your dev
   * server that forwards to it (the emulator refuses the control API to cross-site pages).
   */
  readonly controlUrl: string;
  /** The control token (`x-connect-emulator-token`); leave it out when a proxy adds it. */
  readonly controlToken?: string;
  /** The fetch to use (default: the global fetch, read at call time). */
  readonly fetch?: typeof fetch;
}

interface ControlAgent {
  readonly username: string;
  readonly name: string;
  readonly state: { readonly type: string; readonly name: string };
}

interface ControlQuickConnect {
  readonly endpointARN: string;
  readonly type: string;
  readonly name: string;
  readonly agent?: string;
  readonly queue?: string;
}

interface ControlContact {
  readonly contactId: string;
  readonly type: string;
  readonly initiationMethod: string;
  readonly customerNumber: string;
  readonly connections: readonly {
    readonly type: string;
    readonly state: string;
    readonly agent?: string;
  }[];
}

const AGENT_CONTACT_STATE: Readonly<Record<string, AgentContactState>> = {
  connecting: 'CONNECTING',
  connected: 'CONNECTED',
  hold: 'CONNECTED_ONHOLD',
  silent_monitor: 'CONNECTED',
  barge: 'CONNECTED',
};

/**
 * A {@link VoiceDirectory} over the emulator's control API, for `createMemoryVoiceApi`: the
 * agent list (the agents with a quick connect, their state and live calls), the live calls, and
 * the transfer targets (the seed's agent and queue quick connects).
 * @example
 * ```ts
 * const directory = createEmulatorDirectory({ controlUrl: '/emulator-control' });
 * const api = createMemoryVoiceApi({ ccpUrl, loginUrl, directory });
 * ```
 * @public
 */
export function createEmulatorDirectory(options: EmulatorDirectoryOptions): VoiceDirectory {
  const base = options.controlUrl.replace(/\/+$/, '');
  async function get<T>(path: string): Promise<T> {
    const doFetch = options.fetch ?? globalThis.fetch;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.controlToken) headers['x-connect-emulator-token'] = options.controlToken;
    const response = await doFetch(`${base}${path}`, { headers });
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      throw new VoiceApiError(response.status, {
        error: 'emulator_control',
        message: body.message ?? `HTTP ${response.status}`,
      });
    }
    return (await response.json()) as T;
  }
  const live = async (): Promise<{ agents: ControlAgent[]; contacts: ControlContact[] }> => {
    const [{ agents }, { contacts }] = await Promise.all([
      get<{ agents: ControlAgent[] }>('/agents'),
      get<{ contacts: ControlContact[] }>('/contacts'),
    ]);
    return { agents, contacts: contacts.filter((c) => c.type === 'voice') };
  };
  const legsOf = (contacts: readonly ControlContact[], username: string) =>
    contacts.flatMap((c) =>
      c.connections
        .filter((x) => x.agent === username && AGENT_CONTACT_STATE[x.state])
        .map((x) => ({ contact: c, state: AGENT_CONTACT_STATE[x.state]! })),
    );

  return {
    agentsStatus: async (): Promise<StatusListItem[]> => {
      const { agents, contacts } = await live();
      return agents.map((a) => ({
        agent: { idAgent: a.username, name: a.name, email: a.username, avatarURL: null },
        status: { name: a.state.name },
        team: null,
        connections: legsOf(contacts, a.username).map((leg) => ({
          agentContactState: leg.state,
          idCommunication: leg.contact.contactId,
        })),
      }));
    },
    liveCalls: async (): Promise<LiveCallItem[]> => {
      const { agents, contacts } = await live();
      const at = new Date().toISOString();
      return agents.flatMap((a) =>
        legsOf(contacts, a.username).map((leg) => ({
          connection: {
            type: leg.contact.initiationMethod === 'outbound' ? 'outbound' : 'inbound',
            timestamp: at,
            agentContactState: leg.state,
            idCommunication: leg.contact.contactId,
          },
          contact: { name: leg.contact.customerNumber },
          agent: { name: a.name, email: a.username, avatarURL: null },
        })),
      );
    },
    transfers: async (): Promise<TransferConnections> => {
      const [{ agents, contacts }, { quickConnects }] = await Promise.all([
        live(),
        get<{ quickConnects: ControlQuickConnect[] }>('/quick-connects'),
      ]);
      const byUsername = new Map(agents.map((a) => [a.username, a]));
      return {
        agents: quickConnects.flatMap((q) => {
          const a = q.type === 'agent' && q.agent ? byUsername.get(q.agent) : undefined;
          if (!a) return [];
          return [
            {
              idAgent: a.username,
              name: a.name,
              email: a.username,
              avatarURL: null,
              status: { name: a.state.name },
              connections: legsOf(contacts, a.username).map((leg) => ({
                agentContactState: leg.state,
                idCommunication: leg.contact.contactId,
              })),
              endpointId: q.endpointARN,
            },
          ];
        }),
        groups: quickConnects
          .filter((q) => q.type === 'queue')
          .map((q) => ({
            id: q.endpointARN,
            name: q.name,
            description: q.queue ?? '',
            endpointId: q.endpointARN,
          })),
      };
    },
  };
}
