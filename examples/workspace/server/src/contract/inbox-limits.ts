// Limits of the inbox routes that the app needs as values too (no schema library here, so the
// browser bundle can import them).

/** The most conversations one bulk change takes. */
export const MAX_BULK_CONVERSATIONS = 100;
/** How far ahead a conversation may be snoozed (days). */
export const MAX_SNOOZE_DAYS = 365;
