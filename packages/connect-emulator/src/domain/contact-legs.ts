/**
 * The legs of a contact as one agent sees them: its own leg, the parties it talks to, the
 * customer's leg, whether its leg is a ringing offer, the contact state and id it sees.
 */
import type { ContactStateType } from '@x/connect-streams/protocol';
import { CtiErrorType } from '@x/connect-streams/protocol';
import { MESSAGES } from '../messages';
import {
  customerWaitsInQueue,
  DomainError,
  type AgentRecord,
  type ConnectionRecord,
  type ContactRecord,
} from './records';

/**
 * The contact id `agentId` sees for `contact`: the id of the new contact a transfer created for
 * the agent's leg, else the contact's own id.
 */
export function contactIdOf(contact: ContactRecord, agentId: string): string {
  return contact.connections.find((x) => x.agentId === agentId)?.transfer?.contactId ?? contact.id;
}

/** The connection `connectionId` of the contact (else `ResourceNotFoundException`). */
export function connectionOf(contact: ContactRecord, connectionId: string): ConnectionRecord {
  const connection = contact.connections.find((x) => x.id === connectionId);
  if (!connection)
    throw new DomainError(
      CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION,
      MESSAGES.connectionNotFound(connectionId, contact.id),
    );
  return connection;
}

/** The agent's own leg on the contact. */
export function agentLeg(agent: AgentRecord, contact: ContactRecord): ConnectionRecord {
  return contact.connections.find((x) => x.agentId === agent.id)!;
}

/**
 * The contact state as `agent` sees it: `ended` (after-call work) once the agent's own leg has
 * left a call that goes on, `connecting` while the agent is being offered a transfer.
 */
export function stateFor(contact: ContactRecord, agent: AgentRecord): ContactStateType {
  const leg = agentLeg(agent, contact);
  if (!leg || contact.state === 'ended') return contact.state;
  if (leg.state === 'disconnected') return 'ended';
  if (leg.offered) return 'connecting';
  return contact.state;
}

/** Agent (not monitoring) legs still on the call, other than `except`. */
export function liveAgentLegs(
  contact: ContactRecord,
  except?: ConnectionRecord,
): ConnectionRecord[] {
  return contact.connections.filter(
    (x) => x !== except && x.agentId && x.type !== 'monitoring' && x.state !== 'disconnected',
  );
}

/** Parties the agent talks to: every live leg but the agent's own and monitoring legs. */
export function partiesOf(contact: ContactRecord, agent: AgentRecord): ConnectionRecord[] {
  return contact.connections.filter(
    (c) => c.agentId !== agent.id && c.type !== 'monitoring' && c.state !== 'disconnected',
  );
}

/** The customer's leg (inbound or outbound), if the contact has one. */
export function customerLeg(contact: ContactRecord): ConnectionRecord | undefined {
  return contact.connections.find((x) => x.type === 'inbound' || x.type === 'outbound');
}

/** Whether the agent's leg is a ringing offer (inbound call or queued callback). */
export function isOffer(contact: ContactRecord, leg: ConnectionRecord): boolean {
  return (
    leg.state === 'connecting' &&
    (leg.offered === true ||
      customerWaitsInQueue(contact) ||
      ((contact.type === 'task' || contact.type === 'chat') && contact.state === 'connecting') ||
      (contact.type === 'queue_callback' && contact.state === 'incoming'))
  );
}
