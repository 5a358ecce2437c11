// X-Hub-Signature-256 (Meta's webhook signature): `sha256=` + lowercase hex HMAC-SHA256 of the raw body
// bytes with the app secret; checked before the body is parsed, in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function hubSignature256(appSecret: string, rawBody: Uint8Array | string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

export function validHubSignature(appSecret: string, rawBody: Uint8Array, header: string): boolean {
  const expected = Buffer.from(hubSignature256(appSecret, rawBody), 'utf8');
  const given = Buffer.from(header.trim().toLowerCase(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
