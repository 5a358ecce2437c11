/**
 * Every client route of the app (all routes sit under `/ws/{slug}/`). Screens and the voice
 * add-on build links with these instead of writing paths by hand.
 */
const ws = (slug: string) => `/ws/${encodeURIComponent(slug)}`;
const seg = encodeURIComponent;

/** The inbox lists: all, unassigned and mine, or a tag or a view. */
export type InboxList =
  | { readonly kind: 'all' | 'unassigned' | 'mine' }
  | { readonly kind: 'tags' | 'views'; readonly id: string };

/** The path segment(s) of an inbox list below `inbox/`. */
export function inboxListSegment(list: InboxList): string {
  return list.kind === 'tags' || list.kind === 'views' ? `${list.kind}/${seg(list.id)}` : list.kind;
}

export const paths = {
  signIn: () => '/sign-in',
  forgotPassword: () => '/forgot-password',
  resetPassword: (token: string) => `/reset-password/${seg(token)}`,
  invite: (token: string) => `/invite/${seg(token)}`,
  home: (slug: string) => ws(slug),
  inbox: (slug: string) => `${ws(slug)}/inbox`,
  inboxList: (slug: string, list: InboxList) => `${ws(slug)}/inbox/${inboxListSegment(list)}`,
  conversation: (slug: string, idConversation: string, list: InboxList = { kind: 'all' }) =>
    `${ws(slug)}/inbox/${inboxListSegment(list)}/conversations/${seg(idConversation)}`,
  conversationPart: (
    slug: string,
    idConversation: string,
    idPart: string,
    list: InboxList = { kind: 'all' },
  ) =>
    `${ws(slug)}/inbox/${inboxListSegment(list)}/conversations/${seg(idConversation)}/part/${seg(idPart)}`,
  contacts: (slug: string) => `${ws(slug)}/contacts/users`,
  contactProfile: (slug: string, id: string) => `${ws(slug)}/contacts/users/profile/${seg(id)}`,
  campaigns: (slug: string) => `${ws(slug)}/campaigns`,
  reports: (slug: string) => `${ws(slug)}/reports`,
  settings: (slug: string) => `${ws(slug)}/settings`,
};

/**
 * The query of a call part's transcript view: `transcript=1` merged with any existing query
 * which it keeps (a repeated `transcript` is replaced, not doubled).
 */
export function withTranscriptQuery(search: string): string {
  const params = new URLSearchParams(search);
  params.set('transcript', '1');
  return `?${params.toString()}`;
}

/** The query without the transcript flag (back to the recording). */
export function withoutTranscriptQuery(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('transcript');
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}
