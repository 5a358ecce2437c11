// Settings (the `settings` routes and their permits): agents and their permits, teams,
// assignment rules, customer satisfaction, integrations (Salesforce, Google Meet), channels and
// the contact-import history. Message templates are the inbox's saved replies
// (`/inbox/saved-replies`, contract/inbox.ts). The web app imports the inferred types with
// `import type`.
import { z } from '@hono/zod-openapi';
import { idSchema, isoDateTime, slugParamsSchema } from './common';
import { CHANNELS } from './inbox';
import { permitsSchema } from './session';

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
export const INTEGRATION_KINDS = ['salesforce', 'googleMeet'] as const;

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

// ── Integrations ────────────────────────────────────────────────────────────────────────────

/** A stored secret as the API shows it: whether one is set and a masked preview, never the value. */
export const maskedSecretSchema = z
  .object({ set: z.boolean(), preview: z.string().nullable() })
  .openapi('MaskedSecret');

/** What an integration last did: its last finished run and its last failure (cleared by a success). */
export const integrationStatusSchema = z
  .object({
    lastSuccessAt: isoDateTime.nullable(),
    lastError: z.object({ message: z.string(), at: isoDateTime }).nullable(),
  })
  .openapi('IntegrationStatus');

export const salesforceConfigSchema = z.object({
  /** The org's My Domain URL. */
  instanceUrl: z
    .string()
    .max(200, { abort: true })
    .pipe(z.url({ protocol: /^https$/ }))
    .refine(
      (u) =>
        /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*\.(my\.salesforce\.com|salesforce\.com)\/?$/i.test(u),
      'Use your My Domain URL, e.g. https://acme.my.salesforce.com',
    ),
  /** The connected app's consumer key. */
  clientId: z.string().trim().min(10).max(256),
  syncContacts: z.boolean(),
  logCalls: z.boolean(),
});

export const salesforceSchema = z
  .object({
    enabled: z.boolean(),
    config: salesforceConfigSchema.nullable(),
    clientSecret: maskedSecretSchema,
    updatedAt: isoDateTime.nullable(),
    status: integrationStatusSchema,
  })
  .openapi('SalesforceIntegration');

export const salesforcePutSchema = z
  .object({
    enabled: z.boolean(),
    config: salesforceConfigSchema.strict(),
    /** The connected app's consumer secret; leave out to keep the stored one. */
    clientSecret: z.string().trim().min(8).max(512).optional(),
  })
  .strict()
  .openapi('SalesforcePut');

/** What a "Sync now" run did: contacts created, updated and linked, and the integration's status after it. */
export const salesforceSyncSchema = z
  .object({
    ok: z.boolean(),
    created: z.number().int(),
    updated: z.number().int(),
    linked: z.number().int(),
    status: integrationStatusSchema,
  })
  .openapi('SalesforceSync');

export const googleMeetConfigSchema = z.object({
  /** The service account that creates meetings on behalf of the workspace. */
  serviceAccountEmail: z
    .string()
    .max(254, { abort: true })
    .pipe(z.email())
    .refine(
      (e) => e.endsWith('.iam.gserviceaccount.com'),
      'Use a service account (…@….iam.gserviceaccount.com)',
    ),
  /** The Google Workspace user whose calendar hosts the meetings. */
  delegatedUser: z.string().max(254, { abort: true }).pipe(z.email()),
  defaultDurationMinutes: z.number().int().min(5).max(480),
  addLinkToConversations: z.boolean(),
});

export const googleMeetSchema = z
  .object({
    enabled: z.boolean(),
    config: googleMeetConfigSchema.nullable(),
    privateKey: maskedSecretSchema,
    updatedAt: isoDateTime.nullable(),
    status: integrationStatusSchema,
  })
  .openapi('GoogleMeetIntegration');

export const googleMeetPutSchema = z
  .object({
    enabled: z.boolean(),
    config: googleMeetConfigSchema.strict(),
    /** The service account's private key (PEM); leave out to keep the stored one. */
    privateKey: z
      .string()
      .trim()
      .max(8_000, { abort: true })
      .regex(
        /^-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+-----END (RSA )?PRIVATE KEY-----$/,
        'Paste the PEM private key of the service account',
      )
      .optional(),
  })
  .strict()
  .openapi('GoogleMeetPut');

export const integrationsResponseSchema = z
  .object({
    integrations: z.array(
      z.object({
        kind: z.enum(INTEGRATION_KINDS),
        enabled: z.boolean(),
        configured: z.boolean(),
        updatedAt: isoDateTime.nullable(),
        status: integrationStatusSchema,
      }),
    ),
  })
  .openapi('Integrations');

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

// ── Contact imports ─────────────────────────────────────────────────────────────────────────

export const importRowErrorSchema = z
  .object({
    /** The line of the file (1 is the header). */
    line: z.number(),
    /** The column at fault, when one is. */
    column: z.string().nullable(),
    message: z.string(),
  })
  .openapi('ImportRowError');

export const contactImportSchema = z
  .object({
    id: z.string(),
    fileName: z.string(),
    status: z.enum(['completed', 'rejected']),
    rowsTotal: z.number(),
    rowsCreated: z.number(),
    rowsMerged: z.number(),
    rowsFailed: z.number(),
    /** Why the whole file was rejected (nothing was imported). */
    reason: z.string().nullable(),
    createdBy: z.string().nullable(),
    createdAt: isoDateTime,
    finishedAt: isoDateTime,
  })
  .openapi('ContactImport');

export const contactImportDetailSchema = contactImportSchema
  .extend({ errors: z.array(importRowErrorSchema) })
  .openapi('ContactImportDetail');

export const importsResponseSchema = z
  .object({ imports: z.array(contactImportSchema) })
  .openapi('ContactImports');
export const importResponseSchema = z.object({ import: contactImportDetailSchema });

export const importQuerySchema = z.object({
  fileName: z.string().trim().min(1).max(200).default('contacts.csv'),
});

/**
 * One line of the streamed answer of POST …/settings/import-history (NDJSON): progress while the
 * file is parsed (bytes read of the upload, rows seen), then the import as recorded (or an
 * `error` line when the server failed).
 */
export const importEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), bytes: z.number(), rows: z.number() }),
  z.object({ type: z.literal('done'), import: contactImportDetailSchema }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);

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
export type MaskedSecret = z.infer<typeof maskedSecretSchema>;
export type SalesforceIntegration = z.infer<typeof salesforceSchema>;
export type SalesforcePut = z.infer<typeof salesforcePutSchema>;
export type SalesforceConfig = z.infer<typeof salesforceConfigSchema>;
export type SalesforceSync = z.infer<typeof salesforceSyncSchema>;
export type GoogleMeetIntegration = z.infer<typeof googleMeetSchema>;
export type GoogleMeetPut = z.infer<typeof googleMeetPutSchema>;
export type GoogleMeetConfig = z.infer<typeof googleMeetConfigSchema>;
export type IntegrationStatus = z.infer<typeof integrationStatusSchema>;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];
export type IntegrationSummary = z.infer<typeof integrationsResponseSchema>['integrations'][number];
export type ChannelSetting = z.infer<typeof channelSettingSchema>;
export type ChannelPatch = z.infer<typeof channelPatchSchema>;
export type ImportRowError = z.infer<typeof importRowErrorSchema>;
export type ContactImport = z.infer<typeof contactImportSchema>;
export type ContactImportDetail = z.infer<typeof contactImportDetailSchema>;
export type ImportEvent = z.infer<typeof importEventSchema>;
export type Role = (typeof ROLES)[number];
