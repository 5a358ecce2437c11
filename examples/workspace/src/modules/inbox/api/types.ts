/**
 * Inbox shapes of the workspace server (`/api/ws/{slug}/inbox/...`), derived from its route
 * declarations (src/api/http.ts): named schemas of the contract, no copies.
 */
import type { ApiPaths, Schema } from '../../../api/http';

export type AgentRef = Schema<'AgentRef'>;
export type Attachment = Schema<'Attachment'>;
export type CallPart = Schema<'CallPart'>;
export type ContactRef = Schema<'ContactRef'>;
export type ConversationBulkChange = Schema<'ConversationBulkChange'>;
export type ConversationBulkResult = Schema<'ConversationBulkResult'>;
export type ConversationListResponse = Schema<'ConversationList'>;
export type ConversationPatch = Schema<'ConversationPatch'>;
export type ConversationStart = Schema<'ConversationStart'>;
export type ConversationStarted = Schema<'ConversationStarted'>;
export type ConversationSummary = Schema<'Conversation'>;
export type ConversationSurvey = Schema<'ConversationSurvey'>;
export type ConversationPriority = ConversationSummary['priority'];
export type ConversationStatus = ConversationSummary['status'];
export type Channel = ConversationSummary['channel'];
export type InboxCounts = Schema<'InboxCounts'>['counts'];
export type InboxFolder = NonNullable<
  ApiPaths['/ws/{slug}/inbox/conversations']['get']['parameters']['query']
>['folder'];
export type InboxMessage = Schema<'Message'>;
export type MessageCreate = Schema<'MessageCreate'>;
export type MessageDelivery = Schema<'MessageDelivery'>;
export type MessageListResponse = Schema<'MessageList'>;
export type PageInfo = ConversationListResponse['page'];
export type SavedReply = Schema<'SavedReply'>;
export type Tag = Schema<'Tag'>;
export type TemplateMessageCreate = Schema<'TemplateMessageCreate'>;
export type WhatsappWindow = Schema<'WhatsappWindow'>;
export type WorkspaceAgent = Schema<'WorkspaceAgent'>;

/** A transcript turn read from the transcript CSV. */
export interface TranscriptTurn {
  readonly speaker: 'AGENT' | 'CUSTOMER' | 'SYSTEM';
  readonly speakerName: string;
  /** Milliseconds from the start of the call. */
  readonly begin: number;
  readonly end: number;
  readonly text: string;
}
