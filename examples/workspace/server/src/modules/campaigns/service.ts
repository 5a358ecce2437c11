// Campaign rules: the campaigns permit (flag_campaigns; admins pass), drafts editable only as
// drafts, the states draft → scheduled → sending → sent (and cancelled), readiness checks before
// scheduling, the schedule on the workspace's clock, audience estimates, reports and CSV.
import type {
  Audience,
  AudienceEstimate,
  AudienceOptions,
  Campaign,
  CampaignContent,
  CampaignCreate,
  CampaignListQuery,
  CampaignPatch,
  CampaignSchedule,
  TemplateStatus,
} from '../../contract/campaigns';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { ApiError, conflict, invalidField, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { decodeCursor, encodeCursor } from '../../lib/paging';
import { requirePermit } from '../../lib/router';
import { CAMPAIGN_MESSAGES, LIMITS } from './constants';
import {
  campaignRow,
  campaignSummaries,
  emptyStats,
  iso,
  statsOf,
  type CampaignRow,
} from './campaign-reads';
import { fromLocal, toLocal } from './local-time';
import { CampaignRepository } from './repository';
import { TemplateRepository } from './template-repository';
import { smsSegments, unknownTokens } from '../../contract/campaign-text';

type TemplateRow = NonNullable<Awaited<ReturnType<TemplateRepository['findTemplate']>>>;

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
      campaigns: await campaignSummaries(this.repo, page),
      page: {
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor(new Date(last.created_at), last.id)
            : null,
      },
    };
  }

  async get(access: WorkspaceAccess, id: string): Promise<Campaign> {
    return this.full(access, await campaignRow(this.repo, access, id));
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
        throw invalidField('body.audience.rules', 'Unknown tag');
    }
    if (!content) return undefined;
    if (content.channel !== channel)
      throw invalidField('body.content.channel', `The campaign's channel is ${channel}`);
    if (content.channel !== 'whatsapp' || content.templateId === null) return null;
    const t = await this.templates.findTemplate(access.workspace.id, content.templateId);
    if (!t || t.channel !== 'whatsapp')
      throw invalidField('body.content.templateId', 'Unknown WhatsApp template');
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
    const row = await campaignRow(this.repo, access, id);
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
    const row = await campaignRow(this.repo, access, id);
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
    const row = await campaignRow(this.repo, access, id);
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
      if (!local) throw invalidField('body.sendAt', CAMPAIGN_MESSAGES.invalidLocalTime);
      if (local.getTime() <= Date.now())
        throw invalidField('body.sendAt', CAMPAIGN_MESSAGES.scheduleInPast);
      if (local.getTime() > Date.now() + LIMITS.scheduleAheadDaysMax * 86_400_000)
        throw invalidField('body.sendAt', CAMPAIGN_MESSAGES.scheduleTooFar);
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
    await campaignRow(this.repo, access, id);
    const ok = await this.repo.transition(access.workspace.id, id, ['scheduled'], 'draft', {
      scheduled_at: null,
    });
    if (!ok) throw conflict('not_scheduled', CAMPAIGN_MESSAGES.notScheduled);
    return this.get(access, id);
  }

  async cancel(access: WorkspaceAccess, id: string): Promise<Campaign> {
    const row = await campaignRow(this.repo, access, id);
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
}
