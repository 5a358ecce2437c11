// Pure text rules of campaign content, shared by the server (validation, rendering at send time)
// and the web app (live counts in the editor). No imports: the app bundles this file as is.

/** The personalisation tokens a campaign text may use, written `{{token}}`. */
export const PERSONALIZATION_TOKENS = ['name', 'first_name', 'company', 'email', 'phone'] as const;
export type PersonalizationToken = (typeof PERSONALIZATION_TOKENS)[number];

/** What a recipient's tokens are filled from (a snapshot of the contact). */
export interface RecipientFields {
  readonly name: string;
  readonly company: string | null;
  readonly email: string | null;
  readonly phone: string | null;
}

const TOKEN = /\{\{\s*([a-zA-Z0-9_]+)\s*\}\}/g;

/** The `{{…}}` names a text uses, in order of first use, without repeats. */
export function placeholdersOf(text: string): string[] {
  const seen: string[] = [];
  for (const match of text.matchAll(TOKEN)) if (!seen.includes(match[1]!)) seen.push(match[1]!);
  return seen;
}

/** Tokens of a campaign text that are not personalisation tokens. */
export function unknownTokens(text: string): string[] {
  return placeholdersOf(text).filter(
    (t) => !(PERSONALIZATION_TOKENS as readonly string[]).includes(t),
  );
}

/** The value of one personalisation token for a recipient (empty when unknown). */
export function tokenValue(token: string, r: RecipientFields): string {
  switch (token) {
    case 'name':
      return r.name;
    case 'first_name':
      return r.name.trim().split(/\s+/)[0] ?? '';
    case 'company':
      return r.company ?? '';
    case 'email':
      return r.email ?? '';
    case 'phone':
      return r.phone ?? '';
    default:
      return '';
  }
}

/** Fills the personalisation tokens of a text for a recipient (one pass: values are not re-read). */
export function personalize(text: string, r: RecipientFields): string {
  return text.replace(TOKEN, (_, token: string) => tokenValue(token, r));
}

/**
 * Fills a WhatsApp template's `{{1}}`, `{{2}}`… with the campaign's variable values, each value
 * personalised first. A variable without a value stays empty.
 */
export function renderTemplate(
  body: string,
  values: Readonly<Record<string, string>>,
  r: RecipientFields,
): string {
  return body.replace(TOKEN, (_, name: string) => personalize(values[name] ?? '', r));
}

/** GSM 03.38 basic set and its extension table (extension characters count twice). */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

/** How an SMS text is encoded and how many segments (billed messages) it takes. */
export interface SmsSegments {
  readonly encoding: 'GSM-7' | 'UCS-2';
  /** Characters as the network counts them (septets for GSM-7, UTF-16 units for UCS-2). */
  readonly units: number;
  readonly segments: number;
  /** Units per segment at this length (160/153 for GSM-7, 70/67 for UCS-2). */
  readonly perSegment: number;
}

/**
 * The SMS segment count of a text: GSM-7 fits 160 septets in one message and 153 per part of a
 * concatenated one; any other character switches the whole text to UCS-2 (70, then 67).
 */
export function smsSegments(text: string): SmsSegments {
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) septets += 1;
    else if (GSM_EXTENDED.includes(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) {
    const perSegment = septets <= 160 ? 160 : 153;
    return {
      encoding: 'GSM-7',
      units: septets,
      segments: septets === 0 ? 0 : Math.ceil(septets / perSegment),
      perSegment,
    };
  }
  const units = text.length;
  const perSegment = units <= 70 ? 70 : 67;
  return { encoding: 'UCS-2', units, segments: Math.ceil(units / perSegment), perSegment };
}
