import type { Agent as CoreAgent } from '../agent/agent';
import type { Ccp } from '../ccp/ccp';
import type {
  Connection as CoreConnection,
  MediaConnection as CoreMediaConnection,
  VoiceConnection as CoreVoiceConnection,
} from '../contact/connection';
import type { Contact as CoreContact } from '../contact/contact';
import { CcpRequestError } from '../client/upstream-client';
import { ConnectError } from '../errors';
import {
  format,
  MESSAGES,
  MSG_AUTH_DETAILS_CUSTOMER_ONLY,
  MSG_CONTACT_DESTROY_DEPRECATED,
} from '../messages';
import type { AgentStateDefinition, EndpointData } from '../wire';
import {
  QuickResponses as CoreQuickResponses,
  startScreenSharing,
  type SearchQuickResponsesParams,
} from '../quick-responses/quick-responses';
import {
  AgentEvents,
  ConfigurationEvents,
  ContactEvents,
  ContactStateType,
  ConnectionType,
  CustomerAuthenticationStatus,
  EventType,
  MediaType,
  MonitoringErrorTypes,
  MonitoringMode,
  ScreenShareCapability,
  VideoCapability,
} from '../protocol/names';
import { EndpointType } from './enums';
import type { CompatEventBus, Subscription } from './event-bus';

/**
 * Success and failure callbacks, as the original library takes them.
 * @public
 */
export interface Callbacks<T = unknown> {
  success?: (data: T) => void;
  failure?: (err: unknown, data?: unknown) => void;
}

/** What the compat classes need from the `connect` object they belong to. */
export interface CompatRuntime {
  bus(): CompatEventBus;
  ccp(): Ccp;
  /** The media controller of a connection (memoised per connection), as `getMediaController`. */
  mediaController(connection: {
    getConnectionId(): string;
    getMediaType(): string;
  }): Promise<unknown>;
  /** Voice ID for a contact; rejects when `@x/voice-id/compat` did not install it. */
  voiceId(contactId: string): CompatVoiceIdFlows;
  /** Writes to `connect.getLog()`. */
  log(level: 'warn' | 'error', message: string): void;
}

/**
 * The Voice ID flows behind the `VoiceConnection` Voice ID methods (an `@x/voice-id` `VoiceId`
 * fits; `@x/voice-id/compat` installs it).
 * @public
 */
export interface CompatVoiceIdFlows {
  getSpeakerId(): Promise<unknown>;
  getSpeakerStatus(): Promise<unknown>;
  optOutSpeaker(): Promise<unknown>;
  deleteSpeaker(): Promise<unknown>;
  evaluateSpeaker(startNew?: boolean): Promise<unknown>;
  enrollSpeaker(callbackOnAudioCollectionComplete?: (session: unknown) => void): Promise<unknown>;
  updateSpeakerId(speakerId: string): Promise<unknown>;
}

const BARE_FAILURES: ReadonlySet<string> = new Set([
  ContactStateType.ERROR,
  MonitoringErrorTypes.INVALID_TARGET_STATE,
]);

/**
 * The arguments the original's failure callbacks receive: for a failed panel request the response's
 * `err` as the panel sent it (the real worker: a JSON string) and its `data`; otherwise the error.
 */
function failureArguments(err: unknown): [unknown, unknown?] {
  if (err instanceof CcpRequestError) return [err.raw, err.data];
  // accept() fails with the contact error state 'error', an invalid monitoring target with
  // 'invalid_target_state': the bare string, as the original.
  if (err instanceof ConnectError && BARE_FAILURES.has(err.errorKey)) return [err.errorKey];
  return [err];
}

function run<T>(promise: Promise<T>, callbacks?: Callbacks<T>): void {
  promise.then(
    (data) => callbacks?.success?.(data),
    (err: unknown) => callbacks?.failure?.(...failureArguments(err)),
  );
}

function attempt<T>(fn: () => Promise<T>, callbacks?: Callbacks<T>): void {
  let promise: Promise<T>;
  try {
    promise = fn();
  } catch (err) {
    // The original hands failure callbacks whatever was thrown, Error or not.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    promise = Promise.reject(err);
  }
  run(promise, callbacks);
}

/**
 * `connect.Endpoint`: an address to call or transfer to.
 * @public
 */
export class Endpoint {
  endpointARN: string | null;
  endpointId: string | null;
  type: string | null;
  name: string | null;
  phoneNumber: string | null;
  agentLogin: string | null;
  queue: unknown;

  constructor(params: Readonly<Record<string, unknown>> | EndpointData = {}) {
    const p = params as Readonly<Record<string, unknown>>;
    const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
    this.endpointARN = str(p['endpointId']) ?? str(p['endpointARN']);
    this.endpointId = this.endpointARN;
    this.type = str(p['type']);
    this.name = str(p['name']);
    this.phoneNumber = str(p['phoneNumber']);
    this.agentLogin = str(p['agentLogin']);
    this.queue = p['queue'] ?? null;
  }

  /** A phone-number endpoint. */
  static byPhoneNumber(number: string, name?: string): Endpoint {
    return new Endpoint({
      phoneNumber: number,
      name: name ?? number,
      type: EndpointType.PHONE_NUMBER,
    });
  }

  /** The bare number of a SIP-style address (`sip:+1555@host` → `+1555`). */
  stripPhoneNumber(): string {
    return this.phoneNumber
      ? (/^sip:([^@]*)@.*$/.exec(this.phoneNumber)?.[1] ?? this.phoneNumber)
      : '';
  }
}

/**
 * `connect.SoftphoneError`: the error a softphone failure reports (type, message, endpoint URL).
 * @public
 */
export class SoftphoneError {
  constructor(
    public errorType: string,
    public errorMessage: string,
    public endPointUrl?: string,
  ) {}

  getErrorType(): string {
    return this.errorType;
  }
  getErrorMessage(): string {
    return this.errorMessage;
  }
  getEndPointUrl(): string | undefined {
    return this.endPointUrl;
  }
}

function toEndpointData(endpoint: Endpoint | EndpointData): EndpointData {
  const e = endpoint as Partial<Endpoint> & Partial<EndpointData>;
  const out: Record<string, unknown> = {};
  for (const key of [
    'endpointARN',
    'endpointId',
    'type',
    'name',
    'phoneNumber',
    'agentLogin',
    'queue',
  ]) {
    const v = (e as Record<string, unknown>)[key];
    if (v !== null && v !== undefined) out[key] = v;
  }
  return out as unknown as EndpointData;
}

/** Builds the `connect.Agent`, `connect.Contact` and connection classes bound to one runtime. */
export function defineApi(rt: CompatRuntime) {
  const sub = (event: string, f: (data: never) => void): Subscription =>
    rt.bus().subscribe(event, f);

  const voiceId = (contactId: string, f: (v: CompatVoiceIdFlows) => Promise<unknown>) =>
    new Promise<unknown>((resolve) => resolve(f(rt.voiceId(contactId))));

  const capability = (c: BaseConnection | null, key: string, value: string): boolean =>
    (c?._data()['capabilities'] as Record<string, unknown> | undefined)?.[key] === value;

  const monitorCapable = (c: { getMonitorCapabilities(): unknown }, mode: string): boolean => {
    const caps = c.getMonitorCapabilities();
    return Array.isArray(caps) && caps.includes(mode);
  };

  /** `connect.BaseConnection`. */
  class BaseConnection {
    constructor(
      readonly contactId: string,
      readonly connectionId: string,
    ) {}

    /** @internal */
    _core(): CoreConnection {
      const contact = rt.ccp().contacts.get(this.contactId);
      const conn = contact?.getConnections().find((c) => c.getConnectionId() === this.connectionId);
      if (!conn)
        throw new Error(format(MESSAGES.connectionGone, this.connectionId, this.contactId));
      return conn;
    }

    /** @internal The connection's wire data. */
    _data(): Readonly<Record<string, unknown>> {
      return this._core().getData();
    }

    getContactId(): string {
      return this.contactId;
    }
    getConnectionId(): string {
      return this.connectionId;
    }
    getEndpoint(): Endpoint {
      return new Endpoint(this._core().getEndpoint());
    }
    getAddress(): Endpoint {
      return this.getEndpoint();
    }
    getState() {
      return this._core().getState();
    }
    getStatus() {
      return this._core().getStatus();
    }
    getStateDuration(): number {
      return this._core().getStateDuration();
    }
    getStatusDuration(): number {
      return this.getStateDuration();
    }
    getType(): string {
      return this._core().getType();
    }
    isInitialConnection(): boolean {
      return this._core().isInitialConnection();
    }
    isActive(): boolean {
      return this._core().isActive();
    }
    isConnected(): boolean {
      return this._core().isConnected();
    }
    isConnecting(): boolean {
      return this._core().isConnecting();
    }
    isOnHold(): boolean {
      return this._core().isOnHold();
    }
    getMonitorInfo() {
      return this._core().getMonitorInfo();
    }
    getSoftphoneMediaInfo() {
      return this._core().getSoftphoneMediaInfo();
    }
    getMediaInfo(): Record<string, unknown> | undefined {
      const core = this._core() as Partial<CoreMediaConnection>;
      return core.getMediaInfo ? core.getMediaInfo() : this._core().getSoftphoneMediaInfo();
    }
    destroy(callbacks?: Callbacks): void {
      attempt(() => this._core().destroy(), callbacks);
    }
    hold(callbacks?: Callbacks): void {
      attempt(() => this._core().hold(), callbacks);
    }
    resume(callbacks?: Callbacks): void {
      attempt(() => this._core().resume(), callbacks);
    }
    sendDigits(digits: string, callbacks?: Callbacks): void {
      attempt(() => (this._core() as CoreVoiceConnection).sendDigits(digits), callbacks);
    }
    toSnapshot() {
      return this._core().getData();
    }
  }

  /** `connect.VoiceConnection`. */
  class VoiceConnection extends BaseConnection {
    getMediaType(): string {
      return 'softphone';
    }
    getMonitorCapabilities() {
      return this._core().getMonitorCapabilities();
    }
    getMonitorStatus() {
      return this._core().getMonitorStatus();
    }
    isMute(): boolean {
      return this._core().isMute();
    }
    isForcedMute(): boolean {
      return this._core().isForcedMute();
    }
    isSilentMonitor(): boolean {
      return this._core().isSilentMonitor();
    }
    isBarge(): boolean {
      return this._core().isBarge();
    }
    getQuickConnectName() {
      return this._core().getQuickConnectName();
    }
    muteParticipant(callbacks?: Callbacks): void {
      attempt(() => (this._core() as CoreVoiceConnection).muteParticipant(), callbacks);
    }
    unmuteParticipant(callbacks?: Callbacks): void {
      attempt(() => (this._core() as CoreVoiceConnection).unmuteParticipant(), callbacks);
    }
    getVideoConnectionInfo(): Promise<unknown> {
      return (this._core() as CoreVoiceConnection).getVideoConnectionInfo();
    }
    isSilentMonitorEnabled(): boolean {
      return monitorCapable(this, MonitoringMode.SILENT_MONITOR);
    }
    isBargeEnabled(): boolean {
      return monitorCapable(this, MonitoringMode.BARGE);
    }
    getCapabilities(): Readonly<Record<string, unknown>> | undefined {
      return this._data()['capabilities'] as Readonly<Record<string, unknown>> | undefined;
    }
    canSendVideo(): boolean {
      return this.getCapabilities()?.['Video'] === VideoCapability.SEND;
    }
    canSendScreenShare(): boolean {
      return this.getCapabilities()?.['ScreenShare'] === ScreenShareCapability.SEND;
    }
    getMediaController(): Promise<unknown> {
      return rt.mediaController(this);
    }
    getVoiceIdSpeakerId(): Promise<unknown> {
      return voiceId(this.contactId, (v) => v.getSpeakerId());
    }
    getVoiceIdSpeakerStatus(): Promise<unknown> {
      return voiceId(this.contactId, (v) => v.getSpeakerStatus());
    }
    optOutVoiceIdSpeaker(): Promise<unknown> {
      return voiceId(this.contactId, (v) => v.optOutSpeaker());
    }
    deleteVoiceIdSpeaker(): Promise<unknown> {
      return voiceId(this.contactId, (v) => v.deleteSpeaker());
    }
    /** The name index.d.ts declares for deleteVoiceIdSpeaker. */
    deleteVoiceIdSpeakerId(): Promise<unknown> {
      return this.deleteVoiceIdSpeaker();
    }
    evaluateSpeakerWithVoiceId(startNew?: boolean): Promise<unknown> {
      return voiceId(this.contactId, (v) => v.evaluateSpeaker(startNew ?? false));
    }
    enrollSpeakerInVoiceId(
      callbackOnAudioCollectionComplete?: (session: unknown) => void,
    ): Promise<unknown> {
      return voiceId(this.contactId, (v) => v.enrollSpeaker(callbackOnAudioCollectionComplete));
    }
    updateVoiceIdSpeakerId(speakerId: string): Promise<unknown> {
      return voiceId(this.contactId, (v) => v.updateSpeakerId(speakerId));
    }
  }

  /** `connect.ChatConnection`. */
  class ChatConnection extends BaseConnection {
    getMediaType(): string {
      return 'chat';
    }
    getConnectionToken(): Promise<unknown> {
      return (this._core() as CoreMediaConnection).getConnectionToken();
    }
    getMediaController(): Promise<unknown> {
      return rt.mediaController(this);
    }
    getMonitorCapabilities() {
      return this._core().getMonitorCapabilities();
    }
    getMonitorStatus() {
      return this._core().getMonitorStatus();
    }
    isSilentMonitor(): boolean {
      return this.getMonitorStatus() === MonitoringMode.SILENT_MONITOR;
    }
    isBarge(): boolean {
      return this.getMonitorStatus() === MonitoringMode.BARGE;
    }
    isSilentMonitorEnabled(): boolean {
      return monitorCapable(this, MonitoringMode.SILENT_MONITOR);
    }
    isBargeEnabled(): boolean {
      return monitorCapable(this, MonitoringMode.BARGE);
    }
    /** The customer's authentication details (customer connections only), or null. */
    getAuthenticationDetails(): Record<string, string> | null {
      if (this.getType() === ConnectionType.AGENT) throw new Error(MSG_AUTH_DETAILS_CUSTOMER_ONLY);
      const segment = rt.ccp().contacts.get(this.contactId)?.getSegmentAttributes() as
        Record<string, { ValueMap?: Record<string, { ValueString?: string | null }> }> | undefined;
      const map = segment?.['connect:CustomerAuthentication']?.ValueMap;
      if (!map || typeof map !== 'object') return null;
      const out: Record<string, string> = {};
      for (const [key, value] of Object.entries(map))
        if (typeof value?.ValueString === 'string') out[key] = value.ValueString;
      return out;
    }
    isAuthenticated(): boolean {
      return (
        this.getAuthenticationDetails()?.['Status'] === CustomerAuthenticationStatus.AUTHENTICATED
      );
    }
    /** The agent's name for the agent connection; otherwise the customer's or the other agent's. */
    getParticipantName(): unknown {
      if (this.getType() === ConnectionType.AGENT) return rt.ccp().agent.getName();
      const info = (this._data()['chatMediaInfo'] ?? {}) as Record<string, unknown>;
      return this.isInitialConnection() ? info['customerName'] : info['agentName'];
    }
  }

  /** `connect.TaskConnection`. */
  class TaskConnection extends BaseConnection {
    getMediaType(): string {
      return 'task';
    }
    getMediaController(): Promise<unknown> {
      return rt.mediaController(this);
    }
  }

  /** `connect.EmailConnection`. */
  class EmailConnection extends BaseConnection {
    getMediaType(): string {
      return MediaType.EMAIL;
    }
  }

  function wrapConnection(
    contactId: string,
    conn: CoreConnection,
    contactType: string,
  ): BaseConnection {
    const id = conn.getConnectionId();
    if (contactType === 'chat') return new ChatConnection(contactId, id);
    if (contactType === 'task') return new TaskConnection(contactId, id);
    if (contactType === 'email') return new EmailConnection(contactId, id);
    return new VoiceConnection(contactId, id);
  }

  const contactEventNames = new Set<string>(Object.values(ContactEvents));

  /** `connect.Contact`. */
  class Contact {
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

    /** @internal */
    _wrapAll(list: readonly CoreConnection[]): BaseConnection[] {
      const type = this._core().getType();
      return list.map((c) => wrapConnection(this.contactId, c, type));
    }

    /** @internal */
    _one(conn: CoreConnection | undefined): BaseConnection | null {
      return conn ? wrapConnection(this.contactId, conn, this._core().getType()) : null;
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
    getOriginalContactId() {
      return this._core().getOriginalContactId();
    }
    getInitialContactId() {
      return this._core().getInitialContactId();
    }
    getType(): string {
      return this._core().getType();
    }
    getContactDuration(): number {
      return this._core().getStateDuration();
    }
    getState() {
      return this._core().getState();
    }
    getStatus() {
      return this._core().getStatus();
    }
    getStateDuration(): number {
      return this._core().getStateDuration();
    }
    getStatusDuration(): number {
      return this.getStateDuration();
    }
    getQueue() {
      return this._core().getQueue();
    }
    getQueueTimestamp() {
      return this._core().getQueueTimestamp();
    }
    getName() {
      return this._core().getName();
    }
    getDescription() {
      return this._core().getDescription();
    }
    getInitiationMethod() {
      return this._core().getInitiationMethod();
    }
    getAttributes() {
      return this._core().getAttributes();
    }
    getSegmentAttributes() {
      return this._core().getSegmentAttributes();
    }
    getContactSubtype() {
      return this._core().getContactSubtype();
    }
    getContactFeatures() {
      return this._core().getContactFeatures();
    }
    isMultiPartyConferenceEnabled(): boolean {
      return this._core().isMultiPartyConferenceEnabled();
    }
    getReferences() {
      return this._core().getReferences();
    }
    getChannelContext() {
      return this._core().getChannelContext();
    }
    getRelatedContactId() {
      return this._core().getRelatedContactId();
    }
    getContactAssociationId() {
      return this._core().getContactAssociationId();
    }
    getCustomerEndpoint() {
      const e = this._core().getCustomerEndpoint();
      return e ? new Endpoint(e) : undefined;
    }
    getConnections(): BaseConnection[] {
      return this._wrapAll(this._live().getConnections());
    }
    getActiveConnections(): BaseConnection[] {
      return this._wrapAll(
        this._live()
          .getConnections()
          .filter((c) => c.isActive()),
      );
    }
    getInitialConnection(): BaseConnection | null {
      return this._one(this._live().getInitialConnection());
    }
    getActiveInitialConnection(): BaseConnection | null {
      return this._one(this._live().getActiveInitialConnection());
    }
    getThirdPartyConnections(): BaseConnection[] {
      return this._wrapAll(this._live().getThirdPartyConnections());
    }
    getSingleActiveThirdPartyConnection(): BaseConnection | null {
      return this._one(this._live().getSingleActiveThirdPartyConnection());
    }
    getAgentConnection(): BaseConnection | null {
      return this._one(this._live().getAgentConnection());
    }
    isSoftphoneCall(): boolean {
      return this._live().isSoftphoneCall();
    }
    isInbound(): boolean {
      return this._live().isInbound();
    }
    isConnected(): boolean {
      return this._core().isConnected();
    }
    isActive(): boolean {
      return this._core().isActive();
    }
    accept(callbacks?: Callbacks): void {
      attempt(() => this._core().accept(), callbacks);
    }
    reject(callbacks?: Callbacks): void {
      attempt(() => this._core().reject(), callbacks);
    }
    complete(callbacks?: Callbacks): void {
      attempt(() => this._core().complete(), callbacks);
    }
    clear(callbacks?: Callbacks): void {
      attempt(() => this._core().clear(), callbacks);
    }
    /**
     * Deprecated: as in amazon-connect-streams 2.18 and later, it only logs
     * 'contact.destroy() has been deprecated.' and never calls back; the call stays connected (hang
     * up with `getAgentConnection().destroy()`).
     */
    destroy(_callbacks?: Callbacks): void {
      rt.log('warn', MSG_CONTACT_DESTROY_DEPRECATED);
    }
    pause(callbacks?: Callbacks): void {
      attempt(() => this._core().pause(), callbacks);
    }
    resume(callbacks?: Callbacks): void {
      attempt(() => this._core().resume(), callbacks);
    }
    notifyIssue(issueCode: string, description: string, callbacks?: Callbacks): void {
      attempt(() => this._core().notifyIssue(issueCode, description), callbacks);
    }
    addConnection(endpoint: Endpoint | EndpointData, callbacks?: Callbacks): void {
      attempt(() => this._core().addConnection(toEndpointData(endpoint)), callbacks);
    }
    addParticipant(endpoint: Endpoint | EndpointData, callbacks?: Callbacks): void {
      attempt(() => this._core().addParticipant(toEndpointData(endpoint)), callbacks);
    }
    transfer(endpoint: Endpoint | EndpointData, callbacks?: Callbacks): void {
      attempt(() => this._core().transfer(toEndpointData(endpoint)), callbacks);
    }
    toggleActiveConnections(callbacks?: Callbacks): void {
      attempt(() => this._core().toggleActiveConnections(), callbacks);
    }
    conferenceConnections(callbacks?: Callbacks): void {
      attempt(() => this._core().conferenceConnections(), callbacks);
    }
    updateMonitorParticipantState(targetState: string, callbacks?: Callbacks): void {
      attempt(() => this._core().updateMonitorParticipantState(targetState), callbacks);
    }
    silentMonitor(callbacks?: Callbacks): void {
      this.updateMonitorParticipantState('SILENT_MONITOR', callbacks);
    }
    bargeIn(callbacks?: Callbacks): void {
      this.updateMonitorParticipantState('BARGE', callbacks);
    }
    /** A copy frozen at the current data, whose getters keep answering once the contact is gone. */
    toSnapshot(): Contact {
      return snapshotOf(this._core().frozen());
    }
    getContactMetadata(): unknown {
      return this._raw()['contactMetadata'];
    }
    getConnectSystemEndpoint(): unknown {
      return this._raw()['connectSystemEndpoint'];
    }
    hasTwoActiveParticipants(): boolean {
      return this.getActiveConnections().length === 2;
    }
    /** Whether a non-agent connection is an active barge (a supervisor). */
    isUnderSupervision(): boolean {
      return this.getConnections().some(
        (c) => c.getType() !== ConnectionType.AGENT && c.isActive() && c._core().isBarge(),
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
    startScreenSharing(skipSessionInitiation?: boolean): Promise<unknown> {
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
      );
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

    /** @internal The contact's wire data. */
    _raw(): Readonly<Record<string, unknown>> {
      return this._core().getData();
    }

    onRefresh(f: (c: Contact) => void): Subscription {
      return sub(this.getEventName(ContactEvents.REFRESH), f);
    }
    onIncoming(f: (c: Contact) => void): Subscription {
      return sub(this.getEventName(ContactEvents.INCOMING), f);
    }
    onConnecting(f: (c: Contact) => void): Subscription {
      return sub(this.getEventName(ContactEvents.CONNECTING), f);
    }
    onPending(f: (c: Contact) => void): Subscription {
      return sub(this.getEventName(ContactEvents.PENDING), f);
    }
    onAccepted(f: (c: Contact) => void): Subscription {
      return sub(this.getEventName(ContactEvents.ACCEPTED), f);
    }
    onMissed(f: (c: Contact) => void): Subscription {
      return sub(this.getEventName(ContactEvents.MISSED), f);
    }
    onEnded(f: (c: Contact) => void): Subscription {
      return sub(this.getEventName(ContactEvents.ENDED), f);
    }
    onDestroy(f: (c: Contact) => void): Subscription {
      return sub(this.getEventName(ContactEvents.DESTROYED), f);
    }
    onACW(f: (c: Contact) => void): Subscription {
      return sub(this.getEventName(ContactEvents.ACW), f);
    }
    onConnected(f: (c: Contact) => void): Subscription {
      return sub(this.getEventName(ContactEvents.CONNECTED), f);
    }
    onError(f: (c: Contact) => void): Subscription {
      return sub(this.getEventName(ContactEvents.ERROR), f);
    }
    onScreenSharingStarted(f: (d: unknown) => void): Subscription {
      return sub(ContactEvents.SCREEN_SHARING_STARTED, f);
    }
    onScreenSharingStopped(f: (d: unknown) => void): Subscription {
      return sub(ContactEvents.SCREEN_SHARING_STOPPED, f);
    }
    onScreenSharingError(f: (d: unknown) => void): Subscription {
      return sub(ContactEvents.SCREEN_SHARING_ERROR, f);
    }
  }

  /** A compat contact reading a frozen core contact (the original's `ContactSnapshot`). */
  function snapshotOf(core: CoreContact): Contact {
    const contact = new Contact(core.contactId);
    contact._pinned = core;
    return contact;
  }

  /** `connect.Agent`; throws 'The agent is not yet initialized!' before the first agent data. */
  class Agent {
    /** @internal A snapshot reads this frozen core agent instead of the live one. */
    _pinned: CoreAgent | undefined;

    constructor() {
      if (!rt.ccp().agent.isInitialized()) throw new Error(MESSAGES.agentNotInitialized);
    }

    /** @internal */
    _core(): CoreAgent {
      return this._pinned ?? rt.ccp().agent;
    }

    getState() {
      return this._core().getState();
    }
    getStatus() {
      return this._core().getStatus();
    }
    getAvailabilityState() {
      return this._core().getState();
    }
    getNextState() {
      return this._core().getNextState();
    }
    getStateDuration(): number {
      return this._core().getStateDuration();
    }
    getStatusDuration(): number {
      return this.getStateDuration();
    }
    getConfiguration() {
      return this._core().getConfiguration();
    }
    getName(): string {
      return this._core().getName();
    }
    getAgentARN() {
      return this._core().getAgentARN();
    }
    getExtension() {
      return this._core().getExtension();
    }
    getAgentStates() {
      return this._core().getAgentStates();
    }
    getRoutingProfile() {
      return this._core().getRoutingProfile();
    }
    getChannelConcurrency(channel?: string): number | Readonly<Record<string, number>> {
      return channel
        ? this._core().getChannelConcurrency(channel)
        : this._core().getChannelConcurrency();
    }
    getPermissions() {
      return this._core().getPermissions();
    }
    getDialableCountries() {
      return this._core().getDialableCountries();
    }
    isSoftphoneEnabled(): boolean {
      return this._core().isSoftphoneEnabled();
    }
    getAllQueueARNs(): string[] {
      const rp = this._core().getRoutingProfile() as { queues?: { queueARN: string }[] };
      return (rp.queues ?? []).map((q) => q.queueARN);
    }
    getContacts(contactType?: string): Contact[] {
      return this._core()
        .getContacts(contactType)
        .map((c) => (this._pinned ? snapshotOf(c) : new Contact(c.getContactId())));
    }
    /** A copy frozen at the current data (contacts included), as the original's `AgentSnapshot`. */
    toSnapshot(): Agent {
      const snapshot = new Agent();
      snapshot._pinned = this._core().frozen();
      return snapshot;
    }
    setState(
      state: AgentStateDefinition,
      callbacks?: Callbacks,
      options?: { enqueueNextState?: boolean },
    ): void {
      attempt(() => this._core().setState(state, options), callbacks);
    }
    /** Deprecated alias of setState. */
    setStatus(
      state: AgentStateDefinition,
      callbacks?: Callbacks,
      options?: { enqueueNextState?: boolean },
    ): void {
      this.setState(state, callbacks, options);
    }
    setConfiguration(
      configuration: Parameters<CoreAgent['setConfiguration']>[0],
      callbacks?: Callbacks,
    ): void {
      attempt(() => this._core().setConfiguration(configuration), callbacks);
    }
    connect(
      endpoint: Endpoint | EndpointData,
      params: Callbacks & { queueARN?: string; relatedContactId?: string } = {},
    ): void {
      const { success, failure, queueARN, relatedContactId } = params;
      attempt(
        () =>
          this._core().connect(toEndpointData(endpoint), {
            ...(queueARN ? { queueARN } : {}),
            ...(relatedContactId ? { relatedContactId } : {}),
          }),
        { success, failure },
      );
    }
    getEndpoints(
      queueARNs: string | string[],
      callbacks?: Callbacks<{ endpoints: Endpoint[]; addresses: Endpoint[] }>,
    ): void {
      attempt(async () => {
        const list = (await this._core().getEndpoints(queueARNs)).map((e) => new Endpoint(e));
        return { endpoints: list, addresses: list };
      }, callbacks);
    }
    getAddresses(
      queueARNs: string | string[],
      callbacks?: Callbacks<{ endpoints: Endpoint[]; addresses: Endpoint[] }>,
    ): void {
      this.getEndpoints(queueARNs, callbacks);
    }
    mute(): void {
      this._core().mute();
    }
    unmute(): void {
      this._core().unmute();
    }
    setSpeakerDevice(deviceId: string): void {
      this._core().setSpeakerDevice(deviceId);
    }
    setMicrophoneDevice(deviceId: string): void {
      this._core().setMicrophoneDevice(deviceId);
    }
    setRingerDevice(deviceId: string): void {
      this._core().setRingerDevice(deviceId);
    }
    /** Broadcasts `configuration::camera_device_changed {deviceId}`. */
    setCameraDevice(deviceId: string): void {
      rt.ccp().send(EventType.BROADCAST, {
        event: ConfigurationEvents.CAMERA_DEVICE_CHANGED,
        data: { deviceId },
      });
    }
    /** Broadcasts `configuration::background_blur_changed {isBackgroundBlurEnabled}`. */
    setBackgroundBlur(isBackgroundBlurEnabled: boolean): void {
      rt.ccp().send(EventType.BROADCAST, {
        event: ConfigurationEvents.BACKGROUND_BLUR_CHANGED,
        data: { isBackgroundBlurEnabled },
      });
    }

    onRefresh(f: (a: Agent) => void): Subscription {
      return sub(AgentEvents.REFRESH, f);
    }
    onRoutable(f: (a: Agent) => void): Subscription {
      return sub(AgentEvents.ROUTABLE, f);
    }
    onNotRoutable(f: (a: Agent) => void): Subscription {
      return sub(AgentEvents.NOT_ROUTABLE, f);
    }
    onOffline(f: (a: Agent) => void): Subscription {
      return sub(AgentEvents.OFFLINE, f);
    }
    onError(f: (a: Agent) => void): Subscription {
      return sub(AgentEvents.ERROR, f);
    }
    onSoftphoneError(f: (e: unknown) => void): Subscription {
      return sub(AgentEvents.SOFTPHONE_ERROR, f);
    }
    onWebSocketConnectionLost(f: (d: unknown) => void): Subscription {
      return sub(AgentEvents.WEBSOCKET_CONNECTION_LOST, f);
    }
    onWebSocketConnectionGained(f: (d: unknown) => void): Subscription {
      return sub(AgentEvents.WEBSOCKET_CONNECTION_GAINED, f);
    }
    onAfterCallWork(f: (a: Agent) => void): Subscription {
      return sub(AgentEvents.ACW, f);
    }
    onStateChange(
      f: (change: { agent: Agent; oldState: string; newState: string }) => void,
    ): Subscription {
      return sub(AgentEvents.STATE_CHANGE, f);
    }
    onMuteToggle(f: (status: { muted: boolean }) => void): Subscription {
      return sub(AgentEvents.MUTE_TOGGLE, f);
    }
    onLocalMediaStreamCreated(f: (d: unknown) => void): Subscription {
      return sub(AgentEvents.LOCAL_MEDIA_STREAM_CREATED, f);
    }
    onEnqueuedNextState(f: (a: Agent) => void): Subscription {
      return sub(AgentEvents.ENQUEUED_NEXT_STATE, f);
    }
    onSpeakerDeviceChanged(f: (d: { deviceId: string }) => void): Subscription {
      return sub(ConfigurationEvents.SPEAKER_DEVICE_CHANGED, f);
    }
    onMicrophoneDeviceChanged(f: (d: { deviceId: string }) => void): Subscription {
      return sub(ConfigurationEvents.MICROPHONE_DEVICE_CHANGED, f);
    }
    onRingerDeviceChanged(f: (d: { deviceId: string }) => void): Subscription {
      return sub(ConfigurationEvents.RINGER_DEVICE_CHANGED, f);
    }
    onCameraDeviceChanged(f: (d: { deviceId: string }) => void): Subscription {
      return sub(ConfigurationEvents.CAMERA_DEVICE_CHANGED, f);
    }
    onBackgroundBlurChanged(f: (d: unknown) => void): Subscription {
      return sub(ConfigurationEvents.BACKGROUND_BLUR_CHANGED, f);
    }
  }

  const quickResponses = () => {
    const ccp = rt.ccp();
    return new CoreQuickResponses(
      (method, params) => ccp.client.request(method, params),
      (contactId) => ccp.contacts.get(contactId)?.getAttributes(),
    );
  };

  /** `connect.QuickResponses`: the panel's quick-responses integration (static methods). */
  class QuickResponses {
    /** Whether the quick-responses integration exists (`qrIntegrationExists`). */
    static isEnabled(): Promise<unknown> {
      return new Promise((resolve) => resolve(quickResponses().isEnabled()));
    }
    /** Searches quick responses (`qrSearchQuickResponses`), with the contact's attributes. */
    static searchQuickResponses(params: SearchQuickResponsesParams): Promise<unknown> {
      return new Promise((resolve) => resolve(quickResponses().searchQuickResponses(params)));
    }
  }

  return {
    snapshotOf,
    Agent,
    Contact,
    BaseConnection,
    VoiceConnection,
    ChatConnection,
    TaskConnection,
    EmailConnection,
    QuickResponses,
  };
}

/** The classes `defineApi` returns. @public */
export type CompatApi = ReturnType<typeof defineApi>;
