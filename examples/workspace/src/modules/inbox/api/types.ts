/**
 * Inbox shapes of the workspace server (`/api/ws/{slug}/inbox/...`), the inferred types of
 * `server/src/contract/inbox.ts`. Mirrored here until that contract lands on main; then this file
 * becomes an `import type` re-export of it (no schema library ships to the browser).
 */
export type ConversationStatus = 'open' | 'pending' | 'closed';
export type Channel = 'whatsapp' | 'email' | 'sms' | 'chat' | 'voice';
export type InboxFolder = 'all' | 'unassigned' | 'mine' | 'tag' | 'view';

export interface Tag {
  id: string;
  name: string;
  color: string;
}

export interface AgentRef {
  id: string;
  name: string;
  avatarURL: string | null;
}

export interface ContactRef {
  id: string;
  name: string;
  /** The name to show: the phone number for a visitor-prefixed name. */
  displayName: string;
  phone: string | null;
  email: string | null;
  avatarURL: string | null;
}

export interface ConversationSummary {
  id: string;
  subject: string;
  channel: Channel;
  status: ConversationStatus;
  contact: ContactRef;
  assignee: AgentRef | null;
  tags: Tag[];
  lastMessageAt: string;
  lastMessagePreview: string;
  createdAt: string;
  /** The campaign this conversation answers (a customer's reply to it), if any. */
  campaign: { id: string; name: string } | null;
}

/** A call part of a conversation: links to its recording and transcript. */
export interface CallPart {
  idConversation: string;
  idPart: string;
  idCommunication: string;
  communicationType: 'inbound' | 'outbound' | 'transfer' | 'monitor';
  answered: boolean;
  contactPhoneNumber: string | null;
  agent: AgentRef | null;
  startedAt: string;
  endedAt: string | null;
  durationSeconds: number | null;
  recordingUrl: string | null;
  transcriptUrl: string | null;
  appPath: string;
  /** The disposition and notes saved after the call (null or absent until saved). */
  afterCallWork?: { disposition: string | null; notes: string } | null;
}

import type { Attachment } from '../../../../server/src/contract/attachments';

export interface InboxMessage {
  id: string;
  conversationId: string;
  kind: 'message' | 'note' | 'system' | 'call';
  direction: 'inbound' | 'outbound' | null;
  author: AgentRef | null;
  body: string;
  createdAt: string;
  call: CallPart | null;
  /** Where a reply is on its way (queued → sent → delivered → read, or failed); received for a customer's message. */
  delivery: MessageDelivery | null;
  /** The message's files (customers' media, a reply's uploads). */
  attachments?: Attachment[];
}

export type { Attachment } from '../../../../server/src/contract/attachments';

export interface MessageDelivery {
  status: 'queued' | 'sent' | 'delivered' | 'read' | 'failed' | 'received';
  /** The provider's reason when failed. */
  reason: string | null;
  at: string | null;
}

export interface InboxCounts {
  all: number | null;
  unassigned: number | null;
  mine: number;
  tags: (Tag & { count: number })[] | null;
  views: { id: string; name: string; count: number }[] | null;
}

export interface PageInfo {
  nextCursor: string | null;
}

export interface ConversationListResponse {
  conversations: ConversationSummary[];
  page: PageInfo;
}

export interface MessageListResponse {
  /** Oldest first within the page; `page.nextCursor` loads older ones. */
  messages: InboxMessage[];
  page: PageInfo;
}

export interface SavedReply {
  id: string;
  title: string;
  body: string;
  updatedAt: string;
}

export interface ConversationPatch {
  status?: ConversationStatus;
  assigneeId?: string | null;
  tagIds?: string[];
  subject?: string;
}

export interface MessageCreate {
  kind: 'message' | 'note';
  body: string;
  /** Uploads of this conversation the message carries. */
  attachmentIds?: string[];
}

/** A transcript turn read from the transcript CSV. */
export interface TranscriptTurn {
  readonly speaker: 'AGENT' | 'CUSTOMER' | 'SYSTEM';
  readonly speakerName: string;
  /** Milliseconds from the start of the call. */
  readonly begin: number;
  readonly end: number;
  readonly text: string;
}
