// The public-API names of domain values, shared by the admin API, the contact ledger's views and
// the agent events: ids from ARNs, first and last names, initiation methods, contact states.
import type { AdminContactState } from '../admin/types';
import type { ContactRecord } from '../domain/contact-centre';

/** The last segment of an ARN (a status's id). */
export const lastSegment = (arn: string) => arn.slice(arn.lastIndexOf('/') + 1);

/** A person's first and last names (the last word is the last name). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const i = name.lastIndexOf(' ');
  return i === -1
    ? { firstName: name, lastName: '' }
    : { firstName: name.slice(0, i), lastName: name.slice(i + 1) };
}

/** The public-API `InitiationMethod` of a domain contact's initiation method. */
export function adminInitiation(method: ContactRecord['initiationMethod']): string {
  return method === 'inbound' ? 'INBOUND' : method === 'api' ? 'API' : 'OUTBOUND';
}

/** The public-API contact state of a contact as one agent sees it. */
export function agentContactState(contact: ContactRecord, agentId: string): AdminContactState {
  const leg = contact.connections.find((c) => c.agentId === agentId);
  switch (contact.state) {
    case 'incoming':
      return 'INCOMING';
    case 'pending':
      return 'PENDING';
    case 'connecting':
    case 'init':
      return 'CONNECTING';
    case 'missed':
      return 'MISSED';
    case 'rejected':
      return 'REJECTED';
    case 'error':
      return 'ERROR';
    case 'ended':
      return 'ENDED';
    default: {
      const customer = contact.connections.find((c) => c.initial);
      if (leg?.state === 'connecting') return 'CONNECTING';
      // The agent has left a call that goes on (a transfer): after-call work for that agent.
      if (leg?.state === 'disconnected') return 'ENDED';
      return customer?.state === 'hold' ? 'CONNECTED_ONHOLD' : 'CONNECTED';
    }
  }
}
