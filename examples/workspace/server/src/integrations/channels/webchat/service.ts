// The web-chat widget's side of the server: visitors (a random token the widget keeps; only its
// hash is stored) and what a visitor may read of their own chat conversations (messages, never
// notes). Inbound messages go through the conversation intake; replies reach the visitor from the
// outbox through the live bus; the widget reports what it has received and what the visitor read.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Services } from '../../../lib/context';
import { ApiError } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { ConversationIntake } from '../../../modules/conversations-intake/service';
import { normaliseEmail } from '../../../modules/conversations-intake/address';
import { OutboxService } from '../../../modules/outbox/service';
import { WEBCHAT, WEBCHAT_MESSAGES } from './constants';
import { widgetAttachments, type WidgetAttachment } from './attachments';
import type { InboundAttachment } from '../../../modules/conversations-intake/attachments';
import { widgetSurveys, type WidgetSurvey } from './survey';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A workspace's web chat as the widget sees it. */
export interface WidgetWorkspace {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
  readonly enabled: boolean;
}

/** A visitor known by their token. */
export interface Visitor {
  readonly id: string;
  readonly contactId: string;
}

/** One message as the widget shows it. */
export interface WidgetMessage {
  readonly id: string;
  readonly direction: 'inbound' | 'outbound';
  readonly body: string;
  readonly author: string | null;
  readonly createdAt: string;
  readonly status: string | null;
  readonly survey?: WidgetSurvey | null;
  readonly attachments?: WidgetAttachment[];
}

export class WebchatService {
  private readonly intake: ConversationIntake;
  private readonly outbox: OutboxService;

  constructor(private readonly services: Services) {
    this.intake = new ConversationIntake(services);
    this.outbox = new OutboxService(services);
  }

  /** The workspace of a slug with its web-chat switch (404 when there is none). */
  async workspace(slug: string): Promise<WidgetWorkspace> {
    const row = await this.services.db
      .selectFrom('workspaces as w')
      .leftJoin(
        sql<{
          workspace_id: string;
          enabled: boolean;
        }>`(SELECT workspace_id, enabled FROM workspace_channels WHERE channel = 'chat')`.as('ch'),
        'ch.workspace_id',
        'w.id',
      )
      .select(['w.id', 'w.slug', 'w.name', 'ch.enabled'])
      .where('w.slug', '=', slug)
      .executeTakeFirst();
    if (!row) throw new ApiError(404, 'not_found', WEBCHAT_MESSAGES.unknownWorkspace);
    return { id: row.id, slug: row.slug, name: row.name, enabled: row.enabled ?? false };
  }

  /** The workspace when its web chat is on; 403 channel_off otherwise. */
  async openWorkspace(slug: string): Promise<WidgetWorkspace> {
    const ws = await this.workspace(slug);
    if (!ws.enabled) throw new ApiError(403, 'channel_off', WEBCHAT_MESSAGES.channelOff);
    return ws;
  }

  /** The visitor of a token in a workspace, or null. */
  async visitor(workspaceId: string, token: string | undefined): Promise<Visitor | null> {
    if (!token || token.length > 200) return null;
    const row = await this.services.db
      .updateTable('webchat_visitors')
      .set({ last_seen_at: new Date() })
      .where('token_hash', '=', hash(token))
      .where('workspace_id', '=', workspaceId)
      .returning(['id', 'contact_id'])
      .executeTakeFirst();
    return row ? { id: row.id, contactId: row.contact_id } : null;
  }

  /** The visitor of a token; 401 when the token is missing or unknown. */
  async requireVisitor(workspaceId: string, token: string | undefined): Promise<Visitor> {
    const visitor = await this.visitor(workspaceId, token);
    if (!visitor) throw new ApiError(401, 'unauthorized', WEBCHAT_MESSAGES.visitorToken);
    return visitor;
  }

  /**
   * A visitor's message: stored through the intake (once per client id). A first message without
   * a token makes the visitor (and their contact) and answers the new token.
   */
  async post(
    ws: WidgetWorkspace,
    token: string | undefined,
    input: { body: string; clientId: string; attachments?: readonly InboundAttachment[] },
  ): Promise<{ token: string | null; messageId: string; conversationId: string }> {
    let visitor = token ? await this.visitor(ws.id, token) : null;
    if (token && !visitor) throw new ApiError(401, 'unauthorized', WEBCHAT_MESSAGES.visitorToken);
    let issued: string | null = null;
    if (!visitor) {
      issued = randomBytes(24).toString('base64url');
      const contactId = newId();
      const visitorId = newId();
      await this.services.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('contacts')
          .values({
            id: contactId,
            workspace_id: ws.id,
            name: WEBCHAT_MESSAGES.visitorName(visitorId.slice(0, 6)),
            phone: null,
            email: null,
            avatar_url: null,
            company: null,
            updated_at: new Date(),
          })
          .execute();
        await trx
          .insertInto('webchat_visitors')
          .values({
            id: visitorId,
            workspace_id: ws.id,
            token_hash: hash(issued!),
            contact_id: contactId,
          })
          .execute();
      });
      visitor = { id: visitorId, contactId };
    }
    const result = await this.intake.receive({
      workspaceId: ws.id,
      channel: 'chat',
      from: { kind: 'contact', contactId: visitor.contactId },
      body: input.body,
      externalId: `chat:${visitor.id}:${input.clientId}`,
      ...(input.attachments ? { attachments: input.attachments } : {}),
    });
    return { token: issued, messageId: result.messageId, conversationId: result.conversationId };
  }

  /**
   * The visitor's chat messages, oldest first (never notes); replies the widget now has are
   * reported delivered.
   */
  async messages(ws: WidgetWorkspace, visitor: Visitor) {
    const rows = await this.services.db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .leftJoin('agents as a', 'a.id', 'm.author_agent_id')
      .select([
        'm.id',
        'm.direction',
        'm.body',
        'm.created_at',
        'm.status',
        'a.name as author_name',
      ])
      .where('c.workspace_id', '=', ws.id)
      .where('c.contact_id', '=', visitor.contactId)
      .where('c.channel', '=', 'chat')
      .where('m.kind', '=', 'message')
      .where('m.direction', 'in', ['inbound', 'outbound'])
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(WEBCHAT.historyLimit)
      .execute();
    const now = new Date();
    for (const r of rows)
      if (r.direction === 'outbound' && r.status === 'sent') {
        await this.outbox.applyStatus(
          { messageId: r.id },
          { status: 'delivered', reason: null, at: now },
        );
        r.status = 'delivered';
      }
    const contact = await this.services.db
      .selectFrom('contacts')
      .select('email')
      .where('id', '=', visitor.contactId)
      .executeTakeFirst();
    const surveys = await widgetSurveys(
      this.services,
      rows.filter((r) => r.direction === 'outbound').map((r) => r.id),
    );
    const files = await widgetAttachments(
      this.services,
      ws,
      rows.map((r) => r.id),
    );
    const messages: WidgetMessage[] = rows.reverse().map((r) => ({
      id: r.id,
      direction: r.direction as 'inbound' | 'outbound',
      body: r.body,
      author: r.direction === 'outbound' ? (r.author_name?.split(' ')[0] ?? null) : null,
      createdAt: new Date(r.created_at).toISOString(),
      // The visitor sees their own messages as sent; a reply's state is ours to report.
      status: r.direction === 'inbound' ? 'sent' : r.status,
      ...(surveys.has(r.id) ? { survey: surveys.get(r.id) } : {}),
      ...(files.has(r.id) ? { attachments: files.get(r.id) } : {}),
    }));
    return { messages, email: contact?.email ?? null };
  }

  /** The visitor has seen the replies up to now: they are read. */
  async read(ws: WidgetWorkspace, visitor: Visitor): Promise<number> {
    const rows = await this.services.db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select('m.id')
      .where('c.workspace_id', '=', ws.id)
      .where('c.contact_id', '=', visitor.contactId)
      .where('c.channel', '=', 'chat')
      .where('m.direction', '=', 'outbound')
      .where('m.status', 'in', ['sent', 'delivered'])
      .execute();
    const now = new Date();
    let changed = 0;
    for (const r of rows)
      if (
        await this.outbox.applyStatus(
          { messageId: r.id },
          { status: 'read', reason: null, at: now },
        )
      )
        changed++;
    return changed;
  }

  /** The visitor leaves an email address so that the team can answer there. */
  async leaveEmail(ws: WidgetWorkspace, visitor: Visitor, raw: string): Promise<string> {
    const email = normaliseEmail(raw);
    if (!email)
      throw new ApiError(400, 'invalid_request', 'The request is not valid.', [
        { path: 'body.email', message: 'Not an email address' },
      ]);
    await this.services.db
      .updateTable('contacts')
      .set({ email, updated_at: new Date() })
      .where('id', '=', visitor.contactId)
      .where('workspace_id', '=', ws.id)
      .execute();
    const conversation = await this.services.db
      .selectFrom('conversations')
      .select(['id', 'assignee_agent_id'])
      .where('workspace_id', '=', ws.id)
      .where('contact_id', '=', visitor.contactId)
      .where('channel', '=', 'chat')
      .orderBy('last_message_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (conversation)
      this.services.bus.publish({
        type: 'conversation.updated',
        workspaceId: ws.id,
        id: conversation.id,
        conversationId: conversation.id,
        assigneeId: conversation.assignee_agent_id,
      });
    return email;
  }

  /** Whether an event concerns one of the visitor's chat conversations. */
  async concerns(ws: WidgetWorkspace, visitor: Visitor, conversationId: string): Promise<boolean> {
    const row = await this.services.db
      .selectFrom('conversations')
      .select('id')
      .where('id', '=', conversationId)
      .where('workspace_id', '=', ws.id)
      .where('contact_id', '=', visitor.contactId)
      .where('channel', '=', 'chat')
      .executeTakeFirst();
    return row !== undefined;
  }
}
