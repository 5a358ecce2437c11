// `connect.Agent`, first layer: the agent's state, configuration and contacts, read from the live
// core agent or, for a snapshot, from a frozen one.
import type { Agent as CoreAgent } from '../agent/agent';
import { MESSAGES } from '../messages';
import { asDeclared } from './callbacks';
import type { CompatRuntime } from './runtime';

/** The compat contacts the agent hands out: live ones, or snapshots of frozen core contacts. */
interface AgentContacts {
  readonly Contact: new (contactId: string) => connect.Contact;
  readonly snapshotOf: (core: ReturnType<CoreAgent['getContacts']>[number]) => connect.Contact;
}

/** Builds the data readers of `connect.Agent` bound to one runtime. */
export function defineAgentData(rt: CompatRuntime, { Contact, snapshotOf }: AgentContacts) {
  return class AgentData {
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
  };
}

/** The agent data layer of one runtime. */
export type AgentDataClass = ReturnType<typeof defineAgentData>;
