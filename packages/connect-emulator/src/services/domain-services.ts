import { CtiErrorType } from '@x/connect-streams/protocol';
import { z } from 'zod';
import { authorizeOperation, type OperationPolicy } from '../auth/authorization';
import type { AdminAgentContact, AdminBackend, AdminContactState, AdminUser } from '../admin/types';
import { AdminApiError } from '../admin/errors';
import { channelOf } from '../domain/routing';
import { contactStartBackend } from './contact-start-backend';
import type { AgentAppBackend, QuickResponse, TaskTemplate } from '../agent-app/agent-app-router';
import { VoiceIdServiceError } from '../agent-app/voice-id-simulator';
import type { SessionStore } from '../auth/sessions';
import type { Clock } from '../domain/clock';
import {
  customerWaitsInQueue,
  DomainError,
  type AgentRecord,
  type ContactCentre,
  type ContactRecord,
} from '../domain/contact-centre';
import { stableId } from '../domain/ids';
import type { Seed } from '../domain/seed';
import { ContactLedger, type LedgerContactView } from './contact-ledger';
import { createServices, type Services, type ServicesOptions } from './create-services';

/** Demo task templates served by the task-templates proxy. */
const TASK_TEMPLATES: readonly TaskTemplate[] = [
  {
    id: 'task-template-callback',
    name: 'Callback request',
    description: 'Call the customer back',
    status: 'ACTIVE',
    fields: [
      { Id: { Name: 'Name' }, Type: 'NAME' },
      { Id: { Name: 'Phone number' }, Type: 'PHONE_NUMBER' },
      { Id: { Name: 'Notes' }, Type: 'DESCRIPTION' },
    ],
    versions: [1],
    createdMs: 0,
    lastModifiedMs: 0,
  },
];

const taskReferences = z.record(
  z.string(),
  z.object({ type: z.string().optional(), value: z.string().optional() }),
);

/** The task-templates `createTemplatedTask` body (camelCase, as the CCP sends it). */
const templatedTaskSchema = z.looseObject({
  templateId: z.string().min(1).optional(),
  name: z.string().min(1).max(512),
  description: z.string().max(4096).optional(),
  references: taskReferences.optional(),
  endpoint: z.looseObject({ type: z.enum(['agent', 'queue']) }).optional(),
  previousContactId: z.string().optional(),
  relatedContactId: z.string().optional(),
});

/** The task-templates `updateContact` body. */
const taskUpdateSchema = z.looseObject({
  contactId: z.string().min(1),
  name: z.string().min(1).max(512).optional(),
  description: z.string().max(4096).optional(),
  references: taskReferences.optional(),
});

/** Demo quick responses. */
const QUICK_RESPONSES: readonly QuickResponse[] = [
  {
    id: 'qr-greeting',
    name: 'Greeting',
    content: 'Hello, thank you for contacting us.',
    shortcutKey: 'hi',
    channels: ['CHAT', 'EMAIL'],
  },
  {
    id: 'qr-closing',
    name: 'Closing',
    content: 'Is there anything else I can help you with?',
    shortcutKey: 'bye',
    channels: ['CHAT', 'EMAIL'],
  },
];

/** Lines simulated customers say, picked per contact. */
const CUSTOMER_SCRIPTS: readonly (readonly string[])[] = [
  [
    'Hi I am calling about my last bill',
    'There is a charge I do not recognise',
    'Yes that is my account',
    'Thank you very much goodbye',
  ],
  [
    'Hello I would like to change my address',
    'I moved to a new flat last month',
    'Thanks that is all',
  ],
  [
    'Good morning my order has not arrived',
    'The order number is one two three four',
    'Great thank you',
  ],
];

/** Options of {@link createDomainServices}. */
export interface DomainServicesOptions extends Omit<
  ServicesOptions,
  'instance' | 'admin' | 'agentApp' | 'voiceIdContact' | 'now'
> {
  centre: () => ContactCentre;
  sessions: SessionStore;
  clock: Clock;
  seed: Seed;
  /** Reads the session id from the request's cookie header. */
  sessionIdFromCookie: (cookieHeader: string | undefined) => string | undefined;
}

/** The services wired to the live domain model, with the ledger that follows its contacts. */
export interface DomainServices extends Services {
  ledger: ContactLedger;
  /** Feeds one contact change (or removal) of the domain to the ledger. */
  contactChanged: (contact: ContactRecord, removed: boolean) => void;
  /** Feeds one change of an agent to the agent events (a STATE_CHANGE when its status or contacts changed). */
  agentChanged: (agent: AgentRecord) => void;
}

const lastSegment = (arn: string) => arn.slice(arn.lastIndexOf('/') + 1);

function splitName(name: string): { firstName: string; lastName: string } {
  const i = name.lastIndexOf(' ');
  return i === -1
    ? { firstName: name, lastName: '' }
    : { firstName: name.slice(0, i), lastName: name.slice(i + 1) };
}

/** The public-API `InitiationMethod` of a domain contact's initiation method. */
function adminInitiation(method: ContactRecord['initiationMethod']): string {
  return method === 'inbound' ? 'INBOUND' : method === 'api' ? 'API' : 'OUTBOUND';
}

/** The public-API contact state of a contact as one agent sees it. */
function agentContactState(contact: ContactRecord, agentId: string): AdminContactState {
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

/**
 * Builds the admin API, agent-app services, contact events, recordings and faults over the
 * emulator's domain model (`ContactCentre`), following its contacts through a ledger.
 */
export function createDomainServices(options: DomainServicesOptions): DomainServices {
  const { centre, clock, seed, sessions } = options;
  const startedAt = clock.now();
  const instanceId = () => centre().instanceId;
  const initiation = new Map<string, string>();
  /** Initiation method of the contact being created right now (the domain notifies synchronously). */
  let pendingInitiation: string | undefined;
  const ref: { ledger?: ContactLedger } = {};
  const script = (contactId: string) => {
    let h = 0;
    for (const ch of contactId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
    return CUSTOMER_SCRIPTS[h % CUSTOMER_SCRIPTS.length]!;
  };

  /** Contacts per agent, rebuilt when the domain has changed (GetCurrentUserData reads it per agent). */
  let byAgent:
    { centre: ContactCentre; changes: number; map: Map<string, ContactRecord[]> } | undefined;
  const contactsByAgent = (c: ContactCentre): Map<string, ContactRecord[]> => {
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

  const admin: AdminBackend = {
    get info() {
      return {
        instanceId: instanceId(),
        region: seed.instance.region,
        accountId: seed.instance.accountId,
        alias: seed.instance.alias,
      };
    },
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
          const record = ref.ledger?.contact(contactId);
          return {
            contactId,
            channel: channelOf(contact),
            initiationMethod: transfer
              ? 'TRANSFER'
              : (initiation.get(contact.id) ?? adminInitiation(contact.initiationMethod)),
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
    contacts: () => ref.ledger!.contacts(),
    contact: (id) => ref.ledger!.contact(id),
    transcript: (id) => services.media.get(id)?.transcript,
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
      pendingInitiation = 'API';
      let contact: ContactRecord;
      try {
        contact = c.dialIn(queue.arn, input.destinationPhoneNumber, {
          initiationMethod: 'api',
          attributes: input.attributes,
        });
      } finally {
        pendingInitiation = undefined;
      }
      contactChanged(contact, false);
      return { contactId: contact.id };
    },
    stopContact: (contactId) => {
      const c = centre();
      const found = c.findContact(contactId);
      if (!found)
        throw new AdminApiError('ContactNotFoundException', `Contact is not active: ${contactId}`);
      c.customerHangsUp(found.contact.id);
    },
    ...contactStartBackend(centre, seed, clock),
    updateContactAttributes: (initialContactId, attributes) => {
      // The live contacts of the call keep them too, so the ledger's next view carries them.
      const c = centre();
      for (const contact of c.contacts.values())
        if (contact.initialContactId === initialContactId)
          for (const [name, value] of Object.entries(attributes))
            contact.attributes[name] = { name, value };
      if (!ref.ledger!.updateAttributes(initialContactId, attributes))
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

  /** The agent-app side of `authorizeOperation`: domain refusals as agent-app errors. */
  const authorizeAgent = (agentId: string, policy: OperationPolicy, body: unknown): void => {
    const c = centre();
    const agent = c.agents.get(agentId);
    if (agent === undefined)
      throw new VoiceIdServiceError(401, 'UnauthorizedException', 'Unauthorized');
    try {
      authorizeOperation(
        { centre: c, sessionContact: (id) => services.voiceId.sessionContactId(id) },
        agent,
        policy,
        body,
      );
    } catch (error) {
      if (error instanceof DomainError)
        throw new VoiceIdServiceError(
          error.type === CtiErrorType.ACCESS_DENIED_EXCEPTION ? 403 : 404,
          error.type === CtiErrorType.ACCESS_DENIED_EXCEPTION
            ? 'AccessDeniedException'
            : 'ResourceNotFoundException',
          error.message,
        );
      throw error;
    }
  };

  const agentApp: AgentAppBackend = {
    get instanceId() {
      return instanceId();
    },
    region: seed.instance.region,
    accountId: seed.instance.accountId,
    validateToken: (token) => typeof sessions.verify(token) === 'object',
    authorize: (token, policy, body) => {
      const verdict = sessions.verify(token);
      if (typeof verdict === 'string')
        throw new VoiceIdServiceError(401, 'UnauthorizedException', 'Unauthorized');
      authorizeAgent(verdict.agentId, policy, body);
    },
    authorizeCookie: (cookieHeader, policy, body) => {
      const session = sessions.session(options.sessionIdFromCookie(cookieHeader));
      if (session === undefined)
        throw new VoiceIdServiceError(401, 'UnauthorizedException', 'Unauthorized');
      authorizeAgent(session.agentId, policy, body);
    },
    validateSessionCookie: (header) =>
      sessions.session(options.sessionIdFromCookie(header)) !== undefined,
    taskTemplates: () => TASK_TEMPLATES,
    // The task-templates proxy: a templated task is created like CreateTaskContact (routed to the
    // endpoint given, else waiting in the template's or the instance's first queue).
    createTemplatedTask: (params) => {
      const input = templatedTaskSchema.safeParse(params);
      if (!input.success)
        throw new VoiceIdServiceError(
          400,
          'InvalidRequestException',
          input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
        );
      const { templateId, name, description, references, endpoint } = input.data;
      if (templateId !== undefined) {
        const template = TASK_TEMPLATES.find((t) => t.id === templateId);
        if (template === undefined || template.status !== 'ACTIVE')
          throw new VoiceIdServiceError(
            404,
            'ResourceNotFoundException',
            `Task template not found: ${templateId}`,
          );
      }
      const c = centre();
      const queue = c.queues[0]!;
      try {
        const task = c.createTaskContact(undefined, {
          endpoint: endpoint ?? {
            type: 'queue',
            queue: { queueARN: queue.arn, name: queue.name },
          },
          name,
          description: description ?? null,
          references: references ?? null,
          previousContactId: input.data.relatedContactId ?? input.data.previousContactId ?? null,
        });
        return { contactId: task.id };
      } catch (error) {
        if (error instanceof DomainError)
          throw new VoiceIdServiceError(400, 'InvalidRequestException', error.message);
        throw error;
      }
    },
    updateContact: (params) => {
      const input = taskUpdateSchema.safeParse(params);
      if (!input.success)
        throw new VoiceIdServiceError(
          400,
          'InvalidRequestException',
          input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
        );
      const { contactId, ...patch } = input.data;
      try {
        centre().updateTaskContact(contactId, patch);
      } catch (error) {
        if (error instanceof DomainError)
          throw new VoiceIdServiceError(404, 'ResourceNotFoundException', error.message);
        throw error;
      }
    },
    quickResponses: () => QUICK_RESPONSES,
    startScreenSharing: ({ ContactId, ParticipantId }) => {
      const contact = centre().findContact(ContactId)?.contact;
      const participant = contact?.connections.find((c) => c.id === ParticipantId);
      if (!contact || !participant) {
        throw new VoiceIdServiceError(
          404,
          'ResourceNotFoundException',
          `Contact not found: ${ContactId}`,
        );
      }
      if (participant.type !== 'agent' || participant.state !== 'connected') {
        throw new VoiceIdServiceError(
          400,
          'InvalidRequestException',
          `Participant ${ParticipantId} is not a connected agent`,
        );
      }
      return {};
    },
  };

  const services = createServices({
    ...options,
    instance: {
      instanceId: instanceId(),
      region: seed.instance.region,
      accountId: seed.instance.accountId,
      alias: seed.instance.alias,
    },
    admin,
    agentApp,
    voiceIdContact: (id) => ref.ledger!.voiceIdView(id),
    now: () => clock.now(),
  });
  const ledger = new ContactLedger({
    now: () => clock.now(),
    events: services.events,
    media: services.media,
    script,
    prompt: (contactId) => centre().contacts.get(contactId)?.prompt,
  });
  ref.ledger = ledger;

  /**
   * The contacts a call has been split into, by the id of its first contact: as on the real
   * service, each transfer gives its receiving side a new contact (its own record, events and
   * recording). Kept until the call leaves the instance, so a contact whose leg is gone still gets
   * its final (DISCONNECTED, COMPLETED) view.
   */
  const segments = new Map<string, Map<string, LedgerContactView>>();
  /** Contacts whose agent has been on the line (their agent leaving ends them). */
  const talked = new Set<string>();
  /** Contacts already completed (no further views). */
  const completed = new Set<string>();

  function publish(view: LedgerContactView): void {
    if (completed.has(view.id)) return;
    if (view.completed) completed.add(view.id);
    ledger.observe(view);
  }

  function contactChanged(contact: ContactRecord, removed: boolean): void {
    if (pendingInitiation !== undefined && !initiation.has(contact.id))
      initiation.set(contact.id, pendingInitiation);
    const up = (state: string) => state === 'connected' || state === 'hold';
    const callOver = contact.state === 'ended' || removed;
    // The agent of the contact itself: one on the line, else the last agent leg (a transfer's
    // target handles the new contact of its own leg instead).
    const agentLegs = contact.connections.filter(
      (x) => x.agentId !== undefined && x.type !== 'monitoring' && x.transfer === undefined,
    );
    const agentLeg = agentLegs.find((x) => up(x.state)) ?? agentLegs.at(-1);
    if (agentLeg !== undefined && agentLeg.state !== 'connecting') talked.add(contact.id);
    // Its agent left (or cleared) a call that goes on: the contact is over, unless the call goes
    // on with a party of this contact (a phone number the agent transferred to stays on it).
    const agentGone =
      talked.has(contact.id) && (agentLeg === undefined || agentLeg.state === 'disconnected');
    const external = contact.connections.some(
      (x) =>
        !x.initial &&
        x.agentId === undefined &&
        x.transfer === undefined &&
        x.type !== 'monitoring' &&
        x.state !== 'disconnected',
    );
    const over = callOver || (agentGone && !external);
    const customer = contact.connections.find((x) => x.initial);
    const common = {
      initialContactId: contact.initialContactId,
      channel: channelOf(contact),
      ...(customer === undefined ? {} : { customerLegState: customer.state }),
      ...(contact.customerNumber === '' ? {} : { customerNumber: contact.customerNumber }),
      attributes: Object.fromEntries(
        Object.entries(contact.attributes).map(([k, v]) => [k, v.value]),
      ),
      ...(contact.endReason === undefined ? {} : { endReason: contact.endReason }),
    };
    publish({
      ...common,
      id: contact.id,
      initiationMethod: initiation.get(contact.id) ?? adminInitiation(contact.initiationMethod),
      createdMs: contact.createdAt,
      queueId: contact.queue.id,
      queueType: 'STANDARD',
      ...(customerWaitsInQueue(contact) ? { queuedMs: contact.queuedAt } : {}),
      ...(agentLeg?.agentId === undefined
        ? {}
        : { agentId: agentLeg.agentId, agentLegState: agentLeg.state }),
      ended: over,
      completed: removed || (over && talked.has(contact.id) && agentLeg === undefined),
    });

    // The new contacts transfers created: one per transfer leg.
    const known = segments.get(contact.id) ?? new Map<string, LedgerContactView>();
    segments.set(contact.id, known);
    const present = new Set<string>();
    for (const leg of contact.connections) {
      const transfer = leg.transfer;
      if (transfer === undefined) continue;
      present.add(transfer.contactId);
      const targetAgent =
        leg.agentId ?? (leg.awaiting?.kind === 'agent' ? leg.awaiting.agentId : undefined);
      const view: LedgerContactView = {
        ...common,
        id: transfer.contactId,
        previousContactId: transfer.previousContactId,
        initiationMethod: 'TRANSFER',
        createdMs: transfer.createdAt,
        ...(transfer.queue !== undefined
          ? { queueId: transfer.queue.id, queueType: 'STANDARD', queuedMs: transfer.createdAt }
          : targetAgent !== undefined
            ? { queueId: `agent/${targetAgent}`, queueType: 'AGENT' }
            : {}),
        ...(leg.agentId === undefined ? {} : { agentId: leg.agentId, agentLegState: leg.state }),
        ended: callOver || leg.state === 'disconnected',
        completed: removed,
      };
      known.set(transfer.contactId, view);
      publish(view);
    }
    // A transfer contact whose leg is gone (its agent cleared it, or the offer was withdrawn).
    for (const [id, last] of known)
      if (!present.has(id)) {
        known.delete(id);
        publish({ ...last, ended: true, completed: true });
        completed.delete(id);
      }
    if (removed) {
      segments.delete(contact.id);
      talked.delete(contact.id);
      completed.delete(contact.id);
      for (const id of known.keys()) completed.delete(id);
    }
  }

  const statusType = (type: string) =>
    type === 'routable'
      ? ('ROUTABLE' as const)
      : type === 'offline'
        ? ('OFFLINE' as const)
        : ('CUSTOM' as const);

  function agentChanged(agent: AgentRecord): void {
    const c = centre();
    const live = admin.agentLive(agent.id);
    const { firstName, lastName } = splitName(agent.name);
    const queueName = (id: string | undefined) =>
      id === undefined ? undefined : c.queues.find((q) => q.id === id)?.name;
    services.agentEvents.observe({
      agentId: agent.id,
      username: agent.username,
      firstName,
      lastName,
      status: {
        id: lastSegment(agent.selected.arn),
        name: agent.selected.name,
        type: statusType(agent.selected.type),
        sinceMs: agent.selectedSince,
      },
      ...(agent.nextState
        ? {
            nextStatus: {
              id: lastSegment(agent.nextState.arn),
              name: agent.nextState.name,
              type: statusType(agent.nextState.type),
            },
          }
        : {}),
      routingProfile: {
        id: agent.routingProfile.id,
        name: agent.routingProfile.name,
        concurrency: agent.routingProfile.concurrency,
        inboundQueues: agent.routingProfile.queues.map((q) => ({ id: q.id, name: q.name })),
        defaultOutboundQueue: {
          id: agent.routingProfile.defaultOutboundQueue.id,
          name: agent.routingProfile.defaultOutboundQueue.name,
        },
      },
      autoAccept: agent.softphoneAutoAccept,
      contacts: (live?.contacts ?? []).map((x) => {
        const name = queueName(x.queueId);
        return {
          contactId: x.contactId,
          channel: x.channel,
          initiationMethod: x.initiationMethod,
          state: x.state,
          stateStartMs: x.stateStartMs,
          ...(x.connectedToAgentMs === undefined
            ? {}
            : { connectedToAgentMs: x.connectedToAgentMs }),
          ...(x.queueId !== undefined && name !== undefined
            ? { queue: { id: x.queueId, name } }
            : {}),
        };
      }),
    });
  }

  return { ...services, ledger, contactChanged, agentChanged };
}
