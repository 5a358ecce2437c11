import { Clock } from 'lucide-react';
import type { WhatsappWindow } from '../../../../server/src/contract/inbox';
import { INBOX_COPY } from '../messages';

/** A time as the agent reads it (date and time, their locale). */
export const whenLocal = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The line above a WhatsApp reply: until when free text is allowed. */
export function WhatsappWindowHint({ window }: { readonly window: WhatsappWindow }) {
  if (!window.open || !window.closesAt) return null;
  return (
    <p className="composer__window" data-testid="whatsapp-window-open">
      <Clock aria-hidden="true" />
      {INBOX_COPY.windowOpenUntil(whenLocal(window.closesAt))}
    </p>
  );
}
