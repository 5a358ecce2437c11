/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-function-type,
   @typescript-eslint/no-wrapper-object-types, @typescript-eslint/no-empty-object-type,
   @typescript-eslint/consistent-type-imports --
   `any`, `Function`, `String` and the empty option interfaces are what 2.18.7 declares, so that
   code typed against it compiles unchanged; a global script can only reach modules by import(). */
// The global `connect` of `@x/connect-streams/compat`, declared as amazon-connect-streams 2.18.7
// declares it (its `src/index.d.ts`): the same names, nullability and signatures wherever the
// runtime behaves the same, so that a TypeScript integration written against 2.18.7 compiles by
// changing its import alone. Where this file deliberately differs, it says so and the migration
// guide (docs/guides/migrating-from-amazon-connect-streams.md, "TypeScript") lists it:
// - enum members carry the values the runtime has (`ContactEvents.ACCEPTED` is
//   'contact::accepted', where 2.18.7 declares 'accepted');
// - `new connect.Contact(contactId)` takes its id; `Endpoint.byPhoneNumber` takes the optional name
//   the runtime takes; `agentApp.stopApp` and `AppRegistry.stop` take the app name (optional);
// - `core.getWebSocketManager()` is typed as what the runtime returns (topic subscriptions), not as
//   the chat transport 2.18.7 declares; the stream and conduit classes are not declared;
// - names 2.18.7 has at runtime but does not declare are declared too (`connect.version`,
//   `connect.agent.initialized`, the event enumerations, `core.getCcp()`, …).
// This file is one global script, shipped once (dist/compat-global.d.ts) and referenced by both the
// ESM and the CJS declarations of the entry, so a program that imports the entry from both kinds
// of file sees one `connect`.

declare namespace connect {
  // ── callbacks ──────────────────────────────────────────────────────────────────────────────────

  /** Receives the `Agent` API object. */
  type AgentCallback = (agent: Agent) => void;
  /** Receives the agent's mute status. */
  type AgentMutedStatusCallback = (agentMutedStatus: AgentMutedStatus) => void;
  /** Receives an agent state change. */
  type AgentStateChangeCallback = (agentStateChange: AgentStateChange) => void;
  /** Receives a media device change. */
  type UserMediaDeviceChangeCallback = (userMediaDeviceChange: UserMediaDeviceChange) => void;
  /** Receives a background blur change. */
  type UserBackgroundBlurChangeCallback = (
    UserBackgroundBlurChange: UserBackgroundBlurChange,
  ) => void;
  /** Receives a softphone error. */
  type SoftphoneErrorCallback = (error: SoftphoneError) => void;
  /** Receives a new softphone session. */
  type SoftphoneSessionCallback = (session: unknown) => void;
  /** Receives a `Contact` API object. */
  type ContactCallback = (contact: Contact) => void;
  /** Receives the contact brought into view. */
  type ViewContactCallback = (contact: ViewContactEvent) => void;
  /** A callback without arguments. */
  type Callback = () => void;
  /** A success or failure callback (`T`: its arguments). */
  type SuccessFailCallback<T extends any[] = []> = (...args: T) => void;

  /** A subscription: `unsubscribe()` removes the callback. */
  interface Subscription {
    /** Removes the callback. */
    unsubscribe: Function;
  }

  // ── connect.* functions and values ─────────────────────────────────────────────────────────────

  /**
   * Calls `callback` with the `Agent` once the first agent data arrives, or at once when it has.
   */
  function agent(callback: AgentCallback): Subscription;
  namespace agent {
    /** Whether the first agent data has arrived. */
    let initialized: boolean;
  }

  /** Calls `callback` with every new contact (also those present when the panel starts). */
  function contact(callback: ContactCallback): Subscription;

  /** Calls `callback` when the web socket fails to initialise. */
  function onWebsocketInitFailure(callback: Callback): void;

  /** Binds `method` to `scope`. */
  function hitch<T extends (...args: any[]) => any>(scope: object, method: T): T;

  /** Replaces each `%s` of `format` with the next argument. */
  function sprintf(format: string, ...args: unknown[]): string;

  /** The logger. */
  function getLog(): Logger;

  /** The amazon-connect-streams release this global stands in for: `2.18.7`. */
  const version: string;

  // ── storage access ─────────────────────────────────────────────────────────────────────────────

  type StorageAccessCallbackData = {
    data: {
      hasAccess?: boolean;
      [key: string]: unknown;
    };
    event: string;
  };
  type StorageAccessCallback = (option: StorageAccessCallbackData) => void;

  interface StorageAccessCallbacks {
    onInit?: StorageAccessCallback;
    onRequest?: StorageAccessCallback;
    onDeny?: StorageAccessCallback;
    onGrant?: StorageAccessCallback;
  }

  interface StorageAccess {
    /** Listens for the request page's messages. */
    onRequest(options: StorageAccessCallbacks): { unsubscribe: Function };
    /** Whether the request flow is used. */
    canRequest(): boolean;
    /** Turns the request flow off. */
    optOutFromRequestAccess(): void;
    /** Turns the request flow on. */
    optInForRequestAccess(): void;
    /** The URL of the request page. */
    getRequestStorageAccessUrl(): string;
    /** Asks the panel to request access. */
    request(): void;
    /** The storage-access event names. */
    readonly storageAccessEvents: Readonly<Record<string, string>>;
    /** The parameters in force. */
    getStorageAccessParams(): StorageAccessParameters;
    /** Whether the grant callback has run. */
    getOnGrantCallbackInvoked(): boolean;
    /** Calls `onGrant` once access is granted; returns the removal function. */
    setupRequestHandlers(handlers: { onGrant: () => void }): () => void;
    /** Forgets the flow's state. */
    resetStorageAccessState(): void;
  }

  const storageAccess: StorageAccess;

  // ── connect.core ──────────────────────────────────────────────────────────────────────────────

  /** The event bus of the global. */
  interface EventBus {
    /** Subscribes to one event. */
    subscribe(eventName: string, callback: Function): Subscription;
    /** Subscribes to every event. */
    subscribeAll(callback: Function): Subscription;
    /** Triggers an event. */
    trigger(eventName: string, data?: unknown): void;
    /** Drops every subscription. */
    unsubscribeAll(): void;
  }

  /**
   * `connect.core.getWebSocketManager()`: topic subscriptions and messages relayed through the
   * panel (what the runtime returns; 2.18.7 declares a chat transport instead).
   */
  interface WebSocketManager {
    subscribeTopics(topics: string[]): void;
    sendMessage(message: unknown): void;
    onMessage(topic: string, callback: (message: unknown) => void): Unsubscribe;
    onAllMessage(callback: (message: unknown) => void): Unsubscribe;
    onConnectionGain(callback: (data: unknown) => void): Unsubscribe;
    onConnectionLost(callback: (data: unknown) => void): Unsubscribe;
    onConnectionOpen(callback: (data: unknown) => void): Unsubscribe;
    onConnectionClose(callback: (data: unknown) => void): Unsubscribe;
    onInitFailure(callback: (data: unknown) => void): Unsubscribe;
    onSubscriptionUpdate(callback: (data: unknown) => void): Unsubscribe;
    onSubscriptionFailure(callback: (data: unknown) => void): Unsubscribe;
  }

  /** A handle that removes a callback, called directly or through `unsubscribe()`. */
  type Unsubscribe = (() => void) & { unsubscribe(): void };

  /** The panel link, with the original conduit's method names. */
  interface Upstream {
    sendUpstream(eventName: string, data?: unknown): void;
    onUpstream(eventName: string, callback: (data: unknown) => void): Subscription;
  }

  interface Core {
    /** Embeds the CCP at `options.ccpUrl` in `container`. */
    initCCP(container: HTMLElement, options: InitCCPOptions): void;
    /** The event bus. */
    getEventBus(): EventBus;
    /** Called when the agent authorization succeeds. */
    onAuthorizeSuccess(f: Function): Subscription;
    /** Called when the iframe retries are exhausted. */
    onIframeRetriesExhausted(f: Function): Subscription;
    /** Called when CTI authorization retries are exhausted. */
    onCTIAuthorizeRetriesExhausted(f: Function): Subscription;
    /** Called when agent authorization retries are exhausted. */
    onAuthorizeRetriesExhausted(f: Function): Subscription;
    /** Ends the panel and drops every subscription (the iframe stays). */
    terminate(): void;
    /** Brings a contact into view in the panel. */
    viewContact(contactId: string): void;
    /** Called when a contact is brought into view. */
    onViewContact(callback: ViewContactCallback): Subscription;
    /** Called when authentication fails. */
    onAuthFail(callback: SuccessFailCallback): Subscription;
    /** Called when access is denied. */
    onAccessDenied(callback: SuccessFailCallback): Subscription;
    /** The web-socket manager (topic subscriptions through the panel). */
    getWebSocketManager(): WebSocketManager;
    /** Called when a softphone session starts. */
    onSoftphoneSessionInit(callback: SoftphoneSessionCallback): Subscription;
    /** Called once the panel is initialised. */
    onInitialized(callback: Callback): Subscription;
    /** The panel's media devices. */
    getFrameMediaDevices(timeout: number): Promise<MediaDeviceInfo[]>;
    /** The panel link, once `initCCP` has run. */
    upstream?: object | null;
    /** `{ provider }`: the provider given to `initCCP`. */
    getSDKClientConfig(): { provider: unknown };
    /** Whether the panel is initialised. */
    initialized: boolean;
    /** The panel link (`sendUpstream`, `onUpstream`). */
    getUpstream(): Upstream;
    /** The typed `Ccp` behind the global (the way to the typed API). */
    getCcp(): import('@x/connect-streams').Ccp;
    /**
     * Makes this tab compete for the host-side softphone (`allowFramedSoftphone: false`); logs an
     * error until `installCompatSoftphone()` of `@x/connect-streams/softphone` has run.
     */
    initSoftphoneManager(params?: object): void;
    /** The host-side softphone manager, once this tab runs it; else `null`. */
    softphoneManager: unknown;
    /** `connect.core.softphoneManager`. */
    getSoftphoneManager(): unknown;
  }

  const core: Core;

  /** The host-side softphone manager class, once `installCompatSoftphone()` has run. */
  let SoftphoneManager: (new (params?: object) => unknown) | undefined;

  interface GlobalResiliency {
    /** Called when a failover is pending. */
    onFailoverPending(f: Function): Subscription;
    /** Called when a failover has completed. */
    onFailoverCompleted(f: Function): Subscription;
    /** Called when global resiliency cannot be set up. */
    onConfigureError(f: Function): Subscription;
    /** The active region. */
    getActiveRegion(): String;
  }

  const globalResiliency: GlobalResiliency;

  // ── agent apps ─────────────────────────────────────────────────────────────────────────────────

  interface AgentApp {
    /** Alias of `connect.core.initCCP`. */
    initCCP(container: HTMLElement, options: InitCCPOptions): void;
    /** Relays the panel's events to the app iframe once it loads. */
    initAppCommunication(iframeId: string, endpoint: string): void;
    /** Registers and starts an app. */
    initApp(appName: string, containerId: string, appUrl: string, config?: AppOptions): void;
    /** Stops an app (2.18.7 declares no parameter; the runtime takes the app name). */
    stopApp(appName?: string): void;
    /** The app registry. */
    AppRegistry: AppRegistry;
    /** Present in the original, which always returns undefined. */
    isInitialized(): undefined;
  }

  const agentApp: AgentApp;

  interface AppOptions {
    /** CCP parameters merged over the defaults. */
    ccpParams?: OptionalInitCCPOptions;
    /** Custom views parameters. */
    customViewsParams?: OptionalCustomViewsOptions;
    /** Inline style of the app iframe. */
    style?: string;
  }

  interface AppRegistry {
    /** Saves an app. */
    register(appName: string, config: AppRegistryOptions, containerDOM: HTMLElement): void;
    /** Starts a registered app. */
    start(appName: string, creator: AppCreator): void;
    /** Stops an app (2.18.7 declares no parameter; the runtime takes the app name). */
    stop(appName?: string): void;
    /** The data of a registered app. */
    get(appName: string): unknown;
    /** Forgets an app. */
    delete(appName: string): void;
  }

  type AppCreator = (moduleData: AppData) => AppMethods;

  type AppData = {
    containerDOM: HTMLElement;
    endpoint: string;
    style?: string;
    instance?: AppMethods;
  };

  interface AppMethods {
    init(): void;
    destroy(): void;
  }

  interface AppRegistryOptions {
    /** The app's page. */
    endpoint: string;
    /** Inline style of the iframe. */
    style?: string;
  }

  interface ViewContactEvent {
    /** The contact brought into view. */
    contactId: string;
  }

  // ── initCCP options ────────────────────────────────────────────────────────────────────────────

  type StorageAccessParameters = {
    mode?: 'default' | 'custom';
    canRequest?: boolean;
    instanceUrl?: string;
    style?: {
      'font-family': string;
      'primary-color': string;
      'primary-button-hover-color': string;
      'link-color': string;
      'banner-box-shadow': string;
      'banner-margin': string;
      'border-radius': string;
      'banner-header-color': string;
      'banner-title-color': string;
      'banner-request-access-description-color': string;
      'banner-request-deny-description-color': string;
      'banner-request-access-background': string;
      'banner-request-deny-background': string;
      'banner-icon-display': string;
      'banner-request-access-icon-color': string;
      'banner-request-deny-icon-color': string;
      'line-height': string;
      'header-font-size': string;
      'bold-font-weight': string;
      'banner-description-font-size': string;
    };
    custom?: {
      hideCCP?: boolean;
      header?: string;
      title?: string;
      accessBannerDescription?: string;
      denyBannerDescription?: string;
      accessBannerButtonText?: string;
      denyBannerButtonText?: string;
      accessBannerLearnMoreUrl?: string;
      denyBannerLearnMoreUrl?: string;
      accessBannerLearnMoreText?: string;
      denyBannerLearnMoreText?: string;
      popupTitle?: string;
      popupBannerDescription?: string;
      popupBannerLearnMoreText?: string;
      popupBannerButtonText?: string;
      promptBannerTitle?: string;
      promptBannerDescription?: string;
      promptBannerButtonText?: string;
    };
  };

  interface SoftPhoneOptions {
    readonly allowFramedSoftphone?: boolean;
    readonly disableRingtone?: boolean;
    readonly ringtoneUrl?: string;
    readonly disableEchoCancellation?: boolean;
    readonly disableStoringParamsInLocalStorage?: boolean;
    readonly allowFramedVideoCall?: boolean;
    readonly allowFramedScreenSharing?: boolean;
    readonly allowFramedScreenSharingPopUp?: boolean;
    readonly VDIPlatform?: string;
    readonly allowEarlyGum?: boolean;
  }

  interface ChatOptions {
    readonly disableRingtone?: boolean;
    readonly ringtoneUrl?: string;
  }

  interface TaskOptions {
    readonly disableRingtone?: boolean;
    readonly ringtoneUrl?: string;
  }

  interface LoginOptions {
    autoClose?: boolean;
    height?: number;
    width?: number;
    top?: number;
    left?: number;
  }

  interface PageOptions {
    readonly enableAudioDeviceSettings?: boolean;
    readonly enableVideoDeviceSettings?: boolean;
    readonly enablePhoneTypeSettings?: boolean;
  }

  interface InitCCPOptions {
    /** The CCP URL. */
    readonly ccpUrl: string;
    readonly region?: string;
    readonly loginPopup?: boolean;
    readonly loginOptions?: LoginOptions;
    readonly loginPopupAutoClose?: boolean;
    readonly loginUrl?: string;
    readonly softphone?: SoftPhoneOptions;
    readonly chat?: ChatOptions;
    readonly task?: TaskOptions;
    readonly iframeTitle?: string;
    readonly pageOptions?: PageOptions;
    readonly ccpAckTimeout?: number;
    readonly ccpSynTimeout?: number;
    readonly ccpLoadTimeout?: number;
    readonly storageAccess?: StorageAccessParameters;
    readonly provider?: InstanceType<{ new (...args: any[]): any }>;
  }

  interface TerminateCustomViewOptions {
    readonly resolveIframe: boolean;
    readonly timeout?: number;
    readonly hideIframe?: boolean;
  }

  interface OptionalCustomViewsOptions {
    readonly contact?: Contact | string;
    readonly contactFlowId?: string;
    readonly iframeSuffix?: string;
    readonly disableAutoDestroy?: boolean;
    readonly terminateCustomViewOptions?: TerminateCustomViewOptions;
  }

  interface OptionalInitCCPOptions {
    readonly region?: string;
    readonly loginPopup?: boolean;
    readonly loginOptions?: LoginOptions;
    readonly loginPopupAutoClose?: boolean;
    readonly loginUrl?: string;
    readonly softphone?: SoftPhoneOptions;
    readonly chat?: ChatOptions;
    readonly pageOptions?: PageOptions;
    readonly ccpAckTimeout?: number;
    readonly ccpSynTimeout?: number;
    readonly ccpLoadTimeout?: number;
  }

  // ── enumerations (runtime values; 2.18.7 declares some without their namespace) ─────────────

  enum EventType {
    ACKNOWLEDGE = 'acknowledge',
    ACK_TIMEOUT = 'ack_timeout',
    INIT = 'init',
    API_REQUEST = 'api_request',
    API_RESPONSE = 'api_response',
    AUTH_FAIL = 'auth_fail',
    ACCESS_DENIED = 'access_denied',
    CLOSE = 'close',
    CONFIGURE = 'configure',
    LOG = 'log',
    MASTER_REQUEST = 'master_request',
    MASTER_RESPONSE = 'master_response',
    SYNCHRONIZE = 'synchronize',
    TERMINATE = 'terminate',
    TERMINATED = 'terminated',
    SEND_LOGS = 'send_logs',
    RELOAD_AGENT_CONFIGURATION = 'reload_agent_configuration',
    BROADCAST = 'broadcast',
    API_METRIC = 'api_metric',
    CLIENT_METRIC = 'client_metric',
    SOFTPHONE_STATS = 'softphone_stats',
    SOFTPHONE_REPORT = 'softphone_report',
    CLIENT_SIDE_LOGS = 'client_side_logs',
    SERVER_BOUND_INTERNAL_LOG = 'server_bound_internal_log',
    MUTE = 'mute',
    IFRAME_STYLE = 'iframe_style',
    IFRAME_RETRIES_EXHAUSTED = 'iframe_retries_exhausted',
    UPDATE_CONNECTED_CCPS = 'update_connected_ccps',
    OUTER_CONTEXT_INFO = 'outer_context_info',
    MEDIA_DEVICE_REQUEST = 'media_device_request',
    MEDIA_DEVICE_RESPONSE = 'media_device_response',
    TAB_ID = 'tab_id',
    AUTHORIZE_SUCCESS = 'authorize_success',
    AUTHORIZE_RETRIES_EXHAUSTED = 'authorize_retries_exhausted',
    CTI_AUTHORIZE_RETRIES_EXHAUSTED = 'cti_authorize_retries_exhausted',
    CLICK_STREAM_DATA = 'click_stream_data',
    SET_QUICK_GET_AGENT_SNAPSHOT_FLAG = 'set_quick_get_agent_snapshot_flag',
    /** Declared by 2.18.7's index.d.ts (with this value); neither runtime has it. */
    API_PROXY = 'api_proxy',
    API_PROXY_REQUEST = 'api_proxy_request',
    API_PROXY_RESPONSE = 'api_proxy_response',
  }

  enum AgentStateType {
    INIT = 'init',
    ROUTABLE = 'routable',
    NOT_ROUTABLE = 'not_routable',
    OFFLINE = 'offline',
    SYSTEM = 'system',
    ERROR = 'error',
  }

  enum AgentAvailStates {
    INIT = 'Init',
    BUSY = 'Busy',
    AFTER_CALL_WORK = 'AfterCallWork',
    CALLING_CUSTOMER = 'CallingCustomer',
    DIALING = 'Dialing',
    JOINING = 'Joining',
    PENDING_AVAILABLE = 'PendingAvailable',
    PENDING_BUSY = 'PendingBusy',
  }

  enum AgentErrorStates {
    ERROR = 'Error',
    AGENT_HUNG_UP = 'AgentHungUp',
    BAD_ADDRESS_AGENT = 'BadAddressAgent',
    BAD_ADDRESS_CUSTOMER = 'BadAddressCustomer',
    DEFAULT = 'Default',
    FAILED_CONNECT_AGENT = 'FailedConnectAgent',
    FAILED_CONNECT_CUSTOMER = 'FailedConnectCustomer',
    INVALID_LOCALE = 'InvalidLocale',
    LINE_ENGAGED_AGENT = 'LineEngagedAgent',
    LINE_ENGAGED_CUSTOMER = 'LineEngagedCustomer',
    MISSED_CALL_AGENT = 'MissedCallAgent',
    MISSED_CALL_CUSTOMER = 'MissedCallCustomer',
    MULTIPLE_CCP_WINDOWS = 'MultipleCcpWindows',
    REALTIME_COMMUNICATION_ERROR = 'RealtimeCommunicationError',
  }

  enum AgentEvents {
    INIT = 'agent::init',
    UPDATE = 'agent::update',
    REFRESH = 'agent::refresh',
    ROUTABLE = 'agent::routable',
    NOT_ROUTABLE = 'agent::not_routable',
    PENDING = 'agent::pending',
    CONTACT_PENDING = 'agent::contact_pending',
    OFFLINE = 'agent::offline',
    ERROR = 'agent::error',
    SOFTPHONE_ERROR = 'agent::softphone_error',
    WEBSOCKET_CONNECTION_LOST = 'agent::websocket_connection_lost',
    WEBSOCKET_CONNECTION_GAINED = 'agent::websocket_connection_gained',
    STATE_CHANGE = 'agent::state_change',
    ACW = 'agent::acw',
    MUTE_TOGGLE = 'agent::mute_toggle',
    LOCAL_MEDIA_STREAM_CREATED = 'agent::local_media_stream_created',
    ENQUEUED_NEXT_STATE = 'agent::enqueued_next_state',
  }

  enum EndpointType {
    PHONE_NUMBER = 'phone_number',
    AGENT = 'agent',
    QUEUE = 'queue',
  }

  /** Declared by 2.18.7's index.d.ts (with this value); neither runtime has it. */
  enum ReferenceType {
    URL = 'URL',
  }

  enum ConnectionType {
    AGENT = 'agent',
    INBOUND = 'inbound',
    OUTBOUND = 'outbound',
    MONITORING = 'monitoring',
  }

  enum ConnectionStateType {
    INIT = 'init',
    CONNECTING = 'connecting',
    CONNECTED = 'connected',
    HOLD = 'hold',
    DISCONNECTED = 'disconnected',
    SILENT_MONITOR = 'silent_monitor',
    BARGE = 'barge',
  }

  enum ContactEvents {
    INIT = 'contact::init',
    REFRESH = 'contact::refresh',
    DESTROYED = 'contact::destroyed',
    INCOMING = 'contact::incoming',
    PENDING = 'contact::pending',
    CONNECTING = 'contact::connecting',
    CONNECTED = 'contact::connected',
    MISSED = 'contact::missed',
    ACW = 'contact::acw',
    VIEW = 'contact::view',
    ENDED = 'contact::ended',
    ERROR = 'contact::error',
    ACCEPTED = 'contact::accepted',
    /** Declared by 2.18.7's index.d.ts (with this value); neither runtime has it. */
    PAUSED = 'paused',
  }

  enum ContactStateType {
    INIT = 'init',
    INCOMING = 'incoming',
    PENDING = 'pending',
    CONNECTING = 'connecting',
    CONNECTED = 'connected',
    MISSED = 'missed',
    REJECTED = 'rejected',
    ERROR = 'error',
    ENDED = 'ended',
    PAUSED = 'paused',
  }

  enum CONTACT_ACTIVE_STATES {
    INCOMING = 'incoming',
    PENDING = 'pending',
    CONNECTING = 'connecting',
    CONNECTED = 'connected',
  }

  enum ContactType {
    VOICE = 'voice',
    QUEUE_CALLBACK = 'queue_callback',
    CHAT = 'chat',
    TASK = 'task',
    EMAIL = 'email',
  }

  /** Declared by 2.18.7's index.d.ts (with these values); neither runtime has it. */
  enum VDIPlatformType {
    CITRIX = 'CITRIX',
    AWS_WORKSPACE = 'AWS_WORKSPACE',
  }

  enum ChannelType {
    VOICE = 'VOICE',
    CHAT = 'CHAT',
    TASK = 'TASK',
  }

  enum MediaType {
    SOFTPHONE = 'softphone',
    CHAT = 'chat',
    TASK = 'task',
    EMAIL = 'email',
  }

  enum SoftphoneCallType {
    AUDIO_VIDEO = 'audio_video',
    VIDEO_ONLY = 'video_only',
    AUDIO_ONLY = 'audio_only',
    NONE = 'none',
  }

  enum SoftphoneErrorTypes {
    UNSUPPORTED_BROWSER = 'unsupported_browser',
    MICROPHONE_NOT_SHARED = 'microphone_not_shared',
    SIGNALLING_HANDSHAKE_FAILURE = 'signalling_handshake_failure',
    SIGNALLING_CONNECTION_FAILURE = 'signalling_connection_failure',
    ICE_COLLECTION_TIMEOUT = 'ice_collection_timeout',
    USER_BUSY_ERROR = 'user_busy_error',
    WEBRTC_ERROR = 'webrtc_error',
    REALTIME_COMMUNICATION_ERROR = 'realtime_communication_error',
    OTHER = 'other',
  }

  enum ClickType {
    ACCEPT = 'Accept',
    REJECT = 'Reject',
    HANGUP = 'Hangup',
  }

  enum CTIExceptions {
    ACCESS_DENIED_EXCEPTION = 'AccessDeniedException',
    INVALID_STATE_EXCEPTION = 'InvalidStateException',
    BAD_ENDPOINT_EXCEPTION = 'BadEndpointException',
    INVALID_AGENT_ARNEXCEPTION = 'InvalidAgentARNException',
    INVALID_CONFIGURATION_EXCEPTION = 'InvalidConfigurationException',
    INVALID_CONTACT_TYPE_EXCEPTION = 'InvalidContactTypeException',
    PAGINATION_EXCEPTION = 'PaginationException',
    REFRESH_TOKEN_EXPIRED_EXCEPTION = 'RefreshTokenExpiredException',
    SEND_DATA_FAILED_EXCEPTION = 'SendDataFailedException',
    UNAUTHORIZED_EXCEPTION = 'UnauthorizedException',
  }

  enum MonitoringMode {
    SILENT_MONITOR = 'SILENT_MONITOR',
    BARGE = 'BARGE',
  }

  enum MasterTopics {
    LOGIN_POPUP = 'connect::loginPopup',
    SEND_LOGS = 'connect::sendLogs',
    SOFTPHONE = 'connect::softphone',
    RINGTONE = 'connect::ringtone',
    METRICS = 'connect::metrics',
  }

  enum VideoCapability {
    SEND = 'SEND',
  }

  enum ScreenShareCapability {
    SEND = 'SEND',
  }

  enum ContactInitiationMethod {
    INBOUND = 'inbound',
    OUTBOUND = 'outbound',
    TRANSFER = 'transfer',
    QUEUE_TRANSFER = 'queue_transfer',
    CALLBACK = 'callback',
    API = 'api',
    DISCONNECT = 'disconnect',
    WEBRTC_API = 'webrtc_api',
    AGENT_REPLY = 'agent_reply',
  }

  enum MonitoringErrorTypes {
    INVALID_TARGET_STATE = 'invalid_target_state',
  }

  enum LogLevel {
    TEST = 'TEST',
    TRACE = 'TRACE',
    DEBUG = 'DEBUG',
    INFO = 'INFO',
    LOG = 'LOG',
    WARN = 'WARN',
    ERROR = 'ERROR',
    CRITICAL = 'CRITICAL',
  }

  /** The agent permissions (an object at runtime; 2.18.7 declares the interface). */
  interface AgentPermissions {
    OUTBOUND_CALL: 'outboundCall';
    VOICE_ID: 'voiceId';
  }

  // The enumerations the runtime has that 2.18.7 does not declare, typed as the wire contract's
  // names (`@x/connect-streams/protocol`).
  type Names = typeof import('@x/connect-streams/protocol');
  const AgentPermissions: Names['AgentPermissions'];
  const AgentStatusType: typeof AgentStateType;
  const ConnectionStatusType: typeof ConnectionStateType;
  const ContactStatusType: typeof ContactStateType;
  const AddressType: typeof EndpointType;
  const WebSocketEvents: Names['WebSocketEvents'];
  const ConfigurationEvents: Names['ConfigurationEvents'];
  const ConnectionEvents: Names['ConnectionEvents'];
  const TaskEvents: Names['TaskEvents'];
  const EmailEvents: Names['EmailEvents'];
  const VoiceIdEvents: Names['VoiceIdEvents'];
  const DisasterRecoveryEvents: Names['DisasterRecoveryEvents'];
  const GlobalResiliencyEvents: Names['GlobalResiliencyEvents'];
  const VoiceIdErrorTypes: Names['VoiceIdErrorTypes'];
  const VoiceIdStreamingStatus: Names['VoiceIdStreamingStatus'];
  const VoiceIdAuthenticationDecision: Names['VoiceIdAuthenticationDecision'];
  const VoiceIdFraudDetectionDecision: Names['VoiceIdFraudDetectionDecision'];
  const ContactFlowAuthenticationDecision: Names['ContactFlowAuthenticationDecision'];
  const ContactFlowFraudDetectionDecision: Names['ContactFlowFraudDetectionDecision'];
  const VoiceIdEnrollmentRequestStatus: Names['VoiceIdEnrollmentRequestStatus'];
  const VoiceIdSpeakerStatus: Names['VoiceIdSpeakerStatus'];

  // ── options of the actions ─────────────────────────────────────────────────────────────────────

  interface SuccessFailOptions {
    /** Called when the action succeeds. */
    readonly success?: SuccessFailCallback;
    /** Called when it fails. */
    readonly failure?: SuccessFailCallback<[string]>;
  }

  interface AddParticipantOptions extends SuccessFailOptions {}

  interface TransferOptions extends SuccessFailOptions {}

  interface ConnectOptions extends SuccessFailOptions {
    /** The queue of the outbound contact. */
    readonly queueARN?: string;
    /** A contact to link the new one to. */
    readonly relatedContactId?: string;
  }

  interface AgentSetStateOptions {
    /** Queue the state when the agent is on a contact. */
    readonly enqueueNextState?: boolean;
  }

  // ── the agent ──────────────────────────────────────────────────────────────────────────────────

  /** The agent: its data (read from the latest snapshot), events and actions. */
  class Agent {
    onRefresh(callback: AgentCallback): Subscription;
    onStateChange(callback: AgentStateChangeCallback): Subscription;
    onRoutable(callback: AgentCallback): Subscription;
    onNotRoutable(callback: AgentCallback): Subscription;
    onOffline(callback: AgentCallback): Subscription;
    onError(callback: AgentCallback): Subscription;
    onWebSocketConnectionLost(callback: AgentCallback): void;
    onWebSocketConnectionGained(callback: AgentCallback): void;
    onSoftphoneError(callback: SoftphoneErrorCallback): Subscription;
    onAfterCallWork(callback: AgentCallback): Subscription;
    getAvailabilityState(): AgentAvailabilityState;
    getState(): AgentState;
    getStatus(): AgentState;
    getNextState(): AgentState;
    getStateDuration(): number;
    getPermissions(): string[];
    getContacts(contactTypeFilter?: ContactType): Contact[];
    getConfiguration(): AgentConfiguration;
    getAgentStates(): AgentStateDefinition[];
    getRoutingProfile(): AgentRoutingProfile;
    getChannelConcurrency(): AgentChannelConcurrencyMap;
    getChannelConcurrency(channel: ChannelType): number;
    getAgentARN(): string;
    getName(): string;
    getExtension(): string;
    getDialableCountries(): string[];
    isSoftphoneEnabled(): boolean;
    setConfiguration(config: AgentConfiguration, callbacks?: SuccessFailOptions): void;
    setState(
      state: AgentStateDefinition,
      callbacks?: SuccessFailOptions,
      options?: AgentSetStateOptions,
    ): void;
    /** Declared by 2.18.7's index.d.ts; neither runtime has it. */
    createTask(taskContact: TaskContactDefinition, callbacks?: SuccessFailOptions): void;
    setStatus(state: AgentStateDefinition, callbacks?: SuccessFailOptions): void;
    connect(endpoint: Endpoint, connectOptions?: ConnectOptions): void;
    getAllQueueARNs(): string[];
    getEndpoints(queueARNs: string | string[], callbacks: GetEndpointsCallbacks): void;
    /** A copy frozen at the current data (contacts included). */
    toSnapshot(): Agent;
    mute(): void;
    unmute(): void;
    setSpeakerDevice(deviceId: string): void;
    setMicrophoneDevice(deviceId: string): void;
    setRingerDevice(deviceId: string): void;
    setCameraDevice(deviceId: string): void;
    setBackgroundBlur(isBackgroundBlurEnabled: boolean): void;
    onMuteToggle(callback: AgentMutedStatusCallback): Subscription;
    onLocalMediaStreamCreated(callback: UserMediaDeviceChangeCallback): Subscription;
    onSpeakerDeviceChanged(callback: UserMediaDeviceChangeCallback): Subscription;
    onMicrophoneDeviceChanged(callback: UserMediaDeviceChangeCallback): Subscription;
    onRingerDeviceChanged(callback: UserMediaDeviceChangeCallback): Subscription;
    onCameraDeviceChanged(callback: UserMediaDeviceChangeCallback): Subscription;
    onBackgroundBlurChanged(callback: UserBackgroundBlurChangeCallback): Subscription;
    onEnqueuedNextState(callback: AgentCallback): Subscription;
  }

  interface AgentMutedStatus {
    readonly muted: boolean;
  }

  interface AgentStateChange {
    readonly agent: Agent;
    readonly oldState: string;
    readonly newState: string;
  }

  interface AgentStateDefinition {
    readonly agentStateARN: string;
    readonly type: AgentStateType;
    readonly name: string;
  }

  interface AgentPreferences {
    readonly locale?: string;
  }

  interface UserMediaDeviceChange {
    readonly deviceId: string;
  }

  interface UserBackgroundBlurChange {
    readonly isBackgroundBlurEnabled: boolean;
  }

  interface TaskContactDefinition {
    readonly endpoint: Endpoint;
    readonly previousContactId?: string;
    readonly name: string;
    readonly description: string;
    readonly references: ReferenceDictionary;
    readonly scheduledTime: number;
    readonly idempotencyToken: string;
  }

  interface AgentAvailabilityState {
    readonly state: string;
    readonly timeStamp: Date;
    readonly type: AgentStateType;
    readonly agentStateARN?: string;
    readonly startTimestamp?: Date;
  }

  interface AgentState {
    readonly agentStateARN: string | null;
    readonly name: string;
    readonly startTimestamp: Date;
    readonly type: AgentStateType;
  }

  interface AgentConfiguration {
    readonly agentStates: AgentStateDefinition[];
    readonly agentPreferences?: AgentPreferences;
    readonly dialableCountries: string[];
    extension: string;
    readonly name: string;
    readonly permissions: string[];
    readonly routingProfile: AgentRoutingProfile;
    readonly softphoneAutoAccept: boolean;
    softphoneEnabled: boolean;
    readonly username: string;
    readonly agentARN: string;
  }

  interface AgentRoutingProfile {
    readonly channelConcurrencyMap: AgentChannelConcurrencyMap;
    readonly defaultOutboundQueue: Queue;
    readonly name: string;
    readonly queues: Queue[];
    readonly routingProfileARN: string;
    readonly routingProfileId: string;
  }

  type AgentChannelConcurrencyMap = {
    readonly [channel in ChannelType]: number;
  };

  interface GetEndpointsResult {
    endpoints: Endpoint[];
    addresses: Endpoint[];
  }

  interface GetEndpointsCallbacks {
    readonly success: SuccessFailCallback<[GetEndpointsResult]>;
    readonly failure?: SuccessFailCallback<[string]>;
  }

  interface AttributeDictionary {
    readonly [key: string]:
      | {
          name: string;
          value: string;
        }
      | undefined;
  }

  interface SegmentAttributeDictionary {
    readonly [key: string]:
      | {
          valueString: string;
        }
      | undefined;
  }

  interface ReferenceDictionary {
    readonly [key: string]:
      | {
          type: ReferenceType;
          value: string;
        }
      | undefined;
  }

  interface ChannelContext {
    scheduledTime?: number;
    taskTemplateId?: string;
    taskTemplateVersion?: number;
  }

  // ── contacts ───────────────────────────────────────────────────────────────────────────────────

  /**
   * A contact: its data (read from the latest snapshot), events and actions. A snapshot (given to
   * `onDestroy` handlers, or from `toSnapshot()`) keeps its own data; its connections are read live,
   * as the original's.
   */
  class Contact {
    /** The contact (the original declares no constructor; the runtime takes the id). */
    constructor(contactId: string);
    readonly contactId: string;
    onRefresh(callback: ContactCallback): Subscription;
    onIncoming(callback: ContactCallback): Subscription;
    onPending(callback: ContactCallback): Subscription;
    onConnecting(callback: ContactCallback): Subscription;
    onAccepted(callback: ContactCallback): Subscription;
    onMissed(callback: ContactCallback): Subscription;
    onEnded(callback: ContactCallback): Subscription;
    onDestroy(callback: ContactCallback): Subscription;
    onACW(callback: ContactCallback): Subscription;
    onConnected(callback: ContactCallback): Subscription;
    onError(callback: ContactCallback): Subscription;
    onScreenSharingStarted(callback: ContactCallback): Subscription;
    onScreenSharingStopped(callback: ContactCallback): Subscription;
    onScreenSharingError(callback: ContactCallback): Subscription;
    startScreenSharing(skipSessionInitiation?: boolean): Promise<void>;
    stopScreenSharing(): Promise<void>;
    getEventName(event: ContactEvents): string;
    getContactId(): string;
    getOriginalContactId(): string;
    getInitialContactId(): string;
    getType(): ContactType;
    getState(): ContactState;
    getStatus(): ContactState;
    getName(): string;
    getDescription(): string;
    getReferences(): ReferenceDictionary;
    getContactDuration(): number;
    getInitiationMethod(): ContactInitiationMethod;
    getContactMetadata(): any;
    getRelatedContactId(): string | null;
    getContactAssociationId(): string | null;
    getCustomerEndpoint(): Endpoint | null;
    getConnectSystemEndpoint(): Endpoint | null;
    getStateDuration(): number;
    getStatusDuration(): number;
    getQueue(): Queue;
    getQueueTimestamp(): Date;
    getConnections(): BaseConnection[];
    getInitialConnection(): BaseConnection;
    getActiveInitialConnection(): BaseConnection | null;
    getThirdPartyConnections(): BaseConnection[];
    getSingleActiveThirdPartyConnection(): BaseConnection | null;
    getAgentConnection(): BaseConnection;
    getActiveConnections(): BaseConnection[];
    hasTwoActiveParticipants(): boolean;
    getAttributes(): AttributeDictionary;
    getChannelContext(): ChannelContext | undefined;
    getSegmentAttributes(): SegmentAttributeDictionary;
    getContactSubtype(): string | null;
    isSoftphoneCall(): boolean;
    hasVideoRTCCapabilities(): boolean;
    hasScreenShareCapability(): boolean;
    canAgentSendVideo(): boolean;
    canAgentReceiveVideo(): boolean;
    canAgentSendScreenShare(): boolean;
    canCustomerSendScreenShare(): boolean;
    isInbound(): boolean;
    isConnected(): boolean;
    accept(callbacks?: SuccessFailOptions): void;
    pause(callbacks?: SuccessFailOptions): void;
    resume(callbacks?: SuccessFailOptions): void;
    /** Deprecated: only logs 'contact.destroy() has been deprecated.'; never calls back. */
    destroy(callbacks?: SuccessFailOptions): void;
    reject(callbacks?: SuccessFailOptions): void;
    clear(callbacks: SuccessFailOptions): void;
    complete(callbacks?: SuccessFailOptions): void;
    notifyIssue(issueCode: string, description: string, callbacks?: SuccessFailOptions): void;
    addConnection(endpoint: Endpoint, callbacks?: SuccessFailOptions): void;
    addParticipant(endpoint: Endpoint, options?: AddParticipantOptions): void;
    transfer(endpoint: Endpoint, options?: TransferOptions): void;
    toggleActiveConnections(callbacks?: SuccessFailOptions): void;
    conferenceConnections(callbacks?: SuccessFailOptions): void;
    /** A copy frozen at the current data. */
    toSnapshot(): Contact;
    isMultiPartyConferenceEnabled(): boolean;
    isUnderSupervision(): boolean;
    updateMonitorParticipantState(
      targetState: MonitoringMode,
      callbacks?: SuccessFailOptions,
    ): void;
    silentMonitor(callbacks?: SuccessFailOptions): void;
    bargeIn(callbacks?: SuccessFailOptions): void;
  }

  class QuickResponses {
    static isEnabled(): Promise<boolean>;
    static searchQuickResponses(params: QuickResponsesQuery): Promise<SearchQuickResponsesResult>;
  }

  interface QuickResponsesQuery {
    query: string;
    contactId?: string;
    nextToken?: string;
    debounceMS?: number;
  }

  interface SearchQuickResponsesResult {
    results: QuickResponse[];
    nextToken?: string;
  }

  interface QuickResponse {
    quickResponseArn: string;
    quickResponseId: string;
    knowledgeBaseArn: string;
    knowledgeBaseId: string;
    name: string;
    version: string;
    contentType: QuickResponseContentType;
    status: QuickResponseStatusType;
    statusReason: string;
    createdTime: number;
    lastModifiedTime: number;
    title?: string;
    contents: QuickResponseContentsType;
    description?: string;
    groupingConfiguration: GroupingConfigurationType;
    shortcutKey?: string;
    lastModifiedBy: string;
    isActive: boolean;
    channels: QuickResponseChannels;
    language: string;
    tags: Tags;
  }

  type QuickResponseContentType = 'markdown' | 'plainText';
  type QuickResponseStatusType = 'active' | 'inactive';
  type QuickResponseContentsType = {
    plainText: {
      content: string;
    };
    markdown: {
      content: string;
    };
  };
  type GroupingConfigurationType = {
    criteria: string;
    values: Array<string | null>;
  };
  type QuickResponseChannelType = 'Chat' | 'email' | 'voice' | 'tasks';
  type QuickResponseChannels = Array<QuickResponseChannelType>;
  type Tags = Array<string | null>;

  type CustomerAuthenticationStatus = 'AUTHENTICATED' | 'FAILED' | 'TIMEOUT';
  type CustomerAuthenticationMethod = 'CONNECT' | 'CUSTOM';
  type CustomerAuthenticationDetails = {
    IdentityProvider?: string;
    ClientId?: string;
    Status: CustomerAuthenticationStatus;
    AssociatedCustomerId?: string;
    AuthenticationMethod?: CustomerAuthenticationMethod;
  };

  interface ContactState {
    readonly type: ContactStateType;
    readonly timestamp: Date;
  }

  interface Queue {
    readonly name: string;
    readonly queueARN: string;
    readonly queueId: string;
  }

  /** An address to call or transfer to. */
  class Endpoint {
    /** An endpoint from its fields (the original declares no constructor; the runtime takes them). */
    constructor(params?: object);
    readonly endpointARN: string;
    readonly endpointId: string;
    readonly type: EndpointType;
    readonly name: string;
    readonly phoneNumber: string;
    readonly agentLogin: string;
    readonly queue: string;
    /** A phone-number endpoint (2.18.7 declares no `name`; the runtime takes one). */
    static byPhoneNumber(phoneNumber: string, name?: string): Endpoint;
  }

  /** `connect.Address`: the alias of `Endpoint`. */
  const Address: typeof Endpoint;

  class SoftphoneError {
    readonly errorType: string;
    readonly errorMessage: string;
    readonly endPointUrl: string;
    constructor(errorType: string, errorMessage: string, endPointUrl: string);
    getErrorType(): string;
    getErrorMessage(): string;
    getEndPointUrl(): string;
  }

  // ── connections ────────────────────────────────────────────────────────────────────────────────

  /** One connection (participant leg) of a contact. */
  class BaseConnection {
    /** The connection (the original declares no constructor; the runtime takes both ids). */
    constructor(contactId: string, connectionId: string);
    readonly contactId: string;
    readonly connectionId: string;
    getContactId(): string;
    getConnectionId(): string;
    getEndpoint(): Endpoint;
    getAddress(): Endpoint;
    getState(): ConnectionState;
    getStatus(): ConnectionState;
    getStateDuration(): number;
    getStatusDuration(): number;
    getType(): ConnectionType;
    getMonitorInfo(): MonitorInfo | null;
    isInitialConnection(): boolean;
    isActive(): boolean;
    isConnected(): boolean;
    isConnecting(): boolean;
    isOnHold(): boolean;
    destroy(callbacks?: SuccessFailOptions): void;
    sendDigits(digits: string, callbacks?: SuccessFailOptions): void;
    hold(callbacks?: SuccessFailOptions): void;
    resume(callbacks?: SuccessFailOptions): void;
  }

  /** A voice connection. */
  class VoiceConnection extends BaseConnection {
    getMediaInfo(): VoiceMediaInfo;
    getMediaType(): MediaType.SOFTPHONE;
    getMediaController(): Promise<any>;
    getVoiceIdSpeakerId(): Promise<any>;
    getVoiceIdSpeakerStatus(): Promise<any>;
    optOutVoiceIdSpeaker(): Promise<any>;
    evaluateSpeakerWithVoiceId(startNewSession?: boolean): Promise<any>;
    enrollSpeakerInVoiceId(callbackOnAudioCollectionComplete?: Function): Promise<any>;
    updateVoiceIdSpeakerId(speakerId: string): Promise<any>;
    /** The name 2.18.7 declares; the runtime names it `deleteVoiceIdSpeaker` (also here). */
    deleteVoiceIdSpeakerId(): Promise<any>;
    deleteVoiceIdSpeaker(): Promise<any>;
    getQuickConnectName(): string | null;
    isMute(): boolean;
    muteParticipant(callbacks?: SuccessFailOptions): void;
    unmuteParticipant(callbacks?: SuccessFailOptions): void;
    canSendVideo(): boolean;
    getCapabilities(): CapabilitiesDictionary;
    getVideoConnectionInfo(): Promise<any>;
    isSilentMonitor(): boolean;
    isBarge(): boolean;
    isSilentMonitorEnabled(): boolean;
    isBargeEnabled(): boolean;
    getMonitorCapabilities(): MonitoringMode[] | undefined;
    getMonitorStatus(): MonitoringMode | null;
    isForcedMute(): boolean;
  }

  /** A chat connection. */
  class ChatConnection extends BaseConnection {
    getMediaInfo(): ChatMediaInfo;
    getConnectionToken(): Promise<ConnectionToken>;
    getMediaType(): MediaType.CHAT;
    getMediaController(): Promise<any>;
    isSilentMonitor(): boolean;
    isBarge(): boolean;
    isSilentMonitorEnabled(): boolean;
    isBargeEnabled(): boolean;
    getMonitorCapabilities(): MonitoringMode[];
    getMonitorStatus(): MonitoringMode | null;
    getParticipantName(): string | null;
    getAuthenticationDetails(): CustomerAuthenticationDetails | null;
    isAuthenticated(): boolean;
  }

  /** A task connection. */
  class TaskConnection extends BaseConnection {
    getMediaInfo(): TaskMediaInfo;
    getMediaType(): MediaType.TASK;
    getMediaController(): Promise<any>;
  }

  /** An email connection. */
  class EmailConnection extends BaseConnection {
    getMediaType(): MediaType.EMAIL;
  }

  interface CapabilitiesDictionary {
    readonly [key: string]: string;
  }

  interface ConnectionState {
    readonly timestamp: Date;
    readonly type: ConnectionStateType;
  }

  interface ConnectionToken {
    readonly chatTokenTransport: {
      readonly expiry: string;
      readonly participantToken: string;
    };
  }

  interface VoiceMediaInfo {
    readonly autoAccept: boolean;
    readonly callConfigJson: string;
    readonly callContextToken: string;
    readonly callType: SoftphoneCallType;
    readonly mediaLegContextToken: string;
  }

  interface ChatMediaInfo {
    readonly contactId: string;
    getConnectionToken: ChatConnection['getConnectionToken'];
    readonly initialContactId: string;
    readonly originalInfo: {
      readonly chatAutoAccept: boolean;
      readonly connectionData: string;
      readonly customerName: string | null;
      readonly agentName: string | null;
    };
    readonly participantId: string;
    readonly participantToken: string;
  }

  interface TaskMediaInfo {
    readonly contactId: string;
    readonly initialContactId: string;
  }

  interface MonitorInfo {
    readonly agentName: string;
    readonly customerName: string;
    readonly joinTime: Date;
  }

  // ── logging ────────────────────────────────────────────────────────────────────────────────────

  interface Logger {
    trace(template: string, ...args: unknown[]): LogEntry;
    debug(template: string, ...args: unknown[]): LogEntry;
    info(template: string, ...args: unknown[]): LogEntry;
    log(template: string, ...args: unknown[]): LogEntry;
    warn(template: string, ...args: unknown[]): LogEntry;
    error(template: string, ...args: unknown[]): LogEntry;
    download(): void;
    setLogLevel(level: LogLevel): void;
    setEchoLevel(level: LogLevel): void;
    /** The typed logger underneath. */
    readonly logger: import('@x/connect-streams').Logger;
  }

  interface LogEntry {
    withException(err: Error): LogEntry;
    withObject(obj: object): LogEntry;
    withCrossOriginEventObject(obj: object): LogEntry;
    sendInternalLogToServer(): LogEntry;
  }
}
