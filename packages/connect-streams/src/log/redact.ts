const REDACTED = '[redacted]';
const OBFUSCATED_PREFIX = '[obfuscated value]';
const REDACTED_KEYS = new Set([
  'quickconnectname',
  'token',
  'authtoken',
  'refreshtoken',
  'accesstoken',
  'login',
  'credential',
  'internalip',
  'phonenumber',
  'firstname',
  'lastname',
  'emailaddress',
  'address',
  'displayname',
]);
const HASHED_KEYS = new Set(['customerid', 'speakerid', 'customerspeakerid', 'presignedurl']);
const AUTH_TOKEN_IN_TEXT = /(AuthToken.*)/gi;
const E164 = /\+?\d[\d\s().-]{7,}\d/g;

/** FNV-1a 32-bit hash as hex: stable, not reversible in logs. */
function hash(value: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** Redacts a free-text string: auth tokens and phone numbers. @public */
export function redactText(text: string): string {
  return text.replace(AUTH_TOKEN_IN_TEXT, REDACTED).replace(E164, REDACTED);
}

/**
 * Returns a deep copy of `value` with sensitive data removed: tokens, phone
 * numbers, logins, addresses and names are replaced by '[redacted]'; customer and speaker ids are
 * hashed ('[obfuscated value] <hash>'); free text has auth tokens and phone numbers removed.
 * Functions are left out (as JSON leaves them out), so that the copy can cross a `postMessage`
 * (a chat's media info, logged when its session starts, carries `getConnectionToken`).
 * @public
 */
export function redact<T>(value: T, depth = 0): T {
  if (depth > 20) return value;
  if (typeof value === 'function') return undefined as T;
  if (typeof value === 'string') return redactText(value) as T;
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((v: unknown) => redact(v, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === 'function') continue;
    const lower = key.toLowerCase();
    if (REDACTED_KEYS.has(lower) && (typeof v === 'string' || typeof v === 'number'))
      out[key] = REDACTED;
    else if (HASHED_KEYS.has(lower) && typeof v === 'string')
      out[key] = `${OBFUSCATED_PREFIX} ${hash(v)}`;
    else out[key] = redact(v, depth + 1);
  }
  return out as T;
}
