import { CtiErrorType, type Endpoint } from '@x/connect-streams/protocol';
import { MESSAGES } from '../messages';
import type { CentreCore } from './centre-core';
import {
  DomainError,
  newContactRecord,
  type AgentRecord,
  type ContactRecord,
  type QueueRecord,
} from './records';

/** What CreateTaskContact gives: the quick connect, the task's name, description and references. */
interface TaskContactInput {
  readonly endpoint: Endpoint;
  readonly name: string;
  readonly description?: string | null;
  readonly references?: Readonly<
    Record<string, { type?: string | null; value?: string | null }>
  > | null;
  readonly previousContactId?: string | null;
}

/** The fields of a live task that `updateContact` changes (those given). */
interface TaskPatch {
  readonly name?: string;
  readonly description?: string;
  readonly references?: Readonly<Record<string, { type?: string; value?: string }>>;
}

/**
 * Tasks: CreateTaskContact (offered to an agent quick connect's agent, or waiting in a queue
 * quick connect's queue and routed like a call) and the task-templates `updateContact`.
 */
export class Tasks {
  constructor(private readonly core: CentreCore) {}

  /**
   * CreateTaskContact: a task for an agent quick connect is offered to that agent; for a queue
   * quick connect it waits in that queue and is routed like a call. Returns the new contact.
   */
  createTaskContact(agent: AgentRecord | undefined, input: TaskContactInput): ContactRecord {
    const { endpoint } = input;
    let queue: QueueRecord | undefined;
    let target: AgentRecord | undefined;
    if (endpoint.type === 'agent') {
      target = this.core.agentForEndpoint(endpoint);
      if (!target)
        throw new DomainError(
          CtiErrorType.BAD_ENDPOINT_EXCEPTION,
          MESSAGES.badEndpoint(`no agent for ${JSON.stringify(endpoint.name ?? '')}`),
        );
      queue = target.routingProfile.defaultOutboundQueue;
    } else if (endpoint.type === 'queue') {
      // By ARN when one is given (a made-up ARN is refused, whatever its name); else by name.
      const arn = endpoint.queue?.queueARN ?? endpoint.endpointARN ?? undefined;
      const listed = arn ? this.core.listedEndpoint(endpoint)?.queue?.queueARN : undefined;
      queue = arn
        ? this.core.queues.find((q) => q.arn === (listed ?? arn))
        : this.core.queues.find((q) => q.name === endpoint.queue?.name);
    }
    if (!queue)
      throw new DomainError(
        CtiErrorType.BAD_ENDPOINT_EXCEPTION,
        MESSAGES.badEndpoint('a task needs an agent or queue quick connect'),
      );
    const now = this.core.clock.now();
    const id = this.core.newContactId();
    const references: Record<string, { type: string; value: string }> = {};
    for (const [key, ref] of Object.entries(input.references ?? {}))
      references[key] = { type: ref.type ?? 'URL', value: ref.value ?? '' };
    const contact = newContactRecord(id, now, {
      type: 'task',
      initiationMethod: 'api',
      queue,
      connections: [],
      customerNumber: '',
      waiting: target === undefined,
      name: input.name,
      ...(input.description ? { description: input.description } : {}),
      references,
      ...(input.previousContactId ? { relatedContactId: input.previousContactId } : {}),
    });
    void agent;
    this.core.contacts.set(id, contact);
    this.core.contactAdded(contact);
    if (target) this.core.offer(contact, target);
    else this.core.route();
    return contact;
  }

  /**
   * The task-templates `updateContact`: changes a live task's name, description or references
   * (the fields given); the agents on it see the change in their next snapshot.
   */
  updateTaskContact(contactId: string, patch: TaskPatch): ContactRecord {
    const contact = this.core.contacts.get(contactId);
    if (!contact || contact.type !== 'task')
      throw new DomainError(
        CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION,
        MESSAGES.contactNotFound(contactId),
      );
    if (patch.name !== undefined) contact.name = patch.name;
    if (patch.description !== undefined) contact.description = patch.description;
    if (patch.references !== undefined) {
      const references: Record<string, { type: string; value: string }> = {};
      for (const [key, ref] of Object.entries(patch.references))
        references[key] = { type: ref.type ?? 'URL', value: ref.value ?? '' };
      contact.references = references;
    }
    this.core.touchContact(contact);
    return contact;
  }
}
