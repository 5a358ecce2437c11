// What the campaign sender needs from a channel provider (WhatsApp, email or SMS gateway).

/** One message handed to a provider. */
export interface OutboundMessage {
  /**
   * Sending the same key again must not deliver again: the provider answers the first outcome.
   * (The campaign queue uses the message row id, so a send resumed after a crash is idempotent.)
   */
  readonly idempotencyKey: string;
  readonly workspaceId: string;
  readonly channel: 'whatsapp' | 'email' | 'sms';
  /** E.164 phone number (WhatsApp, SMS) or email address. */
  readonly address: string;
  readonly subject: string | null;
  readonly body: string;
}

/** What the provider answered for one message. */
export type SendOutcome =
  | {
      readonly idempotencyKey: string;
      readonly accepted: true;
      readonly providerMessageId: string;
      readonly acceptedAt: Date;
      /** Receipts known so far (the sandbox knows them at once; dates may lie ahead). */
      readonly deliveredAt: Date | null;
      readonly failedAt: Date | null;
      readonly repliedAt: Date | null;
      readonly error: string | null;
    }
  | {
      readonly idempotencyKey: string;
      readonly accepted: false;
      /** Rejected for good (bad address): the message fails without retry. */
      readonly error: string;
    };

/** A channel provider: sends a batch and answers one outcome per message, in order. */
export interface ChannelProvider {
  readonly name: string;
  send(messages: readonly OutboundMessage[]): Promise<SendOutcome[]>;
}
