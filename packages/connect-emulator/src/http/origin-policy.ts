// The emulator's origin rules: its own origins, the origin CORS grants, the origins allowed to
// frame the panel, the host pages it trusts for sign-in, and the session cookie's attributes.
import type { IncomingMessage } from 'node:http';
import { SESSION_COOKIE } from '../constants';
import { header } from '../lib/http';
import { isLoopbackHostname, isLoopbackOrigin } from '../security/api-guard';

/** Where the emulator is served; set once its server listens (empty before). */
export class ServedAddress {
  /** Base URL, e.g. `http://127.0.0.1:4700`. */
  base = '';
  /** The web-socket base URL (`ws://` or `wss://`). */
  wsBase = '';
  /** The port it listens on. */
  port = 0;

  /** Records where the server listens (an any-interface `host` is shown as `127.0.0.1`). */
  listening(host: string, port: number, secure: boolean): void {
    const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
    this.port = port;
    this.base = `${secure ? 'https' : 'http'}://${shownHost}:${port}`;
    this.wsBase = `${secure ? 'wss' : 'ws'}://${shownHost}:${port}`;
  }
}

/** The origin rules of one emulator, read on every request. */
export class OriginPolicy {
  /** `http:` or `https:`: the emulator's own scheme. */
  readonly scheme: string;

  constructor(
    private readonly allowedOrigins: readonly string[],
    private readonly secure: boolean,
    private readonly address: ServedAddress,
  ) {
    this.scheme = secure ? 'https:' : 'http:';
  }

  /** The emulator's own origins: its base URL's and the loopback names on its port. */
  ownOrigins(): string[] {
    const scheme = this.secure ? 'https' : 'http';
    const { base, port } = this.address;
    return [
      base,
      `${scheme}://127.0.0.1:${port}`,
      `${scheme}://localhost:${port}`,
      `${scheme}://[::1]:${port}`,
    ];
  }

  /**
   * The origin CORS grants (with credentials): the allowed origins when given, else any loopback
   * origin on the emulator's own scheme; always the emulator's own origins; never `null`.
   */
  corsOrigin(req: IncomingMessage): string | undefined {
    const origin = header(req, 'origin');
    if (!origin || origin === 'null') return undefined;
    if (this.ownOrigins().includes(origin)) return origin;
    if (this.allowedOrigins.length > 0)
      return this.allowedOrigins.includes(origin) ? origin : undefined;
    return isLoopbackOrigin(origin, this.scheme) ? origin : undefined;
  }

  /** The origins allowed to frame the panel (CSP `frame-ancestors`). */
  frameOrigins(): readonly string[] {
    if (this.allowedOrigins.length > 0) return this.allowedOrigins;
    const scheme = this.secure ? 'https' : 'http';
    return [`${scheme}://localhost:*`, `${scheme}://127.0.0.1:*`, `${scheme}://[::1]:*`];
  }

  /** Whether any origin may frame the panel (no allowed origins given). */
  anyOrigin(): boolean {
    return this.allowedOrigins.length === 0;
  }

  /** The host pages the emulator already trusts (CORS): the allowed origins, else loopback. */
  trustedPage(origin: string): boolean {
    return this.allowedOrigins.length > 0
      ? this.allowedOrigins.includes(origin) || this.allowedOrigins.includes('*')
      : isLoopbackOrigin(origin, this.scheme);
  }

  /** The session cookie for a request: cross-site attributes where the browser accepts them. */
  sessionCookie(req: IncomingMessage, value: string, expire = false): string {
    const hostname = URL.canParse(`http://${header(req, 'host') ?? ''}`)
      ? new URL(`http://${header(req, 'host') ?? ''}`).hostname
      : '';
    return sessionCookieFor(value, this.secure || isLoopbackHostname(hostname), expire);
  }
}

/**
 * The session cookie. Over HTTPS, and over HTTP on loopback hosts (which browsers count as
 * secure contexts), it is `SameSite=None; Secure; Partitioned`, so that a CCP framed by a page of
 * another loopback origin (`localhost` framing `127.0.0.1`) is signed in; elsewhere over plain
 * HTTP it can only be `SameSite=Lax` (the panel then works on its own origin only).
 */
function sessionCookieFor(value: string, crossSite: boolean, expire = false): string {
  const attrs = crossSite ? 'SameSite=None; Secure; Partitioned' : 'SameSite=Lax';
  return `${SESSION_COOKIE}=${encodeURIComponent(value)}; Path=/; HttpOnly; ${attrs}${expire ? '; Max-Age=0' : ''}`;
}
