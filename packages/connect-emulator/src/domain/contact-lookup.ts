/**
 * Finding a contact of the instance by the id an agent names it by, and authorising the agent
 * on it.
 */
import { CtiErrorType } from '@x/connect-streams/protocol';
import { MESSAGES } from '../messages';
import {
  DomainError,
  type AgentRecord,
  type ConnectionRecord,
  type ContactRecord,
} from './records';

/**
 * Finds a contact by id: a contact of the instance, or the new contact of a transfer leg (with
 * that leg).
 */
export function findContact(
  all: ReadonlyMap<string, ContactRecord>,
  contactId: string,
): { contact: ContactRecord; transferLeg?: ConnectionRecord } | undefined {
  const contact = all.get(contactId);
  if (contact) return { contact };
  for (const c of all.values())
    for (const leg of c.connections)
      if (leg.transfer?.contactId === contactId) return { contact: c, transferLeg: leg };
  return undefined;
}

/**
 * The authorisation of an agent on a contact (every CTI, agent-app and web-socket operation
 * that names a contact passes here, through `authorizeOperation`): the contact must be one the
 * agent is on, named by the id the agent sees (else `ResourceNotFoundException`, as for an
 * unknown contact); to `act` the agent's leg must be a participant's, or a monitoring leg that
 * barges (a silent monitor only listens: `AccessDeniedException`). With `after`, a contact the
 * agent was on that has left the instance (or a missed offer it still shows) is accepted too;
 * it answers `undefined` then. With `anyLeg`, any leg of the agent on the call counts, whatever
 * id it names the call by (a Voice ID session is the call's).
 */
export function authorize(
  all: ReadonlyMap<string, ContactRecord>,
  agent: AgentRecord,
  contactId: string,
  access: 'listen' | 'act',
  after = false,
  anyLeg = false,
): ContactRecord | undefined {
  const contact = findContact(all, contactId)?.contact;
  const leg = contact?.connections.find(
    (x) =>
      x.agentId === agent.id && (anyLeg || (x.transfer?.contactId ?? contact.id) === contactId),
  );
  if (!contact || !leg) {
    if (
      after &&
      (agent.recentContacts.includes(contactId) ||
        agent.ghosts.some((g) => g.contact.contactId === contactId))
    )
      return undefined;
    throw new DomainError(
      CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION,
      MESSAGES.contactNotFound(contactId),
    );
  }
  if (access === 'act' && leg.type === 'monitoring' && leg.state !== 'barge')
    throw new DomainError(CtiErrorType.ACCESS_DENIED_EXCEPTION, MESSAGES.notListener);
  return contact;
}
