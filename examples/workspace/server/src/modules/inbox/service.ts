// Inbox rules: who sees which conversations (the shared-inbox permit, or only one's own),
// folder permits, assignment within the workspace, messages and call parts, saved replies.
import type {
  CallPart,
  ConversationBulkChange,
  ConversationBulkResult,
  ConversationListQuery,
  ConversationPatch,
  ConversationStart,
  ConversationSummary,
  InboxCounts,
  InboxMessage,
  InboxView,
  MessageCreate,
  MessageDelivery,
  SavedReply,
  TemplateMessageCreate,
  WhatsappWindow,
} from '../../contract/inbox';
import { MAX_SNOOZE_DAYS } from '../../contract/inbox';
import { renderTemplate } from '../../integrations/channels/whatsapp/outbound';
import { WHATSAPP_WINDOW_MS } from '../../integrations/channels/whatsapp/constants';
import type { MessageTemplate } from '../../integrations/channels/types';
import { isMessagingChannel } from '../../integrations/channels/registry';
import {
  AttachmentService,
  attachmentView,
  linkUploads,
  type AttachmentRow,
} from '../attachments/service';
import { NotificationService, type Written } from '../notifications/service';
import { OutboxService } from '../outbox/service';
import { CsatSurveys } from '../csat/service';
import { wakeOutbox } from '../outbox/worker';
import type { InboxViewFilters, MessageTemplateRef } from '../../db/schema';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { ApiError, invalidField, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { displayName, partAppPath, recordingUrl, transcriptUrl } from '../../lib/links';
import { MESSAGES } from '../../lib/messages';
import { decodeCursor, encodeCursor } from '../../lib/paging';
import { requirePermit } from '../../lib/router';
import { holds } from '../session/service';
import { assigneeByRules } from '../settings/assignment';
import { CHANNEL_LABEL, INBOX_MESSAGES } from './messages';
import { conversationForContact } from '../conversations-intake/service';
import { InboxRepository, type ConversationScope } from './repository';

type ConversationRow = NonNullable<Awaited<ReturnType<InboxRepository['findConversation']>>>;
type MessageRow = Awaited<ReturnType<InboxRepository['messages']>>[number];

/** Whether a call is over and was talked: then it has a recording and a transcript. */
export const hasMedia = (answered: boolean, endedAt: Date | null): boolean =>
  answered && endedAt !== null;

export class InboxService {
  private readonly repo: InboxRepository;
  private readonly outbox: OutboxService;
  private readonly notifications: NotificationService;

  constructor(private readonly services: Services) {
    this.notifications = new NotificationService(services);
    this.repo = new InboxRepository(services.db);
    this.outbox = new OutboxService(services);
  }

  /** Sends a failed reply again (the composer's retry). */
  async retryMessage(
    access: WorkspaceAccess,
    id: string,
    messageId: string,
  ): Promise<InboxMessage> {
    await this.visible(access, id);
    await this.outbox.retry(access.workspace.id, id, messageId);
    wakeOutbox(this.services);
    const row = await this.repo.findMessage(id, messageId);
    if (!row) throw notFound('Message');
    return this.messageWithFiles(access, row);
  }

  /** The conversations a caller may see: all with the shared-inbox permit, else their own. */
  static visibility(
    access: WorkspaceAccess,
  ): Pick<ConversationScope, 'workspaceId' | 'onlyAssignedTo'> {
    return {
      workspaceId: access.workspace.id,
      ...(holds(access, 'flag_inbox_shared') ? {} : { onlyAssignedTo: access.agent?.id ?? null }),
    };
  }

  private async summaries(
    rows: ConversationRow[],
    country: string | null,
  ): Promise<ConversationSummary[]> {
    const tags = await this.repo.tagsOf(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      subject: r.subject,
      channel: r.channel as ConversationSummary['channel'],
      status: r.status as ConversationSummary['status'],
      contact: {
        id: r.contact_id,
        name: r.contact_name,
        displayName: displayName(r.contact_name, r.contact_phone, country),
        phone: r.contact_phone,
        email: r.contact_email,
        avatarURL: r.contact_avatar_url,
      },
      assignee: r.assignee_agent_id
        ? { id: r.assignee_agent_id, name: r.assignee_name ?? '', avatarURL: r.assignee_avatar_url }
        : null,
      tags: tags
        .filter((t) => t.conversation_id === r.id)
        .map((t) => ({ id: t.id, name: t.name, color: t.color })),
      priority: r.priority as ConversationSummary['priority'],
      snoozedUntil: r.snoozed_until ? new Date(r.snoozed_until).toISOString() : null,
      lastMessageAt: new Date(r.last_message_at).toISOString(),
      lastMessagePreview: r.last_message_preview,
      createdAt: new Date(r.created_at).toISOString(),
      campaign:
        r.campaign_id && r.campaign_name !== null
          ? { id: r.campaign_id, name: r.campaign_name }
          : null,
    }));
  }

  /** Summaries for other modules (contact profile). */
  async conversationsOfContact(
    access: WorkspaceAccess,
    contactId: string,
  ): Promise<ConversationSummary[]> {
    const scope: ConversationScope = {
      ...InboxService.visibility(access),
      folder: { kind: 'all' },
    };
    return this.summaries(
      await this.repo.conversationsOfContact(scope, contactId, 20),
      access.workspace.default_country,
    );
  }

  /**
   * Opens a new conversation (the channels and the voice add-on start conversations through it).
   * Its assignee is the one given, else the one the workspace's assignment rules pick (settings),
   * else none.
   */
  async openConversation(input: {
    readonly workspaceId: string;
    readonly contactId: string;
    readonly channel: ConversationSummary['channel'];
    readonly subject?: string;
    readonly assigneeId?: string | null;
  }): Promise<{ id: string; assigneeId: string | null }> {
    const id = newId();
    const assigneeId = await this.services.db.transaction().execute(async (trx) => {
      const assignee =
        input.assigneeId ?? (await assigneeByRules(trx, input.workspaceId, input.channel));
      await this.repo.insertConversation(trx, {
        id,
        workspaceId: input.workspaceId,
        contactId: input.contactId,
        channel: input.channel,
        subject: input.subject ?? '',
        assigneeId: assignee,
        at: new Date(),
      });
      return assignee;
    });
    this.services.bus.publish({
      type: 'conversation.updated',
      workspaceId: input.workspaceId,
      id,
      conversationId: id,
      assigneeId,
    });
    return { id, assigneeId };
  }

  /**
   * An agent starts a conversation with a contact on a messaging channel: the contact's open
   * conversation on that channel when there is one (inbound messages go there too), else a new
   * one assigned to the caller. The first message is then written in the conversation's composer
   * (on WhatsApp outside the 24-hour window, an approved template).
   */
  async startConversation(
    access: WorkspaceAccess,
    input: ConversationStart,
  ): Promise<{ conversation: ConversationSummary; created: boolean }> {
    const contact = await this.services.db
      .selectFrom('contacts')
      .select(['id', 'name', 'phone', 'email'])
      .where('workspace_id', '=', access.workspace.id)
      .where('id', '=', input.contactId)
      .executeTakeFirst();
    if (!contact) throw notFound('Contact');
    if (!(input.channel === 'email' ? contact.email : contact.phone))
      throw new ApiError(409, 'no_address', INBOX_MESSAGES.noAddress(input.channel));
    const setting = await this.outbox.channelSetting(access.workspace.id, input.channel);
    if (!setting?.enabled)
      throw new ApiError(
        409,
        'channel_off',
        INBOX_MESSAGES.channelOff(CHANNEL_LABEL[input.channel]),
      );
    const at = new Date();
    const started = await this.services.db.transaction().execute((trx) =>
      conversationForContact(trx, {
        workspaceId: access.workspace.id,
        channel: input.channel,
        contactId: contact.id,
        subject: input.subject ?? '',
        at,
        assignTo: access.agent?.id ?? null,
      }),
    );
    const scope = InboxService.visibility(access);
    if (
      !started.created &&
      scope.onlyAssignedTo !== undefined &&
      started.assigneeId !== scope.onlyAssignedTo
    )
      throw new ApiError(409, 'open_elsewhere', INBOX_MESSAGES.openElsewhere);
    if (started.created)
      this.services.bus.publish({
        type: 'conversation.updated',
        workspaceId: access.workspace.id,
        id: started.id,
        conversationId: started.id,
        assigneeId: started.assigneeId,
      });
    return { conversation: await this.get(access, started.id), created: started.created };
  }

  async counts(access: WorkspaceAccess): Promise<InboxCounts> {
    const base = { ...InboxService.visibility(access), status: 'open' };
    const agentId = access.agent?.id ?? null;
    const shared = holds(access, 'flag_inbox_shared');
    const withViews = holds(access, 'flag_inbox_views');
    const [all, unassigned, mine, tags, views] = await Promise.all([
      shared ? this.repo.count({ ...base, folder: { kind: 'all' } }) : null,
      shared ? this.repo.count({ ...base, folder: { kind: 'unassigned' } }) : null,
      this.repo.count({ ...base, folder: { kind: 'mine', agentId } }),
      shared ? this.repo.tagCounts({ ...base, folder: { kind: 'all' } }) : null,
      withViews ? this.repo.views(access.workspace.id) : null,
    ]);
    return {
      all,
      unassigned,
      mine,
      tags,
      views: views
        ? await Promise.all(
            views.map(async (v) => ({
              id: v.id,
              name: v.name,
              count: await this.repo.count({
                ...InboxService.visibility(access),
                folder: { kind: 'view', filters: v.filters, agentId },
                ...(v.filters.status ? {} : { status: 'open' }),
              }),
            })),
          )
        : null,
    };
  }

  async list(access: WorkspaceAccess, query: ConversationListQuery) {
    const agentId = access.agent?.id ?? null;
    let folder: ConversationScope['folder'];
    let status: string = query.status;
    switch (query.folder) {
      case 'all':
      case 'unassigned':
        requirePermit(access, 'flag_inbox_shared');
        folder = { kind: query.folder };
        break;
      case 'tag':
        requirePermit(access, 'flag_inbox_shared');
        if (!query.tagId) throw invalidField('query.tagId', 'Required for folder=tag');
        folder = { kind: 'tag', tagId: query.tagId };
        break;
      case 'view': {
        requirePermit(access, 'flag_inbox_views');
        if (!query.viewId) throw invalidField('query.viewId', 'Required for folder=view');
        const view = await this.repo.findView(access.workspace.id, query.viewId);
        if (!view) throw notFound('View');
        folder = { kind: 'view', filters: view.filters, agentId };
        if (view.filters.status) status = 'any';
        break;
      }
      default:
        folder = { kind: 'mine', agentId };
    }
    const scope: ConversationScope = {
      ...InboxService.visibility(access),
      folder,
      status,
      ...(query.q ? { q: query.q } : {}),
    };
    const rows = await this.repo.listConversations(
      scope,
      decodeCursor(query.cursor),
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      conversations: await this.summaries(page, access.workspace.default_country),
      page: {
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor(new Date(last.last_message_at), last.id)
            : null,
      },
    };
  }

  /** A conversation the caller may see; 404 otherwise (also for another workspace's). */
  private async visible(access: WorkspaceAccess, id: string): Promise<ConversationRow> {
    const row = await this.repo.findConversation(access.workspace.id, id);
    const scope = InboxService.visibility(access);
    if (
      !row ||
      (scope.onlyAssignedTo !== undefined && row.assignee_agent_id !== scope.onlyAssignedTo)
    )
      throw notFound('Conversation');
    return row;
  }

  async get(access: WorkspaceAccess, id: string): Promise<ConversationSummary> {
    const [summary] = await this.summaries(
      [await this.visible(access, id)],
      access.workspace.default_country,
    );
    return summary!;
  }

  async patch(
    access: WorkspaceAccess,
    id: string,
    patch: ConversationPatch,
  ): Promise<ConversationSummary> {
    const before = await this.visible(access, id);
    const ws = access.workspace.id;
    const snoozedUntil = this.snoozeTime(patch.snoozedUntil, 'body.snoozedUntil');
    await this.checkAgent(ws, patch.assigneeId);
    const tagIds = patch.tagIds ? [...new Set(patch.tagIds)] : undefined;
    await this.checkTags(ws, tagIds, 'body.tagIds');
    await this.apply(access, before, {
      status: patch.status,
      assigneeId: patch.assigneeId,
      subject: patch.subject,
      priority: patch.priority,
      snoozedUntil,
      tagIds,
    });
    // The caller may no longer see it (assigned away without the shared inbox): answer it anyway.
    const [summary] = await this.summaries(
      [(await this.repo.findConversation(ws, id))!],
      access.workspace.default_country,
    );
    return summary!;
  }

  /**
   * One change to many conversations (the list's bulk actions): each visible one is changed as a
   * single patch would change it (events, survey on close); the others are reported, untouched.
   */
  async bulk(
    access: WorkspaceAccess,
    change: ConversationBulkChange,
  ): Promise<ConversationBulkResult> {
    const ws = access.workspace.id;
    const snoozedUntil = this.snoozeTime(change.snoozedUntil, 'body.snoozedUntil');
    await this.checkAgent(ws, change.assigneeId);
    const add = [...new Set(change.addTagIds ?? [])];
    const remove = new Set(change.removeTagIds ?? []);
    await this.checkTags(ws, add, 'body.addTagIds');
    const updated: string[] = [];
    const notFound: string[] = [];
    for (const id of new Set(change.ids)) {
      const before = await this.visible(access, id).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      });
      if (!before) {
        notFound.push(id);
        continue;
      }
      const tagIds =
        add.length > 0 || remove.size > 0
          ? [...new Set([...(await this.repo.tagIdsOf(id)), ...add])].filter((t) => !remove.has(t))
          : undefined;
      await this.apply(access, before, {
        status: change.status,
        assigneeId: change.assigneeId,
        priority: change.priority,
        snoozedUntil,
        tagIds,
      });
      updated.push(id);
    }
    return { updated, notFound };
  }

  /**
   * Opens the snoozed conversations whose time has come, and tells their workspaces (the lists,
   * counts and the assignee's screen update live). Returns how many woke.
   */
  async wakeSnoozed(now = new Date()): Promise<number> {
    const woke = await this.repo.wakeSnoozed(now);
    for (const c of woke)
      this.services.bus.publish({
        type: 'conversation.updated',
        workspaceId: c.workspace_id,
        id: c.id,
        conversationId: c.id,
        assigneeId: c.assignee_agent_id,
      });
    return woke.length;
  }

  /** A snooze time given at `path`, checked: in the future, within MAX_SNOOZE_DAYS. */
  private snoozeTime(value: string | undefined, path: string): Date | undefined {
    if (value === undefined) return undefined;
    const at = new Date(value);
    const now = Date.now();
    const problem =
      at.getTime() <= now
        ? INBOX_MESSAGES.snoozeInPast
        : at.getTime() > now + MAX_SNOOZE_DAYS * 86_400_000
          ? INBOX_MESSAGES.snoozeTooFar(MAX_SNOOZE_DAYS)
          : null;
    if (problem)
      throw new ApiError(400, 'invalid_request', MESSAGES.invalidRequest, [
        { path, message: problem },
      ]);
    return at;
  }

  private async checkAgent(ws: string, agentId: string | null | undefined) {
    if (agentId && !(await this.repo.findAgent(ws, agentId)))
      throw new ApiError(400, 'invalid_request', MESSAGES.invalidRequest, [
        { path: 'body.assigneeId', message: INBOX_MESSAGES.unknownAgent },
      ]);
  }

  private async checkTags(ws: string, tagIds: readonly string[] | undefined, path: string) {
    if (tagIds && tagIds.length > 0 && (await this.repo.countTags(ws, tagIds)) !== tagIds.length)
      throw new ApiError(400, 'invalid_request', MESSAGES.invalidRequest, [
        { path, message: INBOX_MESSAGES.unknownTag },
      ]);
  }

  /** Writes one conversation's change (checked by the caller) and announces it. */
  private async apply(
    access: WorkspaceAccess,
    before: ConversationRow,
    change: {
      readonly status?: ConversationPatch['status'];
      readonly assigneeId?: string | null;
      readonly subject?: string;
      readonly priority?: ConversationPatch['priority'];
      readonly snoozedUntil?: Date;
      readonly tagIds?: readonly string[];
    },
  ): Promise<void> {
    const ws = access.workspace.id;
    const id = before.id;
    await this.services.db.transaction().execute(async (trx) => {
      const set = {
        // A status set by hand ends a snooze; a snooze time makes the conversation snoozed.
        ...(change.status === undefined ? {} : { status: change.status, snoozed_until: null }),
        ...(change.snoozedUntil === undefined
          ? {}
          : { status: 'snoozed', snoozed_until: change.snoozedUntil }),
        ...(change.assigneeId === undefined ? {} : { assignee_agent_id: change.assigneeId }),
        ...(change.subject === undefined ? {} : { subject: change.subject }),
        ...(change.priority === undefined ? {} : { priority: change.priority }),
      };
      if (Object.keys(set).length > 0) await this.repo.updateConversation(trx, id, set);
      if (change.tagIds) await this.repo.replaceTags(trx, id, change.tagIds);
    });
    const reassigned =
      change.assigneeId !== undefined && change.assigneeId !== before.assignee_agent_id;
    this.services.bus.publish({
      type: 'conversation.updated',
      workspaceId: ws,
      id,
      conversationId: id,
      assigneeId: change.assigneeId === undefined ? before.assignee_agent_id : change.assigneeId,
      ...(reassigned ? { previousAssigneeId: before.assignee_agent_id } : {}),
    });
    // Closed: the customer gets the satisfaction survey (when on; never fails the close).
    if (change.status === 'closed' && before.status !== 'closed')
      await new CsatSurveys(this.services)
        .onClosed(ws, id)
        .catch((error: unknown) =>
          this.services.log.error({ err: error, conversationId: id }, 'survey not sent'),
        );
  }

  async messages(access: WorkspaceAccess, id: string, cursor: string | undefined, limit: number) {
    await this.visible(access, id);
    const rows = await this.repo.messages(id, decodeCursor(cursor), limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      messages: await this.withFiles(access, page.reverse()),
      page: {
        nextCursor:
          rows.length > limit && last ? encodeCursor(new Date(last.created_at), last.id) : null,
      },
    };
  }

  /** Messages with their attachments. */
  private async withFiles(access: WorkspaceAccess, rows: MessageRow[]): Promise<InboxMessage[]> {
    const files = await new AttachmentService(this.services).ofMessages(
      access.workspace.id,
      rows.map((m) => m.id),
    );
    return rows.map((m) => this.message(access, m, files.get(m.id) ?? []));
  }

  private async messageWithFiles(access: WorkspaceAccess, m: MessageRow): Promise<InboxMessage> {
    return (await this.withFiles(access, [m]))[0]!;
  }

  private message(
    access: WorkspaceAccess,
    m: MessageRow,
    files: readonly AttachmentRow[] = [],
  ): InboxMessage {
    return {
      id: m.id,
      conversationId: m.conversation_id,
      kind: m.kind as InboxMessage['kind'],
      direction: m.direction as InboxMessage['direction'],
      author: m.author_agent_id
        ? { id: m.author_agent_id, name: m.author_name ?? '', avatarURL: m.author_avatar_url }
        : null,
      body: m.body,
      createdAt: new Date(m.created_at).toISOString(),
      call: m.kind === 'call' && m.id_communication ? this.callPart(access, m) : null,
      delivery: m.status
        ? {
            status: m.status as MessageDelivery['status'],
            reason: m.status_reason,
            at: m.status_at ? new Date(m.status_at).toISOString() : null,
          }
        : null,
      attachments: files.map((f) => attachmentView(access.workspace.slug, f)),
    };
  }

  private callPart(access: WorkspaceAccess, m: MessageRow): CallPart {
    const slug = access.workspace.slug;
    const ended = m.call_ended_at ? new Date(m.call_ended_at) : null;
    const connected = m.call_connected_at ? new Date(m.call_connected_at) : null;
    const media = hasMedia(m.answered ?? false, ended);
    return {
      idConversation: m.conversation_id,
      idPart: m.id,
      idCommunication: m.id_communication!,
      communicationType: (m.communication_type ?? 'inbound') as CallPart['communicationType'],
      answered: m.answered ?? false,
      contactPhoneNumber: m.contact_phone_number ?? null,
      agent: m.call_agent_id
        ? { id: m.call_agent_id, name: m.call_agent_name ?? '', avatarURL: m.call_agent_avatar_url }
        : null,
      startedAt: new Date(m.call_created_at ?? m.created_at).toISOString(),
      endedAt: ended?.toISOString() ?? null,
      durationSeconds:
        ended && connected
          ? Math.max(0, Math.round((ended.getTime() - connected.getTime()) / 1000))
          : null,
      recordingUrl: media ? recordingUrl(slug, m.id_communication!) : null,
      transcriptUrl: media ? transcriptUrl(slug, m.conversation_id, m.id) : null,
      appPath: partAppPath(slug, m.conversation_id, m.id),
      afterCallWork: m.acw_saved_at
        ? { disposition: m.acw_disposition, notes: m.acw_notes ?? '' }
        : null,
    };
  }

  /** A WhatsApp conversation's 24-hour window (from the customer's last message) and templates. */
  async whatsappWindow(access: WorkspaceAccess, id: string): Promise<WhatsappWindow> {
    const conversation = await this.visible(access, id);
    if (conversation.channel !== 'whatsapp')
      throw new ApiError(409, 'not_whatsapp', INBOX_MESSAGES.notWhatsapp);
    const last = await this.services.db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select((eb) => eb.fn.max('m.created_at').as('at'))
      .where('c.workspace_id', '=', access.workspace.id)
      .where('c.contact_id', '=', conversation.contact_id)
      .where('c.channel', '=', 'whatsapp')
      .where('m.direction', '=', 'inbound')
      .executeTakeFirst();
    const lastAt = last?.at ? new Date(last.at) : null;
    const closes = lastAt ? new Date(lastAt.getTime() + WHATSAPP_WINDOW_MS) : null;
    const open = closes !== null && closes.getTime() > Date.now();
    let templates: readonly MessageTemplate[] = [];
    let templatesError: string | null = null;
    try {
      templates = (await this.services.channels.whatsapp.templates?.()) ?? [];
    } catch (error) {
      templatesError = INBOX_MESSAGES.templatesUnavailable((error as Error).message);
    }
    return {
      open,
      lastInboundAt: lastAt?.toISOString() ?? null,
      closesAt: open ? closes.toISOString() : null,
      templates: [...templates],
      templatesError,
    };
  }

  /** Replies with an approved WhatsApp template, its variables filled (sent through the outbox). */
  async postTemplateMessage(
    access: WorkspaceAccess,
    id: string,
    input: TemplateMessageCreate,
  ): Promise<InboxMessage> {
    const conversation = await this.visible(access, id);
    if (conversation.channel !== 'whatsapp')
      throw new ApiError(409, 'not_whatsapp', INBOX_MESSAGES.notWhatsapp);
    let templates: readonly MessageTemplate[];
    try {
      templates = (await this.services.channels.whatsapp.templates?.()) ?? [];
    } catch (error) {
      throw new ApiError(
        503,
        'templates_unavailable',
        INBOX_MESSAGES.templatesUnavailable((error as Error).message),
      );
    }
    const template = templates.find((t) => t.name === input.name && t.language === input.language);
    if (!template)
      throw invalidField(
        'body.name',
        INBOX_MESSAGES.templateNotApproved(input.name, input.language),
      );
    if (input.parameters.length !== template.variables)
      throw invalidField('body.parameters', INBOX_MESSAGES.templateVariables(template.variables));
    return this.postMessage(
      access,
      id,
      { kind: 'message', body: renderTemplate(template, input.parameters) },
      { name: template.name, language: template.language, parameters: input.parameters },
    );
  }

  async postMessage(
    access: WorkspaceAccess,
    id: string,
    input: MessageCreate,
    template: MessageTemplateRef | null = null,
  ): Promise<InboxMessage> {
    const conversation = await this.visible(access, id);
    const messageId = newId();
    const at = new Date();
    // A reply on a messaging channel goes out through the outbox; on a voice conversation it is
    // kept as written (there is no channel to carry it).
    const sends = input.kind === 'message' && isMessagingChannel(conversation.channel);
    let notified: Written[] = [];
    await this.services.db.transaction().execute(async (trx) => {
      await this.repo.insertMessage(trx, {
        status: sends ? 'queued' : null,
        id: messageId,
        workspaceId: access.workspace.id,
        conversationId: id,
        kind: input.kind,
        direction: input.kind === 'message' ? 'outbound' : null,
        authorAgentId: access.agent?.id ?? null,
        body: input.body,
        at,
        template,
      });
      await linkUploads(trx, {
        workspaceId: access.workspace.id,
        conversationId: id,
        messageId,
        ids: input.attachmentIds ?? [],
      });
      await this.repo.touchConversation(trx, id, at, input.kind === 'message' ? input.body : null);
      if (sends)
        await this.outbox.enqueue(trx, {
          workspaceId: access.workspace.id,
          messageId,
          channel: conversation.channel,
        });
      // Only notes notify: a reply's text goes to the customer and mentions nobody.
      if (input.kind === 'note')
        notified = await this.notifications.writeMentions(trx, {
          workspaceId: access.workspace.id,
          conversationId: id,
          messageId,
          authorId: access.agent?.id ?? null,
          body: input.body,
          at,
        });
    });
    if (sends) wakeOutbox(this.services);
    this.notifications.announce(access.workspace.id, id, notified);
    this.services.bus.publish({
      type: 'message.created',
      workspaceId: access.workspace.id,
      id: messageId,
      conversationId: id,
      assigneeId: conversation.assignee_agent_id,
    });
    return this.messageWithFiles(access, (await this.repo.findMessage(id, messageId))!);
  }

  async part(access: WorkspaceAccess, id: string, idPart: string): Promise<CallPart> {
    await this.visible(access, id);
    const m = await this.repo.findMessage(id, idPart);
    if (!m || m.kind !== 'call' || !m.id_communication) throw notFound('Call part');
    return this.callPart(access, m);
  }

  tags(access: WorkspaceAccess) {
    return this.repo.tags(access.workspace.id);
  }

  async views(access: WorkspaceAccess): Promise<InboxView[]> {
    requirePermit(access, 'flag_inbox_views');
    const views = await this.repo.views(access.workspace.id);
    return views.map((v) => ({
      id: v.id,
      name: v.name,
      filters: v.filters as InboxView['filters'],
    }));
  }

  async savedReplies(access: WorkspaceAccess, q: string | undefined): Promise<SavedReply[]> {
    return (await this.repo.savedReplies(access.workspace.id, q)).map(savedReply);
  }

  async createSavedReply(
    access: WorkspaceAccess,
    input: { title: string; body: string },
  ): Promise<SavedReply> {
    requirePermit(access, 'flag_inbox_savedReplies');
    return savedReply(
      await this.repo.insertSavedReply({
        id: newId(),
        workspaceId: access.workspace.id,
        createdBy: access.membership.user_id,
        ...input,
      }),
    );
  }

  async updateSavedReply(
    access: WorkspaceAccess,
    id: string,
    input: { title?: string; body?: string },
  ): Promise<SavedReply> {
    requirePermit(access, 'flag_inbox_savedReplies');
    const row = await this.repo.updateSavedReply(access.workspace.id, id, input);
    if (!row) throw notFound('Saved reply');
    return savedReply(row);
  }

  async deleteSavedReply(access: WorkspaceAccess, id: string): Promise<void> {
    requirePermit(access, 'flag_inbox_savedReplies');
    if (!(await this.repo.deleteSavedReply(access.workspace.id, id))) throw notFound('Saved reply');
  }
}

function savedReply(r: { id: string; title: string; body: string; updated_at: Date }): SavedReply {
  return {
    id: r.id,
    title: r.title,
    body: r.body,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

export type { InboxViewFilters };
