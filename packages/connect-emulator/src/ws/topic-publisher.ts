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
  // Each agent hears of the contact under the id it sees (a transfer's new contact for its target).
  const offContact = centre.onContactChange((contact, removed) => {
    const byId = new Map<string, string[]>();
    for (const leg of contact.connections) {
      if (!leg.agentId) continue;
      const id = centre.contactIdOf(contact, leg.agentId);
      byId.set(id, [...(byId.get(id) ?? []), leg.agentId]);
    }
    for (const [contactId, agents] of byId)
      sockets.publish(WS_TOPICS.contact, agents, {
        contactId,
        initialContactId: contact.initialContactId,
        type: contact.type,
        state: contact.state,
        removed,
      });
  });
  return () => {
    offAgent();
    offContact();
  };
}
