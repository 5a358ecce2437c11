// The contact ledger's feed: each change of a domain contact becomes the views of the contacts
// it stands for (the contact itself and one per transfer leg), published once each until
// completed; a contact the admin API started keeps the initiation method it gave.
import { customerWaitsInQueue, type ContactRecord } from '../domain/contact-centre';
import { channelOf } from '../domain/routing';
import type { ContactLedger, LedgerContactView } from './contact-ledger';
import { adminInitiation } from './domain-mapping';

/** Turns the domain's contact changes into the ledger's contact views. */
export class ContactViewFeed {
  /** Initiation methods set by the admin API, by contact id. */
  private readonly initiation = new Map<string, string>();
  /** Initiation method of the contact being created right now (the domain notifies synchronously). */
  private pendingInitiation: string | undefined;

  /**
   * The contacts a call has been split into, by the id of its first contact: as on the real
   * service, each transfer gives its receiving side a new contact (its own record, events and
   * recording). Kept until the call leaves the instance, so a contact whose leg is gone still gets
   * its final (DISCONNECTED, COMPLETED) view.
   */
  private readonly segments = new Map<string, Map<string, LedgerContactView>>();
  /** Contacts whose agent has been on the line (their agent leaving ends them). */
  private readonly talked = new Set<string>();
  /** Contacts already completed (no further views). */
  private readonly completed = new Set<string>();

  constructor(private readonly ledger: () => ContactLedger) {}

  /** The initiation method the admin API gave a contact, if it did. */
  initiationOf(contactId: string): string | undefined {
    return this.initiation.get(contactId);
  }

  /** Runs `create`, the contact it creates getting the initiation method `method`. */
  initiating<T>(method: string, create: () => T): T {
    this.pendingInitiation = method;
    try {
      return create();
    } finally {
      this.pendingInitiation = undefined;
    }
  }

  private publish(view: LedgerContactView): void {
    if (this.completed.has(view.id)) return;
    if (view.completed) this.completed.add(view.id);
    this.ledger().observe(view);
  }

  /** Feeds one contact change (or removal) of the domain to the ledger. */
  contactChanged(contact: ContactRecord, removed: boolean): void {
    if (this.pendingInitiation !== undefined && !this.initiation.has(contact.id))
      this.initiation.set(contact.id, this.pendingInitiation);
    const up = (state: string) => state === 'connected' || state === 'hold';
    const callOver = contact.state === 'ended' || removed;
    // The agent of the contact itself: one on the line, else the last agent leg (a transfer's
    // target handles the new contact of its own leg instead).
    const agentLegs = contact.connections.filter(
      (x) => x.agentId !== undefined && x.type !== 'monitoring' && x.transfer === undefined,
    );
    const agentLeg = agentLegs.find((x) => up(x.state)) ?? agentLegs.at(-1);
    if (agentLeg !== undefined && agentLeg.state !== 'connecting') this.talked.add(contact.id);
    // Its agent left (or cleared) a call that goes on: the contact is over, unless the call goes
    // on with a party of this contact (a phone number the agent transferred to stays on it).
    const agentGone =
      this.talked.has(contact.id) && (agentLeg === undefined || agentLeg.state === 'disconnected');
    const external = contact.connections.some(
      (x) =>
        !x.initial &&
        x.agentId === undefined &&
        x.transfer === undefined &&
        x.type !== 'monitoring' &&
        x.state !== 'disconnected',
    );
    const over = callOver || (agentGone && !external);
    const customer = contact.connections.find((x) => x.initial);
    const common = {
      initialContactId: contact.initialContactId,
      channel: channelOf(contact),
      ...(customer === undefined ? {} : { customerLegState: customer.state }),
      ...(contact.customerNumber === '' ? {} : { customerNumber: contact.customerNumber }),
      attributes: Object.fromEntries(
        Object.entries(contact.attributes).map(([k, v]) => [k, v.value]),
      ),
      ...(contact.endReason === undefined ? {} : { endReason: contact.endReason }),
    };
    this.publish({
      ...common,
      id: contact.id,
      initiationMethod:
        this.initiation.get(contact.id) ?? adminInitiation(contact.initiationMethod),
      createdMs: contact.createdAt,
      queueId: contact.queue.id,
      queueType: 'STANDARD',
      ...(customerWaitsInQueue(contact) ? { queuedMs: contact.queuedAt } : {}),
      ...(agentLeg?.agentId === undefined
        ? {}
        : { agentId: agentLeg.agentId, agentLegState: agentLeg.state }),
      ended: over,
      completed: removed || (over && this.talked.has(contact.id) && agentLeg === undefined),
    });

    // The new contacts transfers created: one per transfer leg.
    const known = this.segments.get(contact.id) ?? new Map<string, LedgerContactView>();
    this.segments.set(contact.id, known);
    const present = new Set<string>();
    for (const leg of contact.connections) {
      const transfer = leg.transfer;
      if (transfer === undefined) continue;
      present.add(transfer.contactId);
      const targetAgent =
        leg.agentId ?? (leg.awaiting?.kind === 'agent' ? leg.awaiting.agentId : undefined);
      const view: LedgerContactView = {
        ...common,
        id: transfer.contactId,
        previousContactId: transfer.previousContactId,
        initiationMethod: 'TRANSFER',
        createdMs: transfer.createdAt,
        ...(transfer.queue !== undefined
          ? { queueId: transfer.queue.id, queueType: 'STANDARD', queuedMs: transfer.createdAt }
          : targetAgent !== undefined
            ? { queueId: `agent/${targetAgent}`, queueType: 'AGENT' }
            : {}),
        ...(leg.agentId === undefined ? {} : { agentId: leg.agentId, agentLegState: leg.state }),
        ended: callOver || leg.state === 'disconnected',
        completed: removed,
      };
      known.set(transfer.contactId, view);
      this.publish(view);
    }
    // A transfer contact whose leg is gone (its agent cleared it, or the offer was withdrawn).
    for (const [id, last] of known)
      if (!present.has(id)) {
        known.delete(id);
        this.publish({ ...last, ended: true, completed: true });
        this.completed.delete(id);
      }
    if (removed) {
      this.segments.delete(contact.id);
      this.talked.delete(contact.id);
      this.completed.delete(contact.id);
      for (const id of known.keys()) this.completed.delete(id);
    }
  }
}
