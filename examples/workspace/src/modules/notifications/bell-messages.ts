// What the bell in the top bar says (apart from ./messages, which the panel loads with its chunk).

/** The bell's accessible name. */
export const bellLabel = (unread: number): string =>
  unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
