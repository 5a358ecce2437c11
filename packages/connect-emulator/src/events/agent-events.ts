import { EventEmitter } from 'eventemitter3';
import { AGENT_EVENT_VERSION } from '../constants';
import type { ContactEventInstance } from './contact-events';
import { stableEventId } from './contact-events';

/** An agent event type (Amazon Connect agent event streams). */
export type AgentEventType = 'STATE_CHANGE' | 'HEART_BEAT' | 'LOGIN' | 'LOGOUT';

/** The agent's status as the domain reports it (times in epoch ms). */
export interface AgentEventView {
  agentId: string;
  username: string;
  firstName: string;
  lastName: string;
  status: { id: string; name: string; type: 'ROUTABLE' | 'CUSTOM' | 'OFFLINE'; sinceMs: number };
  nextStatus?: { id: string; name: string; type: 'ROUTABLE' | 'CUSTOM' | 'OFFLINE' };
  routingProfile: {
    id: string;
    name: string;
    concurrency: Readonly<Record<string, number>>;
    inboundQueues: readonly { id: string; name: string }[];
    defaultOutboundQueue: { id: string; name: string };
  };
  autoAccept: boolean;
  contacts: readonly {
    contactId: string;
    initialContactId?: string;
    channel: string;
    initiationMethod: string;
    /** CONNECTING, CONNECTED, CONNECTED_ONHOLD, ENDED (after contact work), MISSED, ERROR, … */
    state: string;
    stateStartMs: number;
    connectedToAgentMs?: number;
    queue?: { id: string; name: string };
  }[];
}

/** The agent snapshot of an agent event (`CurrentAgentSnapshot`, `PreviousAgentSnapshot`). */
export interface AgentSnapshotRecord {
  AgentStatus: { ARN: string; Name: string; StartTimestamp: string; Type: string };
  NextAgentStatus?: { ARN: string; Name: string; Type: string };
  Configuration: {
    AgentHierarchyGroups: null;
    AutoAccept: boolean;
    FirstName: string;
    LastName: string;
    RoutingProfile: {
      ARN: string;
      Name: string;
      Concurrency: { Channel: string; AvailableSlots: number; MaximumSlots: number }[];
      DefaultOutboundQueue: { ARN: string; Name: string; Channels: string[] };
      InboundQueues: { ARN: string; Name: string; Channels: string[] }[];
    };
    Username: string;
  };
  Contacts: {
    Channel: string;
    ConnectedToAgentTimestamp: string | null;
    ContactId: string;
    InitialContactId: string | null;
    InitiationMethod: string;
    Queue: { ARN: string; Name: string } | null;
    QueueTimestamp: null;
    State: string;
    StateStartTimestamp: string;
  }[];
}

/** One agent event record, as Amazon Connect puts it on the agent event stream (Kinesis). */
export interface AgentEventRecord {
  AWSAccountId: string;
  AgentARN: string;
  CurrentAgentSnapshot: AgentSnapshotRecord | null;
  EventId: string;
  EventTimestamp: string;
  EventType: AgentEventType;
  InstanceARN: string;
  PreviousAgentSnapshot: AgentSnapshotRecord | null;
  Version: typeof AGENT_EVENT_VERSION;
}

const iso = (ms: number) => new Date(ms).toISOString();

function snapshotRecord(instanceArn: string, view: AgentEventView): AgentSnapshotRecord {
  const queueArn = (id: string) => `${instanceArn}/queue/${id}`;
  const channels = Object.keys(view.routingProfile.concurrency);
  const busy = (channel: string) =>
    view.contacts.filter((c) => c.channel === channel && c.state !== 'ENDED').length;
  return {
    AgentStatus: {
      ARN: `${instanceArn}/agent-state/${view.status.id}`,
      Name: view.status.name,
      StartTimestamp: iso(view.status.sinceMs),
      Type: view.status.type,
    },
    ...(view.nextStatus
      ? {
          NextAgentStatus: {
            ARN: `${instanceArn}/agent-state/${view.nextStatus.id}`,
            Name: view.nextStatus.name,
            Type: view.nextStatus.type,
          },
        }
      : {}),
    Configuration: {
      AgentHierarchyGroups: null,
      AutoAccept: view.autoAccept,
      FirstName: view.firstName,
      LastName: view.lastName,
      RoutingProfile: {
        ARN: `${instanceArn}/routing-profile/${view.routingProfile.id}`,
        Name: view.routingProfile.name,
        Concurrency: channels.map((Channel) => {
          const max = view.routingProfile.concurrency[Channel] ?? 0;
          return {
            Channel,
            MaximumSlots: max,
            AvailableSlots: view.status.type === 'ROUTABLE' ? Math.max(0, max - busy(Channel)) : 0,
          };
        }),
        DefaultOutboundQueue: {
          ARN: queueArn(view.routingProfile.defaultOutboundQueue.id),
          Name: view.routingProfile.defaultOutboundQueue.name,
          Channels: ['VOICE'],
        },
        InboundQueues: view.routingProfile.inboundQueues.map((q) => ({
          ARN: queueArn(q.id),
          Name: q.name,
          Channels: channels,
        })),
      },
      Username: view.username,
    },
    Contacts: view.contacts.map((c) => ({
      Channel: c.channel,
      ConnectedToAgentTimestamp:
        c.connectedToAgentMs === undefined ? null : iso(c.connectedToAgentMs),
      ContactId: c.contactId,
      InitialContactId: c.initialContactId ?? null,
      InitiationMethod: c.initiationMethod,
      Queue: c.queue ? { ARN: queueArn(c.queue.id), Name: c.queue.name } : null,
      QueueTimestamp: null,
      State: c.state,
      StateStartTimestamp: iso(c.stateStartMs),
    })),
  };
}

/** Builds one agent event record (the Kinesis record's JSON). */
export function buildAgentEvent(
  instance: ContactEventInstance,
  type: AgentEventType,
  current: AgentEventView,
  previous: AgentEventView | undefined,
  options: { seqForAgent: number; timeMs: number },
): AgentEventRecord {
  const instanceArn = `arn:aws:connect:${instance.region}:${instance.accountId}:instance/${instance.instanceId}`;
  return {
    AWSAccountId: instance.accountId,
    AgentARN: `${instanceArn}/agent/${current.agentId}`,
    CurrentAgentSnapshot: snapshotRecord(instanceArn, current),
    EventId: stableEventId(
      `agent/${instance.instanceId}/${current.agentId}/${options.seqForAgent}/${type}`,
    ),
    EventTimestamp: iso(options.timeMs),
    EventType: type,
    InstanceARN: instanceArn,
    PreviousAgentSnapshot: previous ? snapshotRecord(instanceArn, previous) : null,
    Version: AGENT_EVENT_VERSION,
  };
}

/** Events of {@link AgentEventHub}. */
export interface AgentEventHubEvents {
  event: (record: AgentEventRecord) => void;
}

/** What of an agent's view a STATE_CHANGE is about: the status, the next status, the contacts. */
function signature(view: AgentEventView): string {
  return JSON.stringify([
    view.status.id,
    view.status.name,
    view.nextStatus?.id ?? null,
    view.contacts.map((c) => [c.contactId, c.state]),
  ]);
}

/**
 * Turns the domain's agent changes into agent events: a STATE_CHANGE each time an agent's status,
 * next status or contacts' states change (the agent's other changes, e.g. a snapshot read, make
 * none), with the snapshots before and after.
 */
export class AgentEventHub extends EventEmitter<AgentEventHubEvents> {
  private readonly last = new Map<string, { view: AgentEventView; seq: number; sig: string }>();
  private readonly now: () => number;

  constructor(private readonly options: { instance: ContactEventInstance; now?: () => number }) {
    super();
    this.now = options.now ?? Date.now;
  }

  /** Subscribes to agent events; returns the unsubscribe function. */
  onEvent(handler: (record: AgentEventRecord) => void): () => void {
    this.on('event', handler);
    return () => this.off('event', handler);
  }

  /**
   * Observes an agent's current view; answers the event it implies, if any (the first change seen
   * of an agent has no previous snapshot).
   */
  observe(view: AgentEventView): AgentEventRecord | undefined {
    const sig = signature(view);
    const before = this.last.get(view.agentId);
    if (before?.sig === sig) return undefined;
    const seq = (before?.seq ?? 0) + 1;
    const record = buildAgentEvent(this.options.instance, 'STATE_CHANGE', view, before?.view, {
      seqForAgent: seq,
      timeMs: this.now(),
    });
    this.last.set(view.agentId, { view, seq, sig });
    this.emit('event', record);
    return record;
  }

  /** Forgets every agent (the instance was reset). */
  reset(): void {
    this.last.clear();
  }
}
