import { WS_TOPICS } from '../constants';
import type { ContactCentre } from '../domain/contact-centre';
import type { AgentSocketServer } from './socket-server';

/**
 * Publishes the agent and contact web-socket topics ({@link WS_TOPICS}) on every change of the
 * instance to the subscribed sockets of the agents concerned. Returns the unsubscribe function.
 */
export function publishTopics(centre: ContactCentre, sockets: AgentSocketServer): () => void {
  const offAgent = centre.onAgentChange((agent) =>
    sockets.publish(WS_TOPICS.agent, [agent.id], {
      agentId: agent.id,
      state: { type: agent.shown.type, name: agent.shown.name },
      version: agent.version,
    }),
  );
  const offContact = centre.onContactChange((contact, removed) =>
    sockets.publish(
      WS_TOPICS.contact,
      contact.connections.flatMap((leg) => (leg.agentId ? [leg.agentId] : [])),
      {
        contactId: contact.id,
        initialContactId: contact.initialContactId,
        type: contact.type,
        state: contact.state,
        removed,
      },
    ),
  );
  return () => {
    offAgent();
    offContact();
  };
}
