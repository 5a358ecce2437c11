// Twilio's opt-out semantics: only a message that is exactly a keyword counts, case ignored.
import { HELP_KEYWORDS, OPT_IN_KEYWORDS, OPT_OUT_KEYWORDS } from './constants';

/** What an inbound body asks of the messaging service, if it is a keyword. */
export type SmsKeyword = 'opt-out' | 'opt-in' | 'help';

export function smsKeyword(body: string): SmsKeyword | null {
  const word = body.trim().toUpperCase();
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(word)) return 'opt-out';
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(word)) return 'opt-in';
  if ((HELP_KEYWORDS as readonly string[]).includes(word)) return 'help';
  return null;
}
