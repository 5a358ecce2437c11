import { CtiErrorType, MonitoringErrorTypes } from '@x/connect-streams/protocol';
import { MESSAGES } from '../messages';
import type { CentreCore } from './centre-core';
import { DomainError, type AgentRecord, type ContactRecord } from './records';

/**
 * Monitoring: a supervisor joins a live call on a monitoring leg, silently, and switches between
 * silent monitor and barge within the capabilities MonitorContact allowed.
 */
export class Monitoring {
  constructor(private readonly core: CentreCore) {}

  /**
   * MonitorContact (admin API): the supervisor joins a live call on a monitoring leg, silently
   * (`silent_monitor`); the monitored parties do not see it until the supervisor barges.
   */
  monitorContact(
    contactId: string,
    supervisorId: string,
    capabilities: readonly string[],
  ): ContactRecord {
    const contact = this.core.contacts.get(contactId);
    if (!contact)
      throw new DomainError(
        CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION,
        MESSAGES.contactNotFound(contactId),
      );
    const supervisor = this.core.agents.get(supervisorId);
    if (!supervisor)
      throw new DomainError(
        CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION,
        `User ${supervisorId} not found.`,
      );
    if (contact.state !== 'connected' && contact.state !== 'paused')
      throw new DomainError(
        CtiErrorType.INVALID_STATE_EXCEPTION,
        MESSAGES.invalidTransition('Contact', contact.state, 'monitor'),
      );
    if (this.core.contactsOf(supervisor).length > 0)
      throw new DomainError(CtiErrorType.INVALID_STATE_EXCEPTION, MESSAGES.agentBusy);
    const leg = this.core.newConnection(
      contact.id,
      'monitoring',
      false,
      'silent_monitor',
      { type: 'agent', name: supervisor.name },
      supervisor.id,
    );
    leg.monitoringInfo = { agentName: supervisor.name, joinedAt: this.core.clock.now() };
    leg.monitorCapabilities = [...capabilities];
    leg.monitorStatus = 'SILENT_MONITOR';
    contact.connections.push(leg);
    this.core.touchContact(contact);
    return contact;
  }

  /**
   * UpdateMonitorParticipantState: only SILENT_MONITOR or BARGE (any case); anything else is
   * `invalid_target_state`. Needs a monitoring leg of the agent on the contact.
   */
  updateMonitorParticipantState(
    agent: AgentRecord,
    contactId: string,
    targetMonitorMode: string,
  ): void {
    const mode = targetMonitorMode.toUpperCase();
    if (mode !== 'SILENT_MONITOR' && mode !== 'BARGE')
      throw new DomainError(
        CtiErrorType.INVALID_PARAMETER_EXCEPTION,
        `${MonitoringErrorTypes.INVALID_TARGET_STATE}: ${MESSAGES.invalidParameter(`targetMonitorMode ${JSON.stringify(targetMonitorMode)}`)}`,
      );
    const contact = this.core.contactOf(agent, contactId, 'listen');
    const leg = this.core.agentLeg(agent, contact);
    if (leg.type !== 'monitoring')
      throw new DomainError(
        CtiErrorType.INVALID_STATE_EXCEPTION,
        MESSAGES.invalidTransition('Connection', leg.state, 'change the monitor mode'),
      );
    if (leg.state === 'disconnected' || contact.state === 'ended')
      throw new DomainError(
        CtiErrorType.INVALID_STATE_EXCEPTION,
        MESSAGES.invalidTransition('Connection', leg.state, 'change the monitor mode'),
      );
    if (leg.monitorCapabilities && !leg.monitorCapabilities.includes(mode))
      throw new DomainError(
        CtiErrorType.ACCESS_DENIED_EXCEPTION,
        `${MonitoringErrorTypes.INVALID_TARGET_STATE}: ${mode} is not allowed for this monitor`,
      );
    leg.state = mode === 'BARGE' ? 'barge' : 'silent_monitor';
    leg.monitorStatus = mode;
    leg.since = this.core.clock.now();
    this.core.touchContact(contact);
  }
}
