/**
 * What the agent status reads from the rest of the voice state: the call (with the hold of its
 * legs), monitoring and transferring, as the facts the agent unit derives its description from.
 */
import type { Contact } from '@x/connect-streams';
import type { AgentStatusFacts } from './agent-status';
import { legFactsOf } from './call-facts';
import type { VoiceState } from './types';

/** The agent unit's facts from the state after the call units synced `contact`. */
export function agentFactsOf(
  state: VoiceState,
  contact: Contact | undefined,
): Omit<AgentStatusFacts, 'name' | 'type'> {
  const { call, monitoring, transfer } = state;
  const legs = contact ? legFactsOf(contact) : undefined;
  return {
    call: {
      status: call.status,
      isOutbound: call.info?.isOutbound ?? false,
      endReason: call.endReason,
      customerOnHold: legs?.customerOnHold ?? false,
      agentOnHold: legs?.agentOnHold ?? false,
      multiparty: call.multiparty,
    },
    monitoring,
    transferring: transfer.transferring,
  };
}
