// Settings (the `settings` routes and their permits): agents and their permits, teams,
// assignment rules, customer satisfaction, channels and general settings; the integrations
// (contract/integrations.ts) and the contact-import history (contract/imports.ts) are re-exported
// from here. Message templates are the inbox's saved replies
// (`/inbox/saved-replies`, contract/inbox.ts). The web app imports the inferred types with
// `import type`.
import { z } from '@hono/zod-openapi';
import { idSchema, isoDateTime, slugParamsSchema } from './common';
import { CHANNELS } from './inbox';
import { permitsSchema } from './session';

export * from './integrations';
export * from './imports';

/** Limits of the settings API, in one place. */
export const SETTINGS_LIMITS = {
  nameMax: 120,
  teamNameMax: 60,
  teamMembersMax: 500,
  questionMax: 200,
  /** Longest contact-centre queue id a team accepts (Amazon Connect's are 36-character UUIDs). */
  queueIdMax: 256,
  /** Longest contact-centre username (Amazon Connect allows 100 characters). */
  connectUsernameMax: 100,
  /** Largest CSV a contact import accepts. */
  importMaxBytes: 20 * 1024 * 1024,
  /** Most data rows a contact import accepts. */
  importMaxRows: 100_000,
  /** Above this many bad rows the whole file is rejected (nothing imported). */
  importMaxRowErrors: 1_000,
  /** Row errors kept with an import (the count is exact beyond it). */
  importErrorsKept: 1_000,
  /** Rows written per statement during an import. */
  importBatchRows: 500,
} as const;

export const ROLES = ['admin', 'supervisor', 'agent'] as const;
export const ASSIGNMENT_STRATEGIES = ['round_robin', 'least_busy'] as const;
export const CSAT_SCALES = [3, 5, 10] as const;

/** A phone number in international form: '+', then 7 to 15 digits. */
export const phoneSchema = z
  .string()
  .regex(/^\+[1-9]\d{6,14}$/, 'Use the international format, e.g. +15555550101');

// ── Agents ──────────────────────────────────────────────────────────────────────────────────

const teamRefSchema = z.object({ id: z.string(), name: z.string(), emoji: z.string().nullable() });

export const settingsAgentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    avatarURL: z.string().nullable(),
    /** The member's user; null for an agent without a sign-in (permits then null too). */
    userId: z.string().nullable(),
    role: z.enum(ROLES).nullable(),
    permits: permitsSchema.nullable(),
    /** The contact-centre username, when linked to the softphone. */
    connectUsername: z.string().nullable(),
    teams: z.array(teamRefSchema),
    /** Whether an admin deactivated the member: they cannot sign in to the workspace. */
    deactivated: z.boolean(),
  })
  .openapi('SettingsAgent');

export const settingsAgentsResponseSchema = z
  .object({ agents: z.array(settingsAgentSchema) })
  .openapi('SettingsAgents');
export const settingsAgentResponseSchema = z.object({ agent: settingsAgentSchema });

export const agentPatchSchema = z
  .object({
    name: z.string().trim().min(1).max(SETTINGS_LIMITS.nameMax).optional(),
    role: z.enum(ROLES).optional(),
    /** Permits to change (the others are kept). Changing `admin` needs the admin permit. */
    permits: permitsSchema.partial().strict().optional(),
    /** Replaces the agent's teams. */
    teamIds: z.array(idSchema).max(100).optional(),
    /**
     * The agent's contact-centre username (admin): must be a user of the contact centre (422
     * otherwise); null unlinks the agent from the softphone.
     */
    connectUsername: z
      .string()
      .trim()
      .min(1)
      .max(SETTINGS_LIMITS.connectUsernameMax)
      .nullable()
      .optional(),
  })
  .strict()
  .openapi('AgentPatch');

// ── Teams ───────────────────────────────────────────────────────────────────────────────────

/**
 * One emoji (a single grapheme with a pictographic or flag character). The length check aborts
 * the rest: segmenting a long string would cost seconds and gigabytes.
 */
export const emojiSchema = z
  .string()
  .min(1, { abort: true })
  .max(32, { abort: true })
  .refine((value) => {
    const graphemes = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(value)];
    return (
      graphemes.length === 1 && /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(value)
    );
  }, 'Pick one emoji');

export const settingsTeamSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    emoji: z.string().nullable(),
    members: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        email: z.string(),
        avatarURL: z.string().nullable(),
      }),
    ),
    createdAt: isoDateTime,
    /**
     * The contact-centre queue the team transfers to (a standard queue's id, ListQueues); null:
     * not mapped, and not offered in the transfer modal.
     */
    queueId: z.string().nullable(),
  })
  .openapi('SettingsTeam');

/** A queue id as the contact centre gives it (a UUID on Amazon Connect). */
const queueIdSchema = z.string().trim().min(1).max(SETTINGS_LIMITS.queueIdMax);

/** `GET /ws/{slug}/settings/queues`: the contact centre's standard queues, by name. */
export const settingsQueuesResponseSchema = z
  .object({ queues: z.array(z.object({ id: z.string(), name: z.string() })) })
  .openapi('SettingsQueues');

export const settingsTeamsResponseSchema = z
  .object({ teams: z.array(settingsTeamSchema) })
  .openapi('SettingsTeams');
export const settingsTeamResponseSchema = z.object({ team: settingsTeamSchema });

export const teamCreateSchema = z
  .object({
    name: z.string().trim().min(1).max(SETTINGS_LIMITS.teamNameMax),
    emoji: emojiSchema.nullable().default(null),
    memberIds: z.array(idSchema).max(SETTINGS_LIMITS.teamMembersMax).default([]),
    queueId: queueIdSchema.nullable().default(null),
  })
  .strict()
  .openapi('TeamCreate');
export const teamPatchSchema = z
  .object({
    name: z.string().trim().min(1).max(SETTINGS_LIMITS.teamNameMax).optional(),
    emoji: emojiSchema.nullable().optional(),
    memberIds: z.array(idSchema).max(SETTINGS_LIMITS.teamMembersMax).optional(),
    queueId: queueIdSchema.nullable().optional(),
  })
  .strict()
  .openapi('TeamPatch');

// ── Assignment rules ───────────────────────────────────────────────────────────────────────

export const assignmentRuleSchema = z
  .object({
    id: z.string(),
    teamId: z.string(),
    teamName: z.string(),
    teamEmoji: z.string().nullable(),
    strategy: z.enum(ASSIGNMENT_STRATEGIES),
    /** The channels the rule takes; empty: every channel. */
    channels: z.array(z.enum(CHANNELS)),
    enabled: z.boolean(),
    updatedAt: isoDateTime,
  })
  .openapi('AssignmentRule');

export const assignmentRulesResponseSchema = z
  .object({ rules: z.array(assignmentRuleSchema) })
  .openapi('AssignmentRules');
export const assignmentRuleResponseSchema = z.object({ rule: assignmentRuleSchema });

export const assignmentRulePutSchema = z
  .object({
    strategy: z.enum(ASSIGNMENT_STRATEGIES),
    channels: z
      .array(z.enum(CHANNELS))
      .max(CHANNELS.length)
      .refine((c) => new Set(c).size === c.length, 'Each channel once')
      .default([]),
    enabled: z.boolean().default(true),
  })
  .strict()
  .openapi('AssignmentRulePut');

export const teamParamsSchema = slugParamsSchema.extend({
  teamId: idSchema.openapi({ param: { name: 'teamId', in: 'path' } }),
});

// ── Customer satisfaction ───────────────────────────────────────────────────────────────────

export const csatSettingsSchema = z
  .object({
    enabled: z.boolean(),
    question: z.string().trim().min(1).max(SETTINGS_LIMITS.questionMax),
    scale: z.union([z.literal(3), z.literal(5), z.literal(10)]),
  })
  .strict()
  .openapi('CsatSettings');

export const csatSummarySchema = z
  .object({
    /** Responses of the last 30 days. */
    responses: z.number(),
    /** Mean score on the scale of each response, scaled to the current scale; null without responses. */
    average: z.number().nullable(),
    /** Share of responses in the top part of their scale (satisfied), 0–1; null without responses. */
    satisfiedShare: z.number().nullable(),
    /** Responses per score of the current scale (older responses on other scales are left out). */
    distribution: z.array(z.object({ score: z.number(), count: z.number() })),
    since: isoDateTime,
    /** How many of `responses` are demo data (the demo seed's): the card says so when any. */
    demoResponses: z.number(),
    /** Surveys sent since `since` (every scale). */
    surveysSent: z.number(),
    /** Share of those surveys answered, 0–1; null when none was sent. */
    responseRate: z.number().nullable(),
  })
  .openapi('CsatSummary');

export const csatResponseSchema = z
  .object({ settings: csatSettingsSchema, summary: csatSummarySchema })
  .openapi('Csat');

// ── Channels ────────────────────────────────────────────────────────────────────────────────

export const channelSettingSchema = z
  .object({
    channel: z.enum(CHANNELS),
    enabled: z.boolean(),
    /** The workspace's address on the channel: phone number, email address or website. */
    address: z.string(),
    /** Open conversations on the channel. */
    openConversations: z.number(),
    /**
     * Whether this server can carry the channel: web chat always; email, SMS and WhatsApp when
     * their provider is configured (SMTP_URL, TWILIO_*, WHATSAPP_*); voice with a contact centre.
     */
    connected: z.boolean(),
    updatedAt: isoDateTime.nullable(),
  })
  .openapi('ChannelSetting');

export const channelsResponseSchema = z
  .object({ channels: z.array(channelSettingSchema) })
  .openapi('Channels');
export const channelResponseSchema = z.object({ channel: channelSettingSchema });

export const channelPatchSchema = z
  .object({ enabled: z.boolean().optional(), address: z.string().trim().max(254).optional() })
  .strict()
  .openapi('ChannelPatch');

export const channelParamsSchema = slugParamsSchema.extend({
  channel: z.enum(CHANNELS).openapi({ param: { name: 'channel', in: 'path' } }),
});

export type SettingsAgent = z.infer<typeof settingsAgentSchema>;
export type AgentPatch = z.infer<typeof agentPatchSchema>;
export type SettingsTeam = z.infer<typeof settingsTeamSchema>;
export type TeamCreate = z.input<typeof teamCreateSchema>;
export type TeamPatch = z.infer<typeof teamPatchSchema>;
export type AssignmentRule = z.infer<typeof assignmentRuleSchema>;
export type AssignmentRulePut = z.input<typeof assignmentRulePutSchema>;
// ── General ──────────────────────────────────────────────────────────────────────────────────

/** The workspace's general settings: the default country of phone numbers (ISO 3166-1 alpha-2). */
export const generalSettingsSchema = z
  .object({
    defaultCountry: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .nullable()
      .openapi({
        description:
          'ISO 3166-1 alpha-2 country (GB) of phone numbers written without their country code; null: numbers carry it',
        example: 'GB',
      }),
  })
  .strict()
  .openapi('GeneralSettings');

export const generalSettingsResponseSchema = z
  .object({ settings: generalSettingsSchema })
  .openapi('GeneralSettingsResponse');

export type GeneralSettings = z.infer<typeof generalSettingsSchema>;
export type AssignmentStrategy = (typeof ASSIGNMENT_STRATEGIES)[number];
export type CsatSettings = z.infer<typeof csatSettingsSchema>;
export type CsatSummary = z.infer<typeof csatSummarySchema>;
export type Csat = z.infer<typeof csatResponseSchema>;
export type ChannelSetting = z.infer<typeof channelSettingSchema>;
export type ChannelPatch = z.infer<typeof channelPatchSchema>;
export type Role = (typeof ROLES)[number];
