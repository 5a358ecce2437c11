import { randomBytes } from 'node:crypto';
import type { Clock } from '../domain/clock';

/** A logged-in agent session (one per login), holding its tokens. */
export interface Session {
  readonly id: string;
  readonly agentId: string;
  readonly refreshToken: string;
  ended: boolean;
}

interface TokenRecord {
  readonly session: Session;
  readonly expiresAt: number;
}

/** Why a token was refused. */
export type TokenProblem = 'missing' | 'invalid' | 'expired';

/**
 * Sessions and access tokens. A token belongs to a session; it expires after the configured
 * lifetime; logging out ends the session and every token of it.
 * @public
 */
export class SessionStore {
  private readonly sessions = new Map<string, Session>();
  private readonly tokens = new Map<string, TokenRecord>();
  private readonly refresh = new Map<string, Session>();

  constructor(
    private readonly clock: Clock,
    private readonly tokenLifetimeMs: number,
  ) {}

  login(agentId: string): Session {
    const session: Session = { id: secret(), agentId, refreshToken: secret(), ended: false };
    this.sessions.set(session.id, session);
    this.refresh.set(session.refreshToken, session);
    return session;
  }

  session(id: string | undefined): Session | undefined {
    const session = id ? this.sessions.get(id) : undefined;
    return session && !session.ended ? session : undefined;
  }

  /** Issues a new access token for the session. */
  issueToken(session: Session): { accessToken: string; expiresAt: number } {
    const accessToken = secret();
    const expiresAt = this.clock.now() + this.tokenLifetimeMs;
    this.tokens.set(accessToken, { session, expiresAt });
    return { accessToken, expiresAt };
  }

  /** The session of a valid token, or why the token is refused. */
  verify(token: string | undefined | null): Session | TokenProblem {
    if (!token) return 'missing';
    const record = this.tokens.get(token);
    if (!record || record.session.ended) return 'invalid';
    if (record.expiresAt <= this.clock.now()) return 'expired';
    return record.session;
  }

  /** The session of a refresh token, if it is still live. */
  byRefreshToken(refreshToken: string): Session | undefined {
    const session = this.refresh.get(refreshToken);
    return session && !session.ended ? session : undefined;
  }

  logout(session: Session): void {
    session.ended = true;
    this.sessions.delete(session.id);
    this.refresh.delete(session.refreshToken);
    for (const [token, record] of this.tokens)
      if (record.session === session) this.tokens.delete(token);
  }

  clear(): void {
    this.sessions.clear();
    this.tokens.clear();
    this.refresh.clear();
  }
}

function secret(): string {
  return randomBytes(24).toString('base64url');
}
