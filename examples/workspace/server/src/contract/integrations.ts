// The settings of the workspace's integrations (Salesforce, Google Meet): their configuration,
// masked secrets and last run, as the `settings/integrations` routes read and write them.
import { z } from '@hono/zod-openapi';
import { isoDateTime } from './common';

export const INTEGRATION_KINDS = ['salesforce', 'googleMeet'] as const;

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
