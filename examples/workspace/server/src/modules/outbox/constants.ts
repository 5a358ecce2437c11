// Constants of the send queue of replies.

export const OUTBOX_DEFAULTS = {
  /** Jobs claimed per pass. */
  batchSize: 20,
  /** How long a claimed job is held before another worker may take it (its worker died). */
  leaseMs: 30_000,
  /** Pause between passes when the queue is empty (a reply in this process wakes it). */
  idleMs: 1_000,
  /** Attempts before a message fails with the provider's last reason. */
  maxAttempts: 6,
  /** Backoff of retryable errors: base × 2^(attempt-1), full jitter, capped. */
  backoffBaseMs: 1_000,
  backoffMaxMs: 60_000,
} as const;

/** Order of the forward states: a receipt never moves a message back. */
export const DELIVERY_RANK: Record<string, number> = {
  queued: 0,
  sent: 1,
  delivered: 2,
  read: 3,
};

export const OUTBOX_MESSAGES = {
  /** Only a failed reply can be retried. */
  notFailed: 'Only a failed message can be sent again.',
  gaveUp: (reason: string) => `Gave up after several attempts: ${reason}`,
  /** A send cut off by a server stop, on a channel whose provider cannot tell a repeat. */
  interrupted:
    'Sending was interrupted, so the customer may or may not have received this message. Retry sends it again.',
} as const;

/**
 * Channels whose provider cannot recognise a repeated send (Twilio and the WhatsApp Cloud API take
 * no idempotency key): a send interrupted mid-call is not repeated without the agent. Email
 * carries its Message-ID (a mailbox drops the repeat) and web chat is ours.
 */
export const NO_PROVIDER_DEDUPE: ReadonlySet<string> = new Set(['sms', 'whatsapp']);
