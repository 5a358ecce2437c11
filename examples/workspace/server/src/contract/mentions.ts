// Mentions in notes, as both the server and the app read them (no schema library here, so the
// browser bundle can import it).
//
// A mention is kept inside the note's body as the token `@[Name](member-id)`, where the id is the
// member's agent id. Why in the body rather than a `mentions` column: the note stays one piece of
// text that reads sensibly anywhere it is shown raw (exports, previews), the position of each
// mention is kept for rendering, and no second source of truth can drift from the text. The
// name in the token is only the fallback: the timeline shows the member's current name by id,
// so a mention survives a rename.

/** The most members one note may mention (further mentions notify nobody). */
export const MAX_MENTIONS = 20;

/** Longest name written into a token (longer names are cut). */
const MAX_TOKEN_NAME = 100;

/** `@[Name](id)`: a name without brackets or line breaks, an id of safe characters. */
export const MENTION_TOKEN = /@\[([^[\]\n]{1,100})\]\(([A-Za-z0-9_:.-]{1,200})\)/g;

/** One piece of a note: plain text, or a mention. */
export type NotePart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'mention'; readonly name: string; readonly id: string };

/** The token that mentions a member. */
export function mentionToken(name: string, id: string): string {
  const clean =
    name
      .replace(/[[\]\n]/g, ' ')
      .trim()
      .slice(0, MAX_TOKEN_NAME) || 'member';
  return `@[${clean}](${id})`;
}

/** Splits a note's body into text and mentions, in order. */
export function noteParts(body: string): NotePart[] {
  const parts: NotePart[] = [];
  let last = 0;
  for (const match of body.matchAll(MENTION_TOKEN)) {
    const at = match.index;
    if (at > last) parts.push({ kind: 'text', text: body.slice(last, at) });
    parts.push({ kind: 'mention', name: match[1]!, id: match[2]! });
    last = at + match[0].length;
  }
  if (last < body.length) parts.push({ kind: 'text', text: body.slice(last) });
  return parts;
}

/** The distinct member ids a note mentions, in order of first mention. */
export function mentionedIds(body: string): string[] {
  const ids = new Set<string>();
  for (const part of noteParts(body)) if (part.kind === 'mention') ids.add(part.id);
  return [...ids];
}

/** The body as a person reads it: each token as `@Name`. */
export function plainNote(body: string): string {
  return body.replace(MENTION_TOKEN, (_, name: string) => `@${name}`);
}
