// The agent event stream's view of one agent (the record Amazon Connect puts on its Kinesis
// stream): its status and next status, routing profile and live contacts.
import type { AdminAgentLive } from '../admin/types';
import type { AgentRecord, ContactCentre } from '../domain/contact-centre';
import type { AgentEventView } from '../events/agent-events';
import { lastSegment, splitName } from './domain-mapping';

/** The public-API type of an agent status. */
const statusType = (type: string) =>
  type === 'routable'
    ? ('ROUTABLE' as const)
    : type === 'offline'
      ? ('OFFLINE' as const)
      : ('CUSTOM' as const);

/** The agent event view of `agent`, with its live state as the admin API reports it. */
export function agentEventView(
  c: ContactCentre,
  agent: AgentRecord,
  live: AdminAgentLive | undefined,
): AgentEventView {
  const { firstName, lastName } = splitName(agent.name);
  const queueName = (id: string | undefined) =>
    id === undefined ? undefined : c.queues.find((q) => q.id === id)?.name;
  return {
    agentId: agent.id,
    username: agent.username,
    firstName,
    lastName,
    status: {
      id: lastSegment(agent.selected.arn),
      name: agent.selected.name,
      type: statusType(agent.selected.type),
      sinceMs: agent.selectedSince,
    },
    ...(agent.nextState
      ? {
          nextStatus: {
            id: lastSegment(agent.nextState.arn),
            name: agent.nextState.name,
            type: statusType(agent.nextState.type),
          },
        }
      : {}),
    routingProfile: {
      id: agent.routingProfile.id,
      name: agent.routingProfile.name,
      concurrency: agent.routingProfile.concurrency,
      inboundQueues: agent.routingProfile.queues.map((q) => ({ id: q.id, name: q.name })),
      defaultOutboundQueue: {
        id: agent.routingProfile.defaultOutboundQueue.id,
        name: agent.routingProfile.defaultOutboundQueue.name,
      },
    },
    autoAccept: agent.softphoneAutoAccept,
    contacts: (live?.contacts ?? []).map((x) => {
      const name = queueName(x.queueId);
      return {
        contactId: x.contactId,
        channel: x.channel,
        initiationMethod: x.initiationMethod,
        state: x.state,
        stateStartMs: x.stateStartMs,
        ...(x.connectedToAgentMs === undefined ? {} : { connectedToAgentMs: x.connectedToAgentMs }),
        ...(x.queueId !== undefined && name !== undefined
          ? { queue: { id: x.queueId, name } }
          : {}),
      };
    }),
  };
}
