// `connect.ChatConnection`: the chat details amazon-connect-chatjs takes, monitoring and the
// customer's authentication.
import type { MediaConnection as CoreMediaConnection } from '../contact/connection';
import { MSG_AUTH_DETAILS_CUSTOMER_ONLY } from '../messages';
import {
  ConnectionType,
  CustomerAuthenticationStatus,
  MediaType,
  MonitoringMode,
} from '../protocol/names';
import { type BaseConnectionClass, monitorCapable } from './base-connection';
import { asDeclared } from './callbacks';
import type { CompatRuntime } from './runtime';

/** Builds `connect.ChatConnection` over the runtime's `BaseConnection`. */
export function defineChatConnection(rt: CompatRuntime, BaseConnection: BaseConnectionClass) {
  return class ChatConnection extends BaseConnection implements connect.ChatConnection {
    /**
     * The chat details amazon-connect-chatjs takes for the agent's session, as the original
     * builds them: contactId, initialContactId, participantId (the connection id), the
     * connection-token getter, the participant token from `connectionData`
     * (`ConnectionAuthenticationToken`) and the snapshot's `chatMediaInfo` as `originalInfo`;
     * null without `chatMediaInfo`.
     */
    override getMediaInfo(): connect.ChatMediaInfo {
      const original = super.getMediaInfo() as Record<string, unknown> | null | undefined;
      if (!original) return asDeclared<connect.ChatMediaInfo>(null);
      let participantToken: string | null = null;
      try {
        const data = JSON.parse(String(original['connectionData'])) as {
          ConnectionAuthenticationToken?: unknown;
        } | null;
        if (typeof data?.ConnectionAuthenticationToken === 'string')
          participantToken = data.ConnectionAuthenticationToken;
      } catch {
        participantToken = null;
      }
      const contact = rt.ccp().contacts.get(this.contactId);
      return asDeclared<connect.ChatMediaInfo>({
        contactId: this.contactId,
        initialContactId: contact?.getInitialContactId() || this.contactId,
        participantId: this.getConnectionId(),
        getConnectionToken: () => this.getConnectionToken(),
        participantToken,
        originalInfo: original,
      });
    }
    getMediaType(): connect.MediaType.CHAT {
      return MediaType.CHAT as connect.MediaType.CHAT;
    }
    getConnectionToken(): Promise<connect.ConnectionToken> {
      return (
        this._core() as CoreMediaConnection
      ).getConnectionToken() as Promise<connect.ConnectionToken>;
    }
    getMediaController(): Promise<unknown> {
      return rt.mediaController(this);
    }
    getMonitorCapabilities(): connect.MonitoringMode[] {
      return this._core().getMonitorCapabilities() as connect.MonitoringMode[];
    }
    getMonitorStatus(): connect.MonitoringMode | null {
      return this._core().getMonitorStatus() as connect.MonitoringMode | null;
    }
    isSilentMonitor(): boolean {
      return this._core().getMonitorStatus() === MonitoringMode.SILENT_MONITOR;
    }
    isBarge(): boolean {
      return this._core().getMonitorStatus() === MonitoringMode.BARGE;
    }
    isSilentMonitorEnabled(): boolean {
      return monitorCapable(this, MonitoringMode.SILENT_MONITOR);
    }
    isBargeEnabled(): boolean {
      return monitorCapable(this, MonitoringMode.BARGE);
    }
    /** The customer's authentication details (customer connections only), or null. */
    getAuthenticationDetails(): connect.CustomerAuthenticationDetails | null {
      if (this._core().getType() === ConnectionType.AGENT)
        throw new Error(MSG_AUTH_DETAILS_CUSTOMER_ONLY);
      const segment = rt.ccp().contacts.get(this.contactId)?.getSegmentAttributes() as
        Record<string, { ValueMap?: Record<string, { ValueString?: string | null }> }> | undefined;
      const map = segment?.['connect:CustomerAuthentication']?.ValueMap;
      if (!map || typeof map !== 'object') return null;
      const out: Record<string, string> = {};
      for (const [key, value] of Object.entries(map))
        if (typeof value?.ValueString === 'string') out[key] = value.ValueString;
      return out as unknown as connect.CustomerAuthenticationDetails;
    }
    isAuthenticated(): boolean {
      return (
        this.getAuthenticationDetails()?.['Status'] === CustomerAuthenticationStatus.AUTHENTICATED
      );
    }
    /** The agent's name for the agent connection; otherwise the customer's or the other agent's. */
    getParticipantName(): string | null {
      if (this._core().getType() === ConnectionType.AGENT) return rt.ccp().agent.getName();
      const info = (this._data()['chatMediaInfo'] ?? {}) as Record<string, string | null>;
      return (this.isInitialConnection() ? info['customerName'] : info['agentName']) ?? null;
    }
  };
}
