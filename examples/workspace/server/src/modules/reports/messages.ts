// Labels of the reports' rows whose key names nothing stored.
export const REPORT_LABELS = {
  unassigned: 'Unassigned',
  noTeam: 'No team',
  noQueue: 'No queue',
  formerAgent: 'Former agent',
  formerTeam: 'Former team',
} as const;

/** The channels' names as the reports write them. */
export const CHANNEL_LABELS: Record<string, string> = {
  chat: 'Web chat',
  email: 'Email',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  voice: 'Voice',
};

/** The CSV exports' column headings, by report. */
export const CSV_HEADINGS = {
  conversations: [
    'Opened',
    'Closed',
    'First response median (s)',
    'First response p90 (s)',
    'Resolution median (s)',
    'Resolution p90 (s)',
  ],
  calls: [
    'Inbound',
    'Outbound',
    'Answered',
    'Missed',
    'Missed rate',
    'Average handle time (s)',
    'Average after-call work (s)',
  ],
  csat: ['Day', 'Responses', 'Satisfied share', 'Average share of scale'],
  total: 'All',
} as const;

/** The first column's heading of a grouped export. */
export const GROUP_HEADINGS: Record<string, string> = {
  channel: 'Channel',
  team: 'Team',
  agent: 'Agent',
  queue: 'Queue',
};
