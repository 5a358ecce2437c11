// The admin API's backend over the emulator's domain model: its resources (users, queues, quick
// connects, routing profiles, agent statuses, phone numbers) and its contacts (agents' live
// contacts, the ledger's records, starting, stopping and monitoring contacts).
import type { AdminBackend, AdminAgentContact, AdminUser } from '../admin/types';
import { AdminApiError } from '../admin/errors';
import type { Clock } from '../domain/clock';
import {
  DomainError,
  type AgentRecord,
  type ContactCentre,
  type ContactRecord,
} from '../domain/contact-centre';
import { stableId } from '../domain/ids';
import { channelOf } from '../domain/routing';
import type { Seed } from '../domain/seed';
import { contactStartBackend } from './contact-start-backend';
import type { ContactLedger } from './contact-ledger';
import type { ContactViewFeed } from './contact-view-feed';
import type { Services } from './create-services';
import { adminInitiation, agentContactState, lastSegment, splitName } from './domain-mapping';

/** What the admin API's backend reads. */
export interface DomainAdminContext {
  readonly centre: () => ContactCentre;
  readonly seed: Seed;
  readonly clock: Clock;
  /** When the services started: the resources' last-modified time. */
  readonly startedAt: number;
  /** The ledger's feed (initiation methods; a contact the API started is fed at once). */
  readonly feed: ContactViewFeed;
  /** The contact ledger (built after this backend). */
  readonly ledger: () => ContactLedger | undefined;
  /** The recordings and transcripts (built after this backend). */
  readonly media: () => Services['media'];
}

/** The admin API's backend: the instance, its resources, its contacts. */
export function domainAdminBackend(ctx: DomainAdminContext): AdminBackend {
  const { centre, seed } = ctx;
  const instanceId = () => centre().instanceId;
  return {
    get info() {
      return {
        instanceId: instanceId(),
        region: seed.instance.region,
        accountId: seed.instance.accountId,
        alias: seed.instance.alias,
      };
    },
    ...adminResources(ctx),
    ...adminContacts(ctx),
    ...contactStartBackend(centre, seed, ctx.clock),
  };
}

/** The instance's resources as the admin API lists them. */
function adminResources(
  ctx: DomainAdminContext,
): Pick<
  AdminBackend,
  'users' | 'queues' | 'quickConnects' | 'routingProfiles' | 'agentStatuses' | 'phoneNumbers'
> {
  const { centre, seed, startedAt } = ctx;
  const instanceId = () => centre().instanceId;
  let usersCache: { centre: ContactCentre; users: AdminUser[] } | undefined;
  const users = (): AdminUser[] => {
    const c = centre();
    if (usersCache?.centre === c) return usersCache.users;
    const list = [...c.agents.values()].map((a: AgentRecord): AdminUser => {
      const { firstName, lastName } = splitName(a.name);
      return {
        id: a.id,
        username: a.username,
        firstName,
        lastName,
        routingProfileId: a.routingProfile.id,
        securityProfileIds: [stableId(c.instanceId, 'security-profile', 'Agent')],
        phoneType: a.softphoneEnabled ? 'SOFT_PHONE' : 'DESK_PHONE',
        autoAccept: a.softphoneAutoAccept,
        afterContactWorkTimeLimit: 0,
        ...(a.extension === null ? {} : { deskPhoneNumber: a.extension }),
        lastModifiedMs: startedAt,
      };
    });
    usersCache = { centre: c, users: list };
    return list;
  };

  return {
    users,
    queues: () => {
      const c = centre();
      return [
        ...c.queues.map((q) => ({
          id: q.id,
          name: q.name,
          type: 'STANDARD' as const,
          status: 'ENABLED' as const,
          hoursOfOperationId: stableId(c.instanceId, 'hours', 'Basic Hours'),
          lastModifiedMs: startedAt,
        })),
        ...[...c.agents.values()].map((a) => ({
          id: `agent/${a.id}`,
          name: a.username,
          type: 'AGENT' as const,
          status: 'ENABLED' as const,
          hoursOfOperationId: stableId(c.instanceId, 'hours', 'Basic Hours'),
          lastModifiedMs: startedAt,
        })),
      ];
    },
    quickConnects: () =>
      seed.quickConnects.map((qc) => {
        const id = stableId(instanceId(), 'quick-connect', qc.name);
        if (qc.type === 'phone_number')
          return {
            id,
            name: qc.name,
            type: 'PHONE_NUMBER' as const,
            phoneNumber: qc.phoneNumber,
            lastModifiedMs: startedAt,
          };
        if (qc.type === 'queue')
          return {
            id,
            name: qc.name,
            type: 'QUEUE' as const,
            queueId: stableId(instanceId(), 'queue', qc.queue),
            lastModifiedMs: startedAt,
          };
        return {
          id,
          name: qc.name,
          type: 'USER' as const,
          userId: stableId(instanceId(), 'agent', qc.agent),
          lastModifiedMs: startedAt,
        };
      }),
    routingProfiles: () =>
      seed.routingProfiles.map((p) => ({
        id: stableId(instanceId(), 'routing-profile', p.name),
        name: p.name,
        queueIds: p.queues.map((q) => stableId(instanceId(), 'queue', q)),
        concurrency: p.channelConcurrency ?? { VOICE: 1 },
        lastModifiedMs: startedAt,
      })),
    agentStatuses: () =>
      centre().agentStates.map((s) => ({
        id: lastSegment(s.arn),
        name: s.name,
        type:
          s.type === 'routable'
            ? ('ROUTABLE' as const)
            : s.type === 'offline'
              ? ('OFFLINE' as const)
              : ('CUSTOM' as const),
        lastModifiedMs: startedAt,
      })),
    phoneNumbers: () =>
      seed.phoneNumbers.map((n) => ({
        id: stableId(instanceId(), 'phone-number', n.number),
        phoneNumber: n.number,
        countryCode: n.number.startsWith('+44') ? 'GB' : 'US',
        type: 'DID' as const,
      })),
  };
}

/** Contacts per agent, rebuilt when the domain has changed (GetCurrentUserData reads it per agent). */
function agentContactsIndex(): (c: ContactCentre) => Map<string, ContactRecord[]> {
  let byAgent:
    { centre: ContactCentre; changes: number; map: Map<string, ContactRecord[]> } | undefined;
  return (c: ContactCentre): Map<string, ContactRecord[]> => {
    if (byAgent?.centre === c && byAgent.changes === c.changes) return byAgent.map;
    const map = new Map<string, ContactRecord[]>();
    for (const contact of c.contacts.values()) {
      for (const leg of contact.connections) {
        if (leg.agentId === undefined) continue;
        const list = map.get(leg.agentId) ?? [];
        if (!list.includes(contact)) list.push(contact);
        map.set(leg.agentId, list);
      }
    }
    byAgent = { centre: c, changes: c.changes, map };
    return map;
  };
}

/** The contacts as the admin API reads and drives them. */
function adminContacts(
  ctx: DomainAdminContext,
): Pick<
  AdminBackend,
  | 'agentLive'
  | 'contacts'
  | 'contact'
  | 'transcript'
  | 'startOutboundVoiceContact'
  | 'stopContact'
  | 'updateContactAttributes'
  | 'putUserStatus'
  | 'monitorContact'
> {
  const { centre, feed, ledger, media } = ctx;
  const contactsByAgent = agentContactsIndex();
  return {
    agentLive: (userId) => {
      const c = centre();
      const agent = c.agents.get(userId);
      if (agent === undefined) return undefined;
      const contacts = contactsByAgent(c).get(agent.id) ?? [];
      if (agent.selected.type === 'offline' && contacts.length === 0) return undefined;
      return {
        statusName: agent.selected.name,
        statusId: lastSegment(agent.selected.arn),
        statusStartMs: agent.selectedSince,
        routable: agent.selected.type === 'routable' && agent.errorState === null,
        ...(agent.nextState ? { nextStatusName: agent.nextState.name } : {}),
        contacts: contacts.map((contact): AdminAgentContact => {
          // A transfer's target handles the new contact the transfer created.
          const transfer = contact.connections.find((x) => x.agentId === agent.id)?.transfer;
          const contactId = transfer?.contactId ?? contact.id;
          const record = ledger()?.contact(contactId);
          return {
            contactId,
            channel: channelOf(contact),
            initiationMethod: transfer
              ? 'TRANSFER'
              : (feed.initiationOf(contact.id) ?? adminInitiation(contact.initiationMethod)),
            state: agentContactState(contact, agent.id),
            stateStartMs: contact.since,
            ...(record?.connectedToAgentMs === undefined
              ? {}
              : { connectedToAgentMs: record.connectedToAgentMs }),
            queueId: transfer ? (transfer.queue?.id ?? `agent/${agent.id}`) : contact.queue.id,
          };
        }),
      };
    },
    contacts: () => ledger()!.contacts(),
    contact: (id) => ledger()!.contact(id),
    transcript: (id) => media().get(id)?.transcript,
    startOutboundVoiceContact: (input) => {
      const c = centre();
      const queue =
        input.queueId === undefined ? c.queues[0] : c.queues.find((q) => q.id === input.queueId);
      if (queue === undefined)
        throw new AdminApiError(
          'ResourceNotFoundException',
          `Queue not found: ${input.queueId ?? ''}`,
        );
      // The flow places the call, the customer answers, and the call waits in the queue for an agent.
      const contact = feed.initiating('API', () =>
        c.dialIn(queue.arn, input.destinationPhoneNumber, {
          initiationMethod: 'api',
          attributes: input.attributes,
        }),
      );
      feed.contactChanged(contact, false);
      return { contactId: contact.id };
    },
    stopContact: (contactId) => {
      const c = centre();
      const found = c.findContact(contactId);
      if (!found)
        throw new AdminApiError('ContactNotFoundException', `Contact is not active: ${contactId}`);
      c.customerHangsUp(found.contact.id);
    },
    updateContactAttributes: (initialContactId, attributes) => {
      // The live contacts of the call keep them too, so the ledger's next view carries them.
      const c = centre();
      for (const contact of c.contacts.values())
        if (contact.initialContactId === initialContactId)
          for (const [name, value] of Object.entries(attributes))
            contact.attributes[name] = { name, value };
      if (!ledger()!.updateAttributes(initialContactId, attributes))
        throw new AdminApiError(
          'ResourceNotFoundException',
          `Contact not found: ${initialContactId}`,
        );
    },
    putUserStatus: (userId, agentStatusId) => {
      const c = centre();
      const agent = c.agents.get(userId);
      const state = c.agentStates.find((s) => lastSegment(s.arn) === agentStatusId);
      if (agent === undefined || state === undefined)
        throw new AdminApiError(
          'ResourceNotFoundException',
          `Not found: ${userId}/${agentStatusId}`,
        );
      // While the agent handles a contact the status is its next status (as on the real service).
      c.putAgentState(agent, { agentStateARN: state.arn, name: state.name }, true);
    },
    monitorContact: (contactId, userId, capabilities) => {
      try {
        const c = centre();
        const id = c.findContact(contactId)?.contact.id ?? contactId;
        return { contactId: c.monitorContact(id, userId, capabilities).id };
      } catch (error) {
        if (error instanceof DomainError)
          throw new AdminApiError('InvalidRequestException', error.message);
        throw error;
      }
    },
  };
}
