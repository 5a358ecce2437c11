import { randomUUID } from 'node:crypto';
import {
  CHAT_EVENTS,
  CHAT_TRANSCRIPT_DEFAULT_PAGE,
  MAX_CHAT_ITEMS,
  MAX_CHAT_SESSIONS,
} from '../constants';
import type { ContactCentre } from '../domain/contact-centre';
import type { ContactRecord } from '../domain/records';

/** A chat participant's role (`ParticipantRole`). */
export type ChatRole = 'CUSTOMER' | 'AGENT' | 'SYSTEM';

/** One item of a chat (the Participant Service's `Item`, as the web socket and GetTranscript carry it). */
export interface ChatItem {
  readonly AbsoluteTime: string;
  readonly Id: string;
  readonly Type: 'MESSAGE' | 'EVENT' | 'ATTACHMENT' | 'MESSAGEMETADATA' | 'CONNECTION_ACK';
  readonly ContentType?: string;
  readonly Content?: string;
  readonly ParticipantId?: string;
  readonly DisplayName?: string;
  readonly ParticipantRole?: ChatRole;
  readonly InitialContactId: string;
  readonly ContactId: string;
  readonly Attachments?: readonly {
    ContentType: string;
    AttachmentId: string;
    AttachmentName: string;
    Status: 'APPROVED' | 'REJECTED' | 'IN_PROGRESS';
  }[];
  readonly MessageMetadata?: {
    MessageId: string;
    Receipts: {
      DeliveredTimestamp?: string;
      ReadTimestamp?: string;
      RecipientParticipantId: string;
    }[];
  };
}

/** A participant of a chat: the customer, or an agent (its participant id is its connection id). */
export interface ChatParticipant {
  readonly id: string;
  readonly role: ChatRole;
  readonly displayName: string;
  /** The agent's id, for agents. */
  readonly agentId?: string;
  /** Whether the joined event was sent (agents join on accepting). */
  joined: boolean;
  /** Whether the participant left (DisconnectParticipant, or the agent's leg ended). */
  left: boolean;
}

/** An attachment of a chat. */
export interface ChatAttachment {
  readonly id: string;
  readonly name: string;
  readonly contentType: string;
  readonly size: number;
  readonly participantId: string;
  data?: Buffer;
  status: 'IN_PROGRESS' | 'APPROVED';
}

/** A chat: its participants, items, attachments and whether it ended. */
export interface ChatSession {
  readonly contactId: string;
  readonly initialContactId: string;
  readonly participants: Map<string, ChatParticipant>;
  readonly items: ChatItem[];
  readonly attachments: Map<string, ChatAttachment>;
  /** Replies to ClientTokens already seen (a retried request is answered the same). */
  readonly clientTokens: Map<string, unknown>;
  ended: boolean;
  endedAt?: number;
}

/** Where chat items go: the customer's sockets and the agents' CTI sockets (topic `aws/chat`). */
export interface ChatDelivery {
  /** To the open chat sockets of these participants. */
  toParticipants(participantIds: readonly string[], item: ChatItem): void;
  /** To the agent sockets of these agents. */
  toAgents(agentIds: readonly string[], item: ChatItem): void;
}

/**
 * The chats of the instance: their participants (following the domain's contacts: an agent joins
 * when its leg connects and leaves when it disconnects; the chat ends with its contact), their
 * items (messages, attachments, events, receipts) pushed to every participant, and their
 * transcripts. Typing events and receipts are pushed, not kept in the transcript.
 */
export class ChatSessions {
  private readonly sessions = new Map<string, ChatSession>();
  private readonly delivery: ChatDelivery[] = [];

  constructor(private readonly now: () => number) {}

  /** Adds a destination of chat items; returns its removal. */
  deliverTo(delivery: ChatDelivery): () => void {
    this.delivery.push(delivery);
    return () => {
      const i = this.delivery.indexOf(delivery);
      if (i !== -1) this.delivery.splice(i, 1);
    };
  }

  /** Follows the chat contacts of `centre` (call again after a reset). Returns the unsubscribe. */
  follow(centre: ContactCentre): () => void {
    return centre.onContactChange((contact, removed) => this.observe(centre, contact, removed));
  }

  /** The chat of a contact (by the contact record's id). */
  get(contactId: string): ChatSession | undefined {
    return this.sessions.get(contactId);
  }

  private observe(centre: ContactCentre, contact: ContactRecord, removed: boolean): void {
    if (contact.type !== 'chat') return;
    let session = this.sessions.get(contact.id);
    if (!session) {
      const customer = contact.connections.find((x) => x.initial);
      if (!customer) return;
      session = {
        contactId: contact.id,
        initialContactId: contact.initialContactId,
        participants: new Map(),
        items: [],
        attachments: new Map(),
        clientTokens: new Map(),
        ended: false,
      };
      this.sessions.set(contact.id, session);
      this.evict();
      session.participants.set(customer.id, {
        id: customer.id,
        role: 'CUSTOMER',
        displayName: contact.customerName ?? 'Customer',
        joined: true,
        left: false,
      });
      const customerParticipant = session.participants.get(customer.id)!;
      this.emit(session, this.event(session, CHAT_EVENTS.participantJoined, customerParticipant));
      if (contact.initialMessage)
        this.emit(
          session,
          this.item(session, customerParticipant, {
            Type: 'MESSAGE',
            ContentType: contact.initialMessage.contentType,
            Content: contact.initialMessage.content,
          }),
        );
    }
    if (session.ended) return;
    for (const leg of contact.connections) {
      if (!leg.agentId || leg.type === 'monitoring') continue;
      let participant = session.participants.get(leg.id);
      if (!participant && leg.state === 'connected') {
        const agent = centre.agents.get(leg.agentId);
        participant = {
          id: leg.id,
          role: 'AGENT',
          displayName: agent?.name ?? 'Agent',
          agentId: leg.agentId,
          joined: true,
          left: false,
        };
        session.participants.set(leg.id, participant);
        this.emit(session, this.event(session, CHAT_EVENTS.participantJoined, participant));
      } else if (
        participant &&
        !participant.left &&
        leg.state === 'disconnected' &&
        contact.state !== 'ended'
      ) {
        this.leave(session, participant);
      }
    }
    // An agent whose leg is gone (a transfer withdrawn, a cleared leg) has left.
    for (const participant of session.participants.values())
      if (
        participant.role === 'AGENT' &&
        !participant.left &&
        !contact.connections.some((x) => x.id === participant.id) &&
        contact.state !== 'ended' &&
        !removed
      )
        this.leave(session, participant);
    const customer = contact.connections.find((x) => x.initial);
    if (contact.state === 'ended' || removed) {
      const who =
        customer && customer.state === 'disconnected'
          ? session.participants.get(customer.id)
          : undefined;
      if (who && !who.left && contact.endReason === 'customer hung up') this.leave(session, who);
      this.end(session);
    }
  }

  /** The participant leaves: `participant.left` to everyone. */
  leave(session: ChatSession, participant: ChatParticipant): void {
    if (participant.left) return;
    participant.left = true;
    this.emit(session, this.event(session, CHAT_EVENTS.participantLeft, participant));
  }

  /** The chat ends: `chat.ended` (SYSTEM) to everyone still on it. */
  end(session: ChatSession): void {
    if (session.ended) return;
    this.emit(session, this.systemEvent(session, CHAT_EVENTS.chatEnded));
    session.ended = true;
    session.endedAt = this.now();
  }

  /** A new item from `participant` (or the system), stamped now. */
  item(
    session: ChatSession,
    participant: ChatParticipant | undefined,
    fields: Omit<ChatItem, 'AbsoluteTime' | 'Id' | 'InitialContactId' | 'ContactId'>,
  ): ChatItem {
    return {
      AbsoluteTime: new Date(this.now()).toISOString(),
      Id: randomUUID(),
      ...fields,
      ...(participant
        ? {
            ParticipantId: participant.id,
            DisplayName: participant.displayName,
            ParticipantRole: participant.role,
          }
        : {}),
      InitialContactId: session.initialContactId,
      ContactId: session.contactId,
    };
  }

  private event(session: ChatSession, contentType: string, participant: ChatParticipant): ChatItem {
    return this.item(session, participant, { Type: 'EVENT', ContentType: contentType });
  }

  private systemEvent(session: ChatSession, contentType: string): ChatItem {
    return this.item(session, undefined, {
      Type: 'EVENT',
      ContentType: contentType,
      DisplayName: 'SYSTEM_MESSAGE',
      ParticipantRole: 'SYSTEM',
    });
  }

  /**
   * Keeps `item` in the transcript (unless `transient`: typing, receipts) and pushes it to every
   * participant still on the chat (the sender included), customers by socket, agents on their CTI
   * socket.
   */
  emit(session: ChatSession, item: ChatItem, transient = false): void {
    if (!transient) {
      if (session.items.length >= MAX_CHAT_ITEMS) return;
      session.items.push(item);
    }
    const participants: string[] = [];
    const agents: string[] = [];
    for (const p of session.participants.values()) {
      if (p.left && item.ContentType !== CHAT_EVENTS.participantLeft) continue;
      if (p.agentId) agents.push(p.agentId);
      else participants.push(p.id);
    }
    for (const d of this.delivery) {
      if (participants.length > 0) d.toParticipants(participants, item);
      if (agents.length > 0) d.toAgents(agents, item);
    }
  }

  /**
   * A page of the transcript: `ScanDirection` BACKWARD (default) pages from the newest (or from
   * before `StartPosition`) towards the oldest, FORWARD from the oldest (or after it); each page
   * is sorted by `SortOrder` (ASCENDING by default).
   */
  transcript(
    session: ChatSession,
    options: {
      maxResults?: number | undefined;
      nextToken?: string | undefined;
      scanDirection?: 'FORWARD' | 'BACKWARD' | undefined;
      sortOrder?: 'ASCENDING' | 'DESCENDING' | undefined;
      startPosition?:
        | {
            Id?: string | undefined;
            AbsoluteTime?: string | undefined;
            MostRecent?: number | undefined;
          }
        | undefined;
    },
  ): { items: ChatItem[]; nextToken?: string } | 'bad-token' {
    const size = options.maxResults ?? CHAT_TRANSCRIPT_DEFAULT_PAGE;
    const items = session.items;
    const backward = (options.scanDirection ?? 'BACKWARD') === 'BACKWARD';
    // The position to scan from: an index into `items` (exclusive bound for BACKWARD).
    let from: number;
    if (options.nextToken !== undefined) {
      const match = /^t:(\d+)$/.exec(Buffer.from(options.nextToken, 'base64url').toString('utf8'));
      if (!match) return 'bad-token';
      from = Number(match[1]);
      if (from > items.length) return 'bad-token';
    } else {
      const start = options.startPosition;
      let index: number | undefined;
      if (start?.Id !== undefined) {
        const i = items.findIndex((x) => x.Id === start.Id);
        if (i !== -1) index = i;
      } else if (start?.AbsoluteTime !== undefined) {
        const t = start.AbsoluteTime;
        const i = items.findIndex((x) => x.AbsoluteTime >= t);
        index = i === -1 ? items.length : i;
      } else if (start?.MostRecent !== undefined) {
        index = Math.max(0, items.length - 1 - start.MostRecent);
      }
      // The start position itself is included.
      from = backward ? (index === undefined ? items.length : index + 1) : (index ?? 0);
    }
    const page = backward
      ? items.slice(Math.max(0, from - size), from)
      : items.slice(from, from + size);
    const next = backward ? from - page.length : from + page.length;
    const more = backward ? next > 0 : next < items.length;
    const sorted = (options.sortOrder ?? 'ASCENDING') === 'ASCENDING' ? page : [...page].reverse();
    return {
      items: sorted,
      ...(more ? { nextToken: Buffer.from(`t:${next}`, 'utf8').toString('base64url') } : {}),
    };
  }

  /** Keeps at most MAX_CHAT_SESSIONS chats: the oldest ended ones go first. */
  private evict(): void {
    if (this.sessions.size <= MAX_CHAT_SESSIONS) return;
    for (const [id, session] of this.sessions) {
      if (this.sessions.size <= MAX_CHAT_SESSIONS) return;
      if (session.ended) this.sessions.delete(id);
    }
  }
}
