// Notifications: a note's mentions become one notification per mentioned active member (never the
// author), written in the note's own transaction; each recipient alone hears of theirs on the
// event stream and alone reads, lists and marks them (another member's answers 404).
import type { Transaction } from 'kysely';
import { MAX_MENTIONS, mentionedIds, plainNote } from '../../contract/mentions';
import type { NotificationList, NotificationView } from '../../contract/notifications';
import type { Database } from '../../db/schema';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { decodeCursor, encodeCursor } from '../../lib/paging';
import { NOTIFICATION_MESSAGES } from './messages';
import { NotificationRepository } from './repository';

/** Longest preview of the note a notification carries. */
const PREVIEW_LENGTH = 140;

type Row = NonNullable<Awaited<ReturnType<NotificationRepository['find']>>>;

/** A note just written, whose mentions may notify. */
export interface MentionSource {
  readonly workspaceId: string;
  readonly conversationId: string;
  readonly messageId: string;
  readonly authorId: string | null;
  readonly body: string;
  readonly at: Date;
}

/** A notification written, to be announced once its transaction commits. */
export interface Written {
  readonly id: string;
  readonly recipientId: string;
}

export class NotificationService {
  private readonly repo: NotificationRepository;

  constructor(private readonly services: Services) {
    this.repo = new NotificationRepository(services.db);
  }

  /**
   * Writes the notifications of a note's mentions: at most MAX_MENTIONS distinct ids are read;
   * ids that are not active members of this workspace are ignored, and so is the author.
   */
  async writeMentions(trx: Transaction<Database>, note: MentionSource): Promise<Written[]> {
    const ids = mentionedIds(note.body)
      .slice(0, MAX_MENTIONS)
      .filter((id) => id !== note.authorId);
    const recipients = await this.repo.activeMembers(trx, note.workspaceId, ids);
    const rows = recipients.map((recipientId) => ({
      id: newId(),
      workspaceId: note.workspaceId,
      recipientId,
      conversationId: note.conversationId,
      messageId: note.messageId,
      actorId: note.authorId,
      at: note.at,
    }));
    await this.repo.insertMentions(trx, rows);
    return rows.map((r) => ({ id: r.id, recipientId: r.recipientId }));
  }

  /** Tells each recipient (and only them) of their new notification. */
  announce(workspaceId: string, conversationId: string, written: readonly Written[]): void {
    for (const w of written)
      this.services.bus.publish({
        type: 'notification.created',
        workspaceId,
        id: w.id,
        conversationId,
        recipientId: w.recipientId,
      });
  }

  async list(
    access: WorkspaceAccess,
    cursor: string | undefined,
    limit: number,
  ): Promise<NotificationList> {
    const after = decodeCursor(cursor);
    const me = access.agent?.id;
    if (!me) return { notifications: [], page: { nextCursor: null }, unreadCount: 0 };
    const [rows, unreadCount] = await Promise.all([
      this.repo.list(access.workspace.id, me, after, limit + 1),
      this.repo.unreadCount(access.workspace.id, me),
    ]);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      notifications: page.map(view),
      page: {
        nextCursor:
          rows.length > limit && last ? encodeCursor(new Date(last.created_at), last.id) : null,
      },
      unreadCount,
    };
  }

  async markRead(
    access: WorkspaceAccess,
    id: string,
  ): Promise<{ notification: NotificationView; unreadCount: number }> {
    const me = access.agent?.id;
    const missing = () => notFound(NOTIFICATION_MESSAGES.notification);
    if (!me) throw missing();
    if (!(await this.repo.markRead(access.workspace.id, me, id, new Date()))) throw missing();
    const row = await this.repo.find(access.workspace.id, me, id);
    if (!row) throw missing();
    return {
      notification: view(row),
      unreadCount: await this.repo.unreadCount(access.workspace.id, me),
    };
  }

  async markAllRead(access: WorkspaceAccess): Promise<{ unreadCount: number }> {
    const me = access.agent?.id;
    if (me) await this.repo.markAllRead(access.workspace.id, me, new Date());
    return { unreadCount: 0 };
  }
}

function view(r: Row): NotificationView {
  const text = plainNote(r.body).replace(/\s+/g, ' ').trim();
  return {
    id: r.id,
    kind: r.kind,
    actor: r.actor_id
      ? { id: r.actor_id, name: r.actor_name ?? '', avatarURL: r.actor_avatar_url ?? null }
      : null,
    conversation: { id: r.conversation_id, subject: r.subject },
    messageId: r.message_id,
    preview: text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text,
    createdAt: new Date(r.created_at).toISOString(),
    readAt: r.read_at ? new Date(r.read_at).toISOString() : null,
  };
}
