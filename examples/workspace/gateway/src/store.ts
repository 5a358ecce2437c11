// What the gateway holds in memory: every message both ways on every channel (as the customer
// page shows it), the media it serves, and the change feed the page listens to.
import { createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';

/** A random id of `n` digits (Graph object ids are digit strings). */
export function digitsId(n = 16): string {
  const bytes = randomBytes(n);
  let id = String((bytes[0]! % 9) + 1);
  for (let i = 1; i < n; i++) id += String(bytes[i]! % 10);
  return id;
}

/** A random hex string of `bytes` bytes. */
export function hex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/** A channel of the gateway. */
export type Channel = 'sms' | 'whatsapp' | 'email';

/** One status a message went through, with when. */
export interface StatusStep {
  readonly status: string;
  readonly at: string;
}

/** An attachment of a message, served by the gateway (or a link the sender gave). */
export interface MediaRef {
  readonly url: string;
  readonly contentType: string;
  readonly filename?: string;
}

/**
 * A message as the customer side sees it. `inbound` is customer → workspace, `outbound` is
 * workspace → customer (sent through the provider API or the SMTP relay).
 */
export interface ChannelMessage {
  readonly channel: Channel;
  /** The provider's id: a Twilio SID, a wamid, or an email Message-ID (with `<>`). */
  readonly id: string;
  readonly direction: 'inbound' | 'outbound';
  /** The customer's address: E.164 for SMS and WhatsApp, the lowercased email address. */
  readonly customer: string;
  /** The workspace's side: the business number or the workspace's email address. */
  readonly business: string;
  text: string;
  readonly subject?: string;
  /** The email's threading headers. */
  readonly inReplyTo?: string;
  readonly references?: readonly string[];
  /** A WhatsApp template's name, when the message is one. */
  readonly template?: string;
  /** Replaced by the gateway's own copies once linked media are fetched. */
  media: readonly MediaRef[];
  status: string;
  readonly statuses: StatusStep[];
  error?: { code: number; message: string };
  readonly createdAt: string;
  /** For inbound messages: what the workspace's webhook (or SMTP listener) answered. */
  webhookStatus?: number | string;
}

/** A stored media object. */
export interface StoredMedia {
  readonly id: string;
  readonly bytes: Buffer;
  readonly contentType: string;
  readonly filename?: string;
  readonly sha256: string;
}

interface StoreEvents {
  message: [ChannelMessage];
}

/** The gateway's in-memory state of messages and media, with a change feed. */
export class GatewayStore {
  private readonly messages = new Map<string, ChannelMessage>();
  private readonly media = new Map<string, StoredMedia>();
  /** Emits `message` with every added or changed message. */
  readonly events = new EventEmitter<StoreEvents>();

  constructor() {
    // One listener per open customer page.
    this.events.setMaxListeners(0);
  }

  /** Mail is keyed per mailbox too: one Message-ID may reach several customers. */
  private key(channel: Channel, id: string, customer?: string): string {
    return channel === 'email' ? `email:${customer ?? ''}:${id}` : `${channel}:${id}`;
  }

  /** Adds a message (its first status is in `status`). */
  add(
    message: Omit<ChannelMessage, 'statuses' | 'createdAt'> & { createdAt?: string },
  ): ChannelMessage {
    const createdAt = message.createdAt ?? new Date().toISOString();
    const stored: ChannelMessage = {
      ...message,
      createdAt,
      statuses: [{ status: message.status, at: createdAt }],
    };
    this.messages.set(this.key(message.channel, message.id, message.customer), stored);
    this.events.emit('message', stored);
    return stored;
  }

  get(channel: Channel, id: string, customer?: string): ChannelMessage | undefined {
    return this.messages.get(this.key(channel, id, customer));
  }

  /** Moves a message to a new status (recorded in its history) and publishes the change. */
  setStatus(
    message: ChannelMessage,
    status: string,
    error?: { code: number; message: string },
  ): void {
    message.status = status;
    message.statuses.push({ status, at: new Date().toISOString() });
    if (error) message.error = error;
    this.events.emit('message', message);
  }

  /** Publishes a change made to a message in place (a redacted body, a webhook's answer). */
  changed(message: ChannelMessage): void {
    this.events.emit('message', message);
  }

  /** Messages of a channel, oldest first, optionally of one customer. */
  list(channel: Channel, customer?: string): ChannelMessage[] {
    return [...this.messages.values()].filter(
      (m) => m.channel === channel && (customer === undefined || m.customer === customer),
    );
  }

  /** Removes a message (Twilio's DELETE). */
  delete(channel: Channel, id: string): boolean {
    return this.messages.delete(this.key(channel, id));
  }

  /** Stores bytes under `id` (default: 16 random digits, a Graph-style media id). */
  putMedia(bytes: Buffer, contentType: string, filename?: string, id = digitsId()): StoredMedia {
    const media: StoredMedia = {
      id,
      bytes,
      contentType,
      sha256: createHash('sha256').update(bytes).digest('base64'),
      ...(filename ? { filename } : {}),
    };
    this.media.set(id, media);
    return media;
  }

  getMedia(id: string): StoredMedia | undefined {
    return this.media.get(id);
  }
}
