// Limits of attachments (both ways), and the content types taken. One size limit for every
// channel: 5 MB, the smallest the providers allow for images (Twilio MMS jpeg/png/gif and WhatsApp
// images, the Twilio MMS and WhatsApp media limits), so an attachment taken on one channel can be sent on another.

export { ATTACHMENT_LIMITS } from '../../contract/attachment-limits';

/**
 * An agent's upload that no reply carried (the draft was abandoned) is deleted, bytes and row,
 * this long after it was uploaded; the sweep runs every `everyMs` in each server process.
 */
export const UNSENT_UPLOADS = {
  maxAgeMs: 24 * 60 * 60 * 1000,
  everyMs: 10 * 60 * 1000,
  batch: 500,
} as const;

/** How long a signed public URL of an attachment (MMS MediaUrl, WhatsApp link) works. */
export const SIGNED_URL_TTL_MS = 10 * 60 * 1000;

/**
 * The content types taken. Images and PDF are checked by their magic bytes (a declared type the
 * bytes do not match is refused); office documents by their container (ZIP or OLE); plain text must
 * be UTF-8 without NUL. HTML, SVG, scripts and executables are not taken at all.
 */
export const ALLOWED_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'audio/mpeg',
  'audio/ogg',
  'audio/aac',
  'audio/mp4',
  'audio/amr',
  'video/mp4',
  'video/3gpp',
] as const;

export type AllowedContentType = (typeof ALLOWED_CONTENT_TYPES)[number];

/** Types a browser may show in place (with CSP sandbox and nosniff); all else downloads. */
export const INLINE_CONTENT_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
]);

/** The CSP of every attachment answer: nothing runs, the document is sandboxed. */
export const ATTACHMENT_CSP = "default-src 'none'; sandbox";

/** The states of an attachment row. */
export const ATTACHMENT_STATUSES = ['stored', 'unavailable'] as const;
