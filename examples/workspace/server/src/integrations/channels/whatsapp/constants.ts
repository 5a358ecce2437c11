// The WhatsApp channel's wire constants (WhatsApp Business Cloud API).

/** Provider ids of WhatsApp messages: `whatsapp:<wamid>`. */
export const WHATSAPP_ID_PREFIX = 'whatsapp:';

/** The webhook route (under /api): GET verification handshake and POST notifications. */
export const WHATSAPP_WEBHOOK_ROUTE = '/api/channels/whatsapp/webhook';

/** The header Meta signs webhook bodies with. */
export const HUB_SIGNATURE_HEADER = 'x-hub-signature-256';

/** The customer-service window: free-form messages only this long after the customer's last message. */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A text body's limit in characters. */
export const WHATSAPP_MAX_TEXT_CHARS = 4096;

/** How long a Graph call may take before it counts as a network failure (then retried). */
export const WHATSAPP_TIMEOUT_MS = 15_000;

/** How long the approved templates are kept before they are listed again. */
export const TEMPLATE_CACHE_MS = 60_000;

/** Pages of templates followed at most (100 each). */
export const TEMPLATE_MAX_PAGES = 5;

/** Graph API error codes the adapter names (Cloud API error codes). */
export const GRAPH_ERRORS = {
  /** Rate limits: retried later. */
  rateLimits: [4, 80007, 130429, 131056] as readonly number[],
  /** Something went wrong: retried later. */
  unknown: 131000,
  /** Re-engagement message: free-form outside the 24-hour window. */
  reEngagement: 131047,
} as const;
