import { CONTACT_NAMESPACE, VOICE_NAMESPACE } from '../constants';
import { getGlobalProvider } from './global-provider';
import type { ModuleSubscriptionTopic } from './messages';
import type { AmazonConnectProvider } from './provider';
import type { RequestOptions } from './proxy';
import type { SubscriptionHandler } from './subscription-manager';

/**
 * How a client finds its provider: the provider itself, `{provider}`, or nothing (the global
 * provider, resolved on first use).
 * @public
 */
export type ConnectClientConfig =
  AmazonConnectProvider | { provider: AmazonConnectProvider } | undefined;

function resolveProvider(config: ConnectClientConfig): AmazonConnectProvider {
  if (!config) return getGlobalProvider();
  return 'getProxy' in config ? config : config.provider;
}

/**
 * Base of the namespaced clients of the message-port protocol.
 * @public
 */
export class ConnectClient {
  /** A client of `namespace` on the global provider (or `config.provider`). */
  constructor(
    /** The module namespace, e.g. `aws.connect.contact`. */
    readonly namespace: string,
    private readonly config?: ConnectClientConfig,
  ) {}

  /** Sends `command` in this namespace and resolves with the response data. */
  request<T = unknown>(command: string, data?: unknown, options?: RequestOptions): Promise<T> {
    return resolveProvider(this.config)
      .getProxy()
      .request<T>(this.namespace, command, data, options);
  }

  /** Subscribes to a topic of this namespace; returns the unsubscribe function. */
  subscribe<T = unknown>(
    topic: ModuleSubscriptionTopic,
    handler: SubscriptionHandler<T>,
  ): () => void {
    const proxy = resolveProvider(this.config).getProxy();
    const full = { ...topic, namespace: this.namespace };
    proxy.subscribe(full, handler);
    return () => proxy.unsubscribe(full, handler);
  }
}

/**
 * Contact commands and lifecycle topics (namespace `aws.connect.contact`).
 * @public
 */
export class ContactClient extends ConnectClient {
  /** A contact client on the global provider (or `config.provider`). */
  constructor(config?: ConnectClientConfig) {
    super(CONTACT_NAMESPACE, config);
  }

  /** Contact attributes (all, or the named ones). */
  getAttributes(
    contactId: string,
    attributes: string[] | '*' = '*',
  ): Promise<Record<string, unknown>> {
    return this.request('contact/getAttributes', { contactId, attributes });
  }

  /** The contact's type, e.g. `voice`. */
  getType(contactId: string): Promise<string> {
    return this.request('contact/getType', { contactId });
  }

  /** The contact's queue. */
  getQueue(contactId: string): Promise<{ queueARN: string; name: string }> {
    return this.request('contact/getQueue', { contactId });
  }

  /** Accepts an incoming contact. */
  accept(contactId: string): Promise<void> {
    return this.request('contact/accept', { contactId });
  }

  /** Clears a contact in after-call work. */
  clear(contactId: string): Promise<void> {
    return this.request('contact/clear', { contactId });
  }

  /** `contact/connected` (for one contact when `contactId` is given). */
  onConnected(handler: SubscriptionHandler<{ contactId: string }>, contactId?: string): () => void {
    return this.subscribe(
      { key: 'contact/connected', ...(contactId ? { parameter: contactId } : {}) },
      handler,
    );
  }

  /** `contact/incoming`. */
  onIncoming(handler: SubscriptionHandler<{ contactId: string }>, contactId?: string): () => void {
    return this.subscribe(
      { key: 'contact/incoming', ...(contactId ? { parameter: contactId } : {}) },
      handler,
    );
  }

  /** `contact/acw` (after-call work starts). */
  onStartingAcw(
    handler: SubscriptionHandler<{ contactId: string }>,
    contactId?: string,
  ): () => void {
    return this.subscribe(
      { key: 'contact/acw', ...(contactId ? { parameter: contactId } : {}) },
      handler,
    );
  }

  /** `contact/destroy`. */
  onDestroyed(handler: SubscriptionHandler<{ contactId: string }>, contactId?: string): () => void {
    return this.subscribe(
      { key: 'contact/destroy', ...(contactId ? { parameter: contactId } : {}) },
      handler,
    );
  }
}

/**
 * Voice commands and topics (namespace `aws.connect.voice`).
 * @public
 */
export class VoiceClient extends ConnectClient {
  /** A voice client on the global provider (or `config.provider`). */
  constructor(config?: ConnectClientConfig) {
    super(VOICE_NAMESPACE, config);
  }

  /** Places an outbound call. */
  createOutboundCall(
    phoneNumber: string,
    options?: { queueARN?: string; relatedContactId?: string },
  ): Promise<{ contactId?: string }> {
    return this.request('voice/createOutboundCall', { phoneNumber, options });
  }

  /** Puts a participant on hold. */
  holdParticipant(participantId: string): Promise<void> {
    return this.request('voice/holdParticipant', { participantId });
  }

  /** Resumes a participant. */
  resumeParticipant(participantId: string): Promise<void> {
    return this.request('voice/resumeParticipant', { participantId });
  }

  /** `voice/participantHold`. */
  onParticipantHold(
    handler: SubscriptionHandler<{ contactId: string; participantId: string }>,
    contactId?: string,
  ): () => void {
    return this.subscribe(
      { key: 'voice/participantHold', ...(contactId ? { parameter: contactId } : {}) },
      handler,
    );
  }

  /** `voice/participantResume`. */
  onParticipantResume(
    handler: SubscriptionHandler<{ contactId: string; participantId: string }>,
    contactId?: string,
  ): () => void {
    return this.subscribe(
      { key: 'voice/participantResume', ...(contactId ? { parameter: contactId } : {}) },
      handler,
    );
  }
}
