/**
 * Inbox shapes of the workspace server. Written against the expected contract until the server's
 * inbox API (M2) exports its types from `server/src/contract/`; then these become `import type`
 * re-exports, and every screen keeps reading them from here.
 */
export type ConversationStatus = 'open' | 'closed';

export interface Person {
  readonly id: string;
  readonly name: string;
  readonly avatarURL: string | null;
}

export interface ConversationContact {
  readonly id: string;
  readonly name: string;
  readonly phone: string | null;
  readonly email: string | null;
  readonly avatar: string | null;
}

export interface Tag {
  readonly id: string;
  readonly name: string;
}

export interface InboxCounts {
  readonly all: number;
  readonly unassigned: number;
  readonly mine: number;
  readonly tags: readonly (Tag & { readonly count: number })[];
  readonly views: readonly { readonly id: string; readonly name: string; readonly count: number }[];
}

export interface ConversationSummary {
  readonly id: string;
  readonly contact: ConversationContact;
  readonly assignee: Person | null;
  readonly status: ConversationStatus;
  readonly tags: readonly Tag[];
  readonly lastPart: {
    readonly type: PartType;
    readonly preview: string;
    readonly createdAt: string;
  } | null;
  readonly updatedAt: string;
}

export interface ConversationPage {
  readonly items: readonly ConversationSummary[];
  readonly nextCursor: string | null;
}

export type PartType = 'message' | 'note' | 'call' | 'event';

interface PartBase {
  readonly id: string;
  readonly createdAt: string;
}

export interface MessagePart extends PartBase {
  readonly type: 'message';
  /** `in` from the contact, `out` from an agent. */
  readonly direction: 'in' | 'out';
  readonly author: Person | null;
  readonly body: string;
}

export interface NotePart extends PartBase {
  readonly type: 'note';
  readonly author: Person | null;
  readonly body: string;
}

export interface CallPart extends PartBase {
  readonly type: 'call';
  readonly call: {
    readonly idCommunication: string;
    readonly communicationType: 'inbound' | 'outbound' | 'transfer';
    readonly answered: boolean;
    readonly agent: Person | null;
    readonly phoneNumber: string | null;
    /** Seconds, or null while the call is live. */
    readonly duration: number | null;
    readonly endedAt: string | null;
    /** Product API URL of the recording (bearer token), or null when there is none. */
    readonly recordingUrl: string | null;
    readonly hasTranscript: boolean;
  };
}

export interface EventPart extends PartBase {
  readonly type: 'event';
  readonly body: string;
}

export type ConversationPart = MessagePart | NotePart | CallPart | EventPart;

export interface Conversation extends ConversationSummary {
  readonly parts: readonly ConversationPart[];
}

export interface SavedReply {
  readonly id: string;
  readonly name: string;
  readonly body: string;
}

export interface TranscriptTurn {
  readonly speaker: 'AGENT' | 'CUSTOMER' | 'SYSTEM';
  readonly speakerName: string;
  /** Milliseconds from the start of the call. */
  readonly begin: number;
  readonly end: number;
  readonly text: string;
}
