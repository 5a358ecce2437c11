/**
 * Contact shapes of the workspace server (`/api/ws/{slug}/contacts...`), the inferred types of
 * `server/src/contract/contacts.ts`. Mirrored here until that contract lands on main; then this
 * file becomes an `import type` re-export of it.
 */
import type { ConversationSummary, PageInfo } from '../../inbox/api/types';

export interface Contact {
  id: string;
  name: string;
  /** The name to show: the phone number when the name starts with the visitor prefix. */
  displayName: string;
  isVisitor: boolean;
  phone: string | null;
  email: string | null;
  avatarURL: string | null;
  company: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ContactListResponse {
  contacts: Contact[];
  page: PageInfo;
}

export interface ContactCall {
  idCommunication: string;
  communicationType: 'inbound' | 'outbound' | 'transfer';
  answered: boolean;
  createdAt: string;
  idConversation: string | null;
  idPart: string | null;
  recordingUrl: string | null;
}

export interface ContactProfile {
  contact: Contact;
  /** The contact's conversations the caller can see, newest activity first (up to 20). */
  conversations: ConversationSummary[];
  /** The contact's latest calls (up to 20). */
  calls: ContactCall[];
  stats: { conversations: number; calls: number };
  /** The channels the contact's number is opted out of (they sent STOP), newest first. */
  optOuts: { channel: 'sms' | 'whatsapp'; keyword: string; at: string }[];
}
