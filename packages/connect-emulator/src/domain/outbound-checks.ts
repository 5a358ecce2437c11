/** The checks of CreateOutboundContact: the number called, the agent free for a call, the queue. */
import { AgentPermissions, CtiErrorType, type Endpoint } from '@x/connect-streams/protocol';
import { MESSAGES } from '../messages';
import { DomainError, type AgentRecord, type ContactRecord, type QueueRecord } from './records';

/**
 * The E.164 number an outbound call of `agent` dials (a `sip:` address is reduced to its user);
 * the agent needs the outbound-call permission and the endpoint must be a phone number.
 */
export function outboundNumber(agent: AgentRecord, endpoint: Endpoint): string {
  if (!agent.permissions.includes(AgentPermissions.OUTBOUND_CALL))
    throw new DomainError(CtiErrorType.ACCESS_DENIED_EXCEPTION, MESSAGES.noOutboundPermission);
  if (endpoint.type !== 'phone_number')
    throw new DomainError(
      CtiErrorType.BAD_ENDPOINT_EXCEPTION,
      MESSAGES.badEndpoint(`${endpoint.type} endpoints need a multi-party operation`),
    );
  const number = (endpoint.phoneNumber ?? '').replace(/^sip:/, '').replace(/@.*$/, '');
  if (!/^\+[1-9]\d{1,14}$/.test(number))
    throw new DomainError(
      CtiErrorType.BAD_ENDPOINT_EXCEPTION,
      MESSAGES.badEndpoint(`${JSON.stringify(endpoint.phoneNumber ?? '')} is not an E.164 number`),
    );
  return number;
}

/** Whether the agent is on as many calls as it may be (chats and tasks do not count). */
export function hasActiveVoice(
  agent: AgentRecord,
  agentContacts: readonly ContactRecord[],
): boolean {
  const limit = agent.routingProfile.concurrency.VOICE ?? 1;
  const calls = agentContacts.filter((c) => c.type === 'voice' || c.type === 'queue_callback');
  return calls.length >= Math.max(1, limit);
}

/** The queue of an outbound call: `queueARN`'s, else the agent's default outbound queue. */
export function outboundQueue(
  agent: AgentRecord,
  queues: readonly QueueRecord[],
  queueARN?: string | null,
): QueueRecord {
  const queue = queueARN
    ? queues.find((q) => q.arn === queueARN)
    : agent.routingProfile.defaultOutboundQueue;
  if (!queue)
    throw new DomainError(
      CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION,
      `Queue ${queueARN} not found.`,
    );
  return queue;
}
