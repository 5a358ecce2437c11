import { EventEmitter } from 'eventemitter3';
import { Agent } from '../agent/agent';
import type { CcpContext } from '../context';
import { Contact } from '../contact/contact';
import { ConnectError } from '../errors';
import { format, MESSAGES } from '../messages';
import type { AgentUpdate, ConnectionData, ContactData } from '../wire';
import {
  agentRoutingEvents,
  agentStateNameEvents,
  CONTACT_FINAL_STATES,
  contactTransitionEvents,
} from './graphs';

/**
 * Events of the contact collection (`ccp.contacts.on(...)`): the same state events as
 * {@link ContactEvents} for every contact, plus `init` for each new contact.
 * @public
 */
export interface ContactsEvents {
  /** A new contact appeared (fires before its state events). */
  init: [contact: Contact];
  /** A contact is ringing. */
  incoming: [contact: Contact];
  /** A contact is pending. */
  pending: [contact: Contact];
  /** A contact is connecting. */
  connecting: [contact: Contact];
  /** A contact is connected. */
  connected: [contact: Contact];
  /** A contact ended and is in after-contact work. */
  acw: [contact: Contact];
  /** A contact left the active states. */
  ended: [contact: Contact];
  /** A ringing or connecting contact was missed, rejected or failed. */
  missed: [contact: Contact];
  /** A contact entered the error state. */
  error: [contact: Contact];
  /** A contact's data changed. */
  refresh: [contact: Contact];
  /** A contact was accepted by this agent. */
  accepted: [contact: Contact];
  /** A contact vanished; carries its last data. */
  destroyed: [data: ContactData];
  /** A contact was destroyed without reaching ended, missed, error, rejected or acw. */
  invalidStateTransition: [data: ContactData];
  /** A contact was brought into view (`contact::view`). */
  view: [contactId: string];
}

/**
 * Holds the latest agent data and turns every `agent::update` into the agent and contact events.
 * @internal
 */
export class AgentDataStore {
  private data: AgentUpdate | null = null;
  private contactData = new Map<string, ContactData>();
  private spare = new Map<string, ContactData>();
  private readonly contactObjects = new Map<string, Contact>();
  private readonly endedTracker = new Set<string>();
  readonly contactsEmitter = new EventEmitter<ContactsEvents>();
  readonly agent: Agent;

  constructor(
    private readonly ctx: Omit<
      CcpContext,
      'getData' | 'hasData' | 'getContactData' | 'getConnectionData'
    >,
  ) {
    const full: CcpContext = Object.assign(Object.create(null) as object, {
      channel: ctx.channel,
      log: ctx.log,
      send: ctx.send.bind(ctx),
      broadcast: ctx.broadcast.bind(ctx),
      publishMetric: ctx.publishMetric.bind(ctx),
      now: ctx.now.bind(ctx),
      getData: () => this.getData(),
      hasData: () => this.data !== null,
      getContactData: (id: string) => this.getContactData(id),
      getConnectionData: (id: string, connId: string) => this.getConnectionData(id, connId),
    });
    this.context = full;
    this.agent = new Agent(full, (type) => this.listContacts(type));
  }

  /** The context handed to agent, contacts and connections. */
  readonly context: CcpContext;

  getData(): AgentUpdate {
    if (this.data === null) throw new ConnectError('noAgentData', MESSAGES.noAgentData);
    return this.data;
  }

  hasData(): boolean {
    return this.data !== null;
  }

  getContactData(contactId: string): ContactData {
    const c = this.contactData.get(contactId);
    if (!c) throw new ConnectError('contactGone', format(MESSAGES.contactGone, contactId));
    return c;
  }

  getConnectionData(contactId: string, connectionId: string): ConnectionData {
    const contact = this.getContactData(contactId);
    const conn = contact.connections.find((c) => c.connectionId === connectionId);
    if (!conn) {
      throw new ConnectError(
        'connectionGone',
        format(MESSAGES.connectionGone, connectionId, contactId),
      );
    }
    return conn;
  }

  /** Current contact objects (optionally of one type), in snapshot order. */
  listContacts(type?: string): Contact[] {
    const out: Contact[] = [];
    for (const [id, data] of this.contactData) {
      if (type && data.type !== type) continue;
      const c = this.contactObjects.get(id);
      if (c) out.push(c);
    }
    return out;
  }

  /** The contact object of a current contact. */
  getContact(contactId: string): Contact | undefined {
    return this.contactData.has(contactId) ? this.contactObjects.get(contactId) : undefined;
  }

  /** Applies one `agent::update` and fires the derived events. */
  update(next: AgentUpdate): void {
    const old = this.data;
    const oldContacts = this.contactData;
    const newContacts = this.spare;
    newContacts.clear();
    for (const c of next.snapshot.contacts) newContacts.set(c.contactId, c);
    this.data = next;
    this.contactData = newContacts;
    this.spare = oldContacts;
    // The whole new snapshot, with an object for every contact it brings, is in place before the
    // first event fires (as the original, whose objects read the snapshot lazily): an agent
    // handler calling getContacts() sees the new contact.
    const added: [contact: Contact, state: string][] = [];
    for (const [id, data] of newContacts) {
      if (oldContacts.has(id)) continue;
      const contact = new Contact(this.context, id);
      this.contactObjects.set(id, contact);
      this.endedTracker.add(id);
      added.push([contact, data.state.type]);
    }
    const agent = this.agent;

    if (old === null) agent.emit('init', agent);
    agent.emit('refresh', agent);

    const oldType = old ? old.snapshot.state.type : 'init';
    const newType = next.snapshot.state.type;
    if (oldType !== newType)
      for (const e of agentRoutingEvents(oldType, newType)) agent.emit(e, agent);
    const oldName = old ? old.snapshot.state.name : 'Init';
    const newName = next.snapshot.state.name;
    if (oldName !== newName) {
      agent.emit('stateChange', { agent, oldState: oldName, newState: newName });
      for (const e of agentStateNameEvents(oldName, newName)) agent.emit(e, agent);
    }
    const oldNext = old?.snapshot.nextState?.name ?? null;
    const newNext = next.snapshot.nextState?.name ?? null;
    if (newNext && oldNext !== newNext) agent.emit('enqueuedNextState', agent);

    // added, removed, common: the original host's order
    for (const [contact, state] of added) {
      this.contactsEmitter.emit('init', contact);
      this.fireContactEvents(contact, 'init', state);
    }
    for (const [id, data] of oldContacts) {
      if (newContacts.has(id)) continue;
      const contact = this.contactObjects.get(id);
      this.contactsEmitter.emit('destroyed', data);
      contact?.emit('destroyed', data);
      contact?.dispose();
      this.contactObjects.delete(id);
      if (this.endedTracker.delete(id)) this.contactsEmitter.emit('invalidStateTransition', data);
    }
    for (const [id, data] of newContacts) {
      const before = oldContacts.get(id);
      if (!before) continue;
      const contact = this.contactObjects.get(id);
      if (contact) this.fireContactEvents(contact, before.state.type, data.state.type);
    }
  }

  /** Emits `accepted` for a contact (the `contact::accepted` broadcast echo). */
  accepted(contactId: string, perContact: boolean): void {
    const contact = this.contactObjects.get(contactId);
    if (!contact) return;
    if (perContact) contact.emit('accepted', contact);
    else this.contactsEmitter.emit('accepted', contact);
  }

  dispose(): void {
    for (const c of this.contactObjects.values()) c.dispose();
    this.contactObjects.clear();
    this.contactData.clear();
    this.endedTracker.clear();
    this.contactsEmitter.removeAllListeners();
    this.agent.dispose();
    this.data = null;
  }

  private fireContactEvents(contact: Contact, from: string, to: string): void {
    if (from !== to) {
      for (const e of contactTransitionEvents(from, to)) {
        this.contactsEmitter.emit(e, contact);
        contact.emit(e, contact);
      }
      if (CONTACT_FINAL_STATES.has(to)) this.endedTracker.delete(contact.contactId);
    }
    this.contactsEmitter.emit('refresh', contact);
    contact.emit('refresh', contact);
  }
}
