// Constants of the inbound path.

/** Conversation statuses an inbound message joins (else it starts a new conversation). */
export const REOPENABLE_STATUSES = ['open', 'pending'] as const;

/** The longest preview a conversation keeps of its last message. */
export const PREVIEW_LENGTH = 200;

/** The longest inbound message body stored (longer bodies are cut, never refused). */
export const MAX_INBOUND_BODY = 20_000;
