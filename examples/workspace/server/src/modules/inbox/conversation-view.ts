// The inbox's conversation summaries as the API answers them: a conversation row with its
// contact's display name, its assignee and its tags.
import type { ConversationSummary } from '../../contract/inbox';
import { displayName } from '../../lib/links';
import type { ConversationRow } from './conversation-access';
import type { InboxRepository } from './repository';

/** Summaries of conversation rows, in their order (one query for all their tags). */
export async function conversationSummaries(
  repo: InboxRepository,
  rows: readonly ConversationRow[],
  country: string | null,
): Promise<ConversationSummary[]> {
  const tags = await repo.tagsOf(rows.map((r) => r.id));
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
