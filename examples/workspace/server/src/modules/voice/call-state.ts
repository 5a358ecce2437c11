// Contact-centre call states as the voice contract names them, and a connection record as the
// app reads it.
import type { UserData } from '@aws-sdk/client-connect';
import type { AgentContactState, CommunicationType, ConnectionRecord } from '../../contract/voice';
import type { Connection } from '../../db/schema';

/** The status name of an agent the contact centre reports no live data for. */
export const OFFLINE_STATUS = 'Offline';

/** Contact states that make a call live (the contact centre's INCOMING and PENDING ring too). */
export const LIVE_STATES: ReadonlySet<string> = new Set([
  'INCOMING',
  'PENDING',
  'CONNECTING',
  'CONNECTED',
  'CONNECTED_ONHOLD',
]);

const CONTRACT_STATES: ReadonlySet<string> = new Set<AgentContactState>([
  'CONNECTING',
  'CONNECTED',
  'CONNECTED_ONHOLD',
  'ENDED',
  'REJECTED',
  'MISSED',
  'ERROR',
]);

/** The contract's agentContactState of a contact-centre state (INCOMING and PENDING ring). */
export function agentContactState(state: string | undefined): AgentContactState | undefined {
  if (state === 'INCOMING' || state === 'PENDING') return 'CONNECTING';
  return state && CONTRACT_STATES.has(state) ? (state as AgentContactState) : undefined;
}

/** The communication type of a contact-centre initiation method. */
export function typeOfInitiation(method: string | undefined): CommunicationType {
  switch (method) {
    case 'OUTBOUND':
    case 'API':
    case 'CALLBACK':
    case 'CAMPAIGN':
      return 'outbound';
    case 'TRANSFER':
    case 'QUEUE_TRANSFER':
    case 'EXTERNAL_OUTBOUND':
      return 'transfer';
    case 'MONITOR':
      return 'monitor';
    default:
      return 'inbound';
  }
}

export const iso = (d: Date | string) => new Date(d).toISOString();

export function connectionRecord(row: Connection): ConnectionRecord {
  return {
    idCommunication: row.id_communication,
    idConversation: row.id_conversation,
    communicationType: row.communication_type as CommunicationType,
    previousIdCommunication: row.previous_id_communication,
    contactPhoneNumber: row.contact_phone_number,
    answered: row.answered,
    createdAt: iso(row.created_at),
  };
}

/** Whether a call is over and was talked: then it has a recording and a transcript. */
export const talkedAndOver = (answered: boolean, endedAt: Date | null) =>
  answered && endedAt !== null;

/** The agent's first live contact, as the status and transfer lists show it. */
export function firstConnection(data: UserData | undefined) {
  for (const c of data?.Contacts ?? []) {
    const state = agentContactState(c.AgentContactState);
    if (c.Channel === 'VOICE' && c.ContactId && state)
      return [{ agentContactState: state, idCommunication: c.ContactId }];
  }
  return [];
}
