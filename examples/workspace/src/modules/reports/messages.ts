/** The Reports area's words, in one place. */
import type { CallGroup, ConversationGroup, ReportKind } from './api';

export const REPORTS_COPY = {
  title: 'Reports',
  subtitle: (timeZone: string) =>
    `Computed from your conversations, calls and survey answers · ${timeZone}`,
  tabsLabel: 'Report',
  rangeLabel: 'Period',
  from: 'From',
  to: 'To',
  export: 'Export CSV',
  exportFailed: 'The CSV could not be downloaded',
  loadFailed: 'The report could not be loaded',
  loading: 'Loading the report',
  groupBy: 'Break down by',
  perDay: 'Per day',
  breakdown: 'Breakdown',
  noData: {
    conversations: 'No conversations started or closed in this period.',
    calls: 'No calls in this period.',
    csat: 'No survey answers in this period.',
  } satisfies Record<ReportKind, string>,
  rangeInvalid: 'The start must be on or before the end, within a year.',
} as const;

export const TAB_LABELS: Record<ReportKind, string> = {
  conversations: 'Conversations',
  calls: 'Calls',
  csat: 'Satisfaction',
};

export const RANGE_PRESETS = [
  { value: '7', label: 'Last 7 days', days: 7 },
  { value: '30', label: 'Last 30 days', days: 30 },
  { value: '90', label: 'Last 90 days', days: 90 },
  { value: 'custom', label: 'Custom range', days: 0 },
] as const;

export const CONVERSATION_GROUP_LABELS: Record<ConversationGroup, string> = {
  channel: 'Channel',
  team: 'Team',
  agent: 'Agent',
};

export const CALL_GROUP_LABELS: Record<CallGroup, string> = { agent: 'Agent', queue: 'Queue' };

export const FIGURE_LABELS = {
  opened: 'Opened',
  closed: 'Closed',
  firstResponseMedian: 'First response (median)',
  firstResponseP90: 'First response (p90)',
  resolutionMedian: 'Resolution (median)',
  resolutionP90: 'Resolution (p90)',
  inbound: 'Inbound',
  outbound: 'Outbound',
  answered: 'Answered',
  missed: 'Missed',
  missedRate: 'Missed rate',
  handle: 'Avg handle time',
  afterCallWork: 'Avg after-call work',
  responses: 'Responses',
  satisfied: 'Satisfied',
  average: 'Average score',
} as const;

export const FIGURE_HINTS = {
  firstResponse: "From the customer's first message to the first agent reply",
  resolution: 'From start to close',
  satisfied: 'Answers at 80% of the scale or more',
  average: 'Mean score as a share of the scale',
} as const;
