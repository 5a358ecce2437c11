// Campaign rules: the campaigns permit (flag_campaigns; admins pass), drafts editable only as
// drafts, the states draft → scheduled → sending → sent (and cancelled), readiness checks before
// scheduling, the schedule on the workspace's clock, audience estimates, reports and CSV.
import { TZDate } from '@date-fns/tz';
import type {
  Audience,
  AudienceEstimate,
  AudienceOptions,
  Campaign,
  CampaignContent,
  CampaignCreate,
  CampaignListQuery,
  CampaignOverview,
  CampaignPatch,
  CampaignReport,
  CampaignSchedule,
  CampaignStats,
  CampaignSummary,
  LocalTime,
  RecipientListQuery,
  RecipientListResponse,
  TemplateStatus,
} from '../../contract/campaigns';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { ApiError, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { MESSAGES } from '../../lib/messages';
import { decodeCursor, encodeCursor } from '../../lib/paging';
import { requirePermit } from '../../lib/router';
import { CAMPAIGN_MESSAGES, LIMITS } from './constants';
import { channelIsLocal, receiptsOf } from './provider-source';
import { CampaignRepository, type StatsRow } from './repository';
import { TemplateRepository } from './template-repository';
import { smsSegments, unknownTokens } from '../../contract/campaign-text';

type CampaignRow = NonNullable<Awaited<ReturnType<CampaignRepository['find']>>>;
type TemplateRow = NonNullable<Awaited<ReturnType<TemplateRepository['findTemplate']>>>;

const iso = (d: Date | string | null): string | null => (d ? new Date(d).toISOString() : null);

const invalid = (path: string, message: string) =>
  new ApiError(400, 'invalid_request', MESSAGES.invalidRequest, [{ path, message }]);

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment on a time zone's clock. */
export function toLocal(at: Date, timeZone: string): LocalTime {
  const d = new TZDate(at.getTime(), timeZone);
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
}

/** The moment a wall-clock time names in a time zone; null when the clock skips it (DST). */
export function fromLocal(local: LocalTime, timeZone: string): Date | null {
  const [y, m, d] = local.date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = local.time.split(':').map(Number) as [number, number];
  const at = new Date(new TZDate(y, m - 1, d, hh, mm, 0, timeZone).getTime());
  const back = toLocal(at, timeZone);
  return back.date === local.date && back.time === local.time ? at : null;
}

const emptyStats = (total = 0): CampaignStats => ({
  total,
  queued: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  replied: 0,
  cancelled: 0,
  optedOut: 0,
  progress: 0,
});

function statsOf(row: StatsRow | undefined): CampaignStats {
  if (!row) return emptyStats();
  return {
    total: row.total,
    queued: row.queued,
    sent: row.sent,
    delivered: row.delivered,
    read: row.read,
    failed: row.failed,
    replied: row.replied,
    cancelled: row.cancelled,
    optedOut: row.opted_out,
    progress: row.total === 0 ? 0 : Math.min(1, (row.total - row.queued) / row.total),
  };
}

/** The default content of a new campaign of a channel. */
function emptyContent(channel: Campaign['channel']): CampaignContent {
  if (channel === 'whatsapp') return { channel, templateId: null, variables: {} };
  if (channel === 'email') return { channel, subject: '', body: '' };
  return { channel, body: '' };
}

export class CampaignService {
  readonly repo: CampaignRepository;
  private readonly templates: TemplateRepository;

  constructor(
    private readonly services: Services,
    /** Called when a campaign is scheduled (wakes the local send worker). */
    private readonly onScheduled: () => void = () => {},
  ) {
    this.repo = new CampaignRepository(services.db);
    this.templates = new TemplateRepository(services.db);
  }

  private summary(row: CampaignRow, stats: StatsRow | undefined): CampaignSummary {
    return {
      id: row.id,
      name: row.name,
      channel: row.channel as Campaign['channel'],
      status: row.status as Campaign['status'],
      stats: statsOf(stats),
      sendAt: iso(row.scheduled_at),
      createdAt: iso(row.created_at)!,
      updatedAt: iso(row.updated_at)!,
      startedAt: iso(row.started_at),
      completedAt: iso(row.completed_at),
    };
  }

  private async summaries(rows: CampaignRow[]): Promise<CampaignSummary[]> {
    const stats = await this.repo.stats(rows.filter((r) => r.started_at).map((r) => r.id));
    return rows.map((r) => this.summary(r, stats.get(r.id)));
  }

  /** What keeps a draft from being scheduled. */
  private async problems(
    access: WorkspaceAccess,
    row: CampaignRow,
    template: TemplateRow | undefined,
  ): Promise<string[]> {
    const p = CAMPAIGN_MESSAGES.problems;
    const out: string[] = [];
    if (!row.name.trim()) out.push(p.name);
    const audience = row.audience as Audience;
    const channel = row.channel as Campaign['channel'];
    const estimate = await this.repo.estimate(access.workspace.id, channel, audience, 0);
    if (estimate.reachable === 0) out.push(p.audienceEmpty);
    const content = row.content as CampaignContent;
    const tokens = (text: string) => unknownTokens(text).map(p.unknownToken);
    if (content.channel === 'whatsapp') {
      if (!template) out.push(p.template);
      else {
        if (template.status !== 'approved') out.push(p.templateNotApproved);
        const vars = template.variables;
        if (vars.some((v) => !(content.variables[v] ?? '').trim())) out.push(p.variables);
        for (const v of vars) out.push(...tokens(content.variables[v] ?? ''));
      }
    } else if (content.channel === 'email') {
      if (!content.subject.trim()) out.push(p.subject);
      if (!content.body.trim()) out.push(p.body);
      out.push(...tokens(content.subject), ...tokens(content.body));
    } else {
      if (!content.body.trim()) out.push(p.body);
      else if (smsSegments(content.body).segments > LIMITS.smsSegmentsMax) out.push(p.smsTooLong);
      out.push(...tokens(content.body));
    }
    return [...new Set(out)];
  }

  private async full(access: WorkspaceAccess, row: CampaignRow): Promise<Campaign> {
    const tz = access.workspace.time_zone;
    const template = row.template_id
      ? await this.templates.findTemplate(access.workspace.id, row.template_id)
      : undefined;
    const stats = row.started_at ? (await this.repo.stats([row.id])).get(row.id) : undefined;
    const snapshot = row.template_snapshot;
    return {
      id: row.id,
      name: row.name,
      channel: row.channel as Campaign['channel'],
      status: row.status as Campaign['status'],
      audience: row.audience as Audience,
      content: row.content as CampaignContent,
      template: template
        ? {
            id: template.id,
            name: snapshot?.name ?? template.name,
            status: template.status as TemplateStatus,
            language: snapshot?.language ?? template.language,
            body: snapshot?.body ?? template.body,
            variables: template.variables,
          }
        : null,
      schedule: {
        sendAt: iso(row.scheduled_at),
        local: row.scheduled_at ? toLocal(new Date(row.scheduled_at), tz) : null,
        timeZone: tz,
      },
      stats: stats ? statsOf(stats) : emptyStats(row.recipients_total),
      problems: row.status === 'draft' ? await this.problems(access, row, template) : [],
      cancelReason: row.cancel_reason,
      createdBy: row.created_by,
      createdAt: iso(row.created_at)!,
      updatedAt: iso(row.updated_at)!,
      startedAt: iso(row.started_at),
      completedAt: iso(row.completed_at),
      cancelledAt: iso(row.cancelled_at),
    };
  }

  private async row(access: WorkspaceAccess, id: string): Promise<CampaignRow> {
    requirePermit(access, 'flag_campaigns');
    const row = await this.repo.find(access.workspace.id, id);
    if (!row) throw notFound('Campaign');
    return row;
  }

  async list(access: WorkspaceAccess, query: CampaignListQuery) {
    requirePermit(access, 'flag_campaigns');
    const rows = await this.repo.list(
      access.workspace.id,
      { status: query.status, channel: query.channel, q: query.q?.trim() || undefined },
      decodeCursor(query.cursor),
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      campaigns: await this.summaries(page),
      page: {
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor(new Date(last.created_at), last.id)
            : null,
      },
    };
  }

  async get(access: WorkspaceAccess, id: string): Promise<Campaign> {
    return this.full(access, await this.row(access, id));
  }

  /** Checks the audience's tags and the content's template belong to the workspace. */
  private async checkRefs(
    access: WorkspaceAccess,
    channel: Campaign['channel'],
    audience: Audience | undefined,
    content: CampaignContent | undefined,
  ): Promise<string | null | undefined> {
    if (audience) {
      const tagIds = audience.rules.flatMap((r) => (r.kind === 'tag' ? [r.tagId] : []));
      if (!(await this.repo.tagsExist(access.workspace.id, tagIds)))
        throw invalid('body.audience.rules', 'Unknown tag');
    }
    if (!content) return undefined;
    if (content.channel !== channel)
      throw invalid('body.content.channel', `The campaign's channel is ${channel}`);
    if (content.channel !== 'whatsapp' || content.templateId === null) return null;
    const t = await this.templates.findTemplate(access.workspace.id, content.templateId);
    if (!t || t.channel !== 'whatsapp')
      throw invalid('body.content.templateId', 'Unknown WhatsApp template');
    return t.id;
  }

  async create(access: WorkspaceAccess, body: CampaignCreate): Promise<Campaign> {
    requirePermit(access, 'flag_campaigns');
    // A WhatsApp campaign needs at least one approved template.
    if (
      body.channel === 'whatsapp' &&
      !(await this.templates.hasApprovedTemplate(access.workspace.id, 'whatsapp'))
    )
      throw conflict('whatsapp_template_required', CAMPAIGN_MESSAGES.whatsappNeedsApprovedTemplate);
    const templateId = await this.checkRefs(access, body.channel, body.audience, body.content);
    const id = newId();
    await this.repo.insert({
      id,
      workspaceId: access.workspace.id,
      name: body.name,
      channel: body.channel,
      audience: body.audience ?? { match: 'all', rules: [] },
      content: body.content ?? emptyContent(body.channel),
      templateId: templateId ?? null,
      createdBy: access.membership.user_id,
    });
    return this.get(access, id);
  }

  async patch(access: WorkspaceAccess, id: string, body: CampaignPatch): Promise<Campaign> {
    const row = await this.row(access, id);
    if (row.status !== 'draft')
      throw conflict('not_editable', CAMPAIGN_MESSAGES.notEditable(row.status));
    const templateId = await this.checkRefs(
      access,
      row.channel as Campaign['channel'],
      body.audience,
      body.content,
    );
    const ok = await this.repo.updateDraft(access.workspace.id, id, {
      name: body.name,
      audience: body.audience,
      content: body.content,
      ...(templateId !== undefined ? { templateId } : {}),
    });
    if (!ok) throw conflict('not_editable', CAMPAIGN_MESSAGES.notEditable('no longer a draft'));
    return this.get(access, id);
  }

  async remove(access: WorkspaceAccess, id: string): Promise<void> {
    requirePermit(access, 'flag_campaigns');
    const result = await this.repo.delete(access.workspace.id, id);
    if (result === 'missing') throw notFound('Campaign');
    if (result === 'sending')
      throw conflict('campaign_sending', CAMPAIGN_MESSAGES.cannotDeleteSending);
  }

  async duplicate(access: WorkspaceAccess, id: string): Promise<Campaign> {
    const row = await this.row(access, id);
    const copy = newId();
    await this.repo.insert({
      id: copy,
      workspaceId: access.workspace.id,
      name: `${row.name} (copy)`.slice(0, LIMITS.nameMax),
      channel: row.channel,
      audience: row.audience,
      content: row.content,
      templateId: row.template_id,
      createdBy: access.membership.user_id,
    });
    return this.get(access, copy);
  }

  async schedule(access: WorkspaceAccess, id: string, body: CampaignSchedule): Promise<Campaign> {
    const row = await this.row(access, id);
    if (row.status !== 'draft')
      throw conflict('not_editable', CAMPAIGN_MESSAGES.notEditable(row.status));
    const template = row.template_id
      ? await this.templates.findTemplate(access.workspace.id, row.template_id)
      : undefined;
    const problems = await this.problems(access, row, template);
    if (problems.length > 0)
      throw new ApiError(
        409,
        'not_ready',
        CAMPAIGN_MESSAGES.cannotSchedule,
        problems.map((message) => ({ path: 'campaign', message })),
      );
    let at: Date;
    if (body.sendAt === 'now') at = new Date();
    else {
      const local = fromLocal(body.sendAt, access.workspace.time_zone);
      if (!local) throw invalid('body.sendAt', CAMPAIGN_MESSAGES.invalidLocalTime);
      if (local.getTime() <= Date.now())
        throw invalid('body.sendAt', CAMPAIGN_MESSAGES.scheduleInPast);
      if (local.getTime() > Date.now() + LIMITS.scheduleAheadDaysMax * 86_400_000)
        throw invalid('body.sendAt', CAMPAIGN_MESSAGES.scheduleTooFar);
      at = local;
    }
    const ok = await this.repo.transition(access.workspace.id, id, ['draft'], 'scheduled', {
      scheduled_at: at,
    });
    if (!ok) throw conflict('not_editable', CAMPAIGN_MESSAGES.notEditable('no longer a draft'));
    if (body.sendAt === 'now') this.onScheduled();
    return this.get(access, id);
  }

  async unschedule(access: WorkspaceAccess, id: string): Promise<Campaign> {
    await this.row(access, id);
    const ok = await this.repo.transition(access.workspace.id, id, ['scheduled'], 'draft', {
      scheduled_at: null,
    });
    if (!ok) throw conflict('not_scheduled', CAMPAIGN_MESSAGES.notScheduled);
    return this.get(access, id);
  }

  async cancel(access: WorkspaceAccess, id: string): Promise<Campaign> {
    const row = await this.row(access, id);
    if (!(await this.repo.cancel(access.workspace.id, id)))
      throw conflict('not_cancellable', CAMPAIGN_MESSAGES.notCancellable(row.status));
    return this.get(access, id);
  }

  async estimate(
    access: WorkspaceAccess,
    channel: Campaign['channel'],
    audience: Audience,
  ): Promise<AudienceEstimate> {
    requirePermit(access, 'flag_campaigns');
    await this.checkRefs(access, channel, audience, undefined);
    return this.repo.estimate(access.workspace.id, channel, audience, LIMITS.audienceSample);
  }

  async audienceOptions(access: WorkspaceAccess): Promise<AudienceOptions> {
    requirePermit(access, 'flag_campaigns');
    return {
      tags: await this.repo.tags(access.workspace.id),
      timeZone: access.workspace.time_zone,
    };
  }

  async overview(access: WorkspaceAccess): Promise<CampaignOverview> {
    requirePermit(access, 'flag_campaigns');
    const ws = access.workspace.id;
    const tz = access.workspace.time_zone;
    const days = 30;
    const today = toLocal(new Date(), tz).date;
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const since = new Date(new TZDate(y, m - 1, d - (days - 1), 0, 0, 0, tz).getTime());
    const [counts, events, active, recent] = await Promise.all([
      this.repo.countsByStatus(ws),
      this.repo.series({ workspaceId: ws, since }, 'day', tz),
      this.repo.byStatus(ws, ['sending', 'scheduled'], 5),
      this.repo.byStatus(ws, ['sent', 'cancelled', 'draft'], 5),
    ]);
    const byDate = new Map<string, CampaignOverview['series'][number]>();
    for (let i = 0; i < days; i++) {
      const date = toLocal(
        new Date(new TZDate(y, m - 1, d - (days - 1) + i, 12, 0, 0, tz).getTime()),
        tz,
      ).date;
      byDate.set(date, { date, sent: 0, delivered: 0, failed: 0, replied: 0 });
    }
    const totals = { sent: 0, delivered: 0, failed: 0, replied: 0 };
    for (const e of events) {
      const point = byDate.get(toLocal(e.at, tz).date);
      const kind = e.kind as keyof typeof totals;
      if (point) point[kind] += e.n;
      totals[kind] += e.n;
    }
    return {
      counts: {
        draft: counts.draft ?? 0,
        scheduled: counts.scheduled ?? 0,
        sending: counts.sending ?? 0,
        sent: counts.sent ?? 0,
        cancelled: counts.cancelled ?? 0,
      },
      totals,
      days,
      series: [...byDate.values()],
      active: await this.summaries(active),
      recent: await this.summaries(recent),
      timeZone: tz,
    };
  }

  async report(access: WorkspaceAccess, id: string): Promise<CampaignReport> {
    const row = await this.row(access, id);
    const tz = access.workspace.time_zone;
    const stats = statsOf((await this.repo.stats([row.id])).get(row.id));
    const source = {
      localGateway: channelIsLocal(this.services.config, row.channel),
      receipts: receiptsOf(row.channel),
    };
    const span = await this.repo.eventSpan(row.id);
    if (!span.first || !span.last) return { stats, ...source, bucket: 'minute', series: [] };
    const first = new Date(span.first);
    const last = new Date(span.last);
    const spanMs = last.getTime() - first.getTime();
    const bucket = spanMs <= 3 * 3_600_000 ? 'minute' : spanMs <= 10 * 86_400_000 ? 'hour' : 'day';
    const events = await this.repo.series({ campaignId: row.id }, bucket, tz);
    const points = new Map<number, CampaignReport['series'][number]>();
    const step = bucket === 'minute' ? 60_000 : bucket === 'hour' ? 3_600_000 : 86_400_000;
    const start = events[0]?.at.getTime() ?? first.getTime();
    const end = events.at(-1)?.at.getTime() ?? start;
    if (bucket !== 'day')
      for (let t = start; t <= end && points.size < LIMITS.reportBucketsMax; t += step)
        points.set(t, {
          at: new Date(t).toISOString(),
          sent: 0,
          delivered: 0,
          failed: 0,
          replied: 0,
        });
    for (const e of events) {
      const key = e.at.getTime();
      const point = points.get(key) ?? {
        at: e.at.toISOString(),
        sent: 0,
        delivered: 0,
        failed: 0,
        replied: 0,
      };
      point[e.kind as 'sent'] += e.n;
      points.set(key, point);
    }
    const series = [...points.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, p]) => p)
      .slice(-LIMITS.reportBucketsMax);
    return { stats, ...source, bucket, series };
  }

  async recipients(
    access: WorkspaceAccess,
    id: string,
    query: RecipientListQuery,
  ): Promise<RecipientListResponse> {
    const row = await this.row(access, id);
    const after = query.cursor ? Number.parseInt(query.cursor, 10) : 0;
    if (!Number.isSafeInteger(after) || after < 0) throw invalid('query.cursor', 'Invalid cursor');
    const rows = await this.repo.recipients(row.id, query.status, after, query.limit + 1);
    const page = rows.slice(0, query.limit);
    return {
      recipients: page.map((r) => ({
        id: String(r.id),
        contactId: r.contact_id,
        name: r.contact_name,
        address: r.address,
        status: r.status as 'queued',
        sentAt: iso(r.sent_at),
        deliveredAt: iso(r.delivered_at),
        readAt: iso(r.read_at),
        failedAt: iso(r.failed_at),
        repliedAt: iso(r.replied_at),
        error: r.error,
      })),
      page: { nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null },
    };
  }

  /** The rows of a CSV export: a header, then recipients (paged through) or the timeline. */
  async *csvRows(
    access: WorkspaceAccess,
    id: string,
    kind: 'recipients' | 'timeline',
  ): AsyncGenerator<string[]> {
    const row = await this.row(access, id);
    if (kind === 'timeline') {
      const report = await this.report(access, id);
      yield ['time', 'sent', 'delivered', 'failed', 'replied'];
      for (const p of report.series)
        yield [p.at, String(p.sent), String(p.delivered), String(p.failed), String(p.replied)];
      return;
    }
    yield [
      'name',
      'address',
      'status',
      'sent_at',
      'delivered_at',
      'read_at',
      'failed_at',
      'replied_at',
      'error',
    ];
    const at = (d: Date | null) => iso(d) ?? '';
    let after = 0;
    for (;;) {
      const rows = await this.repo.recipients(row.id, undefined, after, 5_000);
      if (rows.length === 0) return;
      for (const r of rows) {
        const status =
          r.status === 'failed'
            ? 'failed'
            : r.read_at
              ? 'read'
              : r.delivered_at
                ? 'delivered'
                : r.status;
        yield [
          r.contact_name,
          r.address,
          status,
          at(r.sent_at),
          at(r.delivered_at),
          at(r.read_at),
          at(r.failed_at),
          at(r.replied_at),
          r.error ?? '',
        ];
      }
      after = rows.at(-1)!.id;
    }
  }

  /** A file name for an export. */
  async csvName(access: WorkspaceAccess, id: string, kind: string): Promise<string> {
    const row = await this.row(access, id);
    const slug =
      row.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'campaign';
    return `${slug}-${kind}.csv`;
  }
}
