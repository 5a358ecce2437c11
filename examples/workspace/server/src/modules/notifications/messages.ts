// User-facing strings of notifications.
export const NOTIFICATION_MESSAGES = {
  /** The thing a 404 names. */
  notification: 'Notification',
} as const;
