import type { CentreCore } from './centre-core';
import type { AgentRecord, ConnectionRecord, ContactRecord, QueueRecord } from './records';

/**
 * Routing and offers: what waits (contacts in their queue, transfer legs waiting for an agent of a
 * queue or for one agent) is offered, oldest first, to the longest-idle available agent; an offer
 * rings for the missed-call timeout; a missed or rejected transfer offer goes back to its queue.
 */
export class Routing {
  constructor(private readonly core: CentreCore) {}

  /**
   * Offers what waits (oldest first) to the longest-idle available agent: contacts waiting in
   * their queue, and transfer legs waiting for an agent of a queue or for one agent.
   */
  route(): void {
    const waiting: { at: number; offer: () => void }[] = [];
    for (const contact of this.core.contacts.values()) {
      if (contact.waiting)
        waiting.push({
          at: contact.queuedAt,
          offer: () => {
            const agent = this.pickAgent(contact, contact.queue, contact.excludedAgents);
            if (agent) this.offer(contact, agent);
          },
        });
      if (contact.state === 'ended') continue;
      for (const leg of contact.connections)
        if (leg.awaiting && leg.agentId === undefined && leg.state === 'connecting')
          waiting.push({ at: leg.awaiting.since, offer: () => this.routeTransfer(contact, leg) });
    }
    for (const item of waiting.sort((a, b) => a.at - b.at)) item.offer();
  }

  /**
   * Whether `agent` can be offered a contact of `contact`'s channel now: available (routable, no
   * error) and with a free slot of the routing profile's channel concurrency. A call needs an
   * agent with no contact at all (voice stays 1); a chat or a task needs fewer contacts of its
   * channel than the profile's limit for it, whatever else the agent handles (an agent on a call
   * can still take chats). A profile without a TASK limit offers tasks as calls (to a free agent).
   */
  private isFree(agent: AgentRecord, contact: ContactRecord): boolean {
    if (agent.selected.type !== 'routable' || agent.errorState) return false;
    const concurrency = agent.routingProfile.concurrency;
    const channel = channelOf(contact);
    const mine = this.core.contactsOf(agent);
    if (channel === 'VOICE' || (channel === 'TASK' && concurrency.TASK === undefined))
      return (concurrency.VOICE ?? 0) >= 1 && mine.length === 0;
    // A voice contact still ringing or waiting for its agent takes the whole agent.
    if (
      mine.some((c) => channelOf(c) === 'VOICE' && c.state !== 'connected' && c.state !== 'paused')
    )
      return false;
    const taken = mine.filter((c) => channelOf(c) === channel).length;
    return taken < (concurrency[channel] ?? 0);
  }

  private pickAgent(
    contact: ContactRecord,
    queue: QueueRecord,
    excluded: ReadonlySet<string>,
  ): AgentRecord | undefined {
    let best: AgentRecord | undefined;
    for (const agent of this.core.agents.values()) {
      if (excluded.has(agent.id)) continue;
      if (!agent.routingProfile.queues.some((q) => q.id === queue.id)) continue;
      if (!this.isFree(agent, contact)) continue;
      if (!best || agent.idleSince < best.idleSince) best = agent;
    }
    return best;
  }

  /** Offers a waiting transfer leg to the agent it waits for, or to an agent of its queue. */
  private routeTransfer(contact: ContactRecord, leg: ConnectionRecord): void {
    const wait = leg.awaiting;
    if (!wait || leg.agentId !== undefined || !contact.connections.includes(leg)) return;
    const onCall = (a: AgentRecord) =>
      contact.connections.some((x) => x.agentId === a.id && x.state !== 'disconnected');
    let agent: AgentRecord | undefined;
    if (wait.kind === 'agent') {
      const target = this.core.agents.get(wait.agentId);
      if (target && this.isFree(target, contact) && !onCall(target)) agent = target;
    } else {
      const excluded = new Set(wait.excluded);
      for (const a of this.core.agents.values()) if (onCall(a)) excluded.add(a.id);
      agent = this.pickAgent(contact, wait.queue, excluded);
    }
    if (!agent) return;
    const target = agent;
    leg.agentId = target.id;
    leg.transferQueue = {
      queue:
        wait.kind === 'queue'
          ? { queueARN: wait.queue.arn, name: wait.queue.name }
          : { queueARN: this.core.arns.agentQueue(target.id), name: target.username },
      since: wait.since,
    };
    leg.offered = true;
    leg.offerTimer = this.core.clock.setTimer(this.core.missedCallTimeoutMs, () => {
      if (leg.offered && leg.agentId === target.id && contact.connections.includes(leg))
        this.transferOfferEnds(contact, leg, 'missed');
    });
    this.core.touchContact(contact);
  }

  /**
   * A transfer offer ends unanswered. A missed offer puts the agent in `MissedCallAgent` (error)
   * with the missed contact shown, as for an inbound call; a rejected one just leaves the agent.
   * A transfer waiting in a queue goes back to wait for another agent; an agent transfer is
   * dropped (the call goes on without it).
   */
  transferOfferEnds(
    contact: ContactRecord,
    leg: ConnectionRecord,
    as: 'missed' | 'rejected',
  ): void {
    const agent = this.core.agents.get(leg.agentId!)!;
    this.core.clock.clearTimer(leg.offerTimer);
    if (as === 'missed') this.core.addOfferGhost(contact, agent, leg, as);
    if (leg.awaiting?.kind === 'queue') {
      leg.awaiting.excluded.add(agent.id);
      leg.agentId = undefined;
      leg.offered = false;
      leg.offerTimer = undefined;
      this.core.touch(agent);
      this.core.touchContact(contact);
      this.route();
      return;
    }
    this.core.dropTransferOffer(contact, leg);
    this.route();
  }

  offer(contact: ContactRecord, agent: AgentRecord): void {
    this.core.contactEvent(contact, contact.type === 'queue_callback' ? 'offerCallback' : 'offer');
    contact.waiting = false;
    contact.connections.unshift(
      this.core.newConnection(
        contact.id,
        'agent',
        false,
        'connecting',
        { type: 'agent', name: agent.name },
        agent.id,
      ),
    );
    this.core.notifyContact(contact);
    contact.timer = this.core.clock.setTimer(this.core.missedCallTimeoutMs, () => {
      const current = this.core.contacts.get(contact.id);
      if (
        current &&
        current.connections.some((x) => x.agentId === agent.id && x.state === 'connecting')
      ) {
        this.core.withdrawOffer(current, agent, 'missed');
        this.route();
      }
    });
    this.core.touch(agent);
  }
}

/** The routing channel of a contact (`VOICE` for calls and queued callbacks). */
export function channelOf(contact: ContactRecord): 'VOICE' | 'CHAT' | 'TASK' {
  return contact.type === 'chat' ? 'CHAT' : contact.type === 'task' ? 'TASK' : 'VOICE';
}
