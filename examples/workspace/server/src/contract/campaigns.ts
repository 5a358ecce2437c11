// Campaigns (WhatsApp, email, SMS): audience segments, content per channel, schedule, states,
// progress and reports; campaign templates with their review status; and the template search of
// the voice add-on (`PATCH /v2/campaign-templates`, shapes of @x/react-voice's contract).
import { z } from '@hono/zod-openapi';
import {
  CAMPAIGN_CHANNELS,
  CAMPAIGN_STATUSES,
  LIMITS,
  MESSAGE_STATUSES,
  TEMPLATE_STATUSES,
} from '../modules/campaigns/constants';
import { orNull, idSchema, isoDateTime, pageInfoSchema } from './common';

export const campaignChannelSchema = z.enum(CAMPAIGN_CHANNELS);
export const campaignStatusSchema = z.enum(CAMPAIGN_STATUSES);
export const templateStatusSchema = z.enum(TEMPLATE_STATUSES);

// ── audience ─────────────────────────────────────────────────────────────────────────────────

/** Contacts with (or without) a conversation carrying the tag. */
const tagRuleSchema = z.object({
  kind: z.literal('tag'),
  op: z.enum(['has', 'not_has']),
  tagId: idSchema,
});

/** A contact field compared with a value (`is_set`/`is_not_set` take none). */
const attributeRuleSchema = z.object({
  kind: z.literal('attribute'),
  field: z.enum(['name', 'company', 'email', 'phone']),
  op: z.enum(['equals', 'contains', 'starts_with', 'is_set', 'is_not_set']),
  value: z.string().max(LIMITS.ruleValueMax).default(''),
});

/** Last activity (newest conversation message) within, or not within, the last N days. */
const lastActivityRuleSchema = z.object({
  kind: z.literal('last_activity'),
  op: z.enum(['within', 'not_within']),
  days: z.number().int().min(1).max(LIMITS.lastActivityDaysMax),
});

export const audienceRuleSchema = z
  .discriminatedUnion('kind', [tagRuleSchema, attributeRuleSchema, lastActivityRuleSchema])
  .openapi('AudienceRule');

/** A segment of the workspace's contacts: every rule (`all`) or any rule (`any`); no rule: everyone. */
export const audienceSchema = z
  .object({
    match: z.enum(['all', 'any']).default('all'),
    rules: z.array(audienceRuleSchema).max(LIMITS.audienceRulesMax).default([]),
  })
  .openapi('Audience');

export const audienceEstimateBodySchema = z
  .object({ channel: campaignChannelSchema, audience: audienceSchema })
  .strict()
  .openapi('AudienceEstimateBody');

export const audienceEstimateSchema = z
  .object({
    /** Contacts the segment matches. */
    matched: z.number().int(),
    /** Of those, contacts with an address for the channel (phone for WhatsApp and SMS, email). */
    reachable: z.number().int(),
    /** A few reachable contacts, by name. */
    sample: z.array(z.object({ id: z.string(), name: z.string(), address: z.string() })),
  })
  .openapi('AudienceEstimate');

export const audienceEstimateResponseSchema = z.object({ estimate: audienceEstimateSchema });

export const audienceOptionsResponseSchema = z
  .object({
    tags: z.array(z.object({ id: z.string(), name: z.string(), color: z.string() })),
    timeZone: z.string(),
  })
  .openapi('AudienceOptions');

// ── content ──────────────────────────────────────────────────────────────────────────────────

export const whatsappContentSchema = z.object({
  channel: z.literal('whatsapp'),
  /** An approved WhatsApp template of the workspace (null while not chosen). */
  templateId: idSchema.nullable().default(null),
  /** Values of the template's `{{n}}` variables; each may use personalisation tokens. */
  variables: z
    .record(z.string().max(40), z.string().max(LIMITS.variableValueMax))
    .default({})
    .refine((v) => Object.keys(v).length <= LIMITS.templateVariablesMax, 'Too many variables'),
});
export const emailContentSchema = z.object({
  channel: z.literal('email'),
  subject: z.string().max(LIMITS.emailSubjectMax).default(''),
  body: z.string().max(LIMITS.emailBodyMax).default(''),
});
export const smsContentSchema = z.object({
  channel: z.literal('sms'),
  body: z.string().max(LIMITS.smsBodyMax).default(''),
});

export const campaignContentSchema = z
  .discriminatedUnion('channel', [whatsappContentSchema, emailContentSchema, smsContentSchema])
  .openapi('CampaignContent');

// ── campaigns ────────────────────────────────────────────────────────────────────────────────

export const campaignStatsSchema = z
  .object({
    /** Recipients when sending started (0 before). */
    total: z.number().int(),
    queued: z.number().int(),
    /** Accepted by the channel provider. */
    sent: z.number().int(),
    /** Delivered, as the provider's receipts said (never for email: SMTP has no receipt). */
    delivered: z.number().int(),
    /** Read, as the provider's receipts said (WhatsApp). */
    read: z.number().int(),
    /** Refused by the provider, or failed later with its reason. */
    failed: z.number().int(),
    /** Recipients whose message on the channel opened a conversation (a real reply). */
    replied: z.number().int(),
    cancelled: z.number().int(),
    /** Recipients skipped because they opted out of the channel (STOP). */
    optedOut: z.number().int(),
    /** Share of recipients processed (sent, failed or cancelled), 0 to 1. */
    progress: z.number().min(0).max(1),
  })
  .openapi('CampaignStats');

export const templateRefSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    status: templateStatusSchema,
    language: z.string(),
    body: z.string(),
    variables: z.array(z.string()),
  })
  .openapi('CampaignTemplateRef');

/** A wall-clock time in the workspace's time zone. */
export const localTimeSchema = z
  .object({
    date: z.iso.date(),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm'),
  })
  .openapi('LocalTime');

export const campaignSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    channel: campaignChannelSchema,
    status: campaignStatusSchema,
    audience: audienceSchema,
    content: campaignContentSchema,
    /** The WhatsApp template chosen, when there is one. */
    template: orNull(templateRefSchema),
    schedule: z.object({
      /** When sending starts (UTC), when scheduled. */
      sendAt: isoDateTime.nullable(),
      /** The same moment on the workspace's clock. */
      local: orNull(localTimeSchema),
      timeZone: z.string(),
    }),
    stats: campaignStatsSchema,
    /** What keeps a draft from being scheduled (empty when it is ready). */
    problems: z.array(z.string()),
    cancelReason: z.string().nullable(),
    createdBy: z.string().nullable(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    startedAt: isoDateTime.nullable(),
    completedAt: isoDateTime.nullable(),
    cancelledAt: isoDateTime.nullable(),
  })
  .openapi('Campaign');

export const campaignSummarySchema = campaignSchema
  .pick({
    id: true,
    name: true,
    channel: true,
    status: true,
    stats: true,
    createdAt: true,
    updatedAt: true,
    startedAt: true,
    completedAt: true,
  })
  .extend({ sendAt: isoDateTime.nullable() })
  .openapi('CampaignSummary');

export const campaignListQuerySchema = z.object({
  status: campaignStatusSchema.optional(),
  channel: campaignChannelSchema.optional(),
  /** Search by name. */
  q: z.string().max(200).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const campaignListResponseSchema = z
  .object({ campaigns: z.array(campaignSummarySchema), page: pageInfoSchema })
  .openapi('CampaignList');

export const campaignResponseSchema = z.object({ campaign: campaignSchema });

export const campaignCreateSchema = z
  .object({
    name: z.string().trim().max(LIMITS.nameMax).default(''),
    channel: campaignChannelSchema,
    audience: audienceSchema.optional(),
    content: campaignContentSchema.optional(),
  })
  .strict()
  .openapi('CampaignCreate');

export const campaignPatchSchema = z
  .object({
    name: z.string().trim().max(LIMITS.nameMax).optional(),
    audience: audienceSchema.optional(),
    content: campaignContentSchema.optional(),
  })
  .strict()
  .openapi('CampaignPatch');

export const campaignScheduleSchema = z
  .object({
    /** `now`, or a time on the workspace's clock. */
    sendAt: z.union([z.literal('now'), localTimeSchema]),
  })
  .strict()
  .openapi('CampaignSchedule');

export const campaignOverviewResponseSchema = z
  .object({
    counts: z.record(campaignStatusSchema, z.number().int()),
    /** Messages of the last `days` days, all campaigns. */
    totals: z.object({
      sent: z.number().int(),
      delivered: z.number().int(),
      failed: z.number().int(),
      replied: z.number().int(),
    }),
    days: z.number().int(),
    /** One point per day (workspace time zone), oldest first. */
    series: z.array(
      z.object({
        date: z.iso.date(),
        sent: z.number().int(),
        delivered: z.number().int(),
        failed: z.number().int(),
        replied: z.number().int(),
      }),
    ),
    active: z.array(campaignSummarySchema),
    recent: z.array(campaignSummarySchema),
    timeZone: z.string(),
  })
  .openapi('CampaignOverview');

export const reportPointSchema = z.object({
  at: isoDateTime,
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  replied: z.number().int(),
});

export const campaignReportResponseSchema = z
  .object({
    report: z.object({
      stats: campaignStatsSchema,
      /** The channel's provider is the local channel gateway (its figures are not a real provider's). */
      localGateway: z.boolean(),
      /** Whether the channel reports delivery and reading (email reports neither). */
      receipts: z.object({ delivered: z.boolean(), read: z.boolean() }),
      /** Width of one point of the series. */
      bucket: z.enum(['minute', 'hour', 'day']),
      series: z.array(reportPointSchema),
    }),
  })
  .openapi('CampaignReport');

export const reportCsvQuerySchema = z.object({
  kind: z.enum(['recipients', 'timeline']).default('recipients'),
});

export const recipientSchema = z
  .object({
    id: z.string(),
    contactId: z.string().nullable(),
    name: z.string(),
    address: z.string(),
    status: z.enum(MESSAGE_STATUSES),
    sentAt: isoDateTime.nullable(),
    deliveredAt: isoDateTime.nullable(),
    readAt: isoDateTime.nullable(),
    failedAt: isoDateTime.nullable(),
    repliedAt: isoDateTime.nullable(),
    error: z.string().nullable(),
  })
  .openapi('CampaignRecipient');

export const recipientListQuerySchema = z.object({
  status: z
    .enum(['queued', 'sent', 'delivered', 'read', 'failed', 'replied', 'cancelled', 'opted_out'])
    .optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const recipientListResponseSchema = z
  .object({ recipients: z.array(recipientSchema), page: pageInfoSchema })
  .openapi('CampaignRecipientList');

// ── templates ────────────────────────────────────────────────────────────────────────────────

/** A template: the same shape as @x/react-voice's `campaignTemplateSchema` (the template search answer). */
export const campaignTemplateSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    channel: campaignChannelSchema,
    status: templateStatusSchema,
    language: z.string(),
    body: z.string(),
    variables: z.array(z.string()),
    updatedAt: isoDateTime,
  })
  .openapi('CampaignTemplate');

export const templateListQuerySchema = z.object({
  channel: campaignChannelSchema.optional(),
  status: templateStatusSchema.optional(),
  q: z.string().max(200).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const templateListResponseSchema = z
  .object({ templates: z.array(campaignTemplateSchema), page: pageInfoSchema })
  .openapi('CampaignTemplateList');

export const templateResponseSchema = z.object({
  template: campaignTemplateSchema,
  /** Campaigns (not sent or cancelled) that use it. */
  usedBy: z.number().int(),
});

const language = z
  .string()
  .regex(/^[a-z]{2}(_[A-Z]{2})?$/, 'Use a language code such as en or pt_BR')
  .default('en');

export const templateCreateSchema = z
  .object({
    name: z.string().trim().min(1).max(LIMITS.templateNameMax),
    channel: campaignChannelSchema,
    language,
    body: z.string().trim().min(1).max(LIMITS.templateBodyMax),
  })
  .strict()
  .openapi('CampaignTemplateCreate');

export const templatePatchSchema = z
  .object({
    name: z.string().trim().min(1).max(LIMITS.templateNameMax).optional(),
    language: language.optional(),
    body: z.string().trim().min(1).max(LIMITS.templateBodyMax).optional(),
  })
  .strict()
  .openapi('CampaignTemplatePatch');

/** The provider's review of a pending template, recorded by hand. */
export const templateReviewSchema = z
  .object({ decision: z.enum(['approved', 'rejected']) })
  .strict()
  .openapi('CampaignTemplateReview');

/** The `PATCH /v2/campaign-templates` body (as in @x/react-voice's contract). */
export const templateSearchBodySchema = z
  .object({ text: z.string().max(200), channel: campaignChannelSchema })
  .openapi('CampaignTemplateSearch');

/** The template search answer: `campaignTemplates`. */
export const templateSearchResponseSchema = z
  .object({ campaignTemplates: z.array(campaignTemplateSchema) })
  .openapi('CampaignTemplateSearchResult');

export type CampaignChannel = z.infer<typeof campaignChannelSchema>;
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;
export type TemplateStatus = z.infer<typeof templateStatusSchema>;
export type AudienceRule = z.infer<typeof audienceRuleSchema>;
export type Audience = z.infer<typeof audienceSchema>;
export type AudienceEstimate = z.infer<typeof audienceEstimateSchema>;
export type AudienceOptions = z.infer<typeof audienceOptionsResponseSchema>;
export type CampaignContent = z.infer<typeof campaignContentSchema>;
export type CampaignStats = z.infer<typeof campaignStatsSchema>;
export type Campaign = z.infer<typeof campaignSchema>;
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;
export type CampaignListQuery = z.infer<typeof campaignListQuerySchema>;
export type CampaignListResponse = z.infer<typeof campaignListResponseSchema>;
export type CampaignCreate = z.infer<typeof campaignCreateSchema>;
export type CampaignPatch = z.infer<typeof campaignPatchSchema>;
export type CampaignSchedule = z.infer<typeof campaignScheduleSchema>;
export type CampaignOverview = z.infer<typeof campaignOverviewResponseSchema>;
export type CampaignReport = z.infer<typeof campaignReportResponseSchema>['report'];
export type LocalTime = z.infer<typeof localTimeSchema>;
export type Recipient = z.infer<typeof recipientSchema>;
export type RecipientListQuery = z.infer<typeof recipientListQuerySchema>;
export type RecipientListResponse = z.infer<typeof recipientListResponseSchema>;
export type CampaignTemplate = z.infer<typeof campaignTemplateSchema>;
export type TemplateListQuery = z.infer<typeof templateListQuerySchema>;
export type TemplateListResponse = z.infer<typeof templateListResponseSchema>;
export type TemplateResponse = z.infer<typeof templateResponseSchema>;
export type TemplateCreate = z.infer<typeof templateCreateSchema>;
export type TemplatePatch = z.infer<typeof templatePatchSchema>;
