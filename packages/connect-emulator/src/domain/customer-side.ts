import { AgentErrorStates, CtiErrorType } from '@x/connect-streams/protocol';
import { MESSAGES } from '../messages';
import type { Clock } from './clock';
import { customerLeg, isOffer } from './contact-legs';
import type { Contacts } from './contacts';
import {
  customerWaitsInQueue,
  DomainError,
  newContactRecord,
  type AgentRecord,
  type ContactRecord,
  type QueueRecord,
} from './records';
import type { ContactFlowStep } from './seed';

/** What {@link CustomerSide} needs from the centre around it. */
export interface CustomerSideDeps {
  readonly clock: Clock;
  readonly agents: ReadonlyMap<string, AgentRecord>;
  readonly queues: readonly QueueRecord[];
  /** The queue of each phone number of the instance. */
  readonly phoneNumbers: ReadonlyMap<string, QueueRecord>;
  /** The contact flow of each phone number that has one. */
  readonly numberFlows: ReadonlyMap<string, string>;
  /** The seed's contact flows by name. */
  readonly contactFlows: ReadonlyMap<string, readonly ContactFlowStep[]>;
  /** Counts a change (for observers). */
  changed(): void;
  /** Marks the snapshots of these agents changed and wakes their long polls. */
  touch(...agents: (AgentRecord | undefined)[]): void;
  /** Notifies the contact's observers (`removed` once it has left the instance). */
  notifyContact(contact: ContactRecord, removed?: boolean): void;
  /** Offers what waits to the agents free for it. */
  route(): void;
}

/** How a customer's call comes in: its initiation method, attributes and contact flow. */
interface DialInOptions {
  readonly initiationMethod?: 'inbound' | 'api';
  readonly attributes?: Readonly<Record<string, string>>;
  /** A contact flow of the seed to run (default: the phone number's, if it has one). */
  readonly contactFlow?: string;
}

/**
 * The customer side of calls (the simulation the control API drives): a customer dials in (through
 * the number's contact flow), asks for a callback, answers or rejects an outbound call, hangs up,
 * presses digits.
 */
export class CustomerSide {
  constructor(
    private readonly deps: CustomerSideDeps,
    private readonly contacts: Contacts,
  ) {}

  /**
   * Customer `from` calls `to` (a phone number of the instance, or a queue by name), or answers
   * the call StartOutboundVoiceContact placed (`initiationMethod` `api`); the call runs its
   * contact flow (if any), then waits in its queue for an agent (see ContactCentre.dialIn).
   */
  dialIn(to: string, from = '+15555550123', options: DialInOptions = {}): ContactRecord {
    let queue = this.queueCalled(to);
    const flowName = options.contactFlow ?? this.deps.numberFlows.get(to);
    const flow = flowName === undefined ? undefined : this.deps.contactFlows.get(flowName);
    if (flowName !== undefined && flow === undefined)
      throw new DomainError(
        CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION,
        MESSAGES.unknownContactFlow(flowName),
      );
    // The flow: its attributes over the ones given, its working queue, its prompts.
    const attributes: Record<string, string> = { ...options.attributes };
    let prompt: string | undefined;
    for (const step of flow ?? []) {
      if ('setAttributes' in step) Object.assign(attributes, step.setAttributes);
      else if ('setWorkingQueue' in step)
        queue = this.deps.queues.find((q) => q.name === step.setWorkingQueue) ?? queue;
      else if ('playPrompt' in step)
        prompt = prompt === undefined ? step.playPrompt : `${prompt} ${step.playPrompt}`;
      else {
        if (typeof step.transferToQueue === 'string')
          queue = this.deps.queues.find((q) => q.name === step.transferToQueue) ?? queue;
        break;
      }
    }
    requireE164(from, 'from');
    const now = this.deps.clock.now();
    const id = this.contacts.ids.newContactId();
    const contact = newContactRecord(id, now, {
      type: 'voice',
      initiationMethod: options.initiationMethod ?? 'inbound',
      queue,
      connections: [
        this.contacts.ids.newConnection(
          id,
          options.initiationMethod === 'api' ? 'outbound' : 'inbound',
          true,
          'connected',
          { type: 'phone_number', phoneNumber: from },
        ),
      ],
      attributes: Object.fromEntries(
        Object.entries(attributes).map(([name, value]) => [name, { name, value }]),
      ),
      customerNumber: from,
      waiting: true,
      ...(flowName === undefined ? {} : { contactFlow: flowName }),
      ...(prompt === undefined ? {} : { prompt }),
    });
    this.contacts.all.set(id, contact);
    this.deps.changed();
    this.deps.notifyContact(contact);
    this.deps.route();
    return contact;
  }

  /** The queue a phone number of the instance leads to, or a queue by name or ARN. */
  private queueCalled(to: string): QueueRecord {
    const queue =
      this.deps.phoneNumbers.get(to) ?? this.deps.queues.find((q) => q.name === to || q.arn === to);
    if (!queue)
      throw new DomainError(CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION, MESSAGES.unknownNumber(to));
    return queue;
  }

  /** A customer asks to be called back: a queued callback waits in the queue like a call. */
  queueCallback(queueNameOrNumber: string, customerNumber: string): ContactRecord {
    const queue = this.queueCalled(queueNameOrNumber);
    requireE164(customerNumber, 'number');
    const now = this.deps.clock.now();
    const id = this.contacts.ids.newContactId();
    const contact = newContactRecord(id, now, {
      type: 'queue_callback',
      initiationMethod: 'callback',
      queue,
      connections: [
        this.contacts.ids.newConnection(id, 'outbound', true, 'init', {
          type: 'phone_number',
          phoneNumber: customerNumber,
        }),
      ],
      customerNumber,
      waiting: true,
    });
    this.contacts.all.set(id, contact);
    this.deps.changed();
    this.deps.route();
    return contact;
  }

  /** The customer of an outbound call answers. */
  customerAnswers(contactId: string): void {
    const contact = this.outboundRinging(contactId, 'answer');
    this.contacts.contactEvent(contact, 'accept');
    this.contacts.connectionEvent(customerLeg(contact)!, 'answer');
    this.deps.clock.clearTimer(contact.timer);
    this.contacts.touchContact(contact);
  }

  /** The customer of an outbound call rejects it (busy) or lets it ring out. */
  customerOutcome(contactId: string, outcome: 'rejected' | 'no answer'): void {
    const contact = this.outboundRinging(
      contactId,
      outcome === 'rejected' ? 'reject' : 'not answer',
    );
    contact.outcomeState =
      outcome === 'rejected'
        ? AgentErrorStates.LINE_ENGAGED_CUSTOMER
        : AgentErrorStates.FAILED_CONNECT_CUSTOMER;
    this.contacts.endContact(
      contact,
      `customer ${outcome === 'rejected' ? 'rejected the call' : 'did not answer'}`,
    );
  }

  outboundRinging(contactId: string, action: string): ContactRecord {
    const contact = this.contacts.all.get(contactId);
    if (!contact)
      throw new DomainError(
        CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION,
        MESSAGES.contactNotFound(contactId),
      );
    const leg = customerLeg(contact);
    if (customerWaitsInQueue(contact) || leg?.state !== 'connecting')
      throw new DomainError(
        CtiErrorType.INVALID_STATE_EXCEPTION,
        MESSAGES.invalidTransition('Customer', leg?.state ?? contact.state, action),
      );
    return contact;
  }

  /** The customer hangs up: a waiting call is abandoned, a ringing offer withdrawn, a live call ends. */
  customerHangsUp(contactId: string): void {
    const contact = this.contacts.all.get(contactId);
    if (!contact)
      throw new DomainError(
        CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION,
        MESSAGES.contactNotFound(contactId),
      );
    const customer = customerLeg(contact);
    if (!customer || customer.state === 'disconnected' || contact.state === 'ended')
      throw new DomainError(
        CtiErrorType.INVALID_STATE_EXCEPTION,
        MESSAGES.invalidTransition('Customer', customer?.state ?? contact.state, 'hang up'),
      );
    const agentLegs = contact.connections.filter((x) => x.agentId);
    // A call that goes on after its agents left (transferred) is hung up, not abandoned.
    const live = contact.state === 'connected' || contact.state === 'paused';
    if (
      (agentLegs.length === 0 && !live) ||
      agentLegs.some((x) => !x.offered && isOffer(contact, x))
    ) {
      // Abandoned in queue or while ringing: the contact disappears.
      this.deps.clock.clearTimer(contact.timer);
      this.contacts.all.delete(contact.id);
      this.deps.touch(...agentLegs.map((x) => this.deps.agents.get(x.agentId!)));
      this.deps.notifyContact(contact, true);
      this.deps.route();
      return;
    }
    this.contacts.endContact(contact, 'customer hung up');
  }

  /** The customer presses digits (DTMF towards the contact centre). */
  customerPressesDigits(contactId: string, digits: string): void {
    const contact = this.contacts.all.get(contactId);
    if (!contact)
      throw new DomainError(
        CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION,
        MESSAGES.contactNotFound(contactId),
      );
    if (!/^[0-9*#]+$/.test(digits))
      throw new DomainError(
        CtiErrorType.INVALID_PARAMETER_EXCEPTION,
        MESSAGES.invalidParameter('digits must be 0-9, * or #'),
      );
    const customer = customerLeg(contact);
    if (!customer || customer.state !== 'connected')
      throw new DomainError(
        CtiErrorType.INVALID_STATE_EXCEPTION,
        MESSAGES.invalidTransition('Customer', customer?.state ?? 'none', 'press digits'),
      );
    contact.digits.push({
      from: 'customer',
      connectionId: customer.id,
      digits,
      at: this.deps.clock.now(),
    });
    this.deps.changed();
  }
}

/** Refuses a customer number that is not E.164 (`InvalidParameterException`). */
function requireE164(number: string, field: string): void {
  if (!/^\+[1-9]\d{1,14}$/.test(number))
    throw new DomainError(
      CtiErrorType.INVALID_PARAMETER_EXCEPTION,
      MESSAGES.invalidParameter(`${field} must be an E.164 number`),
    );
}
