// Invitations (`/ws/{slug}/settings/invitations`, the public `/invitations/{token}`), password
// resets (`/auth/password-reset`) and an admin's reset mail to a member.
//
// Each family of routes lives in its own file; this composes them in the order of the API document.
import type { Services } from '../../lib/context';
import { createRouter } from '../../lib/router';
import { invitationRoutes } from './invitation-routes';
import { passwordResetRoutes } from './password-reset-routes';
import { TeamService } from './service';

export function teamRoutes(services: Services) {
  const team = new TeamService(services);
  const router = createRouter();
  router.route('/', invitationRoutes(team));
  router.route('/', passwordResetRoutes(team));
  return router;
}
