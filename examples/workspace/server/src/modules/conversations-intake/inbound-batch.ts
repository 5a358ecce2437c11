// How the inbound queue's drainer applies a batch of rows inside one transaction, in the queue's
// order. Plain messages from phone senders on SMS or WhatsApp go set-based: the senders' contacts
// found and created in one statement each, their open conversations found (and locked) in one,
// the new ones created in one, the messages inserted in one, the conversations' last message set
// in one. A message that needs more (an email thread, a survey answer, an SMS keyword) goes
// through the intake's own per-message step, in its place in the order.
import { sql } from 'kysely';
import type { Channel } from '../../contract/inbox';
import { newId } from '../../lib/ids';
import { REPLY_WINDOW_DAYS } from '../campaigns/constants';
import { holdsPhone } from '../contacts/matching';
import { insertPhoneContacts } from '../contacts/phone-contacts';
import { SURVEY_REPLY_PATTERN } from '../csat/constants';
import type { LiveEvent } from '../live/bus';
import { assigneesByRules } from '../settings/assignment';
import { inboundAddress, linkCampaignReply } from './campaign-reply';
import { PREVIEW_LENGTH, REOPENABLE_STATUSES } from './constants';
import type { Item, ItemOutcome, Trx } from './inbound-rows';
import { applySmsKeyword, isOptKeyword } from './sms-keyword';
import { firstLine, type ConversationIntake, type InboundMessage } from './service';

/** Whether a message can take the set-based path (else the intake's per-message step). */
function simple(message: InboundMessage, body: string): boolean {
  if (message.from.kind !== 'phone') return false;
  if (message.inReplyTo?.length) return false;
  if (message.channel !== 'sms' && message.channel !== 'whatsapp') return false;
  if (SURVEY_REPLY_PATTERN.test(body)) return false;
  return !isOptKeyword(body);
}

/** Applies items in their order: runs of simple ones set-based, the others one by one. */
export async function applyItems(
  trx: Trx,
  intake: ConversationIntake,
  items: readonly Item[],
  events: LiveEvent[],
): Promise<void> {
  const known = await storedAlready(trx, items);
  let run: Item[] = [];
  const flush = async () => {
    if (run.length > 0) await applySimple(trx, run, events);
    run = [];
  };
  for (const item of items) {
    const first = item.message.externalId
      ? known.get(`${item.row.workspace_id}\u0000${item.message.externalId}`)
      : undefined;
    if (first) {
      item.outcome = first;
      continue;
    }
    if (simple(item.message, item.body)) {
      run.push(item);
      continue;
    }
    await flush();
    const result = await intake.storeIn(trx, item.message, events);
    item.outcome = result;
    if (
      !result.duplicate &&
      (item.message.channel === 'sms' || item.message.channel === 'whatsapp') &&
      item.message.from.kind === 'phone'
    )
      events.push(
        ...(await applySmsKeyword(trx, {
          channel: item.message.channel,
          workspaceId: item.row.workspace_id,
          phone: item.message.from.phone,
          body: item.body,
          messageId: result.messageId,
          conversationId: result.conversationId,
        })),
      );
  }
  await flush();
}

/** The messages of these items already stored (replays of applied ones), by workspace and id. */
async function storedAlready(trx: Trx, items: readonly Item[]) {
  const ids = [...new Set(items.map((i) => i.message.externalId).filter((x) => !!x))] as string[];
  const known = new Map<string, ItemOutcome>();
  if (ids.length === 0) return known;
  const rows = await trx
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['m.id', 'm.workspace_id', 'm.external_id', 'm.conversation_id', 'c.contact_id'])
    .where('m.external_id', 'in', ids)
    .execute();
  for (const r of rows)
    known.set(`${r.workspace_id}\u0000${r.external_id}`, {
      duplicate: true,
      messageId: r.id,
      conversationId: r.conversation_id,
      contactId: r.contact_id,
    });
  return known;
}

const phoneOf = (item: Item) => (item.message.from as { phone: string }).phone;
const nameOf = (item: Item) => (item.message.from as { name?: string | null }).name;

/** A conversation of the batch: found open, or created by it. */
interface BatchConversation {
  id: string;
  workspaceId: string;
  assigneeId: string | null;
  created: boolean;
  /** When the batch's latest message in it was stored (keeps its messages in order). */
  last: Date;
}

/** Set-based: phone senders on SMS/WhatsApp with plain messages (no thread, survey, keyword). */
async function applySimple(trx: Trx, items: Item[], events: LiveEvent[]): Promise<void> {
  const workspaces = [...new Set(items.map((i) => i.row.workspace_id))];
  const contactOf = await batchContacts(trx, items, workspaces);
  const conversationKey = (item: Item) => `${contactOf(item)}\u0000${item.message.channel}`;
  const conversations = await batchConversations(trx, items, workspaces, contactOf);
  await insertMessages(trx, items, (item) => conversations.get(conversationKey(item))!, contactOf);
  await linkBatchReplies(trx, items, workspaces);
  await setLastMessages(trx, items);
  for (const c of conversations.values())
    if (c.created)
      events.push({
        type: 'conversation.updated',
        workspaceId: c.workspaceId,
        id: c.id,
        conversationId: c.id,
        assigneeId: c.assigneeId,
      });
  for (const item of items) {
    const conversation = conversations.get(conversationKey(item))!;
    events.push({
      type: 'message.created',
      workspaceId: item.row.workspace_id,
      id: item.outcome!.messageId,
      conversationId: conversation.id,
      assigneeId: conversation.assigneeId,
    });
  }
}

/**
 * The senders' contacts: found by number (their own, else one merged into them, as
 * contacts/matching.ts reads it), the missing ones created in one statement. Answers each item's
 * contact id.
 */
async function batchContacts(
  trx: Trx,
  items: readonly Item[],
  workspaces: readonly string[],
): Promise<(item: Item) => string> {
  const contactKey = (ws: string, phone: string) => `${ws}\u0000${phone}`;
  const contacts = new Map<string, string>();
  const findContacts = async (phones: string[]) => {
    const found = await trx
      .selectFrom('contacts')
      .select(['id', 'workspace_id', 'phone', 'other_phones'])
      .where('workspace_id', 'in', workspaces)
      .where(holdsPhone(phones))
      .orderBy('created_at')
      .execute();
    for (const c of found) if (c.phone) contacts.set(contactKey(c.workspace_id, c.phone), c.id);
    for (const c of found)
      for (const other of c.other_phones) {
        const key = contactKey(c.workspace_id, other);
        if (!contacts.has(key)) contacts.set(key, c.id);
      }
  };
  await findContacts([...new Set(items.map(phoneOf))]);
  const newContacts = new Map<string, Item>();
  for (const item of items) {
    const key = contactKey(item.row.workspace_id, phoneOf(item));
    if (!contacts.has(key) && !newContacts.has(key)) newContacts.set(key, item);
  }
  if (newContacts.size > 0) {
    await insertPhoneContacts(
      trx,
      [...newContacts.values()].map((item) => ({
        workspaceId: item.row.workspace_id,
        phone: phoneOf(item),
        name: nameOf(item),
      })),
    );
    await findContacts([...new Set([...newContacts.values()].map(phoneOf))]);
  }
  return (item) => contacts.get(contactKey(item.row.workspace_id, phoneOf(item)))!;
}

/**
 * Each sender's latest open conversation on the channel (locked), else a new one assigned by the
 * workspace's rules (asked once per workspace and channel for all its new conversations).
 * Answers them by contact and channel.
 */
async function batchConversations(
  trx: Trx,
  items: readonly Item[],
  workspaces: readonly string[],
  contactOf: (item: Item) => string,
): Promise<Map<string, BatchConversation>> {
  const conversationKey = (item: Item) => `${contactOf(item)}\u0000${item.message.channel}`;
  const open = await trx
    .selectFrom('conversations')
    .select(['id', 'workspace_id', 'contact_id', 'channel', 'assignee_agent_id', 'last_message_at'])
    .where('workspace_id', 'in', workspaces)
    .where('contact_id', 'in', [...new Set(items.map(contactOf))])
    .where('status', 'in', [...REOPENABLE_STATUSES])
    .orderBy('last_message_at', 'desc')
    .orderBy('id', 'desc')
    .forUpdate()
    .execute();
  const conversations = new Map<string, BatchConversation>();
  for (const c of open) {
    const key = `${c.contact_id}\u0000${c.channel}`;
    if (!conversations.has(key))
      conversations.set(key, {
        id: c.id,
        workspaceId: c.workspace_id,
        assigneeId: c.assignee_agent_id,
        created: false,
        last: new Date(0),
      });
  }
  const fresh = new Map<string, Item>();
  for (const item of items) {
    const key = conversationKey(item);
    if (!conversations.has(key) && !fresh.has(key)) fresh.set(key, item);
  }
  const groups = new Map<string, Item[]>();
  for (const item of fresh.values()) {
    const group = `${item.row.workspace_id}\u0000${item.message.channel}`;
    groups.set(group, [...(groups.get(group) ?? []), item]);
  }
  const created: {
    id: string;
    workspace_id: string;
    contact_id: string;
    channel: Channel;
    subject: string;
    status: 'open';
    assignee_agent_id: string | null;
    last_message_at: Date;
    last_message_preview: string;
    created_at: Date;
    updated_at: Date;
  }[] = [];
  for (const group of groups.values()) {
    const first = group[0]!;
    const assignees = await assigneesByRules(
      trx,
      first.row.workspace_id,
      first.message.channel,
      group.length,
    );
    for (const [i, item] of group.entries()) {
      const id = newId();
      const assigneeId = assignees[i] ?? null;
      conversations.set(conversationKey(item), {
        id,
        workspaceId: item.row.workspace_id,
        assigneeId,
        created: true,
        last: new Date(0),
      });
      created.push({
        id,
        workspace_id: item.row.workspace_id,
        contact_id: contactOf(item),
        channel: item.message.channel,
        subject: firstLine(item.body).slice(0, 200),
        status: 'open',
        assignee_agent_id: assigneeId,
        last_message_at: item.at,
        last_message_preview: '',
        created_at: item.at,
        updated_at: item.at,
      });
    }
  }
  if (created.length > 0) await trx.insertInto('conversations').values(created).execute();
  return conversations;
}

/**
 * The messages, in the queue's order: within a conversation each is after the one before. Sets
 * each item's outcome; throws when another writer stored one of them first (the batch then goes
 * again row by row).
 */
async function insertMessages(
  trx: Trx,
  items: readonly Item[],
  conversationOf: (item: Item) => BatchConversation,
  contactOf: (item: Item) => string,
): Promise<void> {
  const rows = items.map((item) => {
    const conversation = conversationOf(item);
    if (item.at.getTime() <= conversation.last.getTime())
      item.at = new Date(conversation.last.getTime() + 1);
    conversation.last = item.at;
    const messageId = newId();
    item.outcome = {
      duplicate: false,
      messageId,
      conversationId: conversation.id,
      contactId: contactOf(item),
    };
    return {
      id: messageId,
      workspace_id: item.row.workspace_id,
      conversation_id: conversation.id,
      kind: 'message' as const,
      direction: 'inbound' as const,
      author_agent_id: null,
      body: item.body,
      created_at: item.at,
      status: 'received' as const,
      status_at: item.at,
      external_id: item.message.externalId ?? null,
    };
  });
  const inserted = await trx
    .insertInto('messages')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['workspace_id', 'external_id']).where('external_id', 'is not', null).doNothing(),
    )
    .returning('id')
    .execute();
  if (inserted.length !== rows.length) throw new Error('an inbound message was stored twice');
}

/** Campaign replies: one lookup for the batch, linked per message only where one matches. */
async function linkBatchReplies(
  trx: Trx,
  items: readonly Item[],
  workspaces: readonly string[],
): Promise<void> {
  const addresses = [...new Set(items.map((i) => inboundAddress(i.message.from)!))];
  const earliest = Math.min(...items.map((i) => i.at.getTime()));
  const since = new Date(earliest - REPLY_WINDOW_DAYS * 86_400_000);
  const sent = await sql<{ workspace_id: string; address: string; channel: string }>`
    SELECT DISTINCT m.workspace_id, m.address, c.channel
    FROM campaign_messages m JOIN campaigns c ON c.id = m.campaign_id
    WHERE m.workspace_id IN (${sql.join(workspaces)}) AND m.address IN (${sql.join(addresses)})
      AND m.sent_at >= ${since} AND m.status = 'sent'`.execute(trx);
  const answering = new Set(
    sent.rows.map((r) => `${r.workspace_id}\u0000${r.address}\u0000${r.channel}`),
  );
  for (const item of items)
    if (
      answering.has(`${item.row.workspace_id}\u0000${phoneOf(item)}\u0000${item.message.channel}`)
    )
      await linkCampaignReply(trx, {
        workspaceId: item.row.workspace_id,
        channel: item.message.channel,
        address: phoneOf(item),
        conversationId: item.outcome!.conversationId,
        body: item.body,
        at: item.at,
      });
}

/** Each conversation's last message (and reopens it), in one statement. */
async function setLastMessages(trx: Trx, items: readonly Item[]): Promise<void> {
  const latest = new Map<string, Item>();
  for (const item of items) latest.set(item.outcome!.conversationId, item);
  const values = [...latest.entries()].map(
    ([id, item]) =>
      sql`(${id}, ${item.at.toISOString()}::timestamptz, ${item.body.slice(0, PREVIEW_LENGTH)})`,
  );
  await sql`UPDATE conversations c
    SET status = 'open', snoozed_until = NULL, last_message_at = greatest(c.last_message_at, v.at),
      last_message_preview = v.preview, updated_at = now()
    FROM (VALUES ${sql.join(values)}) AS v(id, at, preview)
    WHERE c.id = v.id`.execute(trx);
}
