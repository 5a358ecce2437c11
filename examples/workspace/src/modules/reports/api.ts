/**
 * The Reports area's data (`/api/ws/{slug}/reports/...`), typed from the server's route
 * declarations (src/api/http.ts).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, http, type Schema } from '../../api/http';

export type ConversationReport = Schema<'ConversationReport'>;
export type CallReport = Schema<'CallReport'>;
export type CsatReport = Schema<'CsatReport'>;
export type DurationStats = Schema<'DurationStats'>;
export type ConversationGroup = ConversationReport['groupBy'];
export type CallGroup = CallReport['groupBy'];
export type ReportKind = 'conversations' | 'calls' | 'csat';

/** A report's days, both included, in the workspace's time zone. */
export interface DayRange {
  readonly from: string;
  readonly to: string;
}

const key = (slug: string, ...rest: unknown[]) => ['ws', slug, 'reports', ...rest] as const;

export const conversationReportQuery = (
  slug: string,
  range: DayRange,
  groupBy: ConversationGroup,
) =>
  queryOptions({
    queryKey: key(slug, 'conversations', range, groupBy),
    queryFn: ({ signal }) =>
      call(
        http.GET('/ws/{slug}/reports/conversations', {
          params: { path: { slug }, query: { ...range, groupBy } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const callReportQuery = (slug: string, range: DayRange, groupBy: CallGroup) =>
  queryOptions({
    queryKey: key(slug, 'calls', range, groupBy),
    queryFn: ({ signal }) =>
      call(
        http.GET('/ws/{slug}/reports/calls', {
          params: { path: { slug }, query: { ...range, groupBy } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const csatReportQuery = (slug: string, range: DayRange) =>
  queryOptions({
    queryKey: key(slug, 'csat', range),
    queryFn: ({ signal }) =>
      call(
        http.GET('/ws/{slug}/reports/csat', { params: { path: { slug }, query: range }, signal }),
      ),
    placeholderData: keepPreviousData,
  });

/** A report's table as a CSV file. */
export const reportCsv = (
  slug: string,
  report: ReportKind,
  range: DayRange,
  groupBy?: ConversationGroup | CallGroup,
) =>
  call(
    http.GET('/ws/{slug}/reports/{report}/export', {
      params: { path: { slug, report }, query: { ...range, ...(groupBy ? { groupBy } : {}) } },
      parseAs: 'blob',
    }),
  );
