// The inbox: conversations shared among agents (folders all, unassigned, mine, tags, views),
// counts, messages and call parts, assignment and status, tags, views and saved replies.
import { z } from '@hono/zod-openapi';
import { ATTACHMENT_LIMITS } from '../modules/attachments/constants';
import { attachmentSchema } from './attachments';
import { orNull, idSchema, isoDateTime, pageInfoSchema } from './common';
import { MAX_BULK_CONVERSATIONS } from './inbox-limits';

export { MAX_BULK_CONVERSATIONS, MAX_SNOOZE_DAYS } from './inbox-limits';

export const CONVERSATION_STATUSES = ['open', 'pending', 'snoozed', 'closed'] as const;
/** Statuses a person sets directly (`snoozed` comes with a time: `snoozedUntil`). */
export const SETTABLE_STATUSES = ['open', 'pending', 'closed'] as const;
export const CONVERSATION_PRIORITIES = ['none', 'low', 'medium', 'high', 'urgent'] as const;

export const CHANNELS = ['whatsapp', 'email', 'sms', 'chat', 'voice'] as const;
export const FOLDERS = ['all', 'unassigned', 'mine', 'tag', 'view'] as const;

export const tagSchema = z
  .object({ id: z.string(), name: z.string(), color: z.string() })
  .openapi('Tag');

export const agentRefSchema = z
  .object({ id: z.string(), name: z.string(), avatarURL: z.string().nullable() })
  .openapi('AgentRef');

export const contactRefSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The name to show: the phone number for a visitor-prefixed name. */
    displayName: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    avatarURL: z.string().nullable(),
  })
  .openapi('ContactRef');

export const conversationSchema = z
  .object({
    id: z.string(),
    subject: z.string(),
    channel: z.enum(CHANNELS),
    status: z.enum(CONVERSATION_STATUSES),
    contact: contactRefSchema,
    assignee: orNull(agentRefSchema),
    tags: z.array(tagSchema),
    priority: z.enum(CONVERSATION_PRIORITIES),
    /** Until when a `snoozed` conversation sleeps (it opens again then); null otherwise. */
    snoozedUntil: isoDateTime.nullable(),
    lastMessageAt: isoDateTime,
    lastMessagePreview: z.string(),
    createdAt: isoDateTime,
    /** The campaign this conversation answers (a customer's reply to it), if any. */
    campaign: z.object({ id: z.string(), name: z.string() }).nullable(),
  })
  .openapi('Conversation');

/** A call part of a conversation: links to its recording and transcript. */
export const callPartSchema = z
  .object({
    idConversation: z.string(),
    idPart: z.string(),
    idCommunication: z.string(),
    communicationType: z.enum(['inbound', 'outbound', 'transfer', 'monitor']),
    answered: z.boolean(),
    contactPhoneNumber: z.string().nullable(),
    agent: orNull(agentRefSchema),
    startedAt: isoDateTime,
    endedAt: isoDateTime.nullable(),
    /** Seconds talked (connected to the agent until disconnect), when over. */
    durationSeconds: z.number().nullable(),
    /** API URL of the recording (`audio/wav`, bearer token), when the call was talked and is over. */
    recordingUrl: z.string().nullable(),
    /** API URL of the transcript CSV, when the call was talked and is over. */
    transcriptUrl: z.string().nullable(),
    /** The app route of this part: `/ws/{slug}/inbox/all/conversations/{id}/part/{idPart}`. */
    appPath: z.string(),
    /** The disposition and notes the agent saved after the call (null until saved). */
    afterCallWork: z
      .object({ disposition: z.string().nullable(), notes: z.string() })
      .nullable()
      .optional(),
  })
  .openapi('CallPart');

/** Delivery states of a message: outbound queued → sent → delivered → read, or failed; inbound received. */
export const DELIVERY_STATUSES = [
  'queued',
  'sent',
  'delivered',
  'read',
  'failed',
  'received',
] as const;

export const messageDeliverySchema = z
  .object({
    status: z.enum(DELIVERY_STATUSES),
    /** The provider's reason when failed (e.g. "21610: Attempt to send to unsubscribed recipient"). */
    reason: z.string().nullable(),
    /** When the message reached this state. */
    at: isoDateTime.nullable(),
  })
  .openapi('MessageDelivery');

export const messageSchema = z
  .object({
    id: z.string(),
    conversationId: z.string(),
    kind: z.enum(['message', 'note', 'system', 'call']),
    direction: z.enum(['inbound', 'outbound']).nullable(),
    author: orNull(agentRefSchema),
    /** Plain text as written: render it as text, never as HTML. */
    body: z.string(),
    createdAt: isoDateTime,
    call: orNull(callPartSchema),
    /** Where the message is on its way (replies and customers' messages); null for notes and calls. */
    delivery: orNull(messageDeliverySchema),
    /** The message's files (customers' media, a reply's uploads). */
    attachments: z.array(attachmentSchema).optional(),
  })
  .openapi('Message');

export const inboxViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    filters: z.object({
      status: z.enum(CONVERSATION_STATUSES).optional(),
      channel: z.enum(CHANNELS).optional(),
      tag: z.string().optional(),
      assignee: z.string().optional(),
    }),
  })
  .openapi('InboxView');

export const countsResponseSchema = z
  .object({
    /** Open conversations the caller can see in each folder; null when the folder needs a permit the caller lacks. */
    counts: z.object({
      all: z.number().nullable(),
      unassigned: z.number().nullable(),
      mine: z.number(),
      tags: z.array(tagSchema.extend({ count: z.number() })).nullable(),
      views: z.array(z.object({ id: z.string(), name: z.string(), count: z.number() })).nullable(),
    }),
  })
  .openapi('InboxCounts');

export const conversationListQuerySchema = z.object({
  folder: z.enum(FOLDERS).default('mine'),
  /** The tag of `folder=tag`. */
  tagId: idSchema.optional(),
  /** The view of `folder=view`. */
  viewId: idSchema.optional(),
  /** Status filter (default open); `any` lists every status. */
  status: z.enum([...CONVERSATION_STATUSES, 'any']).default('open'),
  /** Text search over subject, contact name, phone, email and message text. */
  q: z.string().max(200).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const conversationListResponseSchema = z
  .object({ conversations: z.array(conversationSchema), page: pageInfoSchema })
  .openapi('ConversationList');

export const conversationResponseSchema = z.object({ conversation: conversationSchema });

export const conversationPatchSchema = z
  .object({
    /** Open, pending or closed; a snooze is set with `snoozedUntil`. */
    status: z.enum(SETTABLE_STATUSES).optional(),
    /** An agent id of the workspace, or null to unassign. */
    assigneeId: idSchema.nullable().optional(),
    /** Replaces the conversation's tags. */
    tagIds: z.array(idSchema).max(20).optional(),
    subject: z.string().max(200).optional(),
    priority: z.enum(CONVERSATION_PRIORITIES).optional(),
    /** Snoozes the conversation until this time (in the future, within a year). */
    snoozedUntil: isoDateTime.optional(),
  })
  .strict()
  .refine((p) => !(p.status && p.snoozedUntil), {
    message: 'Give a status or a snooze time, not both.',
    path: ['snoozedUntil'],
  })
  .openapi('ConversationPatch');

/** One change applied to many conversations (the list's bulk actions). */
export const conversationBulkSchema = z
  .object({
    ids: z.array(idSchema).min(1).max(MAX_BULK_CONVERSATIONS),
    status: z.enum(SETTABLE_STATUSES).optional(),
    /** An agent id of the workspace, or null to unassign. */
    assigneeId: idSchema.nullable().optional(),
    /** Tags added to each conversation (the others are kept). */
    addTagIds: z.array(idSchema).max(20).optional(),
    /** Tags removed from each conversation. */
    removeTagIds: z.array(idSchema).max(20).optional(),
    priority: z.enum(CONVERSATION_PRIORITIES).optional(),
    snoozedUntil: isoDateTime.optional(),
  })
  .strict()
  .refine((b) => !(b.status && b.snoozedUntil), {
    message: 'Give a status or a snooze time, not both.',
    path: ['snoozedUntil'],
  })
  .refine(
    (b) =>
      [b.status, b.assigneeId, b.addTagIds, b.removeTagIds, b.priority, b.snoozedUntil].some(
        (v) => v !== undefined,
      ),
    { message: 'Choose what to change.', path: ['ids'] },
  )
  .openapi('ConversationBulkChange');

export const conversationBulkResponseSchema = z
  .object({
    /** The conversations changed. */
    updated: z.array(z.string()),
    /** Ids that are not conversations the caller can see (nothing was done to them). */
    notFound: z.array(z.string()),
  })
  .openapi('ConversationBulkResult');

export const messageListQuerySchema = z.object({
  /** Older messages than this cursor (pages go back in time). */
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const messageListResponseSchema = z
  .object({
    /** Oldest first within the page; `page.nextCursor` loads older ones. */
    messages: z.array(messageSchema),
    page: pageInfoSchema,
  })
  .openapi('MessageList');

export const messageCreateSchema = z
  .object({
    kind: z.enum(['message', 'note']).default('message'),
    /** May be empty on a message that carries files (a note always has text). */
    body: z.string().max(10_000).trim().default(''),
    /** Files uploaded to this conversation (POST …/attachments) that the message carries. */
    attachmentIds: z.array(idSchema).max(ATTACHMENT_LIMITS.maxPerMessage).optional(),
  })
  .strict()
  .refine((m) => m.body !== '' || (m.kind === 'message' && (m.attachmentIds?.length ?? 0) > 0), {
    path: ['body'],
    message: 'Write a message or attach a file.',
  })
  .openapi('MessageCreate');

export const messageResponseSchema = z.object({ message: messageSchema });

/** An agent starts a conversation with a contact on a messaging channel. */
export const conversationStartSchema = z
  .object({
    contactId: idSchema,
    channel: z.enum(['email', 'sms', 'whatsapp']),
    /** The email's subject (other channels have none). */
    subject: z.string().trim().max(200).optional(),
  })
  .strict()
  .openapi('ConversationStart');

export const conversationStartResponseSchema = z
  .object({
    conversation: conversationSchema,
    /** False when the contact's open conversation on that channel was answered instead. */
    created: z.boolean(),
  })
  .openapi('ConversationStarted');

/** An approved WhatsApp message template (its variables are positional: `{{1}}`, `{{2}}`…). */
export const messageTemplateSchema = z
  .object({
    name: z.string(),
    language: z.string(),
    category: z.string(),
    header: z.string().nullable(),
    body: z.string(),
    footer: z.string().nullable(),
    /** How many body variables the template has (each must be given a value). */
    variables: z.number().int(),
  })
  .openapi('MessageTemplate');

export const whatsappWindowSchema = z
  .object({
    /** Whether free text may be sent: the customer wrote within the last 24 hours. */
    open: z.boolean(),
    /** The customer's last WhatsApp message to the workspace, if any. */
    lastInboundAt: isoDateTime.nullable(),
    /** When free text stops being allowed (24 hours after the last inbound), if it is allowed. */
    closesAt: isoDateTime.nullable(),
    /** The approved templates, which may be sent at any time. */
    templates: z.array(messageTemplateSchema),
    /** Why the templates could not be listed (the provider's error), else null. */
    templatesError: z.string().nullable(),
  })
  .openapi('WhatsappWindow');

export const whatsappWindowResponseSchema = z.object({ window: whatsappWindowSchema });

export const templateMessageCreateSchema = z
  .object({
    name: z.string().min(1).max(512),
    language: z.string().min(2).max(16),
    /** The values of the body variables, in order. */
    parameters: z.array(z.string().trim().min(1).max(1024)).max(20),
  })
  .strict()
  .openapi('TemplateMessageCreate');
export const callPartResponseSchema = z.object({ part: callPartSchema });
export const tagsResponseSchema = z.object({ tags: z.array(tagSchema) });
export const viewsResponseSchema = z.object({ views: z.array(inboxViewSchema) });

export const savedReplySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    body: z.string(),
    updatedAt: isoDateTime,
  })
  .openapi('SavedReply');

export const savedReplyQuerySchema = z.object({ q: z.string().max(200).optional() });
export const savedReplyCreateSchema = z
  .object({ title: z.string().trim().min(1).max(120), body: z.string().trim().min(1).max(5_000) })
  .strict()
  .openapi('SavedReplyCreate');
export const savedReplyPatchSchema = savedReplyCreateSchema.partial().strict();
export const savedRepliesResponseSchema = z.object({ savedReplies: z.array(savedReplySchema) });
export const savedReplyResponseSchema = z.object({ savedReply: savedReplySchema });

export const messageParamsSchema = z.object({
  slug: z.string().min(1).max(64),
  id: idSchema,
  messageId: idSchema,
});

export const partParamsSchema = z.object({
  slug: z.string().min(1).max(64),
  id: idSchema,
  idPart: idSchema,
});

export type Tag = z.infer<typeof tagSchema>;
export type AgentRef = z.infer<typeof agentRefSchema>;
export type ContactRef = z.infer<typeof contactRefSchema>;
export type ConversationSummary = z.infer<typeof conversationSchema>;
export type ConversationListResponse = z.infer<typeof conversationListResponseSchema>;
export type MessageListResponse = z.infer<typeof messageListResponseSchema>;
export type CallPart = z.infer<typeof callPartSchema>;
export type InboxMessage = z.infer<typeof messageSchema>;
export type InboxView = z.infer<typeof inboxViewSchema>;
export type InboxCounts = z.infer<typeof countsResponseSchema>['counts'];
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;
export type ConversationPatch = z.infer<typeof conversationPatchSchema>;
export type ConversationBulkChange = z.infer<typeof conversationBulkSchema>;
export type ConversationBulkResult = z.infer<typeof conversationBulkResponseSchema>;
export type ConversationPriority = (typeof CONVERSATION_PRIORITIES)[number];
export type ConversationStart = z.infer<typeof conversationStartSchema>;
export type ConversationStarted = z.infer<typeof conversationStartResponseSchema>;
export type MessageCreate = z.infer<typeof messageCreateSchema>;
export type SavedReply = z.infer<typeof savedReplySchema>;
export type InboxFolder = (typeof FOLDERS)[number];
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
export type Channel = (typeof CHANNELS)[number];
export type MessageDelivery = z.infer<typeof messageDeliverySchema>;
export type WhatsappWindow = z.infer<typeof whatsappWindowSchema>;
export type MessageTemplateInfo = z.infer<typeof messageTemplateSchema>;
export type TemplateMessageCreate = z.infer<typeof templateMessageCreateSchema>;
