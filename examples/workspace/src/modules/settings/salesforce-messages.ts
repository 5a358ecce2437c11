// What the Salesforce settings page says (its own file: the settings messages module is also
// imported by the contact dialog on the inbox route, whose JS budget has no room).

/** What the Salesforce page says the integration does. */
export const SALESFORCE_COPY = {
  subtitle: 'Contact sync and call logging with your Salesforce org.',
  enabled:
    'When on, the workspace signs in to your org with the connected app (client credentials flow) and does what is ticked below.',
  syncContacts:
    'Every 15 minutes, and when you press Sync now, Salesforce Contacts and Leads changed since the last sync are copied into workspace contacts: matched by their Salesforce record first, else by email or phone, else created.',
  logCalls:
    'When an agent saves the after-call work of a call whose contact came from Salesforce, the call is logged once as a completed Call task on that Contact or Lead (direction, number, duration, disposition, notes).',
  syncNow: 'Sync now',
  syncOk: (c: { created: number; updated: number; linked: number }) =>
    `${c.created} created, ${c.updated} updated, ${c.linked} linked to existing contacts.`,
  syncDone: 'Salesforce sync finished',
  syncFailed: 'Salesforce sync failed',
  lastSync: 'Last sync',
} as const;
