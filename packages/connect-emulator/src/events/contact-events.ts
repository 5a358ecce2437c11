import { createHash } from 'node:crypto';
import { EventEmitter } from 'eventemitter3';
import type { CONTACT_EVENT_TYPES } from '../constants';
import { CONTACT_EVENT_DETAIL_TYPE, CONTACT_EVENT_SOURCE } from '../constants';

/** A contact event type. */
export type ContactEventType = (typeof CONTACT_EVENT_TYPES)[number];

/** The instance the events come from. */
export interface ContactEventInstance {
  instanceId: string;
  region: string;
  accountId: string;
}

/** The state of a contact as the domain reports it (times in epoch ms). */
export interface ContactEventSnapshot {
  contactId: string;
  initialContactId?: string;
  previousContactId?: string;
  relatedContactId?: string;
  channel: 'VOICE' | 'CHAT' | 'TASK' | 'EMAIL';
  initiationMethod: string;
  initiationMs: number;
  connectedToSystemMs?: number;
  queueId?: string;
  queueType?: 'STANDARD' | 'AGENT';
  enqueueMs?: number;
  agentId?: string;
  connectedToAgentMs?: number;
  disconnectMs?: number;
  disconnectReason?: string;
  /** True once the contact is fully over (after After Contact Work, if any). */
  completed?: boolean;
  attributes?: Readonly<Record<string, string>>;
  systemEndpoint?: string;
}

/** An EventBridge "Amazon Connect Contact Event". */
export interface ContactEvent {
  version: '0';
  id: string;
  'detail-type': typeof CONTACT_EVENT_DETAIL_TYPE;
  source: typeof CONTACT_EVENT_SOURCE;
  account: string;
  time: string;
  region: string;
  resources: [string, string];
  detail: Record<string, unknown> & { eventType: ContactEventType; contactId: string };
}

/** A published event with its position in the hub's stream. */
export interface PublishedContactEvent {
  /** Position in the stream (1, 2, …), the SSE id. */
  seq: number;
  event: ContactEvent;
}

/** A deterministic UUID (v5 layout) from a name, so a re-sent event keeps its id. */
export function stableEventId(name: string): string {
  const hex = createHash('sha1').update(`connect-emulator/contact-event/${name}`).digest('hex');
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

const iso = (ms: number) => new Date(ms).toISOString();
const isoSeconds = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/** Builds the EventBridge envelope for one contact event. */
export function buildContactEvent(
  instance: ContactEventInstance,
  type: ContactEventType,
  contact: ContactEventSnapshot,
  options: { seqForContact: number; timeMs: number; updatedProperties?: string[] },
): ContactEvent {
  const instanceArn = `arn:aws:connect:${instance.region}:${instance.accountId}:instance/${instance.instanceId}`;
  const detail: ContactEvent['detail'] = {
    eventType: type,
    contactId: contact.contactId,
    initialContactId: contact.initialContactId ?? contact.contactId,
    channel: contact.channel,
    instanceArn,
    initiationMethod: contact.initiationMethod,
    initiationTimestamp: iso(contact.initiationMs),
    tags: {
      'aws:connect:instanceId': instance.instanceId,
      ...(contact.systemEndpoint === undefined
        ? {}
        : { 'aws:connect:systemEndpoint': contact.systemEndpoint }),
    },
  };
  if (contact.previousContactId !== undefined) detail.previousContactId = contact.previousContactId;
  if (contact.relatedContactId !== undefined) detail.relatedContactId = contact.relatedContactId;
  if (contact.connectedToSystemMs !== undefined)
    detail.connectedToSystemTimestamp = iso(contact.connectedToSystemMs);
  if (contact.disconnectMs !== undefined) detail.disconnectTimestamp = iso(contact.disconnectMs);
  if (contact.disconnectReason !== undefined) detail.disconnectReason = contact.disconnectReason;
  if (contact.agentId !== undefined) {
    detail.agentInfo = {
      agentArn: `${instanceArn}/agent/${contact.agentId}`,
      ...(contact.connectedToAgentMs === undefined
        ? {}
        : { connectedToAgentTimestamp: iso(contact.connectedToAgentMs) }),
    };
  }
  if (contact.queueId !== undefined && contact.initiationMethod !== 'OUTBOUND') {
    detail.queueInfo = {
      queueArn: `${instanceArn}/queue/${contact.queueId}`,
      queueType: contact.queueType ?? 'STANDARD',
      ...(contact.enqueueMs === undefined ? {} : { enqueueTimestamp: iso(contact.enqueueMs) }),
    };
  }
  if (options.updatedProperties !== undefined) detail.updatedProperties = options.updatedProperties;
  return {
    version: '0',
    id: stableEventId(
      `${instance.instanceId}/${contact.contactId}/${options.seqForContact}/${type}`,
    ),
    'detail-type': CONTACT_EVENT_DETAIL_TYPE,
    source: CONTACT_EVENT_SOURCE,
    account: instance.accountId,
    time: isoSeconds(options.timeMs),
    region: instance.region,
    resources: [`${instanceArn}/contact/${contact.contactId}`, instanceArn],
    detail,
  };
}

/** Events of {@link ContactEventHub}. */
export interface ContactEventHubEvents {
  event: (published: PublishedContactEvent) => void;
}

/** Options of {@link ContactEventHub}. */
export interface ContactEventHubOptions {
  instance: ContactEventInstance;
  now?: () => number;
  /** Events kept for replay (SSE `Last-Event-ID`, control API). */
  bufferSize?: number;
}

interface Tracked {
  seq: number;
  snapshot: ContactEventSnapshot;
  sent: Set<ContactEventType>;
}

/**
 * Turns successive contact snapshots from the domain into contact events (INITIATED, QUEUED,
 * CONNECTED_TO_AGENT, CONTACT_DATA_UPDATED, DISCONNECTED, COMPLETED), in order per contact,
 * and publishes them to subscribers (webhooks, SSE).
 */
export class ContactEventHub extends EventEmitter<ContactEventHubEvents> {
  private readonly tracked = new Map<string, Tracked>();
  private readonly buffer: PublishedContactEvent[] = [];
  private seq = 0;
  private readonly now: () => number;
  private readonly bufferSize: number;

  constructor(private readonly options: ContactEventHubOptions) {
    super();
    this.now = options.now ?? Date.now;
    this.bufferSize = options.bufferSize ?? 10_000;
  }

  /** Subscribes to published events; returns the unsubscribe function. */
  onEvent(handler: (published: PublishedContactEvent) => void): () => void {
    this.on('event', handler);
    return () => this.off('event', handler);
  }

  /** Events after the given stream position (for replay), optionally for one contact. */
  since(seq: number, contactId?: string): PublishedContactEvent[] {
    return this.buffer.filter(
      (p) => p.seq > seq && (contactId === undefined || p.event.detail.contactId === contactId),
    );
  }

  /** Observes the current state of a contact and publishes the events it implies. */
  observe(contact: ContactEventSnapshot): PublishedContactEvent[] {
    const out: PublishedContactEvent[] = [];
    let tracked = this.tracked.get(contact.contactId);
    const emit = (type: ContactEventType, updatedProperties?: string[]) => {
      const t = tracked!;
      t.seq += 1;
      const event = buildContactEvent(this.options.instance, type, contact, {
        seqForContact: t.seq,
        timeMs: this.now(),
        ...(updatedProperties === undefined ? {} : { updatedProperties }),
      });
      t.sent.add(type);
      const published = { seq: ++this.seq, event };
      this.buffer.push(published);
      if (this.buffer.length > this.bufferSize) this.buffer.shift();
      out.push(published);
    };
    if (tracked === undefined) {
      tracked = { seq: 0, snapshot: contact, sent: new Set() };
      this.tracked.set(contact.contactId, tracked);
      emit('INITIATED');
    } else {
      const before = tracked.snapshot.attributes ?? {};
      const after = contact.attributes ?? {};
      const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
      if ([...keys].some((k) => before[k] !== after[k]))
        emit('CONTACT_DATA_UPDATED', ['Attributes']);
    }
    tracked.snapshot = contact;
    if (contact.enqueueMs !== undefined && !tracked.sent.has('QUEUED')) emit('QUEUED');
    if (contact.connectedToAgentMs !== undefined && !tracked.sent.has('CONNECTED_TO_AGENT'))
      emit('CONNECTED_TO_AGENT');
    if (contact.disconnectMs !== undefined && !tracked.sent.has('DISCONNECTED'))
      emit('DISCONNECTED');
    if (contact.completed === true && !tracked.sent.has('COMPLETED')) {
      emit('COMPLETED');
      this.tracked.delete(contact.contactId);
    }
    for (const published of out) this.emit('event', published);
    return out;
  }
}
