// `connect.Contact`, first layer: the contact's identity, state and wire data, read from the live
// core contact or, for a snapshot, from a frozen one.
import type { Contact as CoreContact } from '../contact/contact';
import { format, MESSAGES } from '../messages';
import { ContactEvents } from '../protocol/names';
import { asDeclared } from './callbacks';
import { Endpoint } from './endpoint';
import type { CompatRuntime } from './runtime';

/** Builds the data readers of `connect.Contact` bound to one runtime. */
export function defineContactData(rt: CompatRuntime) {
  const contactEventNames = new Set<string>(Object.values(ContactEvents));

  return class ContactData {
    /**
     * @internal A snapshot reads its contact data from this frozen core contact; its connections
     * are read live, as the original's `ContactSnapshot` does (so they throw once it is gone).
     */
    _pinned: CoreContact | undefined;

    constructor(readonly contactId: string) {}

    /** @internal The contact's data: frozen for a snapshot, else the live contact. */
    _core(): CoreContact {
      return this._pinned ?? this._live();
    }

    /** @internal The live core contact; throws 'Contact %s no longer exists.' once it is gone. */
    _live(): CoreContact {
      const c = rt.ccp().contacts.get(this.contactId);
      if (!c) throw new Error(format(MESSAGES.contactGone, this.contactId));
      return c;
    }

    /** `contact::<event>::<contactId>`; an unknown event throws '%s is not a valid contact event.' */
    getEventName(eventName: string): string {
      if (!contactEventNames.has(eventName))
        throw new Error(format(MESSAGES.invalidContactEvent, eventName));
      return `${eventName}::${this.contactId}`;
    }

    getContactId(): string {
      return this.contactId;
    }
    getOriginalContactId(): string {
      return this._core().getOriginalContactId() as string;
    }
    getInitialContactId(): string {
      return this._core().getInitialContactId() as string;
    }
    getType(): connect.ContactType {
      return this._core().getType() as connect.ContactType;
    }
    getContactDuration(): number {
      return this._core().getStateDuration();
    }
    getState(): connect.ContactState {
      return asDeclared<connect.ContactState>(this._core().getState());
    }
    getStatus(): connect.ContactState {
      return this.getState();
    }
    getStateDuration(): number {
      return this._core().getStateDuration();
    }
    getStatusDuration(): number {
      return this.getStateDuration();
    }
    getQueue(): connect.Queue {
      return asDeclared<connect.Queue>(this._core().getQueue());
    }
    getQueueTimestamp(): Date {
      return this._core().getQueueTimestamp() as Date;
    }
    getName(): string {
      return this._core().getName() as string;
    }
    getDescription(): string {
      return this._core().getDescription() as string;
    }
    getInitiationMethod(): connect.ContactInitiationMethod {
      return this._core().getInitiationMethod() as connect.ContactInitiationMethod;
    }
    getAttributes(): connect.AttributeDictionary {
      return asDeclared<connect.AttributeDictionary>(this._core().getAttributes());
    }
    getSegmentAttributes(): connect.SegmentAttributeDictionary {
      return asDeclared<connect.SegmentAttributeDictionary>(this._core().getSegmentAttributes());
    }
    getContactSubtype(): string | null {
      return this._core().getContactSubtype() as string | null;
    }
    getContactFeatures() {
      return this._core().getContactFeatures();
    }
    isMultiPartyConferenceEnabled(): boolean {
      return this._core().isMultiPartyConferenceEnabled();
    }
    getReferences(): connect.ReferenceDictionary {
      return asDeclared<connect.ReferenceDictionary>(this._core().getReferences());
    }
    getChannelContext(): connect.ChannelContext | undefined {
      return asDeclared<connect.ChannelContext | undefined>(this._core().getChannelContext());
    }
    getRelatedContactId(): string | null {
      return this._core().getRelatedContactId() as string | null;
    }
    getContactAssociationId(): string | null {
      return this._core().getContactAssociationId() as string | null;
    }
    getCustomerEndpoint(): Endpoint | null {
      const e = this._core().getCustomerEndpoint();
      return (e ? new Endpoint(e) : e) as Endpoint | null;
    }
    isConnected(): boolean {
      return this._core().isConnected();
    }
    isActive(): boolean {
      return this._core().isActive();
    }
    getContactMetadata(): unknown {
      return this._raw()['contactMetadata'];
    }
    getConnectSystemEndpoint(): connect.Endpoint | null {
      return this._raw()['connectSystemEndpoint'] as connect.Endpoint | null;
    }

    /** @internal The contact's wire data. */
    _raw(): Readonly<Record<string, unknown>> {
      return this._core().getData();
    }
  };
}

/** The contact data layer of one runtime. */
export type ContactDataClass = ReturnType<typeof defineContactData>;
