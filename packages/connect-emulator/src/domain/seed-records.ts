// The records of an instance built from its seed: agent states, queues, routing profiles, agents
// (in their initial state), phone numbers and their contact flows, and the quick connects'
// endpoints, each with its stable id and ARN.
import { DEFAULT_CHANNEL_CONCURRENCY } from '../constants';
import { stableId, type Arns } from './ids';
import type {
  AgentRecord,
  AgentStateRecord,
  EndpointRecord,
  QueueRecord,
  RoutingProfileRecord,
} from './records';
import type { ContactFlowStep, Seed } from './seed';

/** The records {@link seedRecords} builds. */
export interface SeedRecords {
  readonly agentStates: readonly AgentStateRecord[];
  readonly queues: readonly QueueRecord[];
  readonly agents: Map<string, AgentRecord>;
  readonly phoneNumbers: ReadonlyMap<string, QueueRecord>;
  readonly numberFlows: ReadonlyMap<string, string>;
  readonly contactFlows: ReadonlyMap<string, readonly ContactFlowStep[]>;
  readonly endpoints: readonly EndpointRecord[];
}

/** The records of the instance `instanceId` built from `seed`, its agents' states since `now`. */
export function seedRecords(seed: Seed, arns: Arns, instanceId: string, now: number): SeedRecords {
  const id = (kind: string, name: string) => stableId(instanceId, kind, name);

  const agentStates = seed.agentStates.map((s) => ({
    ...s,
    arn: arns.agentState(id('agent-state', s.name)),
  }));
  const queues = seed.queues.map((q) => {
    const qid = id('queue', q.name);
    return { id: qid, arn: arns.queue(qid), name: q.name };
  });
  const queueByName = new Map(queues.map((q) => [q.name, q]));
  const profiles = new Map(
    seed.routingProfiles.map((p) => {
      const pid = id('routing-profile', p.name);
      const queues = p.queues.map((n) => queueByName.get(n)!);
      const profile: RoutingProfileRecord = {
        id: pid,
        arn: arns.routingProfile(pid),
        name: p.name,
        queues,
        defaultOutboundQueue: queueByName.get(p.defaultOutboundQueue ?? p.queues[0]!)!,
        concurrency: p.channelConcurrency ?? DEFAULT_CHANNEL_CONCURRENCY,
      };
      return [p.name, profile] as const;
    }),
  );
  const offline = agentStates.find((s) => s.type === 'offline')!;
  const agents = new Map(
    seed.agents.map((a) => {
      const aid = id('agent', a.username);
      const selected = agentStates.find((s) => s.name === a.initialState) ?? offline;
      const agent: AgentRecord = {
        id: aid,
        arn: arns.agent(aid),
        username: a.username,
        name: a.name,
        extension: a.extension ?? null,
        routingProfile: profiles.get(a.routingProfile)!,
        permissions: a.permissions,
        softphoneEnabled: a.softphoneEnabled,
        softphoneAutoAccept: a.softphoneAutoAccept,
        preferences: { LANGUAGE: a.locale, locale: a.locale },
        selected,
        selectedSince: now,
        nextState: null,
        errorState: null,
        errorSince: now,
        idleSince: now,
        shown: { arn: selected.arn, type: selected.type, name: selected.name, since: now },
        ghosts: [],
        recentContacts: [],
        version: 1,
        waiters: new Set(),
      };
      return [aid, agent] as const;
    }),
  );
  const phoneNumbers = new Map(seed.phoneNumbers.map((n) => [n.number, queueByName.get(n.queue)!]));
  const numberFlows = new Map(
    seed.phoneNumbers.flatMap((n) => (n.contactFlow ? [[n.number, n.contactFlow] as const] : [])),
  );
  const contactFlows = new Map(seed.contactFlows.map((f) => [f.name, f.steps]));
  const agentByUsername = new Map([...agents.values()].map((a) => [a.username, a]));
  const endpoints = seed.quickConnects.map((qc): EndpointRecord => {
    const arn = arns.transferDestination(id('quick-connect', qc.name));
    if (qc.type === 'phone_number')
      return {
        endpointARN: arn,
        endpointId: arn,
        type: 'phone_number',
        name: qc.name,
        phoneNumber: qc.phoneNumber,
      };
    if (qc.type === 'queue') {
      const q = queueByName.get(qc.queue)!;
      return {
        endpointARN: arn,
        endpointId: arn,
        type: 'queue',
        name: qc.name,
        queue: { queueARN: q.arn, name: q.name },
      };
    }
    const agent = agentByUsername.get(qc.agent)!;
    return {
      endpointARN: arn,
      endpointId: arn,
      type: 'agent',
      name: qc.name,
      agentLogin: agent.username,
      queue: { queueARN: arns.agentQueue(agent.id), name: agent.username },
    };
  });
  return { agentStates, queues, agents, phoneNumbers, numberFlows, contactFlows, endpoints };
}
