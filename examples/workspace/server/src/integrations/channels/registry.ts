// The adapters of this server process, built from its configuration. A channel whose provider is
// not configured has an adapter that says so: it is "not connected", and a reply on it fails with
// that reason rather than pretend to go out.
import type { Config } from '../../config';
import type { CallbackOrigin } from '../../lib/context';
import { EmailAdapter } from './email/outbound';
import { TwilioSmsAdapter } from './sms/outbound';
import type { ChannelAdapter, MessagingChannel, OutboundSend, SendResult } from './types';
import { WebchatAdapter } from './webchat/adapter';
import { WhatsappAdapter } from './whatsapp/outbound';

/** Why a reply cannot leave on a channel with no provider configured. */
export const notConnectedReason = (channel: MessagingChannel): string =>
  `The ${CHANNEL_NAMES[channel]} channel is not connected on this server.`;

export const CHANNEL_NAMES: Record<MessagingChannel, string> = {
  chat: 'web chat',
  email: 'email',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};

class NotConnectedAdapter implements ChannelAdapter {
  readonly connected = false;
  constructor(readonly channel: MessagingChannel) {}
  send(_message: OutboundSend): Promise<SendResult> {
    return Promise.resolve({
      ok: false,
      retryable: false,
      reason: notConnectedReason(this.channel),
    });
  }
}

/** The adapter of each messaging channel. */
export type ChannelAdapters = Readonly<Record<MessagingChannel, ChannelAdapter>>;

/** Builds this process's adapters (providers not configured are not connected). */
export function createChannelAdapters(
  config?: Pick<Config, 'email' | 'twilio' | 'whatsapp'>,
  origin: CallbackOrigin = { url: undefined },
): ChannelAdapters {
  return {
    chat: new WebchatAdapter(),
    email: config?.email.smtpUrl
      ? new EmailAdapter(config.email.smtpUrl)
      : new NotConnectedAdapter('email'),
    sms: config?.twilio
      ? new TwilioSmsAdapter(config.twilio, origin)
      : new NotConnectedAdapter('sms'),
    whatsapp: config?.whatsapp
      ? new WhatsappAdapter(config.whatsapp)
      : new NotConnectedAdapter('whatsapp'),
  };
}

/** Whether a conversation channel sends through an adapter (voice does not). */
export const isMessagingChannel = (channel: string): channel is MessagingChannel =>
  channel === 'chat' || channel === 'email' || channel === 'sms' || channel === 'whatsapp';

/**
 * Runs a send, turning a throw (a network error, a bug in building the message) into a retryable
 * failure with its message: the outbox and the campaign queue try such a send again later.
 */
export async function attemptSend(send: () => Promise<SendResult>): Promise<SendResult> {
  try {
    return await send();
  } catch (error) {
    return {
      ok: false,
      retryable: true,
      reason: error instanceof Error ? error.message : String(error),
    };
  }
}
