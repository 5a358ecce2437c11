// `connect.Contact`, last layer: the contact's actions with the original's callbacks, its
// snapshot, and its `on…` subscriptions.
import type { Contact as CoreContact } from '../contact/contact';
import { MSG_CONTACT_DESTROY_DEPRECATED } from '../messages';
import { ContactEvents } from '../protocol/names';
import type { EndpointData } from '../wire';
import { attempt } from './callbacks';
import type { ContactConnectionsClass } from './contact-connections';
import { toEndpointData } from './endpoint';
import type { Subscription } from './event-bus';
import type { CompatRuntime } from './runtime';

/** Builds `connect.Contact` over its connections layer, and the snapshot of a frozen contact. */
export function defineContact(rt: CompatRuntime, ContactConnections: ContactConnectionsClass) {
  const sub = (event: string, f: (data: never) => void): Subscription =>
    rt.bus().subscribe(event, f);

  /** `connect.Contact`. */
  class Contact extends ContactConnections implements connect.Contact {
    accept(callbacks?: connect.SuccessFailOptions): void {
      attempt(() => this._core().accept(), callbacks);
    }
    reject(callbacks?: connect.SuccessFailOptions): void {
      attempt(() => this._core().reject(), callbacks);
    }
    complete(callbacks?: connect.SuccessFailOptions): void {
      attempt(() => this._core().complete(), callbacks);
    }
    clear(callbacks?: connect.SuccessFailOptions): void {
      attempt(() => this._core().clear(), callbacks);
    }
    /**
     * Deprecated: as in amazon-connect-streams 2.18 and later, it only logs
     * 'contact.destroy() has been deprecated.' and never calls back; the call stays connected (hang
     * up with `getAgentConnection().destroy()`).
     */
    destroy(_callbacks?: connect.SuccessFailOptions): void {
      rt.log('warn', MSG_CONTACT_DESTROY_DEPRECATED);
    }
    pause(callbacks?: connect.SuccessFailOptions): void {
      attempt(() => this._core().pause(), callbacks);
    }
    resume(callbacks?: connect.SuccessFailOptions): void {
      attempt(() => this._core().resume(), callbacks);
    }
    notifyIssue(
      issueCode: string,
      description: string,
      callbacks?: connect.SuccessFailOptions,
    ): void {
      attempt(() => this._core().notifyIssue(issueCode, description), callbacks);
    }
    addConnection(
      endpoint: connect.Endpoint | EndpointData,
      callbacks?: connect.SuccessFailOptions,
    ): void {
      attempt(() => this._core().addConnection(toEndpointData(endpoint)), callbacks);
    }
    addParticipant(
      endpoint: connect.Endpoint | EndpointData,
      callbacks?: connect.SuccessFailOptions,
    ): void {
      attempt(() => this._core().addParticipant(toEndpointData(endpoint)), callbacks);
    }
    transfer(
      endpoint: connect.Endpoint | EndpointData,
      callbacks?: connect.SuccessFailOptions,
    ): void {
      attempt(() => this._core().transfer(toEndpointData(endpoint)), callbacks);
    }
    toggleActiveConnections(callbacks?: connect.SuccessFailOptions): void {
      attempt(() => this._core().toggleActiveConnections(), callbacks);
    }
    conferenceConnections(callbacks?: connect.SuccessFailOptions): void {
      attempt(() => this._core().conferenceConnections(), callbacks);
    }
    updateMonitorParticipantState(
      targetState: string,
      callbacks?: connect.SuccessFailOptions,
    ): void {
      attempt(() => this._core().updateMonitorParticipantState(targetState), callbacks);
    }
    silentMonitor(callbacks?: connect.SuccessFailOptions): void {
      this.updateMonitorParticipantState('SILENT_MONITOR', callbacks);
    }
    bargeIn(callbacks?: connect.SuccessFailOptions): void {
      this.updateMonitorParticipantState('BARGE', callbacks);
    }
    /** A copy frozen at the current data, whose getters keep answering once the contact is gone. */
    toSnapshot(): connect.Contact {
      return snapshotOf(this._core().frozen());
    }

    onRefresh(f: connect.ContactCallback): Subscription {
      return sub(this.getEventName(ContactEvents.REFRESH), f);
    }
    onIncoming(f: connect.ContactCallback): Subscription {
      return sub(this.getEventName(ContactEvents.INCOMING), f);
    }
    onConnecting(f: connect.ContactCallback): Subscription {
      return sub(this.getEventName(ContactEvents.CONNECTING), f);
    }
    onPending(f: connect.ContactCallback): Subscription {
      return sub(this.getEventName(ContactEvents.PENDING), f);
    }
    onAccepted(f: connect.ContactCallback): Subscription {
      return sub(this.getEventName(ContactEvents.ACCEPTED), f);
    }
    onMissed(f: connect.ContactCallback): Subscription {
      return sub(this.getEventName(ContactEvents.MISSED), f);
    }
    onEnded(f: connect.ContactCallback): Subscription {
      return sub(this.getEventName(ContactEvents.ENDED), f);
    }
    onDestroy(f: connect.ContactCallback): Subscription {
      return sub(this.getEventName(ContactEvents.DESTROYED), f);
    }
    onACW(f: connect.ContactCallback): Subscription {
      return sub(this.getEventName(ContactEvents.ACW), f);
    }
    onConnected(f: connect.ContactCallback): Subscription {
      return sub(this.getEventName(ContactEvents.CONNECTED), f);
    }
    onError(f: connect.ContactCallback): Subscription {
      return sub(this.getEventName(ContactEvents.ERROR), f);
    }
    onScreenSharingStarted(f: connect.ContactCallback): Subscription {
      return sub(ContactEvents.SCREEN_SHARING_STARTED, f);
    }
    onScreenSharingStopped(f: connect.ContactCallback): Subscription {
      return sub(ContactEvents.SCREEN_SHARING_STOPPED, f);
    }
    onScreenSharingError(f: connect.ContactCallback): Subscription {
      return sub(ContactEvents.SCREEN_SHARING_ERROR, f);
    }
  }

  /** A compat contact reading a frozen core contact (the original's `ContactSnapshot`). */
  function snapshotOf(core: CoreContact): Contact {
    const contact = new Contact(core.contactId);
    contact._pinned = core;
    return contact;
  }

  return { Contact, snapshotOf };
}
