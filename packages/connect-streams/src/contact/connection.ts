import type { CcpContext } from '../context';
import { ACTIVE_CONNECTION_STATES, CONNECTED_CONNECTION_STATES } from '../events/graphs';
import type { ConnectionData, EndpointData, StateStamp } from '../wire';
import { stateDuration } from './state-duration';

/**
 * One connection (participant leg) of a contact. Reads the latest data on every call and throws
 * 'Connection %s for contact %s no longer exists.' once it is gone.
 * @public
 */
export class Connection {
  /** The panel context the data is read from. @internal */
  protected readonly ctx: CcpContext;
  /** The contact id. */
  readonly contactId: string;
  /** The connection id. */
  readonly connectionId: string;

  /** Connections come from {@link Contact.getConnections} and its relatives. @internal */
  constructor(ctx: CcpContext, contactId: string, connectionId: string) {
    this.ctx = ctx;
    this.contactId = contactId;
    this.connectionId = connectionId;
  }

  /** The latest wire data of this connection. */
  getData(): ConnectionData {
    return this.ctx.getConnectionData(this.contactId, this.connectionId);
  }

  /** The contact id (from the latest snapshot). */
  getContactId(): string {
    return this.contactId;
  }
  /** The connection id (from the latest snapshot). */
  getConnectionId(): string {
    return this.connectionId;
  }
  /** The endpoint (address) of the participant. */
  getEndpoint(): EndpointData | undefined {
    return this.getData().endpoint ?? undefined;
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
    return stateDuration(this.ctx, this.getState());
  }
  /** agent, inbound, outbound or monitoring. */
  getType(): string {
    return this.getData().type;
  }
  /** Whether it is initial connection (from the latest snapshot). */
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
  /** Whether it is connecting (from the latest snapshot). */
  isConnecting(): boolean {
    return this.getState().type === 'connecting';
  }
  /** Whether it is on hold (from the latest snapshot). */
  isOnHold(): boolean {
    return this.getState().type === 'hold';
  }
  /** Whether it is silent monitor (from the latest snapshot). */
  isSilentMonitor(): boolean {
    return this.getData().monitorStatus === 'SILENT_MONITOR';
  }
  /** Whether it is barge (from the latest snapshot). */
  isBarge(): boolean {
    return this.getData().monitorStatus === 'BARGE';
  }
  /** The monitor info (from the latest snapshot). */
  getMonitorInfo(): Record<string, unknown> | undefined {
    return this.getData().monitoringInfo ?? undefined;
  }
  /** The monitor capabilities (from the latest snapshot). */
  getMonitorCapabilities(): readonly string[] {
    return this.getData().monitorCapabilities ?? [];
  }
  /** The monitor status (from the latest snapshot). */
  getMonitorStatus(): string | undefined {
    return this.getData().monitorStatus ?? undefined;
  }
  /** Whether it is mute (from the latest snapshot). */
  isMute(): boolean {
    return this.getData().mute === true;
  }
  /** Whether it is forced mute (from the latest snapshot). */
  isForcedMute(): boolean {
    return this.getData().forcedMute === true;
  }
  /** The quick connect name (from the latest snapshot). */
  getQuickConnectName(): string | undefined {
    return this.getData().quickConnectName ?? undefined;
  }
  /** The softphone media info (from the latest snapshot). */
  getSoftphoneMediaInfo(): Record<string, unknown> | undefined {
    return this.getData().softphoneMediaInfo ?? undefined;
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

  /** Calls `method` with this leg's contact and connection ids. @internal */
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
    return this.getData().chatMediaInfo ?? undefined;
  }
}
