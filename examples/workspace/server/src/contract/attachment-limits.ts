// The attachment limits the server enforces and the composer checks before uploading. No imports:
// the web app bundles this file as is.

const MIB = 1024 * 1024;

export const ATTACHMENT_LIMITS = {
  /** The largest file taken (uploads and customers' media alike); larger: 413, nothing stored. */
  maxBytes: 5 * MIB,
  /** Files on one message (Twilio allows at most 10 MediaUrl). */
  maxPerMessage: 10,
  /** Multipart framing allowed on an upload request beyond the file itself. */
  uploadOverheadBytes: 64 * 1024,
  /** A file name's longest stored form (characters). */
  maxFilenameChars: 200,
  /** How long a media fetch from a provider may take. */
  fetchTimeoutMs: 15_000,
} as const;
