/**
 * The changes of an instance that observers follow: agents' snapshots (long polls, the
 * web-socket agent topic) and contacts (contact events, recordings, Voice ID), with the recent
 * contacts each agent keeps.
 */
import { MAX_RECENT_CONTACTS_PER_AGENT } from '../constants';
import type { Clock } from './clock';
import type { AgentRecord, ContactRecord } from './records';

/** What {@link ChangeFeed} needs from the centre around it. */
export interface ChangeFeedDeps {
  readonly clock: Clock;
  readonly agents: ReadonlyMap<string, AgentRecord>;
  /** Counts a change (for observers). */
  changed(): void;
  /** Recomputes the state shown to the agent (see AgentStates). */
  refreshShown(agent: AgentRecord): void;
}

/** The observers of agents and contacts, and the long polls waiting on agents' snapshots. */
export class ChangeFeed {
  private readonly agentObservers = new Set<(agent: AgentRecord) => void>();
  private readonly contactObservers = new Set<(contact: ContactRecord, removed: boolean) => void>();

  constructor(private readonly deps: ChangeFeedDeps) {}

  /** Marks the snapshots of these agents changed and wakes their long polls. */
  touch(...agents: (AgentRecord | undefined)[]): void {
    this.deps.changed();
    for (const agent of agents) {
      if (!agent) continue;
      this.deps.refreshShown(agent);
      agent.version++;
      for (const observer of this.agentObservers) observer(agent);
      const waiters = [...agent.waiters];
      agent.waiters.clear();
      for (const wake of waiters) wake();
    }
  }

  /** Observes every change of an agent's snapshot. Returns the unsubscribe function. */
  onAgentChange(observer: (agent: AgentRecord) => void): () => void {
    this.agentObservers.add(observer);
    return () => this.agentObservers.delete(observer);
  }

  /** Observes every change of a contact (`removed` once it has left the instance). */
  onContactChange(observer: (contact: ContactRecord, removed: boolean) => void): () => void {
    this.contactObservers.add(observer);
    return () => this.contactObservers.delete(observer);
  }

  /** Notifies the contact's observers, after noting it as the latest recent contact of its agents. */
  notifyContact(contact: ContactRecord, removed = false): void {
    for (const leg of contact.connections) {
      const agent = leg.agentId === undefined ? undefined : this.deps.agents.get(leg.agentId);
      if (!agent) continue;
      const id = leg.transfer?.contactId ?? contact.id;
      if (agent.recentContacts.at(-1) === id) continue;
      const at = agent.recentContacts.indexOf(id);
      if (at !== -1) agent.recentContacts.splice(at, 1);
      agent.recentContacts.push(id);
      if (agent.recentContacts.length > MAX_RECENT_CONTACTS_PER_AGENT) agent.recentContacts.shift();
    }
    for (const observer of this.contactObservers) observer(contact, removed);
  }

  /** Waits until the agent's snapshot changes past `version`, or `timeoutMs` passes. */
  waitForChange(
    agent: AgentRecord,
    version: number,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<void> {
    if (agent.version !== version || timeoutMs <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.deps.clock.clearTimer(timer);
        agent.waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = this.deps.clock.setTimer(timeoutMs, done);
      agent.waiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}
