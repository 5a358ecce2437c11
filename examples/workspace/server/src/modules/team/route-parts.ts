// What the invitation and password-reset routes share: their tag, the 410 answer of a used,
// revoked or expired token, and the signed-in answer of an accepted invitation or a reset.
import { apiErrorSchema } from '../../contract/common';
import { json } from '../../lib/router';
import type { TeamService } from './service';

export const tags = ['Team'];
export const gone = json(apiErrorSchema, 'Used, revoked or expired');

export const signedInJson = (
  r: Awaited<ReturnType<TeamService['accept']>> | Awaited<ReturnType<TeamService['reset']>>,
) => ({
  token: r.token,
  expiresAt: r.expiresAt.toISOString(),
  user: { id: r.user.id, email: r.user.email, name: r.user.name, avatarURL: r.user.avatar_url },
  workspace: r.workspace,
});
