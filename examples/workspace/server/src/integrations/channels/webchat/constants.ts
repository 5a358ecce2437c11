// Constants and visitor-facing strings of the web-chat widget's API.

export const WEBCHAT = {
  /** The longest message a visitor may send. */
  maxMessageLength: 4_000,
  /** The largest request body the widget API reads. */
  maxBodyBytes: 16 * 1024,
  /** Messages the widget loads (the latest ones). */
  historyLimit: 100,
  /** The stream sends a comment this often so that proxies keep it open. */
  keepAliveMs: 25_000,
  /** Header that carries the visitor's token. */
  tokenHeader: 'x-widget-token',
} as const;

export const WEBCHAT_MESSAGES = {
  channelOff: 'Web chat is not available for this workspace.',
  unknownWorkspace: 'Workspace not found.',
  visitorToken: 'The chat session is missing or has expired. Reload the page to start again.',
  bodyTooLarge: 'The request body is too large.',
  /** The name a visitor's contact gets until they leave their email. */
  visitorName: (short: string) => `visitor-chat-${short}`,
} as const;
