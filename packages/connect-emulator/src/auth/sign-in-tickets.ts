// One-time sign-in tickets: a link that signs a browser in even when it arrives from another site
// (a host page's single-sign-on frame or popup), where the login form otherwise asks the person to
// press "Sign in" (a cross-site `GET /login?username=` must not sign a visitor in unasked).
// A ticket names the agent and the redirect, expires within minutes and is spent on first use;
// it is HMAC-SHA256-signed with a secret of this emulator process.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SIGN_IN_TICKET_LIFETIME_MS } from '../constants';
import type { Clock } from '../domain/clock';

/** What a ticket carries. */
interface TicketClaims {
  /** The agent's username. */
  readonly u: string;
  /** The redirect path ('' for none). */
  readonly r: string;
  /** Expiry (clock milliseconds). */
  readonly e: number;
  /** A random id: the ticket is spent once. */
  readonly n: string;
}

/** Why a ticket does not sign in. */
export type TicketRefusal = 'invalid' | 'expired' | 'used';

/**
 * Mints and redeems one-time sign-in tickets.
 * @public
 */
export class SignInTickets {
  private readonly secret: Buffer;
  /** Spent ticket ids, with their expiry (kept until then, so a ticket is never taken twice). */
  private readonly spent = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly lifetimeMs = SIGN_IN_TICKET_LIFETIME_MS,
    secret: Buffer = randomBytes(32),
  ) {
    this.secret = secret;
  }

  /** A ticket for `username`, valid once for the lifetime, for this redirect only. */
  mint(username: string, redirect = ''): { ticket: string; expiresAt: number } {
    const claims: TicketClaims = {
      u: username,
      r: redirect,
      e: this.clock.now() + this.lifetimeMs,
      n: randomBytes(12).toString('base64url'),
    };
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return { ticket: `${payload}.${this.sign(payload)}`, expiresAt: claims.e };
  }

  /**
   * Spends a ticket for `username` and `redirect`: `true` when it signs in, else why not
   * (a forged or altered ticket, or one for another agent or redirect, is `invalid`).
   */
  redeem(ticket: string, username: string, redirect = ''): true | TicketRefusal {
    const [payload, signature, extra] = ticket.split('.');
    if (!payload || !signature || extra !== undefined) return 'invalid';
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    let claims: TicketClaims;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TicketClaims;
    } catch {
      return 'invalid';
    }
    if (claims.u !== username || claims.r !== redirect) return 'invalid';
    const now = this.clock.now();
    if (now >= claims.e) return 'expired';
    this.prune(now);
    if (this.spent.has(claims.n)) return 'used';
    this.spent.set(claims.n, claims.e);
    return true;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }

  private prune(now: number): void {
    for (const [id, expiresAt] of this.spent) if (expiresAt <= now) this.spent.delete(id);
  }
}
