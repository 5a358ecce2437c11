// `connect.Contact`, second layer: the contact's connections wrapped as compat connections, and
// what they make possible (supervision, video, screen sharing).
import type { Connection as CoreConnection } from '../contact/connection';
import { format, MESSAGES } from '../messages';
import {
  ConnectionType,
  ContactEvents,
  EventType,
  ScreenShareCapability,
  VideoCapability,
} from '../protocol/names';
import { startScreenSharing } from '../quick-responses/quick-responses';
import { capability, type CompatConnection } from './base-connection';
import type { ContactDataClass } from './contact-data';
import type { CompatConnections } from './connections';
import type { CompatRuntime } from './runtime';

/** Builds the connection readers of `connect.Contact` over its data layer. */
export function defineContactConnections(
  rt: CompatRuntime,
  ContactData: ContactDataClass,
  { wrapConnection }: Pick<CompatConnections, 'wrapConnection'>,
) {
  return class ContactConnections extends ContactData {
    /** @internal */
    _wrapAll(list: readonly CoreConnection[]): CompatConnection[] {
      const type = this._core().getType();
      return list.map((c) => wrapConnection(this.contactId, c, type));
    }

    /** @internal */
    _one(conn: CoreConnection | undefined): CompatConnection | null {
      return conn ? wrapConnection(this.contactId, conn, this._core().getType()) : null;
    }

    getConnections(): CompatConnection[] {
      return this._wrapAll(this._live().getConnections());
    }
    getActiveConnections(): CompatConnection[] {
      return this._wrapAll(
        this._live()
          .getConnections()
          .filter((c) => c.isActive()),
      );
    }
    /** The initial connection, or null (2.18.7 declares it non-null). */
    getInitialConnection(): CompatConnection {
      return this._one(this._live().getInitialConnection()) as CompatConnection;
    }
    getActiveInitialConnection(): CompatConnection | null {
      return this._one(this._live().getActiveInitialConnection());
    }
    getThirdPartyConnections(): CompatConnection[] {
      return this._wrapAll(this._live().getThirdPartyConnections());
    }
    getSingleActiveThirdPartyConnection(): CompatConnection | null {
      return this._one(this._live().getSingleActiveThirdPartyConnection());
    }
    /** The agent's connection (2.18.7 declares it non-null; a contact always has one). */
    getAgentConnection(): CompatConnection {
      return this._one(this._live().getAgentConnection()) as CompatConnection;
    }
    isSoftphoneCall(): boolean {
      return this._live().isSoftphoneCall();
    }
    isInbound(): boolean {
      return this._live().isInbound();
    }
    hasTwoActiveParticipants(): boolean {
      return this.getActiveConnections().length === 2;
    }
    /** Whether a non-agent connection is an active barge (a supervisor). */
    isUnderSupervision(): boolean {
      return this.getConnections().some(
        (c) => c._core().getType() !== ConnectionType.AGENT && c.isActive() && c._core().isBarge(),
      );
    }
    hasVideoRTCCapabilities(): boolean {
      return this.getConnections().some((c) => capability(c, 'Video', VideoCapability.SEND));
    }
    canAgentSendVideo(): boolean {
      return capability(this.getAgentConnection(), 'Video', VideoCapability.SEND);
    }
    canAgentReceiveVideo(): boolean {
      if (capability(this.getInitialConnection(), 'Video', VideoCapability.SEND)) return true;
      return this.getThirdPartyConnections().length > 0 && this.canAgentSendVideo();
    }
    hasScreenShareCapability(): boolean {
      return this.getConnections().some((c) =>
        capability(c, 'ScreenShare', ScreenShareCapability.SEND),
      );
    }
    canAgentSendScreenShare(): boolean {
      return capability(this.getAgentConnection(), 'ScreenShare', ScreenShareCapability.SEND);
    }
    canCustomerSendScreenShare(): boolean {
      return capability(this.getInitialConnection(), 'ScreenShare', ScreenShareCapability.SEND);
    }
    /**
     * Starts screen sharing through the panel's API proxy, then broadcasts
     * `contact::screen_sharing_started` (or `…_error` on failure). WebRTC contacts only.
     */
    startScreenSharing(skipSessionInitiation?: boolean): Promise<void> {
      const core = this._core();
      const ccp = rt.ccp();
      return startScreenSharing(
        (method, params) => ccp.client.request(method, params),
        {
          contactId: this.contactId,
          subtype: core.getContactSubtype(),
          isConnected: core.isConnected(),
          instanceId: ccp.agent.getInstanceId() ?? '',
          agentConnectionId: core.getAgentConnection()?.getConnectionId() ?? '',
        },
        (event, data) => ccp.send(EventType.BROADCAST, { event, data }),
        skipSessionInitiation,
      ) as Promise<void>;
    }
    /** Broadcasts `contact::screen_sharing_stopped` for a connected WebRTC contact. */
    stopScreenSharing(): Promise<void> {
      return new Promise((resolve) => {
        const core = this._core();
        if (core.getContactSubtype() !== 'connect:WebRTC')
          throw new Error(MESSAGES.screenShareWebRtcOnly);
        if (!core.isConnected())
          throw new Error(format(MESSAGES.contactNotConnected, this.contactId));
        rt.ccp().send(EventType.BROADCAST, {
          event: ContactEvents.SCREEN_SHARING_STOPPED,
          data: { contactId: this.contactId },
        });
        resolve();
      });
    }
  };
}

/** The contact connections layer of one runtime. */
export type ContactConnectionsClass = ReturnType<typeof defineContactConnections>;
