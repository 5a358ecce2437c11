import type { CcpContext } from '../context';
import { ACTIVE_CONNECTION_STATES, CONNECTED_CONNECTION_STATES } from '../events/graphs';
import type { ConnectionData, EndpointData, StateStamp } from '../wire';

/**
 * One connection (participant leg) of a contact. Reads the latest data on every call and throws
 * 'Connection %s for contact %s no longer exists.' once it is gone.
 * @public
 */
export class Connection {
  /** @internal */
  constructor(
    protected readonly ctx: CcpContext,
    /** The contact id. */
    readonly contactId: string,
    /** The connection id. */
    readonly connectionId: string,
  ) {}

  /** The latest wire data of this connection. */
  getData(): ConnectionData {
    return this.ctx.getConnectionData(this.contactId, this.connectionId);
  }

  getContactId(): string {
    return this.contactId;
  }
  getConnectionId(): string {
    return this.connectionId;
  }
  /** The endpoint (address) of the participant. */
  getEndpoint(): EndpointData | undefined {
    return this.getData().endpoint;
  }
  /** Alias of {@link Connection.getEndpoint}. */
  getAddress(): EndpointData | undefined {
    return this.getEndpoint();
  }
  /** State (`type`, `timestamp`). */
  getState(): StateStamp {
    return this.getData().state;
  }
  /** Alias of {@link Connection.getState}. */
  getStatus(): StateStamp {
    return this.getState();
  }
  /** Milliseconds in the current state, corrected by the panel's clock skew. */
  getStateDuration(): number {
    const skew = this.ctx.getData().snapshot.skew ?? 0;
    return this.ctx.now() - new Date(this.getState().timestamp).getTime() + skew;
  }
  /** agent, inbound, outbound or monitoring. */
  getType(): string {
    return this.getData().type;
  }
  isInitialConnection(): boolean {
    return this.getData().initial === true;
  }
  /** Active: connecting, connected, hold, silent_monitor, barge. */
  isActive(): boolean {
    return ACTIVE_CONNECTION_STATES.has(this.getState().type);
  }
  /** Connected: connected, silent_monitor, barge. */
  isConnected(): boolean {
    return CONNECTED_CONNECTION_STATES.has(this.getState().type);
  }
  isConnecting(): boolean {
    return this.getState().type === 'connecting';
  }
  isOnHold(): boolean {
    return this.getState().type === 'hold';
  }
  isSilentMonitor(): boolean {
    return this.getData().monitorStatus === 'SILENT_MONITOR';
  }
  isBarge(): boolean {
    return this.getData().monitorStatus === 'BARGE';
  }
  getMonitorInfo(): Record<string, unknown> | undefined {
    return this.getData().monitoringInfo;
  }
  getMonitorCapabilities(): readonly string[] {
    return this.getData().monitorCapabilities ?? [];
  }
  getMonitorStatus(): string | undefined {
    return this.getData().monitorStatus;
  }
  isMute(): boolean {
    return this.getData().mute === true;
  }
  isForcedMute(): boolean {
    return this.getData().forcedMute === true;
  }
  getQuickConnectName(): string | undefined {
    return this.getData().quickConnectName;
  }
  getSoftphoneMediaInfo(): Record<string, unknown> | undefined {
    return this.getData().softphoneMediaInfo;
  }

  /** Hangs up this leg (`destroyConnection {contactId, connectionId}`). */
  destroy(): Promise<unknown> {
    return this.call('destroyConnection');
  }
  /** Puts this leg on hold (`holdConnection`). */
  hold(): Promise<unknown> {
    return this.call('holdConnection');
  }
  /** Resumes this leg (`resumeConnection`). */
  resume(): Promise<unknown> {
    return this.call('resumeConnection');
  }

  protected call(method: string, extra?: Record<string, unknown>): Promise<unknown> {
    return this.ctx.channel.request(method, {
      contactId: this.contactId,
      connectionId: this.connectionId,
      ...extra,
    });
  }
}

/**
 * A voice connection: digits, participant mute and the video transport.
 * @public
 */
export class VoiceConnection extends Connection {
  /** Sends DTMF digits (`sendDigits {contactId, connectionId, digits}`). */
  sendDigits(digits: string): Promise<unknown> {
    return this.call('sendDigits', { digits });
  }
  /** Mutes this participant (`muteParticipant`). */
  muteParticipant(): Promise<unknown> {
    return this.call('muteParticipant');
  }
  /** Unmutes this participant (`unmuteParticipant`). */
  unmuteParticipant(): Promise<unknown> {
    return this.call('unmuteParticipant');
  }
  /** The WebRTC video transport (`createTransport {transportType: 'web_rtc', contactId}`). */
  getVideoConnectionInfo(): Promise<unknown> {
    return this.ctx.channel.request('createTransport', {
      transportType: 'web_rtc',
      contactId: this.contactId,
    });
  }
}

/**
 * A chat, task or email connection.
 * @public
 */
export class MediaConnection extends Connection {
  /** The chat participant token (`createTransport {transportType: 'chat_token', participantId, contactId}`). */
  getConnectionToken(): Promise<unknown> {
    return this.ctx.channel.request('createTransport', {
      transportType: 'chat_token',
      participantId: this.connectionId,
      contactId: this.contactId,
    });
  }
  /** Chat media info (connectionData, customerName, agentName). */
  getMediaInfo(): Record<string, unknown> | undefined {
    return this.getData().chatMediaInfo;
  }
}
