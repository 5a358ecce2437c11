// Conversations in the inbox: lists and counts by folder (with their permits), opening and
// starting conversations, assignment within the workspace, status, priority, snoozing and tags,
// one at a time or in bulk. Messages are in message-service.ts, tags, views and saved replies in
// filter-service.ts.
import type {
  ConversationBulkChange,
  ConversationBulkResult,
  ConversationListQuery,
  ConversationPatch,
  ConversationStart,
  ConversationSummary,
  InboxCounts,
} from '../../contract/inbox';
import { MAX_SNOOZE_DAYS } from '../../contract/inbox';
import { OutboxService } from '../outbox/service';
import { CsatSurveys } from '../csat/service';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { ApiError, invalidField, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { MESSAGES } from '../../lib/messages';
import { decodeCursor, encodeCursor } from '../../lib/paging';
import { requirePermit } from '../../lib/router';
import { holds } from '../session/service';
import { assigneeByRules } from '../settings/assignment';
import { CHANNEL_LABEL, INBOX_MESSAGES } from './messages';
import { conversationForContact } from '../conversations-intake/service';
import { inboxVisibility, visibleConversation, type ConversationRow } from './conversation-access';
import { conversationSummaries } from './conversation-view';
import { InboxRepository, type ConversationScope } from './repository';

export class InboxService {
  private readonly repo: InboxRepository;
  private readonly outbox: OutboxService;

  constructor(private readonly services: Services) {
    this.repo = new InboxRepository(services.db);
    this.outbox = new OutboxService(services);
  }

  /** Summaries for other modules (contact profile). */
  async conversationsOfContact(
    access: WorkspaceAccess,
    contactId: string,
  ): Promise<ConversationSummary[]> {
    const scope: ConversationScope = {
      ...inboxVisibility(access),
      folder: { kind: 'all' },
    };
    return conversationSummaries(
      this.repo,
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
    const scope = inboxVisibility(access);
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
    const base = { ...inboxVisibility(access), status: 'open' };
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
                ...inboxVisibility(access),
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
      ...inboxVisibility(access),
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
      conversations: await conversationSummaries(this.repo, page, access.workspace.default_country),
      page: {
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor(new Date(last.last_message_at), last.id)
            : null,
      },
    };
  }

  async get(access: WorkspaceAccess, id: string): Promise<ConversationSummary> {
    const [summary] = await conversationSummaries(
      this.repo,
      [await visibleConversation(this.repo, access, id)],
      access.workspace.default_country,
    );
    return summary!;
  }

  async patch(
    access: WorkspaceAccess,
    id: string,
    patch: ConversationPatch,
  ): Promise<ConversationSummary> {
    const before = await visibleConversation(this.repo, access, id);
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
    const [summary] = await conversationSummaries(
      this.repo,
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
      const before = await visibleConversation(this.repo, access, id).catch((error: unknown) => {
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
}
