// The Reports area: conversations, calls and satisfaction over a period of the workspace's days.
// The period, the tab and the breakdown live in the URL, so a report can be bookmarked and shared.
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { dayNumber, REPORT_MAX_DAYS, toDay } from '../../../../server/src/contract/report-days';
import { saveFile } from '../../../lib/download';
import { formatShare, formatSpan } from '../format';
import {
  Button,
  ErrorState,
  Field,
  Input,
  Page,
  Select,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
} from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import {
  callReportQuery,
  conversationReportQuery,
  csatReportQuery,
  reportCsv,
  type CallGroup,
  type ConversationGroup,
  type DayRange,
  type ReportKind,
} from '../api';
import {
  CALL_GROUP_LABELS,
  CONVERSATION_GROUP_LABELS,
  FIGURE_HINTS,
  FIGURE_LABELS as F,
  RANGE_PRESETS,
  REPORTS_COPY as M,
  TAB_LABELS,
} from '../messages';
import type { ChartSeries } from './report-chart';
import './reports.css';
import { errorText } from '../../../lib/error-text';

const ReportChart = lazy(() => import('./report-chart').then((m) => ({ default: m.ReportChart })));

const KINDS: readonly ReportKind[] = ['conversations', 'calls', 'csat'];
type Preset = (typeof RANGE_PRESETS)[number]['value'];

/** Today in a time zone, as YYYY-MM-DD. */
const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

const isDay = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** Whether a period runs forwards and spans at most the longest a report covers. */
const validRange = (r: DayRange) =>
  isDay(r.from) &&
  isDay(r.to) &&
  r.from <= r.to &&
  dayNumber(r.to) - dayNumber(r.from) < REPORT_MAX_DAYS;

const num = (n: number) => n.toLocaleString('en-US');

export function ReportsPage() {
  const session = useSession();
  const slug = session.slug;
  const timeZone = session.workspace.timeZone;
  const [params, setParams] = useSearchParams();
  const today = todayIn(timeZone);
  const tab: ReportKind = KINDS.find((k) => k === params.get('tab')) ?? 'conversations';
  const preset: Preset = RANGE_PRESETS.find((p) => p.value === params.get('range'))?.value ?? '30';
  const days = RANGE_PRESETS.find((p) => p.value === preset)!.days;
  const range: DayRange =
    preset === 'custom'
      ? { from: params.get('from') ?? today, to: params.get('to') ?? today }
      : { from: toDay(dayNumber(today) - days + 1), to: today };
  const rangeOk = validRange(range);
  const conversationGroup: ConversationGroup =
    (['channel', 'team', 'agent'] as const).find((g) => g === params.get('by')) ?? 'channel';
  const callGroup: CallGroup =
    (['agent', 'queue'] as const).find((g) => g === params.get('by')) ?? 'agent';
  const [exporting, setExporting] = useState(false);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );

  const exportCsv = async () => {
    setExporting(true);
    try {
      const groupBy =
        tab === 'conversations' ? conversationGroup : tab === 'calls' ? callGroup : undefined;
      const blob = await reportCsv(slug, tab, range, groupBy);
      saveFile(blob, `${tab}-${range.from}-${range.to}.csv`);
    } catch (error) {
      toast({ tone: 'danger', title: M.exportFailed, description: errorText(error) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Page
      title={M.title}
      subtitle={M.subtitle(timeZone)}
      data-testid="reports-page"
      actions={
        <Button
          icon={<Download aria-hidden="true" />}
          onClick={() => void exportCsv()}
          disabled={!rangeOk || exporting}
          data-testid="reports-export"
        >
          {M.export}
        </Button>
      }
    >
      <div className="rpt-toolbar">
        <Field label={M.rangeLabel}>
          {(control) => (
            <Select
              id={control.id}
              label={M.rangeLabel}
              value={preset}
              options={RANGE_PRESETS}
              onValueChange={(value) =>
                update(
                  value === 'custom'
                    ? { range: value, from: range.from, to: range.to }
                    : { range: value, from: null, to: null },
                )
              }
              data-testid="reports-range"
            />
          )}
        </Field>
        {preset === 'custom' ? (
          <>
            <Field label={M.from}>
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  value={range.from}
                  max={today}
                  onChange={(e) => update({ from: e.target.value || null })}
                  data-testid="reports-from"
                />
              )}
            </Field>
            <Field label={M.to} error={rangeOk ? null : M.rangeInvalid}>
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  value={range.to}
                  max={today}
                  onChange={(e) => update({ to: e.target.value || null })}
                  data-testid="reports-to"
                />
              )}
            </Field>
          </>
        ) : null}
      </div>
      <Tabs value={tab} onValueChange={(value) => update({ tab: value, by: null })}>
        <TabsList label={M.tabsLabel}>
          {KINDS.map((k) => (
            <TabsTrigger key={k} value={k} data-testid={`reports-tab-${k}`}>
              {TAB_LABELS[k]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="conversations" className="rpt-panel">
          {tab === 'conversations' && rangeOk ? (
            <ConversationsReport
              slug={slug}
              range={range}
              groupBy={conversationGroup}
              onGroupBy={(by) => update({ by })}
            />
          ) : null}
        </TabsContent>
        <TabsContent value="calls" className="rpt-panel">
          {tab === 'calls' && rangeOk ? (
            <CallsReport
              slug={slug}
              range={range}
              groupBy={callGroup}
              onGroupBy={(by) => update({ by })}
            />
          ) : null}
        </TabsContent>
        <TabsContent value="csat" className="rpt-panel">
          {tab === 'csat' && rangeOk ? <CsatReport slug={slug} range={range} /> : null}
        </TabsContent>
      </Tabs>
    </Page>
  );
}

// ── pieces ────────────────────────────────────────────────────────────────────────────────────

interface Figure {
  readonly key: string;
  readonly label: string;
  readonly value: string;
  readonly hint?: string;
}

function Figures({ items }: { readonly items: readonly Figure[] }) {
  return (
    <dl className="rpt-kpis" data-testid="report-figures">
      {items.map((i) => (
        <div key={i.key} className="rpt-kpi" title={i.hint}>
          <dt className="rpt-kpi__label">{i.label}</dt>
          <dd className="rpt-kpi__value" data-testid={`figure-${i.key}`}>
            {i.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The day-by-day chart with its accessible alternative (the same figures as a table). */
function DaysChart({
  title,
  days,
  series,
  percent,
  format,
}: {
  readonly title: string;
  readonly days: readonly Record<string, string | number | null>[];
  readonly series: readonly ChartSeries[];
  readonly percent?: boolean;
  readonly format: (value: number | null) => string;
}) {
  const data: Record<string, string | number | null>[] = days.map((d) => ({
    ...d,
    label: dayLabel(String(d.date)),
  }));
  return (
    <figure className="rpt-figure" aria-label={title}>
      <figcaption className="rpt-card__title">{title}</figcaption>
      <Suspense fallback={<Skeleton height={240} />}>
        <ReportChart data={data} series={series} percent={percent} />
      </Suspense>
      <table className="ui-visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={String(d.date)}>
              <th scope="row">{d.label}</th>
              {series.map((s) => (
                <td key={s.key}>{format(d[s.key] as number | null)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** The breakdown: one row per group, the columns given. */
function Breakdown<G extends string, R extends { key: string | null; label: string }>({
  rows,
  columns,
  groupBy,
  groups,
  onGroupBy,
}: {
  readonly rows: readonly R[];
  readonly columns: readonly { key: string; label: string; cell: (row: R) => ReactNode }[];
  readonly groupBy: G;
  readonly groups: Record<G, string>;
  readonly onGroupBy: (group: G) => void;
}) {
  const options = (Object.keys(groups) as G[]).map((value) => ({ value, label: groups[value] }));
  return (
    <section className="ui-card rpt-card">
      <header className="rpt-card__header">
        <h2 id="rpt-breakdown" className="rpt-card__title">
          {M.breakdown}
        </h2>
        <Select
          label={M.groupBy}
          value={groupBy}
          options={options}
          onValueChange={onGroupBy}
          data-testid="reports-group-by"
        />
      </header>
      {/* Scrolls sideways on a narrow screen: focusable so the keyboard can scroll it too. */}
      <div className="rpt-table-wrap" tabIndex={0} role="region" aria-labelledby="rpt-breakdown">
        <table className="rpt-table" data-testid="report-breakdown">
          <thead>
            <tr>
              <th scope="col">{groups[groupBy]}</th>
              {columns.map((c) => (
                <th key={c.key} scope="col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key ?? '∅'}>
                <th scope="row">{r.label}</th>
                {columns.map((c) => (
                  <td key={c.key}>{c.cell(r)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Loading, error and empty states around a report's body. */
function ReportState({
  query,
  empty,
  kind,
  children,
}: {
  readonly query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  readonly empty: boolean;
  readonly kind: ReportKind;
  readonly children: () => ReactNode;
}) {
  if (query.isPending)
    return (
      <div className="rpt-stack" role="status" aria-label={M.loading}>
        <Skeleton height={84} />
        <Skeleton height={260} />
      </div>
    );
  if (query.isError)
    return (
      <div className="ui-card">
        <ErrorState title={M.loadFailed} error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  return (
    <div className="rpt-stack" data-testid={`report-${kind}`}>
      {empty ? (
        <p className="ui-card rpt-empty" data-testid="report-empty">
          {M.noData[kind]}
        </p>
      ) : (
        children()
      )}
    </div>
  );
}

const countCell =
  <R,>(pick: (r: R) => number) =>
  (r: R) =>
    num(pick(r));

// ── the three reports ─────────────────────────────────────────────────────────────────────────

function ConversationsReport({
  slug,
  range,
  groupBy,
  onGroupBy,
}: {
  readonly slug: string;
  readonly range: DayRange;
  readonly groupBy: ConversationGroup;
  readonly onGroupBy: (group: ConversationGroup) => void;
}) {
  const query = useQuery(conversationReportQuery(slug, range, groupBy));
  const r = query.data;
  return (
    <ReportState
      query={query}
      empty={!!r && r.totals.opened + r.totals.closed === 0}
      kind="conversations"
    >
      {() => (
        <>
          <section className="ui-card rpt-card">
            <Figures
              items={[
                { key: 'opened', label: F.opened, value: num(r!.totals.opened) },
                { key: 'closed', label: F.closed, value: num(r!.totals.closed) },
                {
                  key: 'first-response-median',
                  label: F.firstResponseMedian,
                  value: formatSpan(r!.totals.firstResponse.medianSeconds),
                  hint: FIGURE_HINTS.firstResponse,
                },
                {
                  key: 'first-response-p90',
                  label: F.firstResponseP90,
                  value: formatSpan(r!.totals.firstResponse.p90Seconds),
                  hint: FIGURE_HINTS.firstResponse,
                },
                {
                  key: 'resolution-median',
                  label: F.resolutionMedian,
                  value: formatSpan(r!.totals.resolution.medianSeconds),
                  hint: FIGURE_HINTS.resolution,
                },
                {
                  key: 'resolution-p90',
                  label: F.resolutionP90,
                  value: formatSpan(r!.totals.resolution.p90Seconds),
                  hint: FIGURE_HINTS.resolution,
                },
              ]}
            />
            <DaysChart
              title={`${TAB_LABELS.conversations} · ${M.perDay}`}
              days={r!.days}
              series={[
                { key: 'opened', name: F.opened, color: 'var(--chart-a)' },
                { key: 'closed', name: F.closed, color: 'var(--chart-b)' },
              ]}
              format={(v) => num(v ?? 0)}
            />
          </section>
          <Breakdown
            rows={r!.groups}
            groupBy={groupBy}
            groups={CONVERSATION_GROUP_LABELS}
            onGroupBy={onGroupBy}
            columns={[
              { key: 'opened', label: F.opened, cell: countCell((g) => g.opened) },
              { key: 'closed', label: F.closed, cell: countCell((g) => g.closed) },
              {
                key: 'frt',
                label: F.firstResponseMedian,
                cell: (g) => formatSpan(g.firstResponse.medianSeconds),
              },
              {
                key: 'frt90',
                label: F.firstResponseP90,
                cell: (g) => formatSpan(g.firstResponse.p90Seconds),
              },
              {
                key: 'res',
                label: F.resolutionMedian,
                cell: (g) => formatSpan(g.resolution.medianSeconds),
              },
              {
                key: 'res90',
                label: F.resolutionP90,
                cell: (g) => formatSpan(g.resolution.p90Seconds),
              },
            ]}
          />
        </>
      )}
    </ReportState>
  );
}

function CallsReport({
  slug,
  range,
  groupBy,
  onGroupBy,
}: {
  readonly slug: string;
  readonly range: DayRange;
  readonly groupBy: CallGroup;
  readonly onGroupBy: (group: CallGroup) => void;
}) {
  const query = useQuery(callReportQuery(slug, range, groupBy));
  const r = query.data;
  return (
    <ReportState
      query={query}
      empty={!!r && r.totals.inbound + r.totals.outbound === 0}
      kind="calls"
    >
      {() => (
        <>
          <section className="ui-card rpt-card">
            <Figures
              items={[
                { key: 'inbound', label: F.inbound, value: num(r!.totals.inbound) },
                { key: 'outbound', label: F.outbound, value: num(r!.totals.outbound) },
                { key: 'answered', label: F.answered, value: num(r!.totals.answered) },
                {
                  key: 'missed-rate',
                  label: F.missedRate,
                  value: formatShare(r!.totals.missedRate),
                },
                {
                  key: 'handle',
                  label: F.handle,
                  value: formatSpan(r!.totals.averageHandleSeconds),
                },
                {
                  key: 'after-call-work',
                  label: F.afterCallWork,
                  value: formatSpan(r!.totals.averageAfterCallWorkSeconds),
                },
              ]}
            />
            <DaysChart
              title={`${TAB_LABELS.calls} · ${M.perDay}`}
              days={r!.days}
              series={[
                { key: 'inbound', name: F.inbound, color: 'var(--chart-a)' },
                { key: 'outbound', name: F.outbound, color: 'var(--chart-b)' },
                { key: 'missed', name: F.missed, color: 'var(--chart-c)' },
              ]}
              format={(v) => num(v ?? 0)}
            />
          </section>
          <Breakdown
            rows={r!.groups}
            groupBy={groupBy}
            groups={CALL_GROUP_LABELS}
            onGroupBy={onGroupBy}
            columns={[
              { key: 'inbound', label: F.inbound, cell: countCell((g) => g.inbound) },
              { key: 'outbound', label: F.outbound, cell: countCell((g) => g.outbound) },
              { key: 'answered', label: F.answered, cell: countCell((g) => g.answered) },
              { key: 'missed', label: F.missed, cell: countCell((g) => g.missed) },
              { key: 'missed-rate', label: F.missedRate, cell: (g) => formatShare(g.missedRate) },
              { key: 'aht', label: F.handle, cell: (g) => formatSpan(g.averageHandleSeconds) },
              {
                key: 'acw',
                label: F.afterCallWork,
                cell: (g) => formatSpan(g.averageAfterCallWorkSeconds),
              },
            ]}
          />
        </>
      )}
    </ReportState>
  );
}

function CsatReport({ slug, range }: { readonly slug: string; readonly range: DayRange }) {
  const query = useQuery(csatReportQuery(slug, range));
  const r = query.data;
  return (
    <ReportState query={query} empty={!!r && r.totals.responses === 0} kind="csat">
      {() => (
        <section className="ui-card rpt-card">
          <Figures
            items={[
              { key: 'responses', label: F.responses, value: num(r!.totals.responses) },
              {
                key: 'satisfied',
                label: F.satisfied,
                value: formatShare(r!.totals.satisfiedShare),
                hint: FIGURE_HINTS.satisfied,
              },
              {
                key: 'average',
                label: F.average,
                value: formatShare(r!.totals.averageShare),
                hint: FIGURE_HINTS.average,
              },
            ]}
          />
          <DaysChart
            title={`${F.satisfied} · ${M.perDay}`}
            days={r!.days}
            series={[
              { key: 'satisfiedShare', name: F.satisfied, color: 'var(--chart-a)' },
              { key: 'averageShare', name: F.average, color: 'var(--chart-b)' },
            ]}
            percent
            format={formatShare}
          />
        </section>
      )}
    </ReportState>
  );
}
