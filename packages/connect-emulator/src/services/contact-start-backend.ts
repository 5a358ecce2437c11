import type { ContactStartBackend } from '../admin/contact-start-routes';
import { AdminApiError } from '../admin/errors';
import { chatToken } from '../domain/chat-tokens';
import type { Clock } from '../domain/clock';
import type { ContactCentre } from '../domain/contact-centre';
import { stableId } from '../domain/ids';
import type { QueueRecord } from '../domain/records';
import type { Seed } from '../domain/seed';

/**
 * The queue (and attributes) a contact flow sends a chat or task to: a seeded flow named by its
 * id or name runs its steps (set attributes, set the working queue, transfer to a queue); any
 * other flow id sends to the instance's first queue.
 */
function flowRoute(
  centre: ContactCentre,
  seed: Seed,
  flowId: string | undefined,
): { queue: QueueRecord; attributes: Record<string, string> } {
  const flow = seed.contactFlows.find(
    (f) => f.name === flowId || stableId(centre.instanceId, 'contact-flow', f.name) === flowId,
  );
  let queueName: string | undefined;
  const attributes: Record<string, string> = {};
  for (const step of flow?.steps ?? []) {
    if ('setAttributes' in step) Object.assign(attributes, step.setAttributes);
    if ('setWorkingQueue' in step) queueName = step.setWorkingQueue;
    if ('transferToQueue' in step && typeof step.transferToQueue === 'string')
      queueName = step.transferToQueue;
  }
  const queue = centre.queues.find((q) => q.name === queueName) ?? centre.queues[0]!;
  return { queue, attributes };
}

/** StartChatContact and StartTaskContact over the live instance. */
export function contactStartBackend(
  centre: () => ContactCentre,
  seed: Seed,
  clock: Clock,
): ContactStartBackend {
  return {
    now: () => clock.now(),
    startChatContact: (input) => {
      const c = centre();
      const route = flowRoute(c, seed, input.contactFlowId);
      const contact = c.startChat({
        queue: route.queue,
        customerName: input.displayName,
        attributes: { ...route.attributes, ...input.attributes },
        ...(input.initialMessage ? { initialMessage: input.initialMessage } : {}),
      });
      const participantId = contact.connections.find((x) => x.initial)!.id;
      return {
        contactId: contact.id,
        participantId,
        participantToken: chatToken(c.chatSecret, 'participant', contact.id, participantId),
      };
    },
    startTaskContact: (input) => {
      const c = centre();
      let queue: QueueRecord;
      if (input.quickConnectId !== undefined) {
        const qc = seed.quickConnects.find(
          (q) =>
            q.name === input.quickConnectId ||
            stableId(c.instanceId, 'quick-connect', q.name) === input.quickConnectId,
        );
        if (!qc || qc.type === 'phone_number')
          throw new AdminApiError(
            'ResourceNotFoundException',
            `QuickConnect not found: ${input.quickConnectId}`,
          );
        const agent = qc.type === 'agent' ? c.agentByUsername(qc.agent) : undefined;
        queue =
          qc.type === 'queue'
            ? c.queues.find((q) => q.name === qc.queue)!
            : agent!.routingProfile.defaultOutboundQueue;
      } else queue = flowRoute(c, seed, input.contactFlowId).queue;
      const contact = c.startTask({
        queue,
        name: input.name,
        references: input.references,
        attributes: input.attributes,
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.previousContactId === undefined
          ? {}
          : { previousContactId: input.previousContactId }),
        ...(input.scheduledAt === undefined ? {} : { scheduledAt: input.scheduledAt }),
      });
      return { contactId: contact.id };
    },
  };
}
