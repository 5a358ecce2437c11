import type { Agent as CoreAgent } from '../agent/agent';
import type { Ccp } from '../ccp/ccp';
import type {
  Connection as CoreConnection,
  MediaConnection as CoreMediaConnection,
  VoiceConnection as CoreVoiceConnection,
} from '../contact/connection';
import type { Contact as CoreContact } from '../contact/contact';
import { format, MESSAGES } from '../messages';
import type { AgentStateDefinition, EndpointData } from '../wire';
import { AgentEvents, ConfigurationEvents, ContactEvents, EndpointType } from './enums';
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
}

function run<T>(promise: Promise<T>, callbacks?: Callbacks<T>): void {
  promise.then(
    (data) => callbacks?.success?.(data),
    (err: unknown) => callbacks?.failure?.(err, undefined),
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
  }

  /** `connect.ChatConnection`. */
  class ChatConnection extends BaseConnection {
    getMediaType(): string {
      return 'chat';
    }
    getConnectionToken(): Promise<unknown> {
      return (this._core() as CoreMediaConnection).getConnectionToken();
    }
  }

  /** `connect.TaskConnection`. */
  class TaskConnection extends BaseConnection {
    getMediaType(): string {
      return 'task';
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
    return new VoiceConnection(contactId, id);
  }

  const contactEventNames = new Set<string>(Object.values(ContactEvents));

  /** `connect.Contact`. */
  class Contact {
    constructor(readonly contactId: string) {}

    /** @internal */
    _core(): CoreContact {
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
      return this._wrapAll(this._core().getConnections());
    }
    getActiveConnections(): BaseConnection[] {
      return this._wrapAll(
        this._core()
          .getConnections()
          .filter((c) => c.isActive()),
      );
    }
    getInitialConnection(): BaseConnection | null {
      return this._one(this._core().getInitialConnection());
    }
    getActiveInitialConnection(): BaseConnection | null {
      return this._one(this._core().getActiveInitialConnection());
    }
    getThirdPartyConnections(): BaseConnection[] {
      return this._wrapAll(this._core().getThirdPartyConnections());
    }
    getSingleActiveThirdPartyConnection(): BaseConnection | null {
      return this._one(this._core().getSingleActiveThirdPartyConnection());
    }
    getAgentConnection(): BaseConnection | null {
      return this._one(this._core().getAgentConnection());
    }
    isSoftphoneCall(): boolean {
      return this._core().isSoftphoneCall();
    }
    isInbound(): boolean {
      return this._core().isInbound();
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
    /** Deprecated in the original: hangs up the agent connection. */
    destroy(callbacks?: Callbacks): void {
      attempt(() => {
        const agent = this._core().getAgentConnection();
        return agent ? agent.destroy() : Promise.resolve(undefined);
      }, callbacks);
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
    toSnapshot() {
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
      return sub(this.getEventName(ContactEvents.SCREEN_SHARING_STARTED), f);
    }
    onScreenSharingStopped(f: (d: unknown) => void): Subscription {
      return sub(this.getEventName(ContactEvents.SCREEN_SHARING_STOPPED), f);
    }
    onScreenSharingError(f: (d: unknown) => void): Subscription {
      return sub(this.getEventName(ContactEvents.SCREEN_SHARING_ERROR), f);
    }
  }

  /** `connect.Agent`; throws 'The agent is not yet initialized!' before the first agent data. */
  class Agent {
    constructor() {
      if (!rt.ccp().agent.isInitialized()) throw new Error(MESSAGES.agentNotInitialized);
    }

    /** @internal */
    _core(): CoreAgent {
      return rt.ccp().agent;
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
        .map((c) => new Contact(c.getContactId()));
    }
    toSnapshot() {
      return { ...this._core().getConfiguration(), state: this._core().getState() };
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

  return { Agent, Contact, BaseConnection, VoiceConnection, ChatConnection, TaskConnection };
}

/** The classes `defineApi` returns. @public */
export type CompatApi = ReturnType<typeof defineApi>;
