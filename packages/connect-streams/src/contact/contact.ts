import { EventEmitter } from 'eventemitter3';
import type { CcpContext } from '../context';
import { ConnectError } from '../errors';
import { ACTIVE_CONTACT_STATES } from '../events/graphs';
import { format, MESSAGES } from '../messages';
import { createMetric } from '../metrics/metrics';
import type { ContactData, EndpointData, StateStamp } from '../wire';
import type { Connection } from './connection';
import { MediaConnection, VoiceConnection } from './connection';
import { stateDuration } from './state-duration';

/**
 * Events of one contact; all of them are dropped when the contact is
 * destroyed.
 * @public
 */
export interface ContactEvents {
  /** The contact is ringing (inbound). */
  incoming: [contact: Contact];
  /** The contact is pending (a callback or a queued task waits for the agent). */
  pending: [contact: Contact];
  /** The contact is connecting (outbound, or being accepted). */
  connecting: [contact: Contact];
  /** The contact is connected. */
  connected: [contact: Contact];
  /** The contact entered ended (after-contact work). */
  acw: [contact: Contact];
  /** An active contact became non-active. */
  ended: [contact: Contact];
  /** connecting or incoming → error, missed or rejected. */
  missed: [contact: Contact];
  /** The contact entered the error state. */
  error: [contact: Contact];
  /** Every update while the contact exists. */
  refresh: [contact: Contact];
  /** Accepted in some tab (`contact::accepted::<id>` broadcast). */
  accepted: [contact: Contact];
  /** The contact vanished; carries its last data. */
  destroyed: [data: ContactData];
}

const WEBRTC_SUBTYPE = 'connect:WebRTC';
const MONITORING_MODES = ['SILENT_MONITOR', 'BARGE'];

/**
 * A contact (voice, queue_callback, chat, task, email) and its actions. Reads the
 * latest data on every call; throws 'Contact %s no longer exists.' once it is gone.
 * @public
 */
export class Contact {
  private emitter: EventEmitter<ContactEvents> | undefined;
  private readonly connections = new Map<string, Connection>();

  /** @internal */
  constructor(
    private readonly ctx: CcpContext,
    /** The contact id. */
    readonly contactId: string,
  ) {}

  /** Subscribes to an event of this contact; returns the unsubscribe function. */
  on<K extends keyof ContactEvents>(
    event: K,
    handler: (...args: ContactEvents[K]) => void,
  ): () => void {
    this.emitter ??= new EventEmitter<ContactEvents>();
    this.emitter.on(event, handler);
    return () => {
      this.emitter?.off(event, handler);
    };
  }

  /** @internal */
  emit<K extends keyof ContactEvents>(event: K, arg: ContactEvents[K][0]): void {
    (this.emitter as unknown as EventEmitter | undefined)?.emit(event, arg);
  }

  /** @internal Drops every subscription of this contact. */
  dispose(): void {
    this.emitter?.removeAllListeners();
    this.emitter = undefined;
    this.connections.clear();
  }

  /**
   * @internal A copy of this contact frozen at `data` (default: its current data), whose getters
   * keep answering from that data once the contact is gone (amazon-connect-streams'
   * `ContactSnapshot`); its actions still go to the panel.
   */
  frozen(data: ContactData = this.getData()): Contact {
    const live = this.ctx;
    const ctx: CcpContext = Object.assign(Object.create(live) as CcpContext, {
      getContactData: () => data,
      getConnectionData: (contactId: string, connectionId: string) => {
        const conn = data.connections.find((c) => c.connectionId === connectionId);
        if (!conn) {
          throw new ConnectError(
            'connectionGone',
            format(MESSAGES.connectionGone, connectionId, contactId),
          );
        }
        return conn;
      },
    });
    return new Contact(ctx, this.contactId);
  }

  /** The latest wire data of this contact. */
  getData(): ContactData {
    return this.ctx.getContactData(this.contactId);
  }

  /** The contact id (from the latest snapshot). */
  getContactId(): string {
    return this.contactId;
  }
  /** The initial contact id (from the latest snapshot). */
  getInitialContactId(): string | undefined {
    return this.getData().initialContactId ?? undefined;
  }
  /** Alias of {@link Contact.getInitialContactId}. */
  getOriginalContactId(): string | undefined {
    return this.getInitialContactId();
  }
  /** voice, queue_callback, chat, task or email. */
  getType(): string {
    return this.getData().type;
  }
  /** The state (from the latest snapshot). */
  getState(): StateStamp {
    return this.getData().state;
  }
  /** Alias of {@link Contact.getState}. */
  getStatus(): StateStamp {
    return this.getState();
  }
  /** Milliseconds in the current state, corrected by the panel's clock skew. */
  getStateDuration(): number {
    return stateDuration(this.ctx, this.getState());
  }
  /** The queue (from the latest snapshot). */
  getQueue(): ContactData['queue'] {
    return this.getData().queue ?? undefined;
  }
  /** The queue timestamp (from the latest snapshot). */
  getQueueTimestamp(): Date | undefined {
    return this.getData().queueTimestamp ?? undefined;
  }
  /** The name (from the latest snapshot). */
  getName(): string | undefined {
    return this.getData().name ?? undefined;
  }
  /** The description (from the latest snapshot). */
  getDescription(): string | undefined {
    return this.getData().description ?? undefined;
  }
  /** The initiation method (from the latest snapshot). */
  getInitiationMethod(): string | undefined {
    return this.getData().initiationMethod ?? undefined;
  }
  /** The attributes (from the latest snapshot). */
  getAttributes(): NonNullable<ContactData['attributes']> {
    return this.getData().attributes ?? {};
  }
  /** The segment attributes (from the latest snapshot). */
  getSegmentAttributes(): NonNullable<ContactData['segmentAttributes']> {
    return this.getData().segmentAttributes ?? {};
  }
  /** The contact subtype (segment attribute `connect:Subtype`). */
  getContactSubtype(): string | undefined {
    return this.getSegmentAttributes()['connect:Subtype']?.ValueString ?? undefined;
  }
  /** The contact features (from the latest snapshot). */
  getContactFeatures(): Record<string, unknown> {
    return this.getData().contactFeatures ?? {};
  }
  /** Whether it is multi party conference enabled (from the latest snapshot). */
  isMultiPartyConferenceEnabled(): boolean {
    return this.getContactFeatures().multiPartyConferenceEnabled === true;
  }
  /** The references (from the latest snapshot). */
  getReferences(): Record<string, unknown> {
    return this.getData().references ?? {};
  }
  /** The channel context (from the latest snapshot). */
  getChannelContext(): Record<string, unknown> | undefined {
    return this.getData().channelContext ?? undefined;
  }
  /** The related contact id (from the latest snapshot). */
  getRelatedContactId(): string | undefined {
    return this.getData().relatedContactId ?? undefined;
  }
  /** The contact association id (from the latest snapshot). */
  getContactAssociationId(): string | undefined {
    return this.getData().contactAssociationId ?? undefined;
  }
  /** The customer endpoint (from the latest snapshot). */
  getCustomerEndpoint(): EndpointData | undefined {
    return this.getData().customerEndpoint ?? undefined;
  }
  /** Active: paused, incoming, pending, connecting, connected. */
  isActive(): boolean {
    return ACTIVE_CONTACT_STATES.has(this.getState().type);
  }
  /** Whether it is connected (from the latest snapshot). */
  isConnected(): boolean {
    return this.getState().type === 'connected';
  }
  /** Whether the initial connection is inbound. */
  isInbound(): boolean {
    return this.getInitialConnection()?.getType() === 'inbound';
  }
  /** Whether the agent leg uses the softphone. */
  isSoftphoneCall(): boolean {
    return this.getAgentConnection()?.getSoftphoneMediaInfo() !== undefined;
  }

  /** Connection objects of every current leg. */
  getConnections(): Connection[] {
    return this.getData().connections.map((c) => this.connection(c.connectionId));
  }
  /** The agent's own connection. */
  getAgentConnection(): Connection | undefined {
    const data = this.getData().connections.find(
      (c) => c.type === 'agent' || c.type === 'monitoring',
    );
    return data && this.connection(data.connectionId);
  }
  /** The initial (customer) connection. */
  getInitialConnection(): Connection | undefined {
    const data = this.getData().connections.find((c) => c.initial);
    return data && this.connection(data.connectionId);
  }
  /** The initial connection when active. */
  getActiveInitialConnection(): Connection | undefined {
    const c = this.getInitialConnection();
    return c?.isActive() ? c : undefined;
  }
  /** Every non-agent, non-initial connection. */
  getThirdPartyConnections(): Connection[] {
    return this.getConnections().filter(
      (c) => !c.isInitialConnection() && c.getType() !== 'agent' && c.getType() !== 'monitoring',
    );
  }
  /** The single active third-party connection, if exactly one. */
  getSingleActiveThirdPartyConnection(): Connection | undefined {
    const active = this.getThirdPartyConnections().filter((c) => c.isActive());
    return active.length === 1 ? active[0] : undefined;
  }

  /**
   * Accepts the contact (`acceptContact {contactId}`); on success broadcasts `contact::accepted` and
   * `contact::accepted::<id>`. On failure publishes ContactAcceptFailure (count 1) and rejects with a
   * {@link ConnectError} whose errorKey is the contact error state `'error'`.
   */
  async accept(): Promise<unknown> {
    try {
      const data = await this.ctx.channel.request('acceptContact', { contactId: this.contactId });
      const payload = { contactId: this.contactId };
      this.ctx.broadcast('contact::accepted', payload);
      this.ctx.broadcast(`contact::accepted::${this.contactId}`, payload);
      return data;
    } catch (err) {
      this.ctx.log.error('Accept Contact failed', err);
      this.ctx.publishMetric(createMetric('ContactAcceptFailure', { count: 1 }));
      throw new ConnectError('error', 'error', { cause: err });
    }
  }
  /** Rejects (`rejectContact`). */
  reject(): Promise<unknown> {
    return this.call('rejectContact');
  }
  /** Completes after-contact work (`completeContact`). */
  complete(): Promise<unknown> {
    return this.call('completeContact');
  }
  /** Clears the contact (`clearContact`). */
  clear(): Promise<unknown> {
    return this.call('clearContact');
  }
  /** Pauses (`pauseContact`). */
  pause(): Promise<unknown> {
    return this.call('pauseContact');
  }
  /** Resumes (`resumeContact`). */
  resume(): Promise<unknown> {
    return this.call('resumeContact');
  }
  /** Reports an issue (`notifyContactIssue {contactId, issueCode, description}`). */
  notifyIssue(issueCode: string, description: string): Promise<unknown> {
    return this.call('notifyContactIssue', { issueCode, description });
  }
  /** Adds a connection (`createAdditionalConnection {contactId, endpoint}`). */
  addConnection(endpoint: EndpointData): Promise<unknown> {
    return this.call('createAdditionalConnection', { endpoint });
  }
  /** Adds a participant (`addNewConnection {contactId, endpoint}`). */
  addParticipant(endpoint: EndpointData): Promise<unknown> {
    return this.call('addNewConnection', { endpoint });
  }
  /** Transfers (`transferContact {contactId, endpoint}`). */
  transfer(endpoint: EndpointData): Promise<unknown> {
    return this.call('transferContact', { endpoint });
  }
  /** Toggles hold between the legs (`toggleActiveConnections {contactId, connectionId}`). */
  toggleActiveConnections(): Promise<unknown> {
    const conn = this.getAgentConnection();
    return this.call('toggleActiveConnections', { connectionId: conn?.connectionId });
  }
  /** Joins the legs (`conferenceConnections {contactId}`). */
  conferenceConnections(): Promise<unknown> {
    return this.call('conferenceConnections');
  }

  /**
   * Switches between silent monitor and barge (`updateMonitorParticipantState` with
   * `{contactId, targetMonitorMode}`). Only SILENT_MONITOR and BARGE, case-insensitive; anything else rejects with
   * errorKey 'invalid_target_state'.
   */
  async updateMonitorParticipantState(targetState: string): Promise<unknown> {
    const mode = typeof targetState === 'string' ? targetState.toUpperCase() : '';
    if (!MONITORING_MODES.includes(mode)) {
      throw new ConnectError('invalid_target_state', MESSAGES.invalidTargetState);
    }
    return this.call('updateMonitorParticipantState', { targetMonitorMode: mode });
  }

  /**
   * Starts screen sharing (proxy `startScreenSharing {InstanceId, ContactId, ParticipantId}`).
   * Only for WebRTC-subtype contacts that are connected. Broadcasts
   * `contact::screen_sharing_started` on success and `contact::screen_sharing_error` on failure
   * (data `{contactId}`), as the original does.
   */
  async startScreenSharing(instanceId: string): Promise<unknown> {
    if (this.getContactSubtype() !== WEBRTC_SUBTYPE) {
      throw new ConnectError('screenShareWebRtcOnly', MESSAGES.screenShareWebRtcOnly);
    }
    if (!this.isConnected()) {
      throw new ConnectError(
        'contactNotConnected',
        format(MESSAGES.contactNotConnected, this.contactId),
      );
    }
    const payload = { contactId: this.contactId };
    try {
      const data = await this.ctx.channel.request('startScreenSharing', {
        InstanceId: instanceId,
        ContactId: this.contactId,
        ParticipantId: this.getAgentConnection()?.connectionId,
      });
      this.ctx.broadcast('contact::screen_sharing_started', payload);
      return data;
    } catch (err) {
      this.ctx.broadcast('contact::screen_sharing_error', payload);
      throw err;
    }
  }

  private call(method: string, extra?: Record<string, unknown>): Promise<unknown> {
    return this.ctx.channel.request(method, { contactId: this.contactId, ...extra });
  }

  private connection(connectionId: string): Connection {
    let c = this.connections.get(connectionId);
    if (!c) {
      const type = this.getType();
      c =
        type === 'voice' || type === 'queue_callback'
          ? new VoiceConnection(this.ctx, this.contactId, connectionId)
          : new MediaConnection(this.ctx, this.contactId, connectionId);
      this.connections.set(connectionId, c);
    }
    return c;
  }
}
