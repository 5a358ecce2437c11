// URLs the API answers with: recordings, transcripts and app routes of call parts.
import { formatPhone } from '../contract/phone-format';
import { VISITOR_NAME_PREFIX } from '../contract/common';

const ws = (slug: string) => `/api/ws/${encodeURIComponent(slug)}`;

export const recordingUrl = (slug: string, idCommunication: string): string =>
  `${ws(slug)}/addons/voice/recordings/${encodeURIComponent(idCommunication)}`;

/**
 * The recording of a call as the voice contract gives it: a workspace path below the API base
 * (`/ws/{slug}/addons/voice/recordings/{id}`), which the `@x/react-voice/api` client resolves
 * against its own base URL.
 */
export const voiceRecordingPath = (slug: string, idCommunication: string): string =>
  `/ws/${encodeURIComponent(slug)}/addons/voice/recordings/${encodeURIComponent(idCommunication)}`;

export const transcriptUrl = (slug: string, idConversation: string, idPart: string): string =>
  `${ws(slug)}/addons/voice/connections/transcript/csv?idConversation=${encodeURIComponent(idConversation)}&idPart=${encodeURIComponent(idPart)}`;

export const partAppPath = (slug: string, idConversation: string, idPart: string): string =>
  `/ws/${encodeURIComponent(slug)}/inbox/all/conversations/${encodeURIComponent(idConversation)}/part/${encodeURIComponent(idPart)}`;

/** Whether a contact name is a visitor placeholder (shown as the phone number). */
export const isVisitorName = (name: string): boolean => name.startsWith(VISITOR_NAME_PREFIX);

/**
 * The name to show for a contact: a visitor is shown as their number, in the workspace's
 * default country's format (`020 7123 4567` in GB, `+44 20 7123 4567` elsewhere).
 */
export const displayName = (name: string, phone: string | null, country: string | null): string =>
  isVisitorName(name) && phone ? formatPhone(phone, country) : name;

/** The visitor-prefixed name of a new contact known only by its phone number. */
export const visitorName = (phone: string): string =>
  `${VISITOR_NAME_PREFIX}${phone.replace(/\D/g, '').slice(-7)}`;

/** The lower-case text a call is searched by (contact name, display name, phone). */
export const callSearchText = (name: string | null, phone: string | null): string =>
  [name ?? '', phone ?? ''].join(' ').toLowerCase().trim();
