// Signing the emulator's agents in for tests and tools: a direct login (`Emulator.login`), and
// one-time sign-in links (`Emulator.signInUrl` and `POST /control/sign-in-links`), a ticket for
// the agent and redirect on the emulator's login page.
import type { ContactCentre } from '../domain/contact-centre';
import type { ServedAddress } from '../http/origin-policy';
import type { SessionStore } from './sessions';
import type { SignInTickets } from './sign-in-tickets';

/** A minted sign-in link and when it expires. */
export interface SignInLink {
  readonly url: string;
  readonly expiresAt: number;
}

/**
 * The sign-in link maker: a one-time sign-in link (undefined for an unknown agent or a redirect
 * off this origin).
 */
export function signInLinks(
  tickets: SignInTickets,
  centre: () => ContactCentre,
  address: ServedAddress,
): (username: string, redirect: string | undefined) => SignInLink | undefined {
  return (username, redirect) => {
    if (!centre().agentByUsername(username)) return undefined;
    if (redirect !== undefined && !/^\/(?![/\\])/.test(redirect)) return undefined;
    const { ticket, expiresAt } = tickets.mint(username, redirect ?? '');
    const query = new URLSearchParams({
      username,
      ...(redirect === undefined ? {} : { redirect }),
      ticket,
    });
    return { url: `${address.base}/login?${query.toString()}`, expiresAt };
  };
}

/** Logs `username` in and returns a fresh access token; throws for an unknown agent. */
export function loginAgent(
  centre: ContactCentre,
  sessions: SessionStore,
  username: string,
): { accessToken: string; refreshToken: string; expiresAt: number } {
  const agent = centre.agentByUsername(username);
  if (!agent) throw new Error(`Unknown agent ${username}`);
  const session = sessions.login(agent.id);
  const issued = sessions.issueToken(session);
  return {
    accessToken: issued.accessToken,
    refreshToken: session.refreshToken,
    expiresAt: issued.expiresAt,
  };
}
