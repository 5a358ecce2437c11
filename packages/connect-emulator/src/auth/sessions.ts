import { randomBytes } from 'node:crypto';
import {
  MAX_SESSIONS,
  MAX_TOKENS_PER_SESSION,
  SESSION_LIFETIME_MS,
  SWEEP_INTERVAL_MS,
} from '../constants';
import type { Clock } from '../domain/clock';

/** A logged-in agent session (one per login), holding its tokens. */
export interface Session {
  /** The session's id (the value of the session cookie). */
  readonly id: string;
  /** The signed-in agent's user id. */
  readonly agentId: string;
  /** The token that issues new access tokens for this session. */
  readonly refreshToken: string;
  /** Whether the agent signed out (or the session expired or was evicted). */
  ended: boolean;
  /** When the session ends by itself (epoch ms). */
  readonly expiresAt: number;
}

interface TokenRecord {
  readonly session: Session;
  readonly expiresAt: number;
}

/** Why a token was refused. */
export type TokenProblem = 'missing' | 'invalid' | 'expired';

/**
 * Sessions and access tokens. A token belongs to a session; it expires after the configured
 * lifetime; logging out ends the session and every token of it. Memory is bounded: a session
 * ends after `SESSION_LIFETIME_MS`, at most `MAX_SESSIONS` live at once (the oldest ends) and
 * `MAX_TOKENS_PER_SESSION` tokens each (the oldest is dropped); expired ones are swept.
 * @public
 */
export class SessionStore {
  /** Sessions in login order (a Map keeps insertion order: the first is the oldest). */
  private readonly sessions = new Map<string, Session>();
  private readonly tokens = new Map<string, TokenRecord>();
  private readonly tokensOf = new Map<Session, string[]>();
  private readonly refresh = new Map<string, Session>();
  private lastSweep: number;

  /** Sessions on `clock`, issuing tokens that live `tokenLifetimeMs`. */
  constructor(
    private readonly clock: Clock,
    private readonly tokenLifetimeMs: number,
    private readonly sessionLifetimeMs = SESSION_LIFETIME_MS,
  ) {
    this.lastSweep = clock.now();
  }

  /** Signs `agentId` in: a new session (the oldest one ends when `MAX_SESSIONS` are live). */
  login(agentId: string): Session {
    this.sweepIfDue();
    while (this.sessions.size >= MAX_SESSIONS) {
      const oldest = this.sessions.values().next().value as Session;
      this.logout(oldest);
    }
    const session: Session = {
      id: secret(),
      agentId,
      refreshToken: secret(),
      ended: false,
      expiresAt: this.clock.now() + this.sessionLifetimeMs,
    };
    this.sessions.set(session.id, session);
    this.refresh.set(session.refreshToken, session);
    this.tokensOf.set(session, []);
    return session;
  }

  /** The live session with this id (an expired one ends here), or undefined. */
  session(id: string | undefined): Session | undefined {
    const session = id ? this.sessions.get(id) : undefined;
    if (session && session.expiresAt <= this.clock.now()) {
      this.logout(session);
      return undefined;
    }
    return session && !session.ended ? session : undefined;
  }

  /** Issues a new access token for the session. */
  issueToken(session: Session): { accessToken: string; expiresAt: number } {
    this.sweepIfDue();
    const accessToken = secret();
    const expiresAt = this.clock.now() + this.tokenLifetimeMs;
    this.tokens.set(accessToken, { session, expiresAt });
    const list = this.tokensOf.get(session);
    if (list) {
      list.push(accessToken);
      while (list.length > MAX_TOKENS_PER_SESSION) this.tokens.delete(list.shift()!);
    }
    return { accessToken, expiresAt };
  }

  /** The session of a valid token, or why the token is refused. */
  verify(token: string | undefined | null): Session | TokenProblem {
    if (!token) return 'missing';
    const record = this.tokens.get(token);
    if (!record || record.session.ended) return 'invalid';
    const now = this.clock.now();
    if (record.expiresAt <= now || record.session.expiresAt <= now) return 'expired';
    return record.session;
  }

  /** The session of a refresh token, if it is still live. */
  byRefreshToken(refreshToken: string): Session | undefined {
    const session = this.refresh.get(refreshToken);
    return session && !session.ended && session.expiresAt > this.clock.now() ? session : undefined;
  }

  /** Ends the session and every token of it. */
  logout(session: Session): void {
    session.ended = true;
    this.sessions.delete(session.id);
    this.refresh.delete(session.refreshToken);
    for (const token of this.tokensOf.get(session) ?? []) this.tokens.delete(token);
    this.tokensOf.delete(session);
  }

  /** Live sessions and tokens (for tests of the bounds). */
  get size(): { sessions: number; tokens: number } {
    return { sessions: this.sessions.size, tokens: this.tokens.size };
  }

  /** Drops ended sessions and expired tokens now. */
  sweep(): void {
    const now = this.clock.now();
    this.lastSweep = now;
    for (const session of [...this.sessions.values()])
      if (session.expiresAt <= now) this.logout(session);
    for (const [token, record] of this.tokens)
      if (record.expiresAt <= now) {
        this.tokens.delete(token);
        const list = this.tokensOf.get(record.session);
        const at = list?.indexOf(token) ?? -1;
        if (at !== -1) list!.splice(at, 1);
      }
  }

  /** Ends every session (a reset). */
  clear(): void {
    this.sessions.clear();
    this.tokens.clear();
    this.tokensOf.clear();
    this.refresh.clear();
  }

  private sweepIfDue(): void {
    if (this.clock.now() - this.lastSweep >= SWEEP_INTERVAL_MS) this.sweep();
  }
}

function secret(): string {
  return randomBytes(24).toString('base64url');
}
