// The agent-app endpoint's backend over the emulator's domain model: token and cookie
// authorization of the agents' calls, the task-templates proxy (templated tasks, task updates),
// quick responses and screen sharing.
import { CtiErrorType } from '@x/connect-streams/protocol';
import { z } from 'zod';
import type { AgentAppBackend, QuickResponse, TaskTemplate } from '../agent-app/agent-app-router';
import { VoiceIdServiceError } from '../agent-app/voice-id-model';
import { authorizeOperation, type OperationPolicy } from '../auth/authorization';
import type { SessionStore } from '../auth/sessions';
import { DomainError, type ContactCentre } from '../domain/contact-centre';
import type { Seed } from '../domain/seed';

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

/** What the agent-app endpoint's backend reads. */
export interface DomainAgentAppContext {
  readonly centre: () => ContactCentre;
  readonly seed: Seed;
  readonly sessions: SessionStore;
  /** Reads the session id from the request's cookie header. */
  readonly sessionIdFromCookie: (cookieHeader: string | undefined) => string | undefined;
  /** The contact of a Voice ID session (the services are built after this backend). */
  readonly voiceIdSessionContact: (sessionNameOrId: string) => string | undefined;
}

/** The agent-app endpoint's backend. */
export function domainAgentAppBackend(ctx: DomainAgentAppContext): AgentAppBackend {
  const { centre, seed, sessions, sessionIdFromCookie, voiceIdSessionContact } = ctx;
  const instanceId = () => centre().instanceId;
  /** The agent-app side of `authorizeOperation`: domain refusals as agent-app errors. */
  const authorizeAgent = (agentId: string, policy: OperationPolicy, body: unknown): void => {
    const c = centre();
    const agent = c.agents.get(agentId);
    if (agent === undefined)
      throw new VoiceIdServiceError(401, 'UnauthorizedException', 'Unauthorized');
    try {
      authorizeOperation(
        { centre: c, sessionContact: (id) => voiceIdSessionContact(id) },
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

  return {
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
      const session = sessions.session(sessionIdFromCookie(cookieHeader));
      if (session === undefined)
        throw new VoiceIdServiceError(401, 'UnauthorizedException', 'Unauthorized');
      authorizeAgent(session.agentId, policy, body);
    },
    validateSessionCookie: (header) => sessions.session(sessionIdFromCookie(header)) !== undefined,
    ...taskTemplateBackend(centre),
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
}

/**
 * The task-templates proxy: a templated task is created like CreateTaskContact (routed to the
 * endpoint given, else waiting in the template's or the instance's first queue).
 */
function taskTemplateBackend(
  centre: () => ContactCentre,
): Pick<AgentAppBackend, 'taskTemplates' | 'createTemplatedTask' | 'updateContact'> {
  return {
    taskTemplates: () => TASK_TEMPLATES,
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
  };
}
