// The one inbound path of every channel: a customer's message (web chat, email, SMS, WhatsApp)
// finds its contact by normalised address (or creates one), joins the customer's open conversation
// on that channel (or the one an email thread names) or starts a new one, which the workspace's
// assignment rules assign, and announces itself on the live bus (the agent's screen, counts and
// new-message sound). It knows conversations and nothing of any provider: adapters hand it
// parsed messages. A message whose provider id was already stored is a replay: nothing is added.
import { sql, type Transaction } from 'kysely';
import type { Channel } from '../../contract/inbox';
import type { Database } from '../../db/schema';
import type { Services } from '../../lib/context';
import { newId } from '../../lib/ids';
import type { LiveEvent } from '../live/bus';
import { assigneeByRules } from '../settings/assignment';
import { normaliseEmail, normalisePhone } from './address';
import { inboundAddress, linkCampaignReply } from './campaign-reply';
import { storeInboundAttachments, type InboundAttachment } from './attachments';
import { MAX_INBOUND_BODY, PREVIEW_LENGTH, REOPENABLE_STATUSES } from './constants';
import { contactHoldingPhone, holdsEmail, primaryEmailFirst } from '../contacts/matching';
import { insertPhoneContacts } from '../contacts/phone-contacts';
import { surveyAnswer } from './survey-answer';

/** Who wrote: a phone number, an email address, or a contact the channel already knows. */
export type InboundFrom =
  | { readonly kind: 'phone'; readonly phone: string; readonly name?: string | null }
  | { readonly kind: 'email'; readonly email: string; readonly name?: string | null }
  | { readonly kind: 'contact'; readonly contactId: string };

/** A customer's message as an adapter parsed it. */
export interface InboundMessage {
  readonly workspaceId: string;
  readonly channel: Exclude<Channel, 'voice'>;
  readonly from: InboundFrom;
  readonly body: string;
  /** The subject of a new conversation (email); else the first line of the body. */
  readonly subject?: string | null;
  /** The provider's id, namespaced by channel (`sms:SM…`): a replay of it is stored once. */
  readonly externalId?: string | null;
  readonly at?: Date;
  /**
   * The provider ids of the messages this one answers (an email's In-Reply-To and References):
   * the conversation of the first one stored, when it is the same customer's, is continued
   * (reopened if closed).
   */
  readonly inReplyTo?: readonly string[];
  /** The message's files (email attachments, MMS and WhatsApp media). */
  readonly attachments?: readonly InboundAttachment[];
}

/** What the intake did with a message. */
export interface IntakeResult {
  readonly duplicate: boolean;
  readonly messageId: string;
  readonly conversationId: string;
  readonly contactId: string;
  readonly conversationCreated: boolean;
}

/** A message whose address cannot be normalised (the webhook answers 400). */
export class InboundAddressError extends Error {
  override readonly name = 'InboundAddressError';
}

/** A concurrent replay stored the message first (its transaction must be rolled back). */
export class DuplicateInbound extends Error {
  constructor(readonly result: IntakeResult) {
    super('duplicate');
  }
}

type Trx = Transaction<Database>;

/**
 * The conversation a customer's new activity on `channel` belongs to: their latest open (or
 * pending) conversation on that channel, or a new one, assigned to `assignTo` when given, else by
 * the workspace's assignment rules (the same rules for every channel, voice included).
 */
export async function conversationForContact(
  trx: Trx,
  input: {
    readonly workspaceId: string;
    readonly channel: Channel;
    readonly contactId: string;
    readonly subject: string;
    readonly at: Date;
    readonly assignTo?: string | null;
  },
): Promise<{ id: string; assigneeId: string | null; created: boolean }> {
  const open = await trx
    .selectFrom('conversations')
    .select(['id', 'assignee_agent_id'])
    .where('workspace_id', '=', input.workspaceId)
    .where('contact_id', '=', input.contactId)
    .where('channel', '=', input.channel)
    .where('status', 'in', [...REOPENABLE_STATUSES])
    .orderBy('last_message_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (open) return { id: open.id, assigneeId: open.assignee_agent_id, created: false };
  const id = newId();
  const assigneeId =
    input.assignTo ?? (await assigneeByRules(trx, input.workspaceId, input.channel));
  await trx
    .insertInto('conversations')
    .values({
      id,
      workspace_id: input.workspaceId,
      contact_id: input.contactId,
      channel: input.channel,
      subject: input.subject.slice(0, 200),
      status: 'open',
      assignee_agent_id: assigneeId,
      last_message_at: input.at,
      last_message_preview: '',
      created_at: input.at,
      updated_at: input.at,
    })
    .execute();
  return { id, assigneeId, created: true };
}

export class ConversationIntake {
  constructor(private readonly services: Services) {}

  /** Stores a customer's message (once per provider id) and announces it. */
  async receive(message: InboundMessage): Promise<IntakeResult> {
    const events: LiveEvent[] = [];
    let result: IntakeResult;
    try {
      result = await this.services.db
        .transaction()
        .execute((trx) => this.storeIn(trx, message, events));
    } catch (error) {
      if (error instanceof DuplicateInbound) return error.result;
      throw error;
    }
    if (!result.duplicate && message.attachments?.length)
      await storeInboundAttachments(
        this.services,
        { workspaceId: message.workspaceId, ...result },
        message.attachments,
      );
    for (const event of events) this.services.bus.publish(event);
    return result;
  }

  /**
   * Stores a customer's message inside `trx` (its files are the caller's to store once committed)
   * and pushes the live events to publish after the commit. Answers the stored message, or the
   * first one with the same provider id; throws DuplicateInbound when a concurrent replay stored
   * it first (the transaction must be rolled back).
   */
  async storeIn(trx: Trx, message: InboundMessage, events: LiveEvent[]): Promise<IntakeResult> {
    const at = message.at ?? new Date();
    const body = message.body.slice(0, MAX_INBOUND_BODY);
    const seen = await this.findExternal(trx, message.workspaceId, message.externalId);
    if (seen) return seen;
    const contactId = await this.contactOf(trx, message.workspaceId, message.from);
    const subject = message.subject?.trim() || firstLine(body);
    const answered = await this.answeredConversation(
      trx,
      message.workspaceId,
      message.inReplyTo ?? [],
    );
    // A number answering the customer's survey joins the surveyed (closed) conversation.
    const survey = await surveyAnswer(trx, { ...message, contactId, body, at });
    let conversation = survey
      ? survey.conversation
      : answered
        ? await this.continued(trx, message.workspaceId, answered, contactId)
        : null;
    conversation ??= await conversationForContact(trx, {
      workspaceId: message.workspaceId,
      channel: message.channel,
      contactId,
      subject,
      at,
    });
    const messageId = newId();
    const inserted = await trx
      .insertInto('messages')
      .values({
        id: messageId,
        workspace_id: message.workspaceId,
        conversation_id: conversation.id,
        kind: 'message',
        direction: 'inbound',
        author_agent_id: null,
        body,
        created_at: at,
        status: 'received',
        status_at: at,
        external_id: message.externalId ?? null,
      })
      .onConflict((oc) =>
        oc
          .columns(['workspace_id', 'external_id'])
          .where('external_id', 'is not', null)
          .doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      // A concurrent replay stored it first: undo this transaction's contact or conversation.
      const first = await this.findExternal(trx, message.workspaceId, message.externalId);
      throw new DuplicateInbound(first!);
    }
    // A survey answer is not a reply to a campaign, even from a number a campaign reached.
    if (!survey)
      await linkCampaignReply(trx, {
        workspaceId: message.workspaceId,
        channel: message.channel,
        address: inboundAddress(message.from),
        conversationId: conversation.id,
        body,
        at,
      });
    await trx
      .updateTable('conversations')
      .set({
        ...(survey ? {} : { status: 'open', snoozed_until: null }),
        last_message_at: sql`greatest(last_message_at, ${at})`,
        last_message_preview: body.slice(0, PREVIEW_LENGTH),
        updated_at: new Date(),
      })
      .where('id', '=', conversation.id)
      .execute();
    if (survey) events.push(...(await survey.record(messageId)));
    if (conversation.created || 'reopened' in conversation)
      events.push({
        type: 'conversation.updated',
        workspaceId: message.workspaceId,
        id: conversation.id,
        conversationId: conversation.id,
        assigneeId: conversation.assigneeId,
      });
    events.push({
      type: 'message.created',
      workspaceId: message.workspaceId,
      id: messageId,
      conversationId: conversation.id,
      assigneeId: conversation.assigneeId,
    });
    return {
      duplicate: false,
      messageId,
      conversationId: conversation.id,
      contactId,
      conversationCreated: conversation.created,
    };
  }

  private async findExternal(
    trx: Trx,
    workspaceId: string,
    externalId: string | null | undefined,
  ): Promise<IntakeResult | null> {
    if (!externalId) return null;
    const row = await trx
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select(['m.id', 'm.conversation_id', 'c.contact_id'])
      .where('m.workspace_id', '=', workspaceId)
      .where('m.external_id', '=', externalId)
      .executeTakeFirst();
    return row
      ? {
          duplicate: true,
          messageId: row.id,
          conversationId: row.conversation_id,
          contactId: row.contact_id,
          conversationCreated: false,
        }
      : null;
  }

  /** The conversation of the first stored message among `ids` (in their order), or null. */
  private async answeredConversation(
    trx: Trx,
    workspaceId: string,
    ids: readonly string[],
  ): Promise<string | null> {
    const wanted = ids.slice(0, 50);
    if (wanted.length === 0) return null;
    const rows = await trx
      .selectFrom('messages')
      .select(['external_id', 'conversation_id'])
      .where('workspace_id', '=', workspaceId)
      .where('external_id', 'in', wanted)
      .execute();
    for (const id of wanted) {
      const row = rows.find((r) => r.external_id === id);
      if (row) return row.conversation_id;
    }
    return null;
  }

  /** The thread's conversation when it is the same customer's; reopened when closed. */
  private async continued(
    trx: Trx,
    workspaceId: string,
    conversationId: string,
    contactId: string,
  ) {
    const row = await trx
      .selectFrom('conversations')
      .select(['id', 'assignee_agent_id', 'status'])
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', conversationId)
      .where('contact_id', '=', contactId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      assigneeId: row.assignee_agent_id,
      created: false,
      ...(row.status === 'closed' ? { reopened: true } : {}),
    };
  }

  /**
   * The contact of an address (its own or one merged into it, see contacts/matching.ts), created
   * when there is none (concurrent writers take turns).
   */
  private async contactOf(trx: Trx, workspaceId: string, from: InboundFrom): Promise<string> {
    if (from.kind === 'contact') return from.contactId;
    if (from.kind === 'phone') {
      const phone = normalisePhone(from.phone);
      if (!phone) throw new InboundAddressError(`Not a phone number: ${from.phone}`);
      const held = await contactHoldingPhone(trx, workspaceId, phone)
        .select('id')
        .executeTakeFirst();
      if (held) return held.id;
      await insertPhoneContacts(trx, [{ workspaceId, phone, name: from.name }]);
      const row = await trx
        .selectFrom('contacts')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('phone', '=', phone)
        .executeTakeFirstOrThrow();
      return row.id;
    }
    const email = normaliseEmail(from.email);
    if (!email) throw new InboundAddressError(`Not an email address: ${from.email}`);
    // Emails are not unique among contacts: one writer per address at a time.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`${workspaceId}:${email}`}))`.execute(trx);
    const existing = await trx
      .selectFrom('contacts')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where(holdsEmail(email))
      .orderBy(primaryEmailFirst(email))
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (existing) return existing.id;
    const id = newId();
    await trx
      .insertInto('contacts')
      .values({
        id,
        workspace_id: workspaceId,
        name: from.name?.trim() || email,
        phone: null,
        email,
        avatar_url: null,
        company: null,
        updated_at: new Date(),
      })
      .execute();
    return id;
  }
}

/** The first non-empty line of a body (a new conversation's subject), cut to 80 characters. */
export function firstLine(body: string): string {
  return (body.split('\n').find((l) => l.trim()) ?? '').trim().slice(0, 80);
}
