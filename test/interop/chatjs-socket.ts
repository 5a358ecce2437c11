// What the chat interop specs wait on in a customer's page running amazon-connect-chatjs.
import type { Page } from '@playwright/test';

/**
 * Resolves once a web socket of the page has its `aws/subscribe` answered with success. chatjs's
 * `connect()` resolves before that, and events sent before it are not delivered (as by the
 * service), so an agent accepts the chat only once it has. Call before the page connects.
 */
export function chatSubscribed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString('utf8');
        if (text.includes('"topic":"aws/subscribe"') && text.includes('"status":"success"'))
          resolve();
      }),
    );
  });
}
