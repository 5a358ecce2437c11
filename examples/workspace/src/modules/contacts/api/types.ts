/**
 * Contact shapes of the workspace server. Written against the expected contract until the
 * server's contacts API (M2) exports its types; then these become `import type` re-exports.
 */
import type { ConversationSummary } from '../../inbox/api/types';

export interface Contact {
  readonly id: string;
  readonly name: string;
  readonly email: string | null;
  readonly phone: string | null;
  readonly avatar: string | null;
  readonly createdAt: string;
  readonly lastSeenAt: string | null;
}

export interface ContactPage {
  readonly items: readonly Contact[];
  readonly nextCursor: string | null;
}

export interface ContactProfile extends Contact {
  readonly conversations: readonly ConversationSummary[];
}
