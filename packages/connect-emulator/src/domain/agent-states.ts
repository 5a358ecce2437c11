import {
  AgentAvailStates,
  AgentStateType,
  CtiErrorType,
  SUPPORTED_LOCALES,
  type CtiAgentConfiguration,
} from '@x/connect-streams/protocol';
import { MESSAGES } from '../messages';
import type { CentreCore } from './centre-core';
import {
  customerWaitsInQueue,
  DomainError,
  type AgentRecord,
  type AgentStateRecord,
  type ContactRecord,
  type ShownState,
} from './records';

/**
 * Agents and their states: the state an agent picks (now, or queued as the next state while on a
 * contact), the state shown (an error, a system state while on a contact, or the one picked), the
 * agent's configuration, and the forced offline of a failover.
 */
export class AgentStates {
  constructor(private readonly core: CentreCore) {}

  findAgentState(def: { agentStateARN?: string | null; name: string }): AgentStateRecord {
    // An ARN, when given, must be one of this instance's states (another instance's is refused).
    const state = def.agentStateARN
      ? this.core.agentStates.find((s) => s.arn === def.agentStateARN)
      : this.core.agentStates.find((s) => s.name === def.name);
    if (!state)
      throw new DomainError(
        CtiErrorType.INVALID_STATE_EXCEPTION,
        MESSAGES.unknownAgentState(def.name),
      );
    return state;
  }
  /** Recomputes the state shown to the agent; keeps its timestamp while it is unchanged. */
  refreshShown(agent: AgentRecord): void {
    const next = this.computeShown(agent);
    if (next.name !== agent.shown.name || next.type !== agent.shown.type)
      agent.shown = { ...next, since: this.core.clock.now() };
  }

  private computeShown(agent: AgentRecord): Omit<ShownState, 'since'> {
    if (agent.errorState) return { arn: null, type: AgentStateType.ERROR, name: agent.errorState };
    const legs = this.core.contactsOf(agent).map((c) => ({
      contact: c,
      leg: this.core.agentLeg(agent, c),
      fromQueue: customerWaitsInQueue(c),
      state: this.core.stateFor(c, agent),
    }));
    const system = (name: string) => ({ arn: null, type: AgentStateType.SYSTEM, name });
    if (legs.some(({ leg }) => leg.state === 'connected' || leg.state === 'hold')) {
      if (legs.some((c) => !c.fromQueue && c.state === 'connecting'))
        return system(AgentAvailStates.CALLING_CUSTOMER);
      if (legs.some((c) => c.state === 'connected')) return system(AgentAvailStates.BUSY);
    }
    if (legs.some(({ leg }) => leg.state === 'connecting'))
      return system(AgentAvailStates.PENDING_BUSY);
    const ended = legs.filter((c) => c.state === 'ended');
    // An outbound call that failed on the customer's side shows its error state during its ACW.
    const outcome = ended.find((c) => c.contact.outcomeState)?.contact.outcomeState;
    if (outcome) return { arn: null, type: AgentStateType.ERROR, name: outcome };
    if (ended.length > 0) return system(AgentAvailStates.AFTER_CALL_WORK);
    return { arn: agent.selected.arn, type: agent.selected.type, name: agent.selected.name };
  }

  /** PutAgentState. With `enqueueNextState` while the agent has contacts, the state is queued as `nextState`. */
  putAgentState(
    agent: AgentRecord,
    def: { agentStateARN?: string | null; name: string },
    enqueueNextState = false,
  ): void {
    const state = this.findAgentState(def);
    if (enqueueNextState && this.core.contactsOf(agent).length > 0) {
      agent.nextState = state;
      this.core.touch(agent);
      return;
    }
    this.applySelectedState(agent, state);
    // An agent who picks Available again is a candidate again for the calls they declined or
    // missed that still wait (as on the real service, which offers a waiting contact to whoever
    // becomes available, the agent who turned it down included).
    if (state.type === 'routable')
      for (const contact of this.core.contacts.values())
        if (contact.waiting) contact.excludedAgents.delete(agent.id);
    this.core.touch(agent);
    this.core.route();
  }

  /**
   * Disaster recovery: forces `agent` offline the way a hard failover does. Each agent
   * connection still live is destroyed (an offer is rejected), then the agent is set to the offline
   * state, then the after-call work left is cleared. Contacts for which `keep` is true are left
   * alone (a soft failover keeps voice and callback contacts until they end); they are returned.
   */
  forceAgentOffline(
    agent: AgentRecord,
    keep: (contact: ContactRecord) => boolean = () => false,
  ): ContactRecord[] {
    const kept: ContactRecord[] = [];
    const released: ContactRecord[] = [];
    for (const contact of this.core.contactsOf(agent)) {
      if (keep(contact)) {
        kept.push(contact);
        continue;
      }
      const leg = this.core.agentLeg(agent, contact);
      if (leg.state !== 'disconnected' && this.core.stateFor(contact, agent) !== 'ended')
        this.core.destroyConnection(agent, contact.id, leg.id);
      released.push(contact);
    }
    if (kept.length > 0) return kept;
    this.applySelectedState(
      agent,
      this.core.agentStates.find((s) => s.type === 'offline')!,
    );
    for (const contact of released) {
      if (!contact.connections.some((x) => x.agentId === agent.id)) continue;
      try {
        this.core.clearContact(agent, contact.id);
      } catch {
        // A contact the agent cannot clear yet stays; the agent is offline and it is suppressed.
      }
    }
    this.core.touch(agent);
    return kept;
  }

  applySelectedState(agent: AgentRecord, state: AgentStateRecord): void {
    const now = this.core.clock.now();
    agent.selected = state;
    agent.selectedSince = now;
    agent.nextState = null;
    agent.errorState = null;
    for (const ghost of agent.ghosts) this.core.clock.clearTimer(ghost.timer);
    agent.ghosts = [];
    if (state.type === 'routable') agent.idleSince = now;
  }

  /** UpdateAgentConfiguration: locale (validated), softphone flags, name. */
  updateAgentConfiguration(agent: AgentRecord, configuration: CtiAgentConfiguration): void {
    const prefs = configuration.agentPreferences ?? {};
    const locale = prefs.LANGUAGE ?? prefs.locale;
    if (locale !== undefined && !(SUPPORTED_LOCALES as readonly string[]).includes(locale))
      throw new DomainError(
        CtiErrorType.INVALID_CONFIGURATION_EXCEPTION,
        MESSAGES.invalidLocale(locale),
      );
    if (
      configuration.routingProfile.routingProfileARN &&
      configuration.routingProfile.routingProfileARN !== agent.routingProfile.arn
    )
      throw new DomainError(
        CtiErrorType.INVALID_CONFIGURATION_EXCEPTION,
        MESSAGES.invalidConfiguration('the routing profile cannot be changed by the agent'),
      );
    if (configuration.softphoneEnabled === false && !configuration.extension)
      throw new DomainError(
        CtiErrorType.INVALID_CONFIGURATION_EXCEPTION,
        MESSAGES.invalidConfiguration('an extension is required when softphone is disabled'),
      );
    agent.softphoneEnabled = configuration.softphoneEnabled;
    agent.softphoneAutoAccept = configuration.softphoneAutoAccept;
    if (locale) agent.preferences = { ...agent.preferences, ...prefs, LANGUAGE: locale, locale };
    this.core.touch(agent);
  }
}
