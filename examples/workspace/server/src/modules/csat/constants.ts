// Constants of the customer-satisfaction survey.

/**
 * How long a survey can be answered after it was sent (the page, the widget card, a "reply 1–5"):
 * 7 days. Later, the page answers 410 and a number sent by SMS or WhatsApp is an ordinary message.
 */
export const SURVEY_EXPIRY_MS = 7 * 24 * 60 * 60 * 1000;

/** Random bytes of a survey token (base64url: 32 characters). */
export const SURVEY_TOKEN_BYTES = 24;

/** What a survey token looks like; anything else is unknown (404) before any lookup. */
export const SURVEY_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** The public survey page's path (served by the workspace server). */
export const SURVEY_PATH = '/survey';

/**
 * The approved WhatsApp template sent outside the 24-hour window (the gateway, like a real
 * WhatsApp Business Account, offers it): its one variable is the customer's name, and its text
 * asks for a number from 1 to 5, so the survey it carries is on a scale of 5 whatever the
 * workspace's scale.
 */
export const WHATSAPP_SURVEY_TEMPLATE = {
  name: 'customer_satisfaction_survey',
  language: 'en',
  scale: 5,
} as const;

/**
 * A reply that answers a survey on SMS or WhatsApp: the number alone (surrounding spaces allowed),
 * nothing else ("4/5", "4 stars", "four" are ordinary messages).
 */
export const SURVEY_REPLY_PATTERN = /^\s*(\d{1,2})\s*$/;

/** The longest body a POST of the survey page may have. */
export const SURVEY_POST_MAX_BYTES = 1024;
