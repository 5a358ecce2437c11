// A report as CSV: the table the Reports screen shows (the breakdown, with the whole range's
// figures as the first row; the satisfaction report day by day). Cells go through the shared CSV
// cell rule, so a name cannot run as a formula in a spreadsheet.
import { csvField } from '../../contract/csv-cell';
import type { CallReport, ConversationReport, CsatReport } from '../../contract/reports';
import { CSV_HEADINGS, GROUP_HEADINGS } from './messages';

type Cell = string | number | null;

const lines = (rows: Cell[][]) => `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;

export function conversationCsv(report: ConversationReport): string {
  const row = (label: string, f: ConversationReport['totals']): Cell[] => [
    label,
    f.opened,
    f.closed,
    f.firstResponse.medianSeconds,
    f.firstResponse.p90Seconds,
    f.resolution.medianSeconds,
    f.resolution.p90Seconds,
  ];
  return lines([
    [GROUP_HEADINGS[report.groupBy]!, ...CSV_HEADINGS.conversations],
    row(CSV_HEADINGS.total, report.totals),
    ...report.groups.map((g) => row(g.label, g)),
  ]);
}

export function callCsv(report: CallReport): string {
  const row = (label: string, f: CallReport['totals']): Cell[] => [
    label,
    f.inbound,
    f.outbound,
    f.answered,
    f.missed,
    f.missedRate === null ? null : Number(f.missedRate.toFixed(4)),
    f.averageHandleSeconds,
    f.averageAfterCallWorkSeconds,
  ];
  return lines([
    [GROUP_HEADINGS[report.groupBy]!, ...CSV_HEADINGS.calls],
    row(CSV_HEADINGS.total, report.totals),
    ...report.groups.map((g) => row(g.label, g)),
  ]);
}

export function csatCsv(report: CsatReport): string {
  const share = (v: number | null) => (v === null ? null : Number(v.toFixed(4)));
  return lines([
    [...CSV_HEADINGS.csat],
    ...report.days.map((d) => [
      d.date,
      d.responses,
      share(d.satisfiedShare),
      share(d.averageShare),
    ]),
  ]);
}
