// The outbox's rules: a reply is queued with its message in one transaction; a delivery state
// (the worker's outcome, a provider's receipt, the widget's report) moves the message forward and
// announces it; a failed message can be queued again from the composer.
import type { Services } from '../../lib/context';
import { ApiError } from '../../lib/errors';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { OUTBOX_MESSAGES } from './constants';
import { OutboxRepository } from './repository';

export class OutboxService {
  private readonly repo: OutboxRepository;

  constructor(private readonly services: Services) {
    this.repo = new OutboxRepository(services.db);
  }

  /** The workspace's address on a channel (Settings → Channels) and whether the channel is on. */
  channelSetting(workspaceId: string, channel: string) {
    return this.repo.channelSetting(workspaceId, channel);
  }

  /** Queues an outbound message's send in the caller's transaction (its status: queued). */
  async enqueue(
    trx: Kysely<Database> | Transaction<Database>,
    job: { workspaceId: string; messageId: string; channel: string },
  ): Promise<void> {
    await this.repo.enqueue(trx, job);
  }

  /**
   * Records a delivery state of an outbound message (by our id, or by the provider's id for
   * receipts) and announces it; answers whether anything changed (a replayed or late receipt
   * changes nothing).
   */
  async applyStatus(
    where: { messageId: string } | { externalId: string },
    change: { status: string; reason: string | null; at: Date; externalId?: string },
  ): Promise<boolean> {
    const row = await this.repo.setStatus(this.services.db, where, change);
    if (!row) return false;
    this.services.bus.publish({
      type: 'message.updated',
      workspaceId: row.workspace_id,
      id: row.id,
      conversationId: row.conversation_id,
    });
    return true;
  }

  /** Queues a failed outbound message again (409 when it has not failed). */
  async retry(workspaceId: string, conversationId: string, messageId: string): Promise<void> {
    const requeued = await this.services.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('messages')
        .set({ status: 'queued', status_reason: null, status_at: new Date() })
        .where('id', '=', messageId)
        .where('workspace_id', '=', workspaceId)
        .where('conversation_id', '=', conversationId)
        .where('status', '=', 'failed')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return false;
      await this.repo.requeue(trx, messageId);
      return true;
    });
    if (!requeued) throw new ApiError(409, 'not_failed', OUTBOX_MESSAGES.notFailed);
    this.services.bus.publish({
      type: 'message.updated',
      workspaceId,
      id: messageId,
      conversationId,
    });
  }
}
