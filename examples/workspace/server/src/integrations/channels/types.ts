// What the channels' adapters share. An adapter knows its provider's wire format (Twilio, the
// WhatsApp Cloud API, SMTP, the web-chat widget) and nothing of conversations; the intake
// (modules/conversations-intake) and the outbox (modules/outbox) know conversations and nothing
// of any provider. They meet on these types.

/** The channels a message can travel on (voice is the contact centre's). */
export type MessagingChannel = 'chat' | 'email' | 'sms' | 'whatsapp';

/** One reply handed to an adapter. */
export interface OutboundSend {
  /** The message id: sending it again must not deliver twice where the provider allows it. */
  readonly idempotencyKey: string;
  readonly workspaceId: string;
  readonly channel: MessagingChannel;
  /** The workspace's address on the channel (its number or support address). */
  readonly from: string;
  /** The customer's address: E.164 number, email address, or web-chat contact id. */
  readonly to: string;
  readonly body: string;
  /** Email: the subject of the thread. */
  readonly subject: string | null;
  /** The provider ids of earlier messages of the thread, oldest first (email threading). */
  readonly thread: readonly string[];
  /** The conversation's key for replies (email Reply-To, survey links); opaque to the adapter. */
  readonly threadKey: string;
  /** WhatsApp: send as this approved template (the body is its rendered text). */
  readonly template?: TemplateSend | null;
  /** The reply's files (already checked for size and type when uploaded). */
  readonly attachments?: readonly OutboundAttachment[];
}

/** A file of a reply, as an adapter sends it. */
export interface OutboundAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly size: number;
  /**
   * A public URL of the file that the provider fetches (MMS MediaUrl, WhatsApp `link`): signed and
   * expiring; null when the server has no public origin.
   */
  readonly url: string | null;
  /** The bytes (email attaches them). */
  read(): Promise<Buffer>;
}

/** A template reply: the template's name and language, and its body variables' values in order. */
export interface TemplateSend {
  readonly name: string;
  readonly language: string;
  readonly parameters: readonly string[];
}

/** An approved message template a channel offers (WhatsApp). */
export interface MessageTemplate {
  readonly name: string;
  readonly language: string;
  readonly category: string;
  readonly header: string | null;
  /** The body with its positional variables `{{1}}`, `{{2}}`… */
  readonly body: string;
  readonly footer: string | null;
  /** How many body variables the template has. */
  readonly variables: number;
}

/** The delivery states a provider reports. */
export type ReceiptStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** What an adapter answered for one send. */
export type SendResult =
  | {
      readonly ok: true;
      /** The provider's id of the message, namespaced (`sms:SM…`, `email:<id@host>`). */
      readonly providerMessageId: string;
      /** The state the message is in once the provider accepted it. */
      readonly status: ReceiptStatus;
    }
  | {
      readonly ok: false;
      /** 429, 5xx, a network error: the outbox tries again later; else the message fails. */
      readonly retryable: boolean;
      /** The provider's reason, shown to the agent ("21610: Attempt to send to unsubscribed recipient"). */
      readonly reason: string;
      /** The provider's Retry-After, when it gave one. */
      readonly retryAfterMs?: number;
    };

/** A delivery receipt: a provider's status callback, parsed. */
export interface Receipt {
  readonly providerMessageId: string;
  readonly status: ReceiptStatus;
  readonly reason: string | null;
  readonly at: Date;
}

/** An adapter's sending side. */
export interface ChannelAdapter {
  readonly channel: MessagingChannel;
  /** Whether the server holds what the provider needs (credentials, relay URL). */
  readonly connected: boolean;
  send(message: OutboundSend): Promise<SendResult>;
  /** The approved templates (WhatsApp); channels without templates do not have this. */
  templates?(): Promise<readonly MessageTemplate[]>;
}
