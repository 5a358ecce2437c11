// Timing of the inbox's background work.

/** How often the server opens snoozed conversations whose time has come (ms). */
export const SNOOZE_WAKE_EVERY_MS = 5_000;
