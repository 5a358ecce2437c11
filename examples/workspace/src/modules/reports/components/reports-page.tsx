// The Reports area: conversations, calls and satisfaction over a period of the workspace's days.
// The period, the tab and the breakdown live in the URL, so a report can be bookmarked and shared.
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { dayNumber, toDay } from '../../../../server/src/contract/report-days';
import { saveFile } from '../../../lib/download';
import { Button, Page, Tabs, TabsContent, TabsList, TabsTrigger, toast } from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import {
  reportCsv,
  type CallGroup,
  type ConversationGroup,
  type DayRange,
  type ReportKind,
} from '../api';
import { RANGE_PRESETS, REPORTS_COPY as M, TAB_LABELS } from '../messages';
import { CallsReport } from './calls-report';
import { ConversationsReport } from './conversations-report';
import { CsatReport } from './csat-report';
import { ReportPeriodToolbar, todayIn, validRange, type Preset } from './report-period';
import './reports.css';
import { errorText } from '../../../lib/error-text';

const KINDS: readonly ReportKind[] = ['conversations', 'calls', 'csat'];

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
      <ReportPeriodToolbar
        preset={preset}
        range={range}
        rangeOk={rangeOk}
        today={today}
        update={update}
      />
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
