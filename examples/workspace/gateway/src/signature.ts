// The two providers' webhook signatures, as the gateway computes them for the requests it sends.
import { createHmac } from 'node:crypto';

/**
 * `X-Twilio-Signature`: base64 HMAC-SHA1 with the auth token over the exact URL followed by
 * every POST parameter, sorted by name, as `name + value` (an array parameter: its values
 * deduplicated and sorted, each appended with the name). A GET or a JSON body signs the URL alone.
 */
export function twilioSignature(
  authToken: string,
  url: string,
  params: Readonly<Record<string, string | readonly string[]>> = {},
): string {
  let data = url;
  for (const name of Object.keys(params).sort()) {
    const value = params[name]!;
    const values = typeof value === 'string' ? [value] : [...new Set(value)].sort();
    for (const v of values) data += name + v;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** `X-Hub-Signature-256`: `sha256=` and the lowercase hex HMAC-SHA256 of the raw body with the app secret. */
export function hubSignature256(appSecret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}
