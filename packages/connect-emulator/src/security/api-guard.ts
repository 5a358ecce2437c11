import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ADMIN_SIGNING_NAME, CONTROL_TOKEN_HEADER } from '../constants';
import { header, HttpError } from '../lib/http';
import { MESSAGES } from '../messages';
import { SignatureRefusal, verifySigV4, type RefusalKind, type SignedRequest } from './sigv4';

/** Host names that name this machine. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Whether a host name (without port) is a loopback name or address. */
export function isLoopbackHostname(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return LOOPBACK_HOSTS.has(h) || /^127(?:\.\d{1,3}){3}$/.test(h) || h.endsWith('.localhost');
}

/** Whether a socket's remote address is a loopback address (IPv4, IPv6 or IPv4-mapped). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  return a === '::1' || /^127(?:\.\d{1,3}){3}$/.test(a);
}

/**
 * Whether `origin` is a loopback origin (`localhost`, `127.0.0.1`, `[::1]`, any port) on
 * `scheme` (`http:` or `https:`). The opaque origin `null` never is.
 */
export function isLoopbackOrigin(origin: string, scheme: string): boolean {
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  return url.protocol === scheme && url.origin === origin && isLoopbackHostname(url.hostname);
}

/** How the control and admin APIs are protected (see {@link ApiGuard}). */
export interface ApiGuardOptions {
  /** The token the control API requires in {@link CONTROL_TOKEN_HEADER}. */
  readonly controlToken: string;
  /** The credentials the admin API's requests must be signed with (SigV4). */
  readonly adminCredentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
  /** The regions the admin API serves (a signature scoped to another is refused). */
  readonly adminRegions: () => readonly string[];
  /** Accept control and admin calls from other machines (default: loopback only). */
  readonly allowRemote: boolean;
  /** `http:` or `https:`: the emulator's own scheme. */
  readonly scheme: string;
  /** The emulator's own origins (its base URL's, and the loopback names on its port). */
  readonly ownOrigins: () => readonly string[];
  /** Host names (besides loopback names) the emulator answers the control API on. */
  readonly hostnames: readonly string[];
}

/** Which protected surface a request is for. */
export type ProtectedSurface = 'control' | 'admin';

/**
 * The protection of the control and admin APIs: loopback only by default; the `Host`
 * must name the emulator (no DNS rebinding); no cross-site browser request (`Sec-Fetch-Site`,
 * `Origin`); a JSON body for every state-changing method; and a credential: the control token, or
 * the configured access key in the SigV4 `Authorization` of the admin API, whose signature
 * {@link ApiGuard.verifyAdminSignature} then checks over the whole request. Every refusal is an
 * AWS-shaped {@link HttpError}.
 */
export class ApiGuard {
  constructor(private readonly options: ApiGuardOptions) {}

  /**
   * Throws the refusal of a request to a protected surface, or returns. `credential: false`
   * skips the credential (the customer-phone page and the OpenAPI document are served without).
   */
  check(req: IncomingMessage, surface: ProtectedSurface, credential = true): void {
    if (!this.options.allowRemote && !isLoopbackAddress(req.socket.remoteAddress))
      throw new HttpError(403, 'AccessDeniedException', MESSAGES.remoteRefused);
    this.checkHost(req);
    this.checkSameSite(req);
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      const type = header(req, 'content-type') ?? '';
      if (!/^application\/(?:x-amz-json-1\.[01]|json)\s*(?:;|$)/i.test(type))
        throw new HttpError(415, 'UnsupportedMediaTypeException', MESSAGES.jsonRequired);
    }
    if (!credential) return;
    if (surface === 'control') this.checkControlToken(req);
    else this.checkAccessKey(req);
  }

  /**
   * Throws the refusal of an admin request whose SigV4 signature does not hold (checked over its
   * method, path, query, signed headers and body, with the configured secret), or returns.
   */
  verifyAdminSignature(request: SignedRequest): void {
    try {
      this.verifySignature(request, ADMIN_SIGNING_NAME, 'rest');
    } catch (error) {
      if (!(error instanceof SignatureRefusal)) throw error;
      const [status, code] = REST_JSON_REFUSALS[error.kind];
      throw new HttpError(status, code, error.message);
    }
  }

  /**
   * Throws the {@link SignatureRefusal} of a request not signed with the admin credentials for
   * `service` in one of the emulator's regions (the recordings bucket takes the same keys), or
   * returns.
   */
  verifySignature(request: SignedRequest, service: string, family: 'rest' | 's3'): void {
    verifySigV4(request, {
      ...this.options.adminCredentials,
      regions: this.options.adminRegions(),
      service,
      family,
      now: new Date(),
    });
  }

  /** The regions the admin API and the recordings bucket serve (the first is the instance's). */
  regions(): readonly string[] {
    return this.options.adminRegions();
  }

  /** Whether a request comes from a browser page of another origin (or site). */
  isCrossSite(req: IncomingMessage): boolean {
    const site = header(req, 'sec-fetch-site');
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
    const origin = header(req, 'origin');
    return origin !== undefined && !this.options.ownOrigins().includes(origin);
  }

  private checkHost(req: IncomingMessage): void {
    if (this.options.allowRemote) return;
    const host = header(req, 'host') ?? '';
    const hostname = URL.canParse(`http://${host}`) ? new URL(`http://${host}`).hostname : '';
    if (!isLoopbackHostname(hostname) && !this.options.hostnames.includes(hostname))
      throw new HttpError(403, 'AccessDeniedException', MESSAGES.hostRefused(hostname));
  }

  private checkSameSite(req: IncomingMessage): void {
    if (this.isCrossSite(req))
      throw new HttpError(403, 'AccessDeniedException', MESSAGES.crossSiteRefused);
  }

  private checkControlToken(req: IncomingMessage): void {
    const given = header(req, CONTROL_TOKEN_HEADER);
    if (given === undefined || given === '')
      throw new HttpError(401, 'UnauthorizedException', MESSAGES.missingControlToken);
    if (!sameSecret(given, this.options.controlToken))
      throw new HttpError(401, 'UnauthorizedException', MESSAGES.invalidControlToken);
  }

  private checkAccessKey(req: IncomingMessage): void {
    const authorization = header(req, 'authorization');
    if (authorization === undefined || authorization === '')
      throw new HttpError(
        403,
        'MissingAuthenticationTokenException',
        MESSAGES.missingAuthenticationToken,
      );
    const match = /^AWS4-HMAC-SHA256\s+Credential=([^/,\s]+)\//.exec(authorization);
    if (!match) throw new HttpError(400, 'IncompleteSignatureException', MESSAGES.badSignature);
    if (!sameSecret(match[1]!, this.options.adminCredentials.accessKeyId))
      throw new HttpError(403, 'UnrecognizedClientException', MESSAGES.unknownAccessKey);
  }
}

/** The REST-JSON (Connect, Contact Lens) status and code of each kind of refused signature. */
const REST_JSON_REFUSALS: Readonly<Record<RefusalKind, readonly [number, string]>> = {
  missing: [403, 'MissingAuthenticationTokenException'],
  malformed: [400, 'IncompleteSignatureException'],
  unknownKey: [403, 'UnrecognizedClientException'],
  skewed: [403, 'InvalidSignatureException'],
  region: [403, 'InvalidSignatureException'],
  scope: [403, 'InvalidSignatureException'],
  mismatch: [403, 'InvalidSignatureException'],
};

/** Compares two secrets in constant time. */
function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
