// X-Twilio-Signature: base64 HMAC-SHA1 with the auth token over the exact URL
// Twilio called (query included) followed by every POST parameter sorted by name as
// `name + value` (a repeated parameter: its values deduplicated and sorted). Twilio's helpers also
// accept the URL with its default port added or removed; so does this check.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The signature Twilio computes for `url` and the form `params`. */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  let data = url;
  for (const name of [...new Set(params.keys())].sort()) {
    const values = [...new Set(params.getAll(name))].sort();
    for (const value of values) data += name + value;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** The URL as given, with its default port removed, and with it added. */
function urlForms(url: string): string[] {
  const match = /^(https?):\/\/([^/?#]+)(.*)$/i.exec(url);
  if (!match) return [url];
  const [, scheme, authority, rest] = match as unknown as [string, string, string, string];
  const port = scheme.toLowerCase() === 'https' ? '443' : '80';
  const host = authority.replace(/:\d+$/, '');
  const forms = [url];
  if (authority === host) forms.push(`${scheme}://${host}:${port}${rest}`);
  else if (authority === `${host}:${port}`) forms.push(`${scheme}://${host}${rest}`);
  return forms;
}

/** Whether `signature` is Twilio's for this request (constant-time comparison). */
export function validTwilioSignature(
  authToken: string,
  url: string,
  params: URLSearchParams,
  signature: string,
): boolean {
  const given = Buffer.from(signature, 'utf8');
  let ok = false;
  for (const form of urlForms(url)) {
    const expected = Buffer.from(twilioSignature(authToken, form, params), 'utf8');
    if (expected.length === given.length && timingSafeEqual(expected, given)) ok = true;
  }
  return ok;
}
