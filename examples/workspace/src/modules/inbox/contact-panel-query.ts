// The contact panel beside a conversation is part of its URL (`?contact=1`), so a ringing call
// (screen-pop) and a shared link can open it.

/** The query parameter that opens the contact beside a conversation (`contact=1`). */
export const CONTACT_PANEL_PARAM = 'contact';

/** Whether a query string asks for the contact beside the conversation. */
export const contactPanelOpen = (search: string): boolean =>
  new URLSearchParams(search).get(CONTACT_PANEL_PARAM) === '1';

/** A query string with the contact panel opened or closed, the rest of it kept. */
export function withContactPanel(search: string, open: boolean): string {
  const params = new URLSearchParams(search);
  if (open) params.set(CONTACT_PANEL_PARAM, '1');
  else params.delete(CONTACT_PANEL_PARAM);
  const query = params.toString();
  return query ? `?${query}` : '';
}
