// What the notifications bell and panel say, in one place.
export const NOTIFICATIONS_COPY = {
  title: 'Notifications',
  mentioned: (actor: string, subject: string) => `${actor} mentioned you in ${subject}`,
  someone: 'Someone',
  untitled: 'a conversation',
  empty: 'No notifications yet. You will see here when a teammate mentions you in a note.',
  failed: 'Notifications could not be loaded.',
  markAllRead: 'Mark all as read',
  loadOlder: 'Load older',
  unread: 'Unread',
  desktopOffer: 'Turn on desktop notifications',
  desktopHint: 'Hear of mentions while this tab is in the background.',
  desktopBlocked: 'Desktop notifications are blocked in this browser.',
  markFailed: 'The notification was not marked read',
} as const;
