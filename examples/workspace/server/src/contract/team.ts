// Team invitations by email and password resets (Settings → Agents, the public accept and reset
// pages, "Forgot password?" on sign-in).
import { z } from '@hono/zod-openapi';
import { idSchema, isoDateTime, slugParamsSchema } from './common';
import { loginResponseSchema } from './session';
import { ROLES } from './settings';

export const TEAM_LIMITS = {
  nameMax: 120,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 200,
  /** An invitation link works for 7 days. */
  invitationTtlMs: 7 * 24 * 3_600_000,
  /** A password-reset link works for an hour, once. */
  resetTtlMs: 3_600_000,
  /** Reset mails per email and per client address in a window. */
  resetMailsPerEmail: 3,
  resetMailsPerClient: 10,
  resetWindowMs: 15 * 60_000,
} as const;

const email = z.string().trim().max(TEAM_LIMITS.emailMax, { abort: true }).pipe(z.email());

/** The password rule of every password a person sets. */
export const newPasswordSchema = z
  .string()
  .min(TEAM_LIMITS.passwordMin, `Use at least ${TEAM_LIMITS.passwordMin} characters.`)
  .max(TEAM_LIMITS.passwordMax);

/** An emailed token: 32 random bytes, base64url. */
export const emailTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/)
  .openapi({ param: { name: 'token', in: 'path' } });

export const tokenParamsSchema = z.object({ token: emailTokenSchema });
export const invitationParamsSchema = slugParamsSchema.extend({
  id: idSchema.openapi({ param: { name: 'id', in: 'path' } }),
});

export const invitationCreateSchema = z
  .object({
    email,
    name: z.string().trim().min(1).max(TEAM_LIMITS.nameMax),
    role: z.enum(ROLES),
  })
  .strict()
  .openapi('InvitationCreate');

export const invitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    createdAt: isoDateTime,
    expiresAt: isoDateTime,
    /** Whether the link's 7 days are over (a resend gives a new one). */
    expired: z.boolean(),
  })
  .openapi('Invitation');

export const invitationsResponseSchema = z
  .object({ invitations: z.array(invitationSchema) })
  .openapi('Invitations');
export const invitationResponseSchema = z.object({ invitation: invitationSchema });

/** What the public accept page shows of a pending invitation. */
export const invitationPreviewSchema = z
  .object({
    workspace: z.object({ name: z.string(), slug: z.string() }),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    /** A user with this email exists: they sign in with their password instead of choosing one. */
    existingUser: z.boolean(),
  })
  .openapi('InvitationPreview');

export const invitationAcceptSchema = z
  .object({
    /** The new user's name (ignored for an existing user). */
    name: z.string().trim().min(1).max(TEAM_LIMITS.nameMax).optional(),
    password: newPasswordSchema,
  })
  .strict()
  .openapi('InvitationAccept');

/** Signed in: the session and the workspace to land in. */
export const signedInResponseSchema = loginResponseSchema
  .extend({ workspace: z.object({ slug: z.string() }).nullable() })
  .openapi('SignedIn');

export const passwordResetRequestSchema = z
  .object({ email })
  .strict()
  .openapi('PasswordResetRequest');
export const passwordResetSchema = z
  .object({ password: newPasswordSchema })
  .strict()
  .openapi('PasswordReset');

export type Invitation = z.infer<typeof invitationSchema>;
export type InvitationCreate = z.infer<typeof invitationCreateSchema>;
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
