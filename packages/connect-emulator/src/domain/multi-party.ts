import { CtiErrorType, type Endpoint } from '@x/connect-streams/protocol';
import { MAX_CONFERENCE_PARTIES, THIRD_PARTY_ANSWER_MS } from '../constants';
import { MESSAGES } from '../messages';
import type { CentreCore } from './centre-core';
import { DomainError, type AgentRecord, type ContactRecord, type QueueRecord } from './records';

/**
 * Multi-party calls: adding a party (a phone number that answers, a queue or an agent a transfer
 * waits for), blind transfers, toggling and conferencing the parties, muting a participant.
 */
export class MultiParty {
  constructor(private readonly core: CentreCore) {}

  /**
   * CreateAdditionalConnection: the agent adds a participant; the parties already on the call are
   * put on hold. A phone number answers after `THIRD_PARTY_ANSWER_MS` (2 s). A queue quick connect
   * waits in that queue and is offered (like an inbound call) to an available agent whose routing
   * profile serves it. An agent quick connect is offered to that agent, at once when the agent is
   * available and free, else when the agent next is (queued on the agent's own queue).
   */
  createAdditionalConnection(agent: AgentRecord, contactId: string, endpoint: Endpoint): void {
    const contact = this.core.contactOf(agent, contactId);
    const leg = this.core.agentLeg(agent, contact);
    if (contact.state !== 'connected' || leg.state !== 'connected')
      throw new DomainError(
        CtiErrorType.INVALID_STATE_EXCEPTION,
        MESSAGES.invalidTransition('Contact', contact.state, 'add a participant'),
      );
    const parties = this.core.partiesOf(contact, agent);
    if (parties.length >= MAX_CONFERENCE_PARTIES)
      throw new DomainError(
        CtiErrorType.INVALID_STATE_EXCEPTION,
        MESSAGES.invalidTransition('Contact', 'full conference', 'add a participant'),
      );
    const target = this.transferDestination(contact, endpoint);
    for (const party of parties)
      if (party.state === 'connected') this.core.connectionEvent(party, 'hold');
    const third = this.core.newConnection(contact.id, 'outbound', false, 'connecting', endpoint);
    // Only a listed quick connect names the party; a dialled number stays unidentified.
    const quickConnectName = this.core.listedEndpoint(endpoint)?.name ?? endpoint.name ?? undefined;
    if (quickConnectName) third.quickConnectName = quickConnectName;
    contact.connections.push(third);
    if (target) {
      third.awaiting = { ...target, since: this.core.clock.now(), excluded: new Set() };
      third.transfer = {
        contactId: this.core.newContactId(),
        previousContactId: leg.transfer?.contactId ?? contact.id,
        createdAt: this.core.clock.now(),
        ...(target.kind === 'queue' ? { queue: target.queue } : {}),
      };
      this.core.touchContact(contact);
      this.core.route();
      return;
    }
    this.core.clock.setTimer(THIRD_PARTY_ANSWER_MS, () => {
      if (third.state !== 'connecting' || contact.state === 'ended') return;
      this.core.connectionEvent(third, 'answer');
      this.core.touchContact(contact);
    });
    this.core.touchContact(contact);
  }

  /**
   * Where a transfer to `endpoint` waits: an agent (agent quick connect, or a queue endpoint naming
   * an agent's own queue) or a queue; `undefined` for a phone number. Throws BadEndpoint for an
   * unknown or invalid endpoint, an agent already on the call, or an offline agent.
   */
  private transferDestination(
    contact: ContactRecord,
    endpoint: Endpoint,
  ): { kind: 'agent'; agentId: string } | { kind: 'queue'; queue: QueueRecord } | undefined {
    if (endpoint.type === 'phone_number') {
      if (!/^\+[1-9]\d{1,14}$/.test(endpoint.phoneNumber ?? ''))
        throw new DomainError(
          CtiErrorType.BAD_ENDPOINT_EXCEPTION,
          MESSAGES.badEndpoint(
            `${JSON.stringify(endpoint.phoneNumber ?? '')} is not an E.164 number`,
          ),
        );
      return undefined;
    }
    let target: AgentRecord | undefined;
    if (endpoint.type === 'agent') target = this.core.agentForEndpoint(endpoint);
    else {
      const queueARN =
        this.core.listedEndpoint(endpoint)?.queue?.queueARN ?? endpoint.queue?.queueARN;
      target = [...this.core.agents.values()].find(
        (a) => this.core.arns.agentQueue(a.id) === queueARN,
      );
      if (!target) {
        const queue = this.core.queues.find((q) => q.arn === queueARN);
        if (!queue)
          throw new DomainError(
            CtiErrorType.BAD_ENDPOINT_EXCEPTION,
            MESSAGES.badEndpoint(`no queue for ${JSON.stringify(endpoint.name ?? '')}`),
          );
        return { kind: 'queue', queue };
      }
    }
    if (!target)
      throw new DomainError(
        CtiErrorType.BAD_ENDPOINT_EXCEPTION,
        MESSAGES.badEndpoint(`no agent for ${JSON.stringify(endpoint.name ?? '')}`),
      );
    if (
      contact.connections.some(
        (x) =>
          (x.agentId === target.id && x.state !== 'disconnected') ||
          (x.awaiting?.kind === 'agent' && x.awaiting.agentId === target.id),
      )
    )
      throw new DomainError(
        CtiErrorType.BAD_ENDPOINT_EXCEPTION,
        MESSAGES.badEndpoint(`${target.username} is already on the contact`),
      );
    if (target.selected.type === 'offline')
      throw new DomainError(
        CtiErrorType.BAD_ENDPOINT_EXCEPTION,
        MESSAGES.badEndpoint(`${target.username} cannot take the call now`),
      );
    return { kind: 'agent', agentId: target.id };
  }

  /**
   * AddNewConnection: adds a participant (as CreateAdditionalConnection).
   */
  addNewConnection(agent: AgentRecord, contactId: string, endpoint: Endpoint): void {
    this.createAdditionalConnection(agent, contactId, endpoint);
  }

  /**
   * TransferContact: a blind transfer: the participant is added and the agent's own leg leaves at
   * once (after-call work); the customer stays with the new party.
   */
  transferContact(agent: AgentRecord, contactId: string, endpoint: Endpoint): void {
    this.createAdditionalConnection(agent, contactId, endpoint);
    const contact = this.core.contactOf(agent, contactId);
    this.core.destroyConnection(agent, contactId, this.core.agentLeg(agent, contact).id);
  }

  /** ToggleActiveConnections: the party on the line goes on hold and the held one comes back. */
  toggleActiveConnections(agent: AgentRecord, contactId: string): void {
    const contact = this.core.contactOf(agent, contactId);
    const parties = this.core
      .partiesOf(contact, agent)
      .filter((p) => p.state === 'connected' || p.state === 'hold');
    if (
      contact.state !== 'connected' ||
      parties.length < 2 ||
      !parties.some((p) => p.state === 'hold')
    )
      throw new DomainError(
        CtiErrorType.INVALID_STATE_EXCEPTION,
        MESSAGES.invalidTransition('Contact', contact.state, 'toggle'),
      );
    for (const party of parties)
      this.core.connectionEvent(party, party.state === 'hold' ? 'resume' : 'hold');
    this.core.touchContact(contact);
  }

  /** ConferenceConnections: every party (and the agent) comes off hold. */
  conferenceConnections(agent: AgentRecord, contactId: string): void {
    const contact = this.core.contactOf(agent, contactId);
    const parties = this.core.partiesOf(contact, agent);
    if (contact.state !== 'connected' || parties.filter((p) => p.state !== 'connecting').length < 2)
      throw new DomainError(
        CtiErrorType.INVALID_STATE_EXCEPTION,
        MESSAGES.invalidTransition('Contact', contact.state, 'conference'),
      );
    for (const c of contact.connections)
      if (c.state === 'hold') this.core.connectionEvent(c, 'resume');
    this.core.touchContact(contact);
  }

  /** MuteParticipant / UnmuteParticipant: another participant's leg is (un)muted by the agent. */
  muteParticipant(
    agent: AgentRecord,
    contactId: string,
    connectionId: string,
    mute: boolean,
  ): void {
    const contact = this.core.contactOf(agent, contactId, 'listen');
    const connection = this.core.connectionOf(contact, connectionId);
    // Muting oneself is open to a listener; muting another participant is acting.
    if (connection.agentId !== agent.id) this.core.contactOf(agent, contactId, 'act');
    if (connection.state === 'disconnected' || contact.state === 'ended')
      throw new DomainError(
        CtiErrorType.INVALID_STATE_EXCEPTION,
        MESSAGES.invalidTransition('Connection', connection.state, mute ? 'mute' : 'unmute'),
      );
    connection.mute = mute;
    connection.forcedMute = mute && connection.agentId !== agent.id;
    this.core.touchContact(contact);
  }
}
