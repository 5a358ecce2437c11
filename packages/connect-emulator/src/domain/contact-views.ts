import type {
  AgentStateDefinition,
  CtiAgentConfiguration,
  CtiAgentSnapshot,
  CtiContact,
  Endpoint,
  Queue,
} from '@x/connect-streams/protocol';
import type { Clock } from './clock';
import { stateFor } from './contact-legs';
import type { Contacts } from './contacts';
import type { Arns } from './ids';
import type {
  AgentRecord,
  AgentStateRecord,
  ConnectionRecord,
  ContactRecord,
  EndpointRecord,
} from './records';

const seconds = (ms: number) => ms / 1000;

/** What {@link ContactViews} needs from the centre around it. */
export interface ContactViewsDeps {
  readonly clock: Clock;
  readonly arns: Arns;
  readonly agentStates: readonly AgentStateRecord[];
  /** The instance's quick connects. */
  readonly endpoints: readonly EndpointRecord[];
  /** The participant token of a chat participant (an agent's `ConnectionAuthenticationToken`). */
  readonly chatParticipantToken: (contactId: string, participantId: string) => string;
  /** The softphone token (`callContextToken`) of a voice party's connection. */
  readonly softphoneToken: (contactId: string, connectionId: string) => string;
  /** The softphone signalling endpoint, once the emulator listens. */
  readonly softphoneSignallingUrl?: () => string;
}

/**
 * What an agent sees: a contact and its connections as the agent sees them, the GetAgentSnapshot
 * snapshot, the agent's configuration, queues, states and quick connects.
 */
export class ContactViews {
  constructor(
    private readonly deps: ContactViewsDeps,
    private readonly contacts: Contacts,
  ) {}

  /** The contact as `agent` sees it in GetAgentSnapshot. */
  contactView(contact: ContactRecord, agent: AgentRecord): CtiContact {
    const now = this.deps.clock.now();
    const own = contact.connections.find((x) => x.agentId === agent.id);
    // An agent who took the call through a transfer sees it in the queue it came through.
    const queue: Queue = own?.transferQueue?.queue ?? {
      queueARN: contact.queue.arn,
      name: contact.queue.name,
    };
    // As on the real service, an agent sees the quick connect name only of a party added while
    // that agent was on the call; any other party is unidentified (no `quickConnectName`: the CCP
    // shows it as an internal transfer).
    const named = (leg: ConnectionRecord) =>
      leg.quickConnectName !== undefined && own !== undefined && leg.seq > own.seq;
    return {
      contactId: own?.transfer?.contactId ?? contact.id,
      initialContactId: contact.initialContactId,
      type: contact.type,
      state: { type: stateFor(contact, agent), timestamp: seconds(contact.since) },
      queue,
      queueTimestamp: seconds(own?.transferQueue?.since ?? contact.queuedAt),
      connections: contact.connections
        // A silent monitor is invisible to the others; a barging supervisor is heard and shown.
        .filter((leg) => leg.agentId === agent.id || leg.state !== 'silent_monitor')
        .map((leg) => ({
          connectionId: leg.id,
          endpoint: leg.endpoint,
          state: { type: leg.state, timestamp: seconds(leg.since) },
          // Each agent sees its own leg as `agent`; other agents' legs are third parties.
          type:
            leg.agentId === agent.id
              ? leg.type === 'monitoring'
                ? leg.type
                : 'agent'
              : leg.type === 'agent'
                ? 'outbound'
                : leg.type,
          initial: leg.initial,
          softphoneMediaInfo:
            leg.agentId === agent.id ? this.softphoneMediaInfo(contact, leg, agent) : undefined,
          ...(contact.type === 'chat'
            ? { chatMediaInfo: this.chatMediaInfo(contact, leg, agent) }
            : {}),
          mute: leg.mute,
          forcedMute: leg.forcedMute ?? false,
          ...(named(leg) ? { quickConnectName: leg.quickConnectName } : {}),
          monitorCapabilities: [...(leg.monitorCapabilities ?? [])],
          ...(leg.monitorStatus === undefined ? {} : { monitorStatus: leg.monitorStatus }),
          ...(leg.monitoringInfo === undefined
            ? {}
            : {
                monitoringInfo: {
                  agent: { agentName: leg.monitoringInfo.agentName },
                  joinTimeStamp: seconds(leg.monitoringInfo.joinedAt),
                },
              }),
        })),
      attributes: contact.attributes,
      contactDuration: String(
        Math.floor((now - (own?.transfer?.createdAt ?? contact.createdAt)) / 1000),
      ),
      // A transferred call reaches its new agent as a new contact initiated by transfer.
      initiationMethod: own?.transfer || own?.transferQueue ? 'transfer' : contact.initiationMethod,
      ...(contact.type === 'task'
        ? {
            name: contact.name,
            ...(contact.description === undefined ? {} : { description: contact.description }),
            references: contact.references,
            ...(contact.relatedContactId === undefined
              ? {}
              : { relatedContactId: contact.relatedContactId }),
          }
        : contact.type === 'chat'
          ? {}
          : { customerEndpoint: { type: 'phone_number', phoneNumber: contact.customerNumber } }),
      contactFeatures: {
        attachmentsEnabled: contact.type === 'chat',
        messagingMarkdownEnabled: false,
        multiPartyConferenceEnabled: true,
      },
    };
  }

  /**
   * Where a voice party's softphone signals and the token it signs its invite with (the agent's
   * softphone, or the customer's phone), or undefined for another channel or before the emulator
   * listens.
   */
  softphoneMedia(
    contact: ContactRecord,
    connectionId: string,
  ): { signalingEndpoint: string; callContextToken: string } | undefined {
    const endpoint = this.deps.softphoneSignallingUrl?.();
    if (!endpoint || (contact.type !== 'voice' && contact.type !== 'queue_callback'))
      return undefined;
    return {
      signalingEndpoint: endpoint,
      callContextToken: this.deps.softphoneToken(contact.id, connectionId),
    };
  }

  /**
   * The agent's own voice leg's `softphoneMediaInfo`: the call context token its softphone signs
   * its invite with, and the `callConfigJson` naming the signalling endpoint (no ICE servers: the
   * media server is reached directly).
   */
  private softphoneMediaInfo(
    contact: ContactRecord,
    leg: ConnectionRecord,
    agent: AgentRecord,
  ): CtiContact['connections'][number]['softphoneMediaInfo'] {
    const media = this.softphoneMedia(contact, leg.id);
    return {
      callType: 'audio_only',
      autoAccept: agent.softphoneAutoAccept,
      ...(media
        ? {
            callContextToken: media.callContextToken,
            callConfigJson: JSON.stringify({
              signalingEndpoint: media.signalingEndpoint,
              iceServers: [],
              useWebSocketProvider: false,
            }),
          }
        : {}),
    };
  }

  /**
   * A chat leg's `chatMediaInfo`: on the agent's own leg, `connectionData` carries its participant
   * token (`ConnectionAuthenticationToken`; the leg's connection id is its participant id); every
   * leg names the customer.
   */
  private chatMediaInfo(
    contact: ContactRecord,
    leg: ConnectionRecord,
    agent: AgentRecord,
  ): { chatAutoAccept: boolean; connectionData: string | null; customerName: string | null } {
    return {
      chatAutoAccept: false,
      connectionData:
        leg.agentId === agent.id
          ? JSON.stringify({
              ConnectionAuthenticationToken: this.deps.chatParticipantToken(contact.id, leg.id),
            })
          : null,
      customerName: contact.customerName ?? null,
    };
  }

  /** The GetAgentSnapshot `snapshot` of `agent` (contacts sorted by state timestamp). */
  snapshot(agent: AgentRecord): CtiAgentSnapshot {
    const now = this.deps.clock.now();
    const state = agent.shown;
    const contacts = [
      ...agent.ghosts.map((g) => g.contact),
      ...this.contacts.contactsOf(agent).map((c) => this.contactView(c, agent)),
    ].sort((a, b) => Number(a.state.timestamp) - Number(b.state.timestamp));
    return {
      state: {
        agentStateARN: state.arn,
        type: state.type as AgentStateDefinition['type'],
        name: state.name,
        startTimestamp: seconds(state.since),
      },
      ...(agent.nextState
        ? {
            nextState: {
              agentStateARN: agent.nextState.arn,
              type: agent.nextState.type,
              name: agent.nextState.name,
              startTimestamp: seconds(now),
            },
          }
        : {}),
      agentAvailabilityState: {
        state: agent.selected.name,
        timeStamp: seconds(agent.selectedSince),
      },
      contacts,
      snapshotTimestamp: seconds(now),
    };
  }

  configuration(agent: AgentRecord): CtiAgentConfiguration {
    const profile = agent.routingProfile;
    return {
      name: agent.name,
      username: agent.username,
      agentARN: agent.arn,
      extension: agent.extension,
      softphoneEnabled: agent.softphoneEnabled,
      softphoneAutoAccept: agent.softphoneAutoAccept,
      agentPreferences: agent.preferences,
      routingProfile: {
        name: profile.name,
        routingProfileARN: profile.arn,
        defaultOutboundQueue: {
          queueARN: profile.defaultOutboundQueue.arn,
          name: profile.defaultOutboundQueue.name,
        },
        channelConcurrencyMap: { ...profile.concurrency },
      },
    };
  }

  /** The agent's routing-profile queues, its own agent queue first. */
  routingProfileQueues(agent: AgentRecord): Queue[] {
    return [
      { queueARN: this.deps.arns.agentQueue(agent.id), name: null },
      ...agent.routingProfile.queues.map((q) => ({ queueARN: q.arn, name: q.name })),
    ];
  }

  agentStateDefinitions(): AgentStateDefinition[] {
    return this.deps.agentStates.map((s) => ({ agentStateARN: s.arn, type: s.type, name: s.name }));
  }

  /** Quick connects available to queues `queueARNs` (every seeded quick connect, minus the agent itself). */
  endpointsFor(agent: AgentRecord, queueARNs: readonly string[]): Endpoint[] {
    void queueARNs;
    return this.deps.endpoints.filter((e) => e.agentLogin !== agent.username);
  }
}
