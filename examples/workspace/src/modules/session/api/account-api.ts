import { anonymousHttp, call } from '../../../api/http';

/** `POST /api/auth/password-reset`: asks for a reset mail (always accepted). */
export async function requestPasswordReset(email: string): Promise<void> {
  await call(anonymousHttp.POST('/auth/password-reset', { body: { email } }));
}

/** `POST /api/auth/password-reset/{token}`: sets a new password; answers a new session. */
export function resetPassword(token: string, password: string) {
  return call(
    anonymousHttp.POST('/auth/password-reset/{token}', {
      params: { path: { token } },
      body: { password },
    }),
  );
}

/** `GET /api/invitations/{token}`: what the accept page shows. */
export function invitationPreview(token: string) {
  return call(anonymousHttp.GET('/invitations/{token}', { params: { path: { token } } }));
}

/** `POST /api/invitations/{token}/accept`: joins the workspace; answers a session. */
export function acceptInvitation(token: string, body: { name?: string; password: string }) {
  return call(
    anonymousHttp.POST('/invitations/{token}/accept', { params: { path: { token } }, body }),
  );
}
