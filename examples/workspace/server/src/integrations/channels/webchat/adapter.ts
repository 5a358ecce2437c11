// The web-chat adapter's sending side: nothing crosses a network, the widget reads the reply from
// the workspace server (its stream announces it). The reply is "sent" once stored; the widget
// reports it delivered when it has it and read when the visitor has seen it.
import type { ChannelAdapter, OutboundSend, SendResult } from '../types';

export class WebchatAdapter implements ChannelAdapter {
  readonly channel = 'chat' as const;
  readonly connected = true;

  send(message: OutboundSend): Promise<SendResult> {
    return Promise.resolve({
      ok: true,
      providerMessageId: `chat:${message.idempotencyKey}`,
      status: 'sent',
    });
  }
}
