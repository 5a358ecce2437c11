/** The app routes the voice screens link to. */

/**
 * The app routes the voice screens link to, under `/ws/{slug}/`. Each returns null when an id
 * it needs is missing: transcript, recording and conversation navigation then do nothing.
 * @public
 */
export const voiceRoutes = {
  /** `inbox/all/conversations/{conversationId}` ('View conversation in inbox', 'View more details'). */
  conversation(slug: string, idConversation: string | null | undefined): string | null {
    return idConversation
      ? `/ws/${encodeURIComponent(slug)}/inbox/all/conversations/${encodeURIComponent(idConversation)}`
      : null;
  },
  /**
   * `inbox/all/conversations/{idConversation}/part/{idPart}`: the recording of a call part; with
   * `transcript` the query gets `transcript=1`, merged with any existing query.
   */
  callPart(
    slug: string,
    ids: { readonly idConversation: string | null; readonly idPart: string | null },
    options: { readonly transcript?: boolean; readonly query?: string } = {},
  ): string | null {
    if (!ids.idConversation || !ids.idPart) return null;
    const query = new URLSearchParams(options.query ?? '');
    if (options.transcript) query.set('transcript', '1');
    const search = query.toString();
    return `/ws/${encodeURIComponent(slug)}/inbox/all/conversations/${encodeURIComponent(ids.idConversation)}/part/${encodeURIComponent(ids.idPart)}${search ? `?${search}` : ''}`;
  },
  /** `contacts/users/profile/{id}` ('Open contact page', 'Open user profile'). */
  contactProfile(slug: string, id: string | null | undefined): string | null {
    return id
      ? `/ws/${encodeURIComponent(slug)}/contacts/users/profile/${encodeURIComponent(id)}`
      : null;
  },
  /** `contacts/users`: the 'Users' button of the empty call history. */
  contactsUsers(slug: string): string {
    return `/ws/${encodeURIComponent(slug)}/contacts/users`;
  },
} as const;
