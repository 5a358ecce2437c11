import type { CentreCore } from './centre-core';
import { newContactRecord, type ContactRecord, type QueueRecord } from './records';

/** What starts a chat contact (StartChatContact, or the customer page's "start a chat"). */
export interface StartChatInput {
  /** The queue the chat waits in for an agent. */
  readonly queue: QueueRecord;
  /** The customer's display name. */
  readonly customerName: string;
  /** Contact attributes. */
  readonly attributes?: Readonly<Record<string, string>>;
  /** The customer's first message (StartChatContact `InitialMessage`). */
  readonly initialMessage?: { readonly contentType: string; readonly content: string };
}

/** What starts a task contact through the admin API (StartTaskContact). */
export interface StartTaskInput {
  /** The queue the task waits in for an agent. */
  readonly queue: QueueRecord;
  /** The task's name (what the agent sees). */
  readonly name: string;
  /** The task's description. */
  readonly description?: string;
  /** Links and values shown with the task, by name. */
  readonly references?: Readonly<Record<string, { readonly type: string; readonly value: string }>>;
  /** Contact attributes. */
  readonly attributes?: Readonly<Record<string, string>>;
  /** The contact the task was created from. */
  readonly previousContactId?: string;
  /** When the task starts waiting in its queue (epoch ms); now when absent or past. */
  readonly scheduledAt?: number;
}

/**
 * Chat and API task contacts: a chat starts with its customer connected (the chat's customer
 * participant) and waits in its queue; a task from StartTaskContact waits in its queue, from its
 * scheduled time when it has one. Both are routed by the routing profile's channel concurrency
 * (see Routing) and offered like a task: the agent accepts or rejects.
 */
export class Chats {
  constructor(private readonly core: CentreCore) {}

  startChat(input: StartChatInput): ContactRecord {
    const now = this.core.clock.now();
    const id = this.core.newContactId();
    const attributes: ContactRecord['attributes'] = {};
    for (const [name, value] of Object.entries(input.attributes ?? {}))
      attributes[name] = { name, value };
    const contact = newContactRecord(id, now, {
      type: 'chat',
      initiationMethod: 'api',
      queue: input.queue,
      // The customer is on the chat from the start (the contact's initial, inbound connection).
      connections: [
        this.core.newConnection(id, 'inbound', true, 'connected', {
          type: 'phone_number',
          name: input.customerName,
          phoneNumber: null,
        }),
      ],
      customerNumber: '',
      waiting: true,
      customerName: input.customerName,
      ...(input.initialMessage ? { initialMessage: input.initialMessage } : {}),
      attributes,
    });
    this.core.contacts.set(id, contact);
    this.core.contactAdded(contact);
    this.core.route();
    return contact;
  }

  startTask(input: StartTaskInput): ContactRecord {
    const now = this.core.clock.now();
    const id = this.core.newContactId();
    const attributes: ContactRecord['attributes'] = {};
    for (const [name, value] of Object.entries(input.attributes ?? {}))
      attributes[name] = { name, value };
    const scheduled = input.scheduledAt !== undefined && input.scheduledAt > now;
    const contact = newContactRecord(id, now, {
      type: 'task',
      initiationMethod: 'api',
      queue: input.queue,
      connections: [],
      customerNumber: '',
      waiting: !scheduled,
      name: input.name,
      ...(input.description === undefined ? {} : { description: input.description }),
      references: { ...(input.references ?? {}) },
      ...(input.previousContactId === undefined
        ? {}
        : { relatedContactId: input.previousContactId }),
      ...(scheduled ? { scheduledAt: input.scheduledAt, queuedAt: input.scheduledAt } : {}),
      attributes,
    });
    this.core.contacts.set(id, contact);
    this.core.contactAdded(contact);
    if (scheduled)
      contact.timer = this.core.clock.setTimer(input.scheduledAt - now, () => {
        if (this.core.contacts.get(id) !== contact || contact.state !== 'init') return;
        contact.waiting = true;
        this.core.route();
      });
    else this.core.route();
    return contact;
  }
}
