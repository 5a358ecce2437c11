import { z } from 'zod';
import {
  CHAT_DURATION_MINUTES,
  CHAT_MESSAGE_LIMITS,
  TASK_MAX_SCHEDULE_AHEAD_MS,
} from '../constants';
import { AdminApiError } from './errors';

/** StartChatContact input, validated. */
export interface StartChatContactInput {
  readonly contactFlowId: string;
  readonly displayName: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly initialMessage?: { readonly contentType: string; readonly content: string };
  readonly relatedContactId?: string;
}

/** StartTaskContact input, validated. */
export interface StartTaskContactInput {
  readonly name: string;
  readonly contactFlowId?: string;
  readonly quickConnectId?: string;
  readonly description?: string;
  readonly references: Readonly<Record<string, { type: string; value: string }>>;
  readonly attributes: Readonly<Record<string, string>>;
  readonly previousContactId?: string;
  /** Epoch ms. */
  readonly scheduledAt?: number;
}

/** What the chat and task starts need from the instance (part of the admin backend). */
export interface ContactStartBackend {
  startChatContact(input: StartChatContactInput): {
    contactId: string;
    participantId: string;
    participantToken: string;
  };
  startTaskContact(input: StartTaskContactInput): { contactId: string };
  /** The instance's time (epoch ms). */
  now(): number;
}

/** The admin operations of this module (`METHOD path-pattern` → operation). */
export const CONTACT_START_OPERATIONS: Readonly<Record<string, string>> = {
  'PUT contact/chat': 'StartChatContact',
  'PUT contact/task': 'StartTaskContact',
};

const attributes = z.record(z.string().min(1).max(32767), z.string().max(32767));
const MESSAGING_TYPES = [
  'text/plain',
  'text/markdown',
  'application/json',
  'application/vnd.amazonaws.connect.message.interactive',
  'application/vnd.amazonaws.connect.message.interactive.response',
] as const;

const chatBody = z.object({
  InstanceId: z.string().min(1).max(100),
  ContactFlowId: z.string().min(1).max(500),
  Attributes: attributes.optional(),
  ParticipantDetails: z.object({ DisplayName: z.string().min(1).max(256) }),
  InitialMessage: z
    .object({ ContentType: z.string().min(1).max(100), Content: z.string().min(1).max(12288) })
    .optional(),
  ClientToken: z.string().max(500).optional(),
  ChatDurationInMinutes: z
    .number()
    .int()
    .min(CHAT_DURATION_MINUTES.min)
    .max(CHAT_DURATION_MINUTES.max)
    .optional(),
  SupportedMessagingContentTypes: z.array(z.enum(MESSAGING_TYPES)).min(1).max(5).optional(),
  PersistentChat: z
    .object({
      RehydrationType: z.enum(['ENTIRE_PAST_SESSION', 'FROM_SEGMENT']).optional(),
      SourceContactId: z.string().min(1).max(256).optional(),
    })
    .optional(),
  RelatedContactId: z.string().min(1).max(256).optional(),
  SegmentAttributes: z.record(z.string(), z.unknown()).optional(),
  CustomerId: z.string().max(128).optional(),
});

const REFERENCE_TYPES = ['URL', 'NUMBER', 'STRING', 'DATE', 'EMAIL'] as const;
const taskBody = z.object({
  InstanceId: z.string().min(1).max(100),
  Name: z.string().min(1).max(512),
  PreviousContactId: z.string().min(1).max(256).optional(),
  ContactFlowId: z.string().min(1).max(500).optional(),
  Attributes: attributes.optional(),
  References: z
    .record(
      z.string().min(1).max(4096),
      z.object({ Value: z.string().max(4096), Type: z.enum([...REFERENCE_TYPES, 'ATTACHMENT']) }),
    )
    .optional(),
  Description: z.string().max(4096).optional(),
  ClientToken: z.string().max(500).optional(),
  // restJson1 timestamps are epoch seconds.
  ScheduledTime: z.number().optional(),
  TaskTemplateId: z.string().min(1).max(500).optional(),
  QuickConnectId: z.string().min(1).max(500).optional(),
  RelatedContactId: z.string().min(1).max(256).optional(),
  SegmentAttributes: z.record(z.string(), z.unknown()).optional(),
});

/** The route context the admin router hands each operation. */
interface StartRouteContext {
  readonly body: unknown;
}

/** What the admin router lends this module. */
export interface ContactStartHelpers {
  readonly backend: ContactStartBackend;
  readonly parseBody: <T>(schema: z.ZodType<T>, body: unknown) => T;
  readonly checkInstance: (value: string | undefined) => void;
}

/**
 * StartChatContact (`PUT /contact/chat`) and StartTaskContact (`PUT /contact/task`) at the real
 * shapes: a chat's customer participant (`ParticipantId`, `ParticipantToken` for the Participant
 * Service) and a task with references and a scheduled time. A retried request (same
 * `ClientToken`) gets the first answer. Added to the admin router's table.
 */
export function contactStartRoutes(
  helpers: ContactStartHelpers,
): Record<string, (ctx: StartRouteContext) => unknown> {
  const { backend, parseBody, checkInstance } = helpers;
  const answered = new Map<string, unknown>();
  const once = (op: string, token: string | undefined, make: () => unknown): unknown => {
    if (token === undefined || token === '') return make();
    const key = `${op}:${token}`;
    if (answered.has(key)) return answered.get(key);
    const value = make();
    if (answered.size >= 10_000) answered.delete(answered.keys().next().value!);
    answered.set(key, value);
    return value;
  };

  return {
    'PUT contact/chat': ({ body }) => {
      const input = parseBody(chatBody, body);
      checkInstance(input.InstanceId);
      if (
        input.SupportedMessagingContentTypes &&
        !input.SupportedMessagingContentTypes.includes('text/plain')
      )
        throw new AdminApiError(
          'InvalidRequestException',
          'SupportedMessagingContentTypes must include text/plain.',
        );
      if (input.PersistentChat && input.RelatedContactId)
        throw new AdminApiError(
          'InvalidRequestException',
          'RelatedContactId cannot be used with PersistentChat.',
        );
      if (input.InitialMessage) {
        const max = CHAT_MESSAGE_LIMITS[input.InitialMessage.ContentType];
        if (max === undefined)
          throw new AdminApiError(
            'InvalidParameterException',
            `InitialMessage.ContentType ${input.InitialMessage.ContentType} is not supported.`,
          );
        if (input.InitialMessage.Content.length > max)
          throw new AdminApiError(
            'InvalidParameterException',
            `InitialMessage.Content must be 1 to ${max} characters.`,
          );
      }
      return once('chat', input.ClientToken, () => {
        const started = backend.startChatContact({
          contactFlowId: input.ContactFlowId,
          displayName: input.ParticipantDetails.DisplayName,
          attributes: input.Attributes ?? {},
          ...(input.InitialMessage
            ? {
                initialMessage: {
                  contentType: input.InitialMessage.ContentType,
                  content: input.InitialMessage.Content,
                },
              }
            : {}),
          ...(input.RelatedContactId ? { relatedContactId: input.RelatedContactId } : {}),
        });
        return {
          ContactId: started.contactId,
          ParticipantId: started.participantId,
          ParticipantToken: started.participantToken,
        };
      });
    },
    'PUT contact/task': ({ body }) => {
      const input = parseBody(taskBody, body);
      checkInstance(input.InstanceId);
      const references: Record<string, { type: string; value: string }> = {};
      for (const [name, ref] of Object.entries(input.References ?? {})) {
        if (ref.Type === 'ATTACHMENT')
          throw new AdminApiError(
            'InvalidParameterException',
            `References.${name}: ATTACHMENT references cannot be given when a task is created.`,
          );
        references[name] = { type: ref.Type, value: ref.Value };
      }
      let scheduledAt: number | undefined;
      if (input.ScheduledTime !== undefined) {
        scheduledAt = Math.round(input.ScheduledTime * 1000);
        const now = backend.now();
        // A minute of leeway for clocks; past or beyond six days ahead is refused.
        if (scheduledAt < now - 60_000 || scheduledAt > now + TASK_MAX_SCHEDULE_AHEAD_MS)
          throw new AdminApiError(
            'InvalidParameterException',
            'ScheduledTime must be in the future and at most 6 days ahead.',
          );
      }
      if (!input.ContactFlowId && !input.QuickConnectId && !input.TaskTemplateId)
        throw new AdminApiError(
          'InvalidRequestException',
          'One of ContactFlowId, QuickConnectId or TaskTemplateId is required.',
        );
      return once('task', input.ClientToken, () => {
        const started = backend.startTaskContact({
          name: input.Name,
          references,
          attributes: input.Attributes ?? {},
          ...(input.ContactFlowId ? { contactFlowId: input.ContactFlowId } : {}),
          ...(input.QuickConnectId ? { quickConnectId: input.QuickConnectId } : {}),
          ...(input.Description === undefined ? {} : { description: input.Description }),
          ...(input.PreviousContactId ? { previousContactId: input.PreviousContactId } : {}),
          ...(scheduledAt === undefined ? {} : { scheduledAt }),
        });
        return { ContactId: started.contactId };
      });
    },
  };
}
