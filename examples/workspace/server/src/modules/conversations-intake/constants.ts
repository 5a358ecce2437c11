// Constants of the inbound path.

/** Conversation statuses an inbound message joins (else it starts a new conversation). */
// A customer's message continues their open, pending or snoozed conversation (and wakes it).
export const REOPENABLE_STATUSES = ['open', 'pending', 'snoozed'] as const;

/** The longest preview a conversation keeps of its last message. */
export const PREVIEW_LENGTH = 200;

/** The longest inbound message body stored (longer bodies are cut, never refused). */
export const MAX_INBOUND_BODY = 20_000;

/** The inbound queue's drainer (see inbound-queue.ts). */
export const INBOUND_QUEUE = {
  /** Rows applied in one transaction. */
  batchSize: 500,
  /** Webhooks that wait for their rows at once; past this a webhook answers once queued. */
  maxWaiting: 2,
  /** The longest a webhook waits for its row to be applied before it answers anyway. */
  answerWaitMs: 5_000,
  /** How often an idle drainer looks for rows (other processes' inserts, retries). */
  pollMs: 1_000,
  /** How soon a drainer looks again when another process holds the drain lock. */
  busyRetryMs: 50,
  /** Attempts before a row is kept as failed. */
  maxAttempts: 8,
  backoffBaseMs: 1_000,
  backoffMaxMs: 5 * 60_000,
  /** How long a drainer may take to store a message's files before another takes them over. */
  mediaLeaseMs: 5 * 60_000,
  /** The transaction-level advisory lock one drainer at a time holds. */
  lockKey: 23_0014,
} as const;

/** How long a channel address → workspace answer is reused (other processes' changes show after it). */
export const CHANNEL_ADDRESS_CACHE_MS = 2_000;
