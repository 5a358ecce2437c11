// Content-type checks by magic bytes: a file's declared type is taken only when its first bytes
// agree (images, PDF, office containers), plain text must be UTF-8 without NUL. Pure functions.
import { ALLOWED_CONTENT_TYPES, type AllowedContentType } from './constants';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** What the bytes say they are, for the types recognised by signature; null otherwise. */
export function sniffedType(bytes: Uint8Array): AllowedContentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

/** Normalises a declared type: lowercased, parameters dropped; `image/jpg` → `image/jpeg`. */
export function normaliseType(declared: string | null | undefined): string {
  const type = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'image/jpg' || type === 'image/pjpeg' ? 'image/jpeg' : type;
}

const OFFICE_ZIP = new Set([
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
]);
const OFFICE_OLE = new Set([
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
]);

/** The outcome of checking a file's type. */
export type TypeCheck =
  | { readonly ok: true; readonly type: AllowedContentType }
  | { readonly ok: false; readonly reason: 'unsupported' | 'mismatch'; readonly type: string };

/**
 * Checks a file: a recognised signature wins over a generic declared type
 * (`application/octet-stream`); a declared image/PDF/office type must match its bytes; a type not
 * on the allow-list is refused.
 */
export function checkType(bytes: Uint8Array, declared: string | null | undefined): TypeCheck {
  const type = normaliseType(declared);
  const sniffed = sniffedType(bytes);
  if (!type || type === 'application/octet-stream' || type === 'binary/octet-stream')
    return sniffed ? { ok: true, type: sniffed } : { ok: false, reason: 'unsupported', type };
  if (!(ALLOWED_CONTENT_TYPES as readonly string[]).includes(type))
    return { ok: false, reason: 'unsupported', type };
  const allowed = type as AllowedContentType;
  if (type.startsWith('image/') || type === 'application/pdf')
    return sniffed === type ? { ok: true, type: allowed } : { ok: false, reason: 'mismatch', type };
  // A file whose bytes are an image or PDF is not text or a document of another type.
  if (sniffed) return { ok: false, reason: 'mismatch', type };
  if (OFFICE_ZIP.has(type) && !startsWith(bytes, ZIP))
    return { ok: false, reason: 'mismatch', type };
  if (OFFICE_OLE.has(type) && !startsWith(bytes, OLE))
    return { ok: false, reason: 'mismatch', type };
  if (type.startsWith('text/')) {
    if (bytes.includes(0)) return { ok: false, reason: 'mismatch', type };
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return { ok: false, reason: 'mismatch', type };
    }
  }
  return { ok: true, type: allowed };
}
