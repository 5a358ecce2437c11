/**
 * The agent status unit: the status, its label and description,
 * the selectable states, setting a state (resolved after at most 2 s), the microphone-not-shared
 * rule (forces Offline, disables status changes) and logout (ends an active call, sets Offline).
 */
import type { AgentStateDefinition } from '@x/connect-streams/protocol';
import type { Agent as HostAgent } from '@x/connect-streams';
import {
  agentStatusKind,
  agentStatusLabel,
  derivedStatusOf,
  describeAgentStatus,
} from './agent-status';
import type { AgentStatusFacts } from './agent-status';
import { SET_AGENT_STATUS_TIMEOUT_MS } from './constants';
import { voiceError } from './errors';
import { voiceMessage } from './messages';
import type { VoiceMessage } from './messages';
import type { AgentStatusOption, AgentStatusState, SoftphoneErrorInfo } from './types';
import { agentConnectionOf } from './unit-context';
import type { UnitContext } from './unit-context';
import { timeOf } from './unit-context';

/** The agent slice before agent data. */
export const INITIAL_AGENT_STATE: AgentStatusState = {
  profile: null,
  name: null,
  type: null,
  kind: 'unknown',
  derived: null,
  label: voiceMessage('statusName', { name: '' }),
  description: voiceMessage('statusUnhandled', { status: '' }),
  startedAt: null,
  options: [],
  canChangeStatus: true,
  disabledReason: null,
  microphoneShared: true,
};

const SELECTABLE_TYPES = new Set(['routable', 'not_routable', 'offline']);

/** The softphone error messages shown to the agent, by softphone error type. */
const SOFTPHONE_MESSAGES: Readonly<Record<string, VoiceMessage['key']>> = {
  microphone_not_shared: 'microphoneNotShared',
  unsupported_browser: 'softphoneUnsupportedBrowser',
  ice_collection_timeout: 'softphoneIceCollectionTimeout',
  user_busy_error: 'softphoneUserBusy',
  signalling_handshake_failure: 'softphoneSignallingHandshakeFailure',
  signalling_connection_failure: 'softphoneSignallingConnectionFailure',
  webrtc_error: 'softphoneWebrtcError',
  realtime_communication_error: 'softphoneRealtimeCommunicationError',
  duplicate_session: 'softphoneDuplicateSession',
};

/** The agent-facing message of a softphone error (`agent::softphone_error` data). */
export function softphoneErrorInfo(data: unknown): SoftphoneErrorInfo {
  const d = (data ?? {}) as { errorType?: unknown; errorMessage?: unknown; endPointUrl?: unknown };
  const type = typeof d.errorType === 'string' ? d.errorType : 'other';
  const key = SOFTPHONE_MESSAGES[type];
  const url = typeof d.endPointUrl === 'string' ? d.endPointUrl : '';
  if (key)
    return {
      type,
      message: voiceMessage(key, key.startsWith('softphoneSignalling') ? { url } : undefined),
    };
  const text = typeof d.errorMessage === 'string' && d.errorMessage ? d.errorMessage : type;
  return { type, message: voiceMessage('unexpectedError', { message: text }) };
}

function optionOf(def: AgentStateDefinition): AgentStatusOption {
  return {
    name: def.name,
    type: def.type,
    label: agentStatusLabel(def.name, def.type),
    kind: agentStatusKind(def.name, def.type),
  };
}

/** The agent status unit. @internal */
export class AgentUnit {
  private startKey: string | null = null;

  constructor(private readonly ctx: UnitContext) {}

  private get state(): AgentStatusState {
    return this.ctx.store.getState().agent;
  }

  private set(patch: Partial<AgentStatusState>): void {
    this.ctx.store.update('agent', patch);
  }

  private agent(): HostAgent | undefined {
    const agent = this.ctx.ccp()?.agent;
    return agent?.isInitialized() ? agent : undefined;
  }

  /** Follows the agent after a panel update; `facts` are the call's. */
  sync(facts: Omit<AgentStatusFacts, 'name' | 'type'>): void {
    const agent = this.agent();
    if (!agent) {
      this.set({ description: describeAgentStatus({ ...facts, name: null, type: null }) });
      return;
    }
    const config = agent.getConfiguration();
    const state = agent.getState();
    const start = timeOf(state.startTimestamp);
    const key = `${state.name}|${start ?? ''}`;
    let startedAt = this.state.startedAt;
    if (key !== this.startKey) {
      this.startKey = key;
      // now − duration = start corrected by the panel's clock skew; kept while the state lasts
      startedAt = start === null ? null : this.ctx.now() - agent.getStateDuration();
    }
    const states = agent.getAgentStates();
    const description = describeAgentStatus({ ...facts, name: state.name, type: state.type });
    // A state the agent picks shows its label (On, Off, its name); a state of the contact centre
    // (PendingBusy, Busy, AfterCallWork, MissedCallAgent, ...) shows the product's words for it.
    const selectable = states.some((s) => s.name === state.name && SELECTABLE_TYPES.has(s.type));
    this.set({
      profile: {
        name: config.name,
        username: config.username ?? null,
        extension: config.extension ?? null,
      },
      name: state.name,
      type: state.type,
      kind: agentStatusKind(state.name, state.type),
      derived: derivedStatusOf(state.name),
      label: selectable ? agentStatusLabel(state.name, state.type) : description,
      description,
      startedAt,
      options: states.filter((s) => SELECTABLE_TYPES.has(s.type)).map(optionOf),
    });
  }

  /** Whether the agent's status elapsed time is known. */
  elapsedKnown(): boolean {
    return this.state.startedAt !== null;
  }

  /**
   * Sets the agent status by name; resolves when the panel answers or after at most 2 s.
   * Refused while the microphone is not shared.
   */
  async setStatus(name: string): Promise<void> {
    if (!this.state.canChangeStatus) throw voiceError('microphoneNotSharedTooltip');
    await this.putState(name);
  }

  private async putState(name: string): Promise<void> {
    const agent = this.agent();
    if (!agent) throw voiceError('noAgentTo', { action: 'change status' });
    const def = agent.getAgentStates().find((s) => s.name === name);
    if (!def) throw voiceError('statusUnhandled', { status: name });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, SET_AGENT_STATUS_TIMEOUT_MS);
    });
    try {
      await Promise.race([agent.setState(def).then(() => undefined), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private offlineName(): string | undefined {
    return this.agent()
      ?.getAgentStates()
      .find((s) => s.type === 'offline')?.name;
  }

  /**
   * A softphone error. `microphone_not_shared` forces the agent Offline and disables status
   * changes with the tooltip 'Cannot change call status if microphone is not shared with the
   * browser.'.
   */
  softphoneError(data: unknown): SoftphoneErrorInfo {
    const info = softphoneErrorInfo(data);
    if (info.type === 'microphone_not_shared') {
      this.set({
        microphoneShared: false,
        canChangeStatus: false,
        disabledReason: voiceMessage('microphoneNotSharedTooltip'),
      });
      const offline = this.offlineName();
      if (offline && this.agent()?.getState().name !== offline) {
        this.putState(offline).catch((error: unknown) => this.ctx.report('set Offline', error));
      }
    }
    return info;
  }

  /** On logout, an active call (connecting, connected or paused) is ended and the agent is set Offline. */
  async logout(): Promise<void> {
    const ccp = this.ctx.ccp();
    if (!ccp) return;
    for (const contact of ccp.contacts.list()) {
      if (!contact.isActive()) continue;
      const own = agentConnectionOf(contact);
      if (own?.isActive())
        await own.destroy().catch((error: unknown) => this.ctx.report('end call', error));
    }
    const offline = this.offlineName();
    if (offline) await this.putState(offline);
  }
}
