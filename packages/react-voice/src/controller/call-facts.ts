/**
 * What a voice contact says about the call: its status, info, legs (hold, mute, multiparty), the
 * call panel's view and end reason, and the number to dial from what the agent typed.
 */
import type { Contact } from '@x/connect-streams';
import { PHONE_NUMBER_PREFIX } from './constants';
import type { CallInfo, CallState, CallStatus, CallView } from './types';

/** The call status of a contact's state. */
export function callStatusOf(contact: Contact): CallStatus {
  switch (contact.getState().type) {
    case 'incoming':
    case 'pending':
    case 'connecting':
      return 'connecting';
    case 'connected':
    case 'paused':
      return 'connected';
    case 'error':
      return 'error';
    case 'missed':
    case 'rejected':
      return 'missed';
    default:
      return 'ended';
  }
}

/** The call info of a contact. */
export function callInfoOf(contact: Contact): CallInfo {
  const initial = contact.getInitialConnection();
  const own = contact.getAgentConnection();
  const method = contact.getInitiationMethod();
  const isOutbound =
    method === 'outbound' || (method === undefined && initial?.getType() === 'outbound');
  const endpoint = initial?.getEndpoint() ?? contact.getCustomerEndpoint();
  return {
    idCommunication: contact.contactId,
    phoneNumber: endpoint?.phoneNumber ?? null,
    isInbound: !isOutbound,
    isOutbound,
    communicationType:
      own?.getType() === 'monitoring'
        ? 'monitor'
        : method === 'transfer'
          ? 'transfer'
          : isOutbound
            ? 'outbound'
            : 'inbound',
  };
}

/** The facts of a contact's legs that hold, mute and the descriptions read. */
export interface LegFacts {
  readonly multiparty: boolean;
  readonly anyConnecting: boolean;
  readonly customerOnHold: boolean;
  readonly agentOnHold: boolean;
  readonly agentMuted: boolean;
}

/** Multiparty: conference enabled and more than 2 active connections. */
export function legFactsOf(contact: Contact): LegFacts {
  const own = contact.getAgentConnection();
  const connections = contact.getConnections();
  const others = connections.filter((c) => c.connectionId !== own?.connectionId);
  const active = connections.filter((c) => c.isActive()).length;
  const customer =
    contact.getActiveInitialConnection() ?? contact.getSingleActiveThirdPartyConnection();
  return {
    multiparty: contact.isMultiPartyConferenceEnabled() && active > 2,
    anyConnecting: others.some((c) => c.isConnecting()),
    customerOnHold: customer?.isOnHold() ?? false,
    agentOnHold: own?.isOnHold() ?? false,
    agentMuted: own?.isMute() ?? false,
  };
}

/** The call panel's view of a call status. */
export function viewOf(status: CallStatus, info: CallInfo | null, accepted: boolean): CallView {
  switch (status) {
    case 'idle':
      return 'none';
    case 'connecting':
      return info?.isOutbound ? 'outgoing' : accepted ? 'accepting' : 'incoming';
    case 'connected':
      return 'connected';
    default:
      return 'afterCallWork';
  }
}

/** Why the call ended, from the contact's state (a decline is `rejected`). */
export function endReasonOf(contact: Contact, declined: boolean): CallState['endReason'] {
  const state = contact.getState().type;
  if (declined || state === 'rejected') return 'rejected';
  if (state === 'missed') return 'missed';
  if (state === 'error') return 'error';
  return 'ended';
}

/**
 * The number to dial: the text without the separators people write (spaces, dashes, dots,
 * brackets), or null when it is not an E.164 number (+, then 2 to 15 digits, the first not 0).
 */
export function dialNumberOf(text: string): string | null {
  const number = text.replace(/[\s().\-\u00a0]/g, '');
  if (!number.startsWith(PHONE_NUMBER_PREFIX)) return null;
  return /^\+[1-9]\d{1,14}$/.test(number) ? number : null;
}
