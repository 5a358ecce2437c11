/**
 * Inbox shapes of the workspace server (`/api/ws/{slug}/inbox/...`): the types inferred from
 * `server/src/contract/inbox.ts`. `import type` only: no schema library ships to the browser.
 */
export type {
  AgentRef,
  CallPart,
  Channel,
  ContactRef,
  ConversationBulkChange,
  ConversationBulkResult,
  ConversationListResponse,
  ConversationPatch,
  ConversationPriority,
  ConversationStatus,
  ConversationSummary,
  InboxCounts,
  InboxFolder,
  InboxMessage,
  MessageCreate,
  MessageDelivery,
  MessageListResponse,
  SavedReply,
  Tag,
} from '../../../../server/src/contract/inbox';
export type { Attachment } from '../../../../server/src/contract/attachments';
export type { PageInfo } from '../../../../server/src/contract/common';

/** A transcript turn read from the transcript CSV. */
export interface TranscriptTurn {
  readonly speaker: 'AGENT' | 'CUSTOMER' | 'SYSTEM';
  readonly speakerName: string;
  /** Milliseconds from the start of the call. */
  readonly begin: number;
  readonly end: number;
  readonly text: string;
}
