// Auth, the signed-in user and the workspace session (product-contract.md).
import { z } from '@hono/zod-openapi';
import { isoDateTime } from './common';
import { SCREEN_POP_MODES } from './preferences';

export const PERMITS = [
  'admin',
  'flag_campaigns',
  'flag_inbox_shared',
  'flag_inbox_views',
  'flag_permissions',
  'flag_inbox_savedReplies',
  'flag_addons_voice_live_calls',
  'flag_reports',
] as const;
export type Permit = (typeof PERMITS)[number];

export const loginBodySchema = z
  .object({
    email: z.string().max(254, { abort: true }).pipe(z.email()),
    password: z.string().min(1).max(200),
  })
  .openapi('LoginBody');

export const userSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    avatarURL: z.string().nullable(),
  })
  .openapi('User');

export const loginResponseSchema = z
  .object({ token: z.string(), expiresAt: isoDateTime, user: userSchema })
  .openapi('LoginResponse');

export const meResponseSchema = z
  .object({
    user: userSchema,
    workspaces: z.array(z.object({ slug: z.string(), name: z.string() })),
  })
  .openapi('MeResponse');

export const permitsSchema = z.object({
  admin: z.boolean(),
  flag_campaigns: z.boolean(),
  flag_inbox_shared: z.boolean(),
  flag_inbox_views: z.boolean(),
  flag_permissions: z.boolean(),
  flag_inbox_savedReplies: z.boolean(),
  flag_addons_voice_live_calls: z.boolean(),
  flag_reports: z.boolean(),
});

export const screenPopSchema = z.enum(SCREEN_POP_MODES);

/** `PUT /ws/{slug}/me/preferences` body and answer: the member's own preferences. */
export const preferencesSchema = z
  .object({ screenPop: screenPopSchema })
  .strict()
  .openapi('MemberPreferences');

export const sessionResponseSchema = z
  .object({
    session: z.object({
      slug: z.string(),
      token: z.string(),
      permits: permitsSchema,
      profile: z.object({
        name: z.string(),
        avatarURL: z.string().nullable(),
        idAgent: z.string().nullable(),
        /** What the desktop app does when a call rings for the member. */
        screenPop: screenPopSchema,
      }),
      workspace: z.object({
        slug: z.string(),
        name: z.string(),
        timeZone: z.string(),
        /** ISO 3166-1 alpha-2 country of numbers written without their country code, or null. */
        defaultCountry: z.string().nullable(),
      }),
      app: z.object({
        planVoice: z.boolean(),
        /** Google Meet is on and set up: agents may create Meet links from conversations. */
        meetLinks: z.boolean(),
      }),
    }),
  })
  .openapi('SessionResponse');

export type LoginBody = z.infer<typeof loginBodySchema>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export type ApiUser = z.infer<typeof userSchema>;
export type MeResponse = z.infer<typeof meResponseSchema>;
export type Permits = z.infer<typeof permitsSchema>;
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
export type MemberPreferences = z.infer<typeof preferencesSchema>;
