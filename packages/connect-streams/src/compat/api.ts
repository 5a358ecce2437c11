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
import type { AgentConfigurationUpdate } from '../agent/agent';
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
 * Success and failure callbacks, whatever their declared parameters: the original calls them with
 * the arguments it has (a success with the response data, a failure with the error and data).
 */
interface Callbacks {
  readonly success?: (...args: never[]) => void;
  readonly failure?: (...args: never[]) => void;
}

type Call = (...args: unknown[]) => void;

/** Wire data typed as the original declares it (its enums, its nullability). */
const asDeclared = <T>(value: unknown): T => value as T;

/** What the compat classes need from the `connect` object they belong to. */
export interface CompatRuntime {
  /** The event bus of the `connect` object. */
  bus(): CompatEventBus;
  /** The panel of the `connect` object (throws before `initCCP`). */
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
  /** Resolves the contact's speaker id. */
  getSpeakerId(): Promise<unknown>;
  /** Resolves the speaker's enrollment status. */
  getSpeakerStatus(): Promise<unknown>;
  /** Opts the speaker out of Voice ID. */
  optOutSpeaker(): Promise<unknown>;
  /** Deletes the speaker. */
  deleteSpeaker(): Promise<unknown>;
  /** Evaluates the speaker (a new session when `startNew`). */
  evaluateSpeaker(startNew?: boolean): Promise<unknown>;
  /** Enrolls the speaker, calling back once the audio is collected. */
  enrollSpeaker(callbackOnAudioCollectionComplete?: (session: unknown) => void): Promise<unknown>;
  /** Sets the contact's speaker id. */
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

function run<T>(promise: Promise<T>, callbacks?: Callbacks): void {
  promise.then(
    (data) => (callbacks?.success as Call | undefined)?.(data),
    (err: unknown) => (callbacks?.failure as Call | undefined)?.(...failureArguments(err)),
  );
}

function attempt<T>(fn: () => Promise<T>, callbacks?: Callbacks): void {
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
export class Endpoint implements connect.Endpoint {
  // A field the data lacks is null, as in the original, whose declarations type them as strings.
  /** The endpoint's ARN (also its id), or null for a bare phone number. */
  readonly endpointARN: string;
  /** The same as `endpointARN`. */
  readonly endpointId: string;
  /** `agent`, `queue` or `phone_number`. */
  readonly type: connect.EndpointType;
  /** The display name. */
  readonly name: string;
  /** The phone number, for `phone_number` endpoints. */
  readonly phoneNumber: string;
  /** The agent's login, for `agent` endpoints. */
  readonly agentLogin: string;
  /** The queue, for `queue` endpoints. */
  readonly queue: string;

  /** An endpoint from wire data (`endpointId`/`endpointARN`, `type`, `name`, `phoneNumber`, …). */
  constructor(params: Readonly<Record<string, unknown>> | EndpointData = {}) {
    const p = params as Readonly<Record<string, unknown>>;
    const str = (v: unknown) => (typeof v === 'string' ? v : null) as string;
    this.endpointARN = str(p['endpointId']) ?? str(p['endpointARN']);
    this.endpointId = this.endpointARN;
    this.type = str(p['type']) as connect.EndpointType;
    this.name = str(p['name']);
    this.phoneNumber = str(p['phoneNumber']);
    this.agentLogin = str(p['agentLogin']);
    this.queue = (p['queue'] ?? null) as string;
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
export class SoftphoneError implements connect.SoftphoneError {
  /** A softphone error of type `errorType`, with its message and the signalling endpoint's URL. */
  constructor(
    /** The softphone error type, e.g. `microphone_not_shared`. */
    readonly errorType: string,
    /** The message shown to the agent. */
    readonly errorMessage: string,
    /** The signalling endpoint's URL ('' when none). */
    readonly endPointUrl: string,
  ) {}

  /** The softphone error type. */
  getErrorType(): string {
    return this.errorType;
  }
  /** The message shown to the agent. */
  getErrorMessage(): string {
    return this.errorMessage;
  }
  /** The signalling endpoint's URL. */
  getEndPointUrl(): string {
    return this.endPointUrl;
  }
}

function toEndpointData(endpoint: connect.Endpoint | EndpointData): EndpointData {
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
  class BaseConnection implements connect.BaseConnection {
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
    getState(): connect.ConnectionState {
      return asDeclared<connect.ConnectionState>(this._core().getState());
    }
    getStatus(): connect.ConnectionState {
      return this.getState();
    }
    getStateDuration(): number {
      return this._core().getStateDuration();
    }
    getStatusDuration(): number {
      return this.getStateDuration();
    }
    getType(): connect.ConnectionType {
      return this._core().getType() as connect.ConnectionType;
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
    getMonitorInfo(): connect.MonitorInfo | null {
      return asDeclared<connect.MonitorInfo | null>(this._core().getMonitorInfo());
    }
    getSoftphoneMediaInfo() {
      return this._core().getSoftphoneMediaInfo();
    }
    getMediaInfo(): unknown {
      const core = this._core() as Partial<CoreMediaConnection>;
      return core.getMediaInfo ? core.getMediaInfo() : this._core().getSoftphoneMediaInfo();
    }
    destroy(callbacks?: connect.SuccessFailOptions): void {
      attempt(() => this._core().destroy(), callbacks);
    }
    hold(callbacks?: connect.SuccessFailOptions): void {
      attempt(() => this._core().hold(), callbacks);
    }
    resume(callbacks?: connect.SuccessFailOptions): void {
      attempt(() => this._core().resume(), callbacks);
    }
    sendDigits(digits: string, callbacks?: connect.SuccessFailOptions): void {
      attempt(() => (this._core() as CoreVoiceConnection).sendDigits(digits), callbacks);
    }
    toSnapshot() {
      return this._core().getData();
    }
  }

  /** `connect.VoiceConnection`. */
  class VoiceConnection extends BaseConnection implements connect.VoiceConnection {
    override getMediaInfo(): connect.VoiceMediaInfo {
      return asDeclared<connect.VoiceMediaInfo>(this._core().getSoftphoneMediaInfo());
    }
    getMediaType(): connect.MediaType.SOFTPHONE {
      return MediaType.SOFTPHONE as connect.MediaType.SOFTPHONE;
    }
    getMonitorCapabilities(): connect.MonitoringMode[] | undefined {
      return this._core().getMonitorCapabilities() as connect.MonitoringMode[];
    }
    getMonitorStatus(): connect.MonitoringMode | null {
      return this._core().getMonitorStatus() as connect.MonitoringMode | null;
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
    getQuickConnectName(): string | null {
      return this._core().getQuickConnectName() as string | null;
    }
    muteParticipant(callbacks?: connect.SuccessFailOptions): void {
      attempt(() => (this._core() as CoreVoiceConnection).muteParticipant(), callbacks);
    }
    unmuteParticipant(callbacks?: connect.SuccessFailOptions): void {
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
    getCapabilities(): connect.CapabilitiesDictionary {
      return asDeclared<connect.CapabilitiesDictionary>(this._data()['capabilities']);
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
  class ChatConnection extends BaseConnection implements connect.ChatConnection {
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
  }

  /** `connect.TaskConnection`. */
  class TaskConnection extends BaseConnection implements connect.TaskConnection {
    override getMediaInfo(): connect.TaskMediaInfo {
      return asDeclared<connect.TaskMediaInfo>(super.getMediaInfo());
    }
    getMediaType(): connect.MediaType.TASK {
      return MediaType.TASK as connect.MediaType.TASK;
    }
    getMediaController(): Promise<unknown> {
      return rt.mediaController(this);
    }
  }

  /** `connect.EmailConnection`. */
  class EmailConnection extends BaseConnection implements connect.EmailConnection {
    getMediaType(): connect.MediaType.EMAIL {
      return MediaType.EMAIL as connect.MediaType.EMAIL;
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
  class Contact implements connect.Contact {
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
    /** The initial connection, or null (2.18.7 declares it non-null). */
    getInitialConnection(): BaseConnection {
      return this._one(this._live().getInitialConnection()) as BaseConnection;
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
    /** The agent's connection (2.18.7 declares it non-null; a contact always has one). */
    getAgentConnection(): BaseConnection {
      return this._one(this._live().getAgentConnection()) as BaseConnection;
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
    getContactMetadata(): unknown {
      return this._raw()['contactMetadata'];
    }
    getConnectSystemEndpoint(): connect.Endpoint | null {
      return this._raw()['connectSystemEndpoint'] as connect.Endpoint | null;
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

    /** @internal The contact's wire data. */
    _raw(): Readonly<Record<string, unknown>> {
      return this._core().getData();
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

  /** `connect.Agent`; throws 'The agent is not yet initialized!' before the first agent data. */
  class Agent implements connect.Agent {
    /** @internal A snapshot reads this frozen core agent instead of the live one. */
    _pinned: CoreAgent | undefined;

    constructor() {
      if (!rt.ccp().agent.isInitialized()) throw new Error(MESSAGES.agentNotInitialized);
    }

    /** @internal */
    _core(): CoreAgent {
      return this._pinned ?? rt.ccp().agent;
    }

    getState(): connect.AgentState {
      return asDeclared<connect.AgentState>(this._core().getState());
    }
    getStatus(): connect.AgentState {
      return this.getState();
    }
    /** The snapshot's `agentAvailabilityState` (undefined when the panel sends none). */
    getAvailabilityState(): connect.AgentAvailabilityState {
      return asDeclared<connect.AgentAvailabilityState>(this._core().getAvailabilityState());
    }
    /** The enqueued next state, or null (2.18.7 declares it non-null). */
    getNextState(): connect.AgentState {
      return asDeclared<connect.AgentState>(this._core().getNextState());
    }
    getStateDuration(): number {
      return this._core().getStateDuration();
    }
    getStatusDuration(): number {
      return this.getStateDuration();
    }
    getConfiguration(): connect.AgentConfiguration {
      return asDeclared<connect.AgentConfiguration>(this._core().getConfiguration());
    }
    getName(): string {
      return this._core().getName();
    }
    getAgentARN(): string {
      return this._core().getAgentARN() as string;
    }
    getExtension(): string {
      return this._core().getExtension() as string;
    }
    getAgentStates(): connect.AgentStateDefinition[] {
      return asDeclared<connect.AgentStateDefinition[]>(this._core().getAgentStates());
    }
    getRoutingProfile(): connect.AgentRoutingProfile {
      return asDeclared<connect.AgentRoutingProfile>(this._core().getRoutingProfile());
    }
    getChannelConcurrency(): connect.AgentChannelConcurrencyMap;
    getChannelConcurrency(channel: connect.ChannelType): number;
    getChannelConcurrency(
      channel?: connect.ChannelType,
    ): number | connect.AgentChannelConcurrencyMap {
      return channel
        ? this._core().getChannelConcurrency(channel)
        : (this._core().getChannelConcurrency() as unknown as connect.AgentChannelConcurrencyMap);
    }
    getPermissions(): string[] {
      return this._core().getPermissions() as string[];
    }
    getDialableCountries(): string[] {
      return this._core().getDialableCountries() as string[];
    }
    isSoftphoneEnabled(): boolean {
      return this._core().isSoftphoneEnabled();
    }
    getAllQueueARNs(): string[] {
      const rp = this._core().getRoutingProfile() as { queues?: { queueARN: string }[] };
      return (rp.queues ?? []).map((q) => q.queueARN);
    }
    getContacts(contactType?: connect.ContactType): connect.Contact[] {
      return this._core()
        .getContacts(contactType)
        .map((c) => (this._pinned ? snapshotOf(c) : new Contact(c.getContactId())));
    }
    /** A copy frozen at the current data (contacts included), as the original's `AgentSnapshot`. */
    toSnapshot(): connect.Agent {
      const snapshot = new Agent();
      snapshot._pinned = this._core().frozen();
      return snapshot;
    }
    setState(
      state: connect.AgentStateDefinition,
      callbacks?: connect.SuccessFailOptions,
      options?: connect.AgentSetStateOptions,
    ): void {
      attempt(() => this._core().setState(state as AgentStateDefinition, options), callbacks);
    }
    /** Deprecated alias of setState. */
    setStatus(
      state: connect.AgentStateDefinition,
      callbacks?: connect.SuccessFailOptions,
      options?: connect.AgentSetStateOptions,
    ): void {
      this.setState(state, callbacks, options);
    }
    /**
     * Sends the configuration fields the panel accepts; the whole `getConfiguration()` object may be
     * passed back, as in the original.
     */
    setConfiguration(
      configuration: connect.AgentConfiguration | AgentConfigurationUpdate,
      callbacks?: connect.SuccessFailOptions,
    ): void {
      attempt(
        () => this._core().setConfiguration(configuration as AgentConfigurationUpdate),
        callbacks,
      );
    }
    /** Declared by the original's index.d.ts, absent from its runtime: not a function here either. */
    declare createTask: connect.Agent['createTask'];
    connect(endpoint: connect.Endpoint | EndpointData, params: connect.ConnectOptions = {}): void {
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
    getEndpoints(queueARNs: string | string[], callbacks?: connect.GetEndpointsCallbacks): void {
      attempt(async () => {
        const list = (await this._core().getEndpoints(queueARNs)).map((e) => new Endpoint(e));
        return { endpoints: list, addresses: list };
      }, callbacks);
    }
    getAddresses(queueARNs: string | string[], callbacks?: connect.GetEndpointsCallbacks): void {
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

    onRefresh(f: connect.AgentCallback): Subscription {
      return sub(AgentEvents.REFRESH, f);
    }
    onRoutable(f: connect.AgentCallback): Subscription {
      return sub(AgentEvents.ROUTABLE, f);
    }
    onNotRoutable(f: connect.AgentCallback): Subscription {
      return sub(AgentEvents.NOT_ROUTABLE, f);
    }
    onOffline(f: connect.AgentCallback): Subscription {
      return sub(AgentEvents.OFFLINE, f);
    }
    onError(f: connect.AgentCallback): Subscription {
      return sub(AgentEvents.ERROR, f);
    }
    onSoftphoneError(f: connect.SoftphoneErrorCallback): Subscription {
      return sub(AgentEvents.SOFTPHONE_ERROR, f);
    }
    onWebSocketConnectionLost(f: connect.AgentCallback): Subscription {
      return sub(AgentEvents.WEBSOCKET_CONNECTION_LOST, f);
    }
    onWebSocketConnectionGained(f: connect.AgentCallback): Subscription {
      return sub(AgentEvents.WEBSOCKET_CONNECTION_GAINED, f);
    }
    onAfterCallWork(f: connect.AgentCallback): Subscription {
      return sub(AgentEvents.ACW, f);
    }
    onStateChange(f: connect.AgentStateChangeCallback): Subscription {
      return sub(AgentEvents.STATE_CHANGE, f);
    }
    onMuteToggle(f: connect.AgentMutedStatusCallback): Subscription {
      return sub(AgentEvents.MUTE_TOGGLE, f);
    }
    onLocalMediaStreamCreated(f: connect.UserMediaDeviceChangeCallback): Subscription {
      return sub(AgentEvents.LOCAL_MEDIA_STREAM_CREATED, f);
    }
    onEnqueuedNextState(f: connect.AgentCallback): Subscription {
      return sub(AgentEvents.ENQUEUED_NEXT_STATE, f);
    }
    onSpeakerDeviceChanged(f: connect.UserMediaDeviceChangeCallback): Subscription {
      return sub(ConfigurationEvents.SPEAKER_DEVICE_CHANGED, f);
    }
    onMicrophoneDeviceChanged(f: connect.UserMediaDeviceChangeCallback): Subscription {
      return sub(ConfigurationEvents.MICROPHONE_DEVICE_CHANGED, f);
    }
    onRingerDeviceChanged(f: connect.UserMediaDeviceChangeCallback): Subscription {
      return sub(ConfigurationEvents.RINGER_DEVICE_CHANGED, f);
    }
    onCameraDeviceChanged(f: connect.UserMediaDeviceChangeCallback): Subscription {
      return sub(ConfigurationEvents.CAMERA_DEVICE_CHANGED, f);
    }
    onBackgroundBlurChanged(f: connect.UserBackgroundBlurChangeCallback): Subscription {
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
    static isEnabled(): Promise<boolean> {
      return new Promise((resolve) => resolve(quickResponses().isEnabled() as Promise<boolean>));
    }
    /** Searches quick responses (`qrSearchQuickResponses`), with the contact's attributes. */
    static searchQuickResponses(
      params: connect.QuickResponsesQuery,
    ): Promise<connect.SearchQuickResponsesResult> {
      return new Promise((resolve) =>
        resolve(
          quickResponses().searchQuickResponses(
            params as SearchQuickResponsesParams,
          ) as Promise<connect.SearchQuickResponsesResult>,
        ),
      );
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
