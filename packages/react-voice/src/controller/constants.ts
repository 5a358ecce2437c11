/**
 * Business constants and limits of the voice module, named after
 * the specification's wording.
 */

/** "Local storage": keys with this prefix are removed when the voice module starts. */
export const VOICE_COMMUNICATION_STORAGE_PREFIX = 'fg_voice_communication_';

/** Cross-tab lock: each tab waits a random delay of 0 to this many ms before taking a lock. */
export const CROSS_TAB_MAX_DELAY_MS = 500;

/** Cross-tab lock: a lock is removed this many ms after it was taken. */
export const CROSS_TAB_LOCK_TTL_MS = 5000;

/** The actions each performed by one browser tab only. */
export const CROSS_TAB_ACTIONS = Object.freeze([
  'startConversation',
  'answered',
  'updateConnection',
  'monitored',
] as const);

/** Audio device enumeration time-out. */
export const AUDIO_DEVICE_ENUMERATION_TIMEOUT_MS = 2000;

/** The agent status timer ticks every second. */
export const AGENT_STATUS_TIMER_MS = 1000;

/** Multiparty (participants) information is refreshed every second. */
export const PARTICIPANTS_REFRESH_MS = 1000;

/** Setting an agent status resolves after at most this many ms. */
export const SET_AGENT_STATUS_TIMEOUT_MS = 2000;

/** Call history search debounce. */
export const CALL_HISTORY_SEARCH_DEBOUNCE_MS = 1000;

/** The random call-panel instance identifier has up to this many digits. */
export const CALL_PANEL_ID_MAX_DIGITS = 5;

/** Multiparty: more than this many active connections (with conference enabled). */
export const MULTIPARTY_MIN_ACTIVE_CONNECTIONS = 3;

/** The voice instance must have this status. */
export const VOICE_INSTANCE_CREATED = 'CREATED';

/** The hidden softphone frame's size. */
export const SOFTPHONE_FRAME_WIDTH = 1200;
/** The hidden softphone frame's size. */
export const SOFTPHONE_FRAME_HEIGHT = 300;

/** The keys the keypad accepts. */
export const KEYPAD_KEYS = Object.freeze([
  '0',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '*',
  '#',
  'Backspace',
] as const);

/** An outbound phone number must start with this. */
export const PHONE_NUMBER_PREFIX = '+';

/** A contact name starting with this prefix is an anonymous visitor (shown as the phone). */
export const VISITOR_NAME_PREFIX = 'visitor';

/** The agent's Connect state names the product treats specially. */
export const AGENT_STATE_NAMES = Object.freeze({
  available: 'Available',
  offline: 'Offline',
  away: 'Away',
  busy: 'Busy',
  pendingBusy: 'PendingBusy',
  callingCustomer: 'CallingCustomer',
  afterCallWork: 'AfterCallWork',
  missedCallAgent: 'MissedCallAgent',
  failedConnectCustomer: 'FailedConnectCustomer',
  lineEngagedCustomer: 'LineEngagedCustomer',
  agentHungUp: 'AgentHungUp',
} as const);

/** Derived agent states (the system states the product names). */
export const DERIVED_AGENT_STATES = Object.freeze({
  BUSY: 'Busy',
  PENDING_BUSY: 'PendingBusy',
  CALLING_CUSTOMER: 'CallingCustomer',
  AFTER_CALL_WORK: 'AfterCallWork',
} as const);

/** No outbound call may start while the agent is in one of these states. */
export const OUTBOUND_BLOCKING_STATES: ReadonlySet<string> = new Set([
  DERIVED_AGENT_STATES.BUSY,
  DERIVED_AGENT_STATES.PENDING_BUSY,
  DERIVED_AGENT_STATES.CALLING_CUSTOMER,
]);

/** Where the agent list keeps its collapsed groups. */
export const AGENT_LIST_COLLAPSED_STORAGE_KEY = 'voice_agent_list_collapsed_groups';

/** The voice panel's tab identifiers. */
export const VOICE_PANEL_TABS = Object.freeze({
  agentStatus: 'AGENT_STATUS',
  callHistory: 'CALL_HISTORY',
  liveCalls: 'LIVE_CALLS',
  queues: 'QUEUES',
} as const);

/** A voice panel tab identifier: AGENT_STATUS, CALL_HISTORY, LIVE_CALLS or QUEUES. */
export type VoicePanelTabId = (typeof VOICE_PANEL_TABS)[keyof typeof VOICE_PANEL_TABS];

/** The live-calls tab shows this many skeleton rows while loading. */
export const LIVE_CALLS_SKELETON_ROWS = 3;

/** The call panel's initial offset on desktop. */
export const CALL_PANEL_INITIAL_OFFSET = Object.freeze({ x: -216, y: 5 });

/** The transfer call modal is 480 px wide. */
export const TRANSFER_MODAL_WIDTH = 480;

/** The transfer modal's list area is at most 580 px high. */
export const TRANSFER_LIST_MAX_HEIGHT = 580;

/** The audio settings modal is 600 px wide. */
export const AUDIO_SETTINGS_MODAL_WIDTH = 600;

/** Recording file name: `voice_call_recording-{timestamp}.wav`. */
export const RECORDING_FILE_PREFIX = 'voice_call_recording-';
/** Transcript file name: `voice_call_transcript-{timestamp}.csv`. */
export const TRANSCRIPT_FILE_PREFIX = 'voice_call_transcript-';

/** The queues tab shows this many skeleton rows while loading. */
export const QUEUES_SKELETON_ROWS = 3;
