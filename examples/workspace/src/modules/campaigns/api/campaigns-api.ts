import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, apiBlob, wsPath } from '../../../api/client';
import { PROGRESS_POLL_MS } from '../messages';
import type {
  Audience,
  AudienceEstimate,
  AudienceOptions,
  Campaign,
  CampaignChannel,
  CampaignCreate,
  CampaignListResponse,
  CampaignOverview,
  CampaignPatch,
  CampaignReport,
  CampaignSchedule,
  CampaignStatus,
  RecipientListResponse,
  TemplateCreate,
  TemplateListResponse,
  TemplatePatch,
  TemplateResponse,
  TemplateStatus,
} from './types';

/** Query keys of the campaigns area, so that mutations invalidate the right data. */
export const campaignKeys = {
  all: (slug: string) => ['ws', slug, 'campaigns'] as const,
  overview: (slug: string) => ['ws', slug, 'campaigns', 'overview'] as const,
  lists: (slug: string) => ['ws', slug, 'campaigns', 'list'] as const,
  campaign: (slug: string, id: string) => ['ws', slug, 'campaigns', 'one', id] as const,
  templates: (slug: string) => ['ws', slug, 'campaigns', 'templates'] as const,
};

const campaignPath = (slug: string, id: string, rest = '') =>
  wsPath(slug, `/campaigns/${encodeURIComponent(id)}${rest}`);
const templatePath = (slug: string, id: string, rest = '') =>
  wsPath(slug, `/campaign-templates/${encodeURIComponent(id)}${rest}`);

/** Whether a campaign's numbers are still moving (sending, or replies still arriving). */
const isLive = (status: CampaignStatus | undefined) => status === 'sending';

export const overviewQuery = (slug: string) =>
  queryOptions({
    queryKey: campaignKeys.overview(slug),
    queryFn: ({ signal }) => api<CampaignOverview>(wsPath(slug, '/campaign-overview'), { signal }),
    refetchInterval: (q) => (q.state.data?.counts.sending ? PROGRESS_POLL_MS * 2 : false),
  });

export interface CampaignFilters {
  readonly status: CampaignStatus | '';
  readonly channel: CampaignChannel | '';
  readonly search: string;
}

export const campaignListQuery = (slug: string, filters: CampaignFilters) =>
  infiniteQueryOptions({
    queryKey: [...campaignKeys.lists(slug), filters] as const,
    queryFn: ({ pageParam, signal }) =>
      api<CampaignListResponse>(wsPath(slug, '/campaigns'), {
        signal,
        query: {
          status: filters.status,
          channel: filters.channel,
          q: filters.search,
          cursor: pageParam,
          limit: 20,
        },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.campaigns.some((c) => isLive(c.status)))
        ? PROGRESS_POLL_MS * 2
        : false,
  });

export const campaignQuery = (slug: string, id: string) =>
  queryOptions({
    queryKey: campaignKeys.campaign(slug, id),
    queryFn: ({ signal }) =>
      api<{ campaign: Campaign }>(campaignPath(slug, id), { signal }).then((r) => r.campaign),
    refetchInterval: (q) => {
      const c = q.state.data;
      if (!c) return false;
      if (isLive(c.status)) return PROGRESS_POLL_MS;
      // a campaign due within a minute: watch it start
      if (c.status === 'scheduled' && c.schedule.sendAt)
        return Date.parse(c.schedule.sendAt) - Date.now() < 60_000 ? PROGRESS_POLL_MS : false;
      return false;
    },
  });

export const reportQuery = (slug: string, id: string, live: boolean) =>
  queryOptions({
    queryKey: [...campaignKeys.campaign(slug, id), 'report'] as const,
    queryFn: ({ signal }) =>
      api<{ report: CampaignReport }>(campaignPath(slug, id, '/report'), { signal }).then(
        (r) => r.report,
      ),
    refetchInterval: live ? PROGRESS_POLL_MS * 2 : false,
  });

export const recipientsQuery = (slug: string, id: string, status: string, live: boolean) =>
  infiniteQueryOptions({
    queryKey: [...campaignKeys.campaign(slug, id), 'recipients', status] as const,
    queryFn: ({ pageParam, signal }) =>
      api<RecipientListResponse>(campaignPath(slug, id, '/recipients'), {
        signal,
        query: { status, cursor: pageParam, limit: 25 },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    refetchInterval: live ? PROGRESS_POLL_MS * 3 : false,
  });

export const audienceOptionsQuery = (slug: string) =>
  queryOptions({
    queryKey: [...campaignKeys.all(slug), 'audience-options'] as const,
    queryFn: ({ signal }) =>
      api<AudienceOptions>(wsPath(slug, '/campaigns/audience/options'), { signal }),
    staleTime: 60_000,
  });

export const estimateQuery = (slug: string, channel: CampaignChannel, audience: Audience) =>
  queryOptions({
    queryKey: [...campaignKeys.all(slug), 'estimate', channel, audience] as const,
    queryFn: ({ signal }): Promise<AudienceEstimate> =>
      api<{ estimate: AudienceEstimate }>(wsPath(slug, '/campaigns/audience/estimate'), {
        method: 'POST',
        body: { channel, audience },
        signal,
      }).then((r) => r.estimate),
    placeholderData: keepPreviousData,
  });

export interface TemplateFilters {
  readonly channel: CampaignChannel | '';
  readonly status: TemplateStatus | '';
  readonly search: string;
}

export const templateListQuery = (slug: string, filters: TemplateFilters) =>
  infiniteQueryOptions({
    queryKey: [...campaignKeys.templates(slug), 'list', filters] as const,
    queryFn: ({ pageParam, signal }) =>
      api<TemplateListResponse>(wsPath(slug, '/campaign-templates'), {
        signal,
        query: {
          channel: filters.channel,
          status: filters.status,
          q: filters.search,
          cursor: pageParam,
          limit: 25,
        },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

/** Approved templates of a channel (the WhatsApp content picker; up to 100). */
export const approvedTemplatesQuery = (slug: string, channel: CampaignChannel) =>
  queryOptions({
    queryKey: [...campaignKeys.templates(slug), 'approved', channel] as const,
    queryFn: ({ signal }) =>
      api<TemplateListResponse>(wsPath(slug, '/campaign-templates'), {
        signal,
        query: { channel, status: 'approved', limit: 100 },
      }).then((r) => r.templates),
  });

export const templateQuery = (slug: string, id: string) =>
  queryOptions({
    queryKey: [...campaignKeys.templates(slug), 'one', id] as const,
    queryFn: ({ signal }) => api<TemplateResponse>(templatePath(slug, id), { signal }),
  });

// ── mutations ────────────────────────────────────────────────────────────────────────────────

export const campaignApi = {
  create: (slug: string, body: CampaignCreate) =>
    api<{ campaign: Campaign }>(wsPath(slug, '/campaigns'), { method: 'POST', body }).then(
      (r) => r.campaign,
    ),
  patch: (slug: string, id: string, body: CampaignPatch) =>
    api<{ campaign: Campaign }>(campaignPath(slug, id), { method: 'PATCH', body }).then(
      (r) => r.campaign,
    ),
  remove: (slug: string, id: string) => api<void>(campaignPath(slug, id), { method: 'DELETE' }),
  duplicate: (slug: string, id: string) =>
    api<{ campaign: Campaign }>(campaignPath(slug, id, '/duplicate'), { method: 'POST' }).then(
      (r) => r.campaign,
    ),
  schedule: (slug: string, id: string, body: CampaignSchedule) =>
    api<{ campaign: Campaign }>(campaignPath(slug, id, '/schedule'), {
      method: 'POST',
      body,
    }).then((r) => r.campaign),
  unschedule: (slug: string, id: string) =>
    api<{ campaign: Campaign }>(campaignPath(slug, id, '/unschedule'), { method: 'POST' }).then(
      (r) => r.campaign,
    ),
  cancel: (slug: string, id: string) =>
    api<{ campaign: Campaign }>(campaignPath(slug, id, '/cancel'), { method: 'POST' }).then(
      (r) => r.campaign,
    ),
  /** The report as a CSV file (recipients or timeline). */
  csv: (slug: string, id: string, kind: 'recipients' | 'timeline') =>
    apiBlob(campaignPath(slug, id, '/report.csv'), { query: { kind } }),
};

export const templateApi = {
  create: (slug: string, body: TemplateCreate) =>
    api<TemplateResponse>(wsPath(slug, '/campaign-templates'), { method: 'POST', body }),
  patch: (slug: string, id: string, body: TemplatePatch) =>
    api<TemplateResponse>(templatePath(slug, id), { method: 'PATCH', body }),
  remove: (slug: string, id: string) => api<void>(templatePath(slug, id), { method: 'DELETE' }),
  review: (slug: string, id: string, decision: 'approved' | 'rejected') =>
    api<TemplateResponse>(templatePath(slug, id, '/review'), {
      method: 'POST',
      body: { decision },
    }),
};
