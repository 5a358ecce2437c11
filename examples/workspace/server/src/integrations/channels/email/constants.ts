// Limits of the email channel.
export const EMAIL_LIMITS = {
  /** The largest message the inbound listener accepts (SIZE is advertised; over it: 552). */
  maxMessageBytes: 10 * 1024 * 1024,
  /** Recipients per inbound message considered. */
  maxRecipients: 20,
  /** Concurrent inbound SMTP clients. */
  maxClients: 50,
} as const;

/** Provider ids of email messages: `email:<Message-ID>`. */
export const EMAIL_ID_PREFIX = 'email:';
