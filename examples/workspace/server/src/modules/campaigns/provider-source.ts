// Where a channel's figures come from: a provider on this machine (its API base URL or relay on
// a loopback address) is the local channel gateway that `npm start` and the tests run, not a real
// provider; the report says so. A real Twilio, Cloud API or mail relay is never on loopback.
import type { Config } from '../../config';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

const onLoopback = (url: string | undefined): boolean => {
  if (!url || !URL.canParse(url)) return false;
  return LOOPBACK.has(new URL(url).hostname);
};

/** Whether a campaign channel's provider is the local channel gateway. */
export function channelIsLocal(
  config: Pick<Config, 'email' | 'twilio' | 'whatsapp'>,
  channel: string,
): boolean {
  switch (channel) {
    case 'sms':
      return onLoopback(config.twilio?.apiBaseUrl);
    case 'whatsapp':
      return onLoopback(config.whatsapp?.apiBaseUrl);
    case 'email':
      return onLoopback(config.email.smtpUrl);
    default:
      return false;
  }
}

/** What a channel's provider reports after accepting a message. */
export function receiptsOf(channel: string): { delivered: boolean; read: boolean } {
  return { delivered: channel !== 'email', read: channel === 'whatsapp' };
}
