// Messages in a conversation: reading them a page at a time, writing replies and notes (a reply
// on a messaging channel goes out through the outbox; a note notifies the agents it mentions),
// WhatsApp templates and the 24-hour window, retrying a failed reply, and call parts.
import type {
  CallPart,
  InboxMessage,
  MessageCreate,
  TemplateMessageCreate,
  WhatsappWindow,
} from '../../contract/inbox';
import type { MessageTemplateRef } from '../../db/schema';
import { WHATSAPP_WINDOW_MS } from '../../integrations/channels/whatsapp/constants';
import { renderTemplate } from '../../integrations/channels/whatsapp/outbound';
import type { MessageTemplate } from '../../integrations/channels/types';
import { isMessagingChannel } from '../../integrations/channels/registry';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { ApiError, invalidField, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { decodeCursor, encodeCursor } from '../../lib/paging';
import { linkUploads } from '../attachments/service';
import { NotificationService, type Written } from '../notifications/service';
import { OutboxService } from '../outbox/service';
import { wakeOutbox } from '../outbox/worker';
import { visibleConversation } from './conversation-access';
import { callPartView, messagesWithFiles, type MessageRow } from './message-view';
import { INBOX_MESSAGES } from './messages';
import { InboxRepository } from './repository';

export class InboxMessages {
  private readonly repo: InboxRepository;
  private readonly outbox: OutboxService;
  private readonly notifications: NotificationService;

  constructor(private readonly services: Services) {
    this.repo = new InboxRepository(services.db);
    this.outbox = new OutboxService(services);
    this.notifications = new NotificationService(services);
  }

  /** A page of a conversation's messages: the latest page first, oldest first within a page. */
  async list(access: WorkspaceAccess, id: string, cursor: string | undefined, limit: number) {
    await visibleConversation(this.repo, access, id);
    const rows = await this.repo.messages(id, decodeCursor(cursor), limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      messages: await messagesWithFiles(this.services, access, page.reverse()),
      page: {
        nextCursor:
          rows.length > limit && last ? encodeCursor(new Date(last.created_at), last.id) : null,
      },
    };
  }

  /** Writes a reply or a note (a reply on a messaging channel is queued for sending). */
  async post(
    access: WorkspaceAccess,
    id: string,
    input: MessageCreate,
    template: MessageTemplateRef | null = null,
  ): Promise<InboxMessage> {
    const conversation = await visibleConversation(this.repo, access, id);
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
    return this.withFiles(access, (await this.repo.findMessage(id, messageId))!);
  }

  /** Replies with an approved WhatsApp template, its variables filled (sent through the outbox). */
  async postTemplate(
    access: WorkspaceAccess,
    id: string,
    input: TemplateMessageCreate,
  ): Promise<InboxMessage> {
    const conversation = await visibleConversation(this.repo, access, id);
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
    return this.post(
      access,
      id,
      { kind: 'message', body: renderTemplate(template, input.parameters) },
      { name: template.name, language: template.language, parameters: input.parameters },
    );
  }

  /** Sends a failed reply again (the composer's retry). */
  async retry(access: WorkspaceAccess, id: string, messageId: string): Promise<InboxMessage> {
    await visibleConversation(this.repo, access, id);
    await this.outbox.retry(access.workspace.id, id, messageId);
    wakeOutbox(this.services);
    const row = await this.repo.findMessage(id, messageId);
    if (!row) throw notFound('Message');
    return this.withFiles(access, row);
  }

  /** A WhatsApp conversation's 24-hour window (from the customer's last message) and templates. */
  async whatsappWindow(access: WorkspaceAccess, id: string): Promise<WhatsappWindow> {
    const conversation = await visibleConversation(this.repo, access, id);
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

  /** One call part of a conversation (the call card's link target). */
  async part(access: WorkspaceAccess, id: string, idPart: string): Promise<CallPart> {
    await visibleConversation(this.repo, access, id);
    const m = await this.repo.findMessage(id, idPart);
    if (!m || m.kind !== 'call' || !m.id_communication) throw notFound('Call part');
    return callPartView(access, m);
  }

  private async withFiles(access: WorkspaceAccess, m: MessageRow): Promise<InboxMessage> {
    return (await messagesWithFiles(this.services, access, [m]))[0]!;
  }
}
