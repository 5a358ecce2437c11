import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, http } from '../../../api/http';
import { PROGRESS_POLL_MS } from '../messages';
import type {
  Audience,
  AudienceEstimate,
  CampaignChannel,
  CampaignCreate,
  CampaignPatch,
  CampaignSchedule,
  CampaignStatus,
  RecipientStatus,
  TemplateCreate,
  TemplatePatch,
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

/** Whether a campaign's numbers are still moving (sending, or replies still arriving). */
const isLive = (status: CampaignStatus | undefined) => status === 'sending';

export const overviewQuery = (slug: string) =>
  queryOptions({
    queryKey: campaignKeys.overview(slug),
    queryFn: ({ signal }) =>
      call(http.GET('/ws/{slug}/campaign-overview', { params: { path: { slug } }, signal })),
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
      call(
        http.GET('/ws/{slug}/campaigns', {
          params: {
            path: { slug },
            query: {
              status: filters.status || undefined,
              channel: filters.channel || undefined,
              q: filters.search,
              cursor: pageParam,
              limit: 20,
            },
          },
          signal,
        }),
      ),
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
      call(http.GET('/ws/{slug}/campaigns/{id}', { params: { path: { slug, id } }, signal })).then(
        (r) => r.campaign,
      ),
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
      call(
        http.GET('/ws/{slug}/campaigns/{id}/report', { params: { path: { slug, id } }, signal }),
      ).then((r) => r.report),
    refetchInterval: live ? PROGRESS_POLL_MS * 2 : false,
  });

export const recipientsQuery = (
  slug: string,
  id: string,
  status: RecipientStatus | '',
  live: boolean,
) =>
  infiniteQueryOptions({
    queryKey: [...campaignKeys.campaign(slug, id), 'recipients', status] as const,
    queryFn: ({ pageParam, signal }) =>
      call(
        http.GET('/ws/{slug}/campaigns/{id}/recipients', {
          params: {
            path: { slug, id },
            query: { status: status || undefined, cursor: pageParam, limit: 25 },
          },
          signal,
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    refetchInterval: live ? PROGRESS_POLL_MS * 3 : false,
  });

export const audienceOptionsQuery = (slug: string) =>
  queryOptions({
    queryKey: [...campaignKeys.all(slug), 'audience-options'] as const,
    queryFn: ({ signal }) =>
      call(
        http.GET('/ws/{slug}/campaigns/audience/options', { params: { path: { slug } }, signal }),
      ),
    staleTime: 60_000,
  });

export const estimateQuery = (slug: string, channel: CampaignChannel, audience: Audience) =>
  queryOptions({
    queryKey: [...campaignKeys.all(slug), 'estimate', channel, audience] as const,
    queryFn: ({ signal }): Promise<AudienceEstimate> =>
      call(
        http.POST('/ws/{slug}/campaigns/audience/estimate', {
          params: { path: { slug } },
          body: { channel, audience },
          signal,
        }),
      ).then((r) => r.estimate),
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
      call(
        http.GET('/ws/{slug}/campaign-templates', {
          params: {
            path: { slug },
            query: {
              channel: filters.channel || undefined,
              status: filters.status || undefined,
              q: filters.search,
              cursor: pageParam,
              limit: 25,
            },
          },
          signal,
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

/** Approved templates of a channel (the WhatsApp content picker; up to 100). */
export const approvedTemplatesQuery = (slug: string, channel: CampaignChannel) =>
  queryOptions({
    queryKey: [...campaignKeys.templates(slug), 'approved', channel] as const,
    queryFn: ({ signal }) =>
      call(
        http.GET('/ws/{slug}/campaign-templates', {
          params: { path: { slug }, query: { channel, status: 'approved', limit: 100 } },
          signal,
        }),
      ).then((r) => r.templates),
  });

export const templateQuery = (slug: string, id: string) =>
  queryOptions({
    queryKey: [...campaignKeys.templates(slug), 'one', id] as const,
    queryFn: ({ signal }) =>
      call(
        http.GET('/ws/{slug}/campaign-templates/{id}', { params: { path: { slug, id } }, signal }),
      ),
  });

// ── mutations ────────────────────────────────────────────────────────────────────────────────

export const campaignApi = {
  create: (slug: string, body: CampaignCreate) =>
    call(http.POST('/ws/{slug}/campaigns', { params: { path: { slug } }, body })).then(
      (r) => r.campaign,
    ),
  patch: (slug: string, id: string, body: CampaignPatch) =>
    call(http.PATCH('/ws/{slug}/campaigns/{id}', { params: { path: { slug, id } }, body })).then(
      (r) => r.campaign,
    ),
  remove: (slug: string, id: string) =>
    call(http.DELETE('/ws/{slug}/campaigns/{id}', { params: { path: { slug, id } } })),
  duplicate: (slug: string, id: string) =>
    call(http.POST('/ws/{slug}/campaigns/{id}/duplicate', { params: { path: { slug, id } } })).then(
      (r) => r.campaign,
    ),
  schedule: (slug: string, id: string, body: CampaignSchedule) =>
    call(
      http.POST('/ws/{slug}/campaigns/{id}/schedule', { params: { path: { slug, id } }, body }),
    ).then((r) => r.campaign),
  unschedule: (slug: string, id: string) =>
    call(
      http.POST('/ws/{slug}/campaigns/{id}/unschedule', { params: { path: { slug, id } } }),
    ).then((r) => r.campaign),
  cancel: (slug: string, id: string) =>
    call(http.POST('/ws/{slug}/campaigns/{id}/cancel', { params: { path: { slug, id } } })).then(
      (r) => r.campaign,
    ),
  /** The report as a CSV file (recipients or timeline). */
  csv: (slug: string, id: string, kind: 'recipients' | 'timeline') =>
    call(
      http.GET('/ws/{slug}/campaigns/{id}/report.csv', {
        params: { path: { slug, id }, query: { kind } },
        parseAs: 'blob',
      }),
    ),
};

export const templateApi = {
  create: (slug: string, body: TemplateCreate) =>
    call(http.POST('/ws/{slug}/campaign-templates', { params: { path: { slug } }, body })),
  patch: (slug: string, id: string, body: TemplatePatch) =>
    call(
      http.PATCH('/ws/{slug}/campaign-templates/{id}', { params: { path: { slug, id } }, body }),
    ),
  remove: (slug: string, id: string) =>
    call(http.DELETE('/ws/{slug}/campaign-templates/{id}', { params: { path: { slug, id } } })),
  review: (slug: string, id: string, decision: 'approved' | 'rejected') =>
    call(
      http.POST('/ws/{slug}/campaign-templates/{id}/review', {
        params: { path: { slug, id } },
        body: { decision },
      }),
    ),
};
