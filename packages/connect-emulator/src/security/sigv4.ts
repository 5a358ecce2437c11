/**
 * Server-side AWS Signature Version 4 verification, as the Amazon Connect and Contact Lens
 * endpoints check a request: the `Authorization` header's parts, the request time within the
 * allowed clock skew, the credential scope (day, region, service, terminator), then the signature
 * itself, recomputed from the secret over the canonical request (method, path, sorted query,
 * signed headers, the SHA-256 of the body as received). Two families sign slightly differently:
 * REST-JSON services (Connect, Contact Lens) encode the path once more; S3 signs the wire path and
 * declares the payload hash in `x-amz-content-sha256`. A refusal is a {@link SignatureRefusal};
 * each surface answers it in its family's error shape.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { SIGV4_MAX_SKEW_MS } from '../constants';
import { MESSAGES } from '../messages';

/** A request as its signature covers it. */
export interface SignedRequest {
  readonly method: string;
  /** The path as sent on the wire (percent-encoded, before any prefix is taken off). */
  readonly path: string;
  /** The raw query string, without `?` (empty when there is none). */
  readonly query: string;
  /** A request header by lower-case name (repeated headers joined with `, `). */
  readonly header: (name: string) => string | undefined;
  readonly body: Uint8Array;
}

/** What a signature is checked against. */
export interface SigV4Expectation {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** The regions the endpoint serves (a credential scoped to another is refused). */
  readonly regions: readonly string[];
  /** The signing name (`connect` for both Connect and Contact Lens, `s3` for S3). */
  readonly service: string;
  /** The signing family: REST-JSON services, or S3. */
  readonly family: 'rest' | 's3';
  readonly now: Date;
}

/** Why a signature was refused; each surface maps it to its family's code. */
export type RefusalKind =
  'missing' | 'malformed' | 'unknownKey' | 'skewed' | 'region' | 'scope' | 'mismatch';

/** A refused signature: its kind and the message AWS's REST-JSON services give. */
export class SignatureRefusal extends Error {
  override readonly name = 'SignatureRefusal';
  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** For `region`: the region of the credential scope. */
    readonly region?: string,
  ) {
    super(message);
  }
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
const EMPTY_SHA256 = createHash('sha256').digest('hex');

/** The parts of an `Authorization: AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…`. */
interface AuthorizationParts {
  readonly scope: readonly string[];
  readonly signedHeaders: string;
  readonly signature: string;
}

/** Throws the refusal of a request whose SigV4 signature does not hold, or returns. */
export function verifySigV4(request: SignedRequest, expected: SigV4Expectation): void {
  const authorization = request.header('authorization');
  if (authorization === undefined || authorization === '')
    throw new SignatureRefusal('missing', MESSAGES.missingAuthenticationToken);
  const parts = parseAuthorization(authorization);
  if (parts.scope.length !== 5)
    throw incomplete(MESSAGES.sigv4CredentialParts(parts.scope.join('/')));
  const [accessKeyId, day, region, service, terminator] = parts.scope as [
    string,
    string,
    string,
    string,
    string,
  ];
  if (!sameText(accessKeyId, expected.accessKeyId))
    throw new SignatureRefusal('unknownKey', MESSAGES.unknownAccessKey);
  const amzDate = request.header('x-amz-date');
  if (amzDate === undefined) throw incomplete(MESSAGES.sigv4NoDate);
  const at = parseAmzDate(amzDate);
  if (at === undefined) throw incomplete(MESSAGES.sigv4BadDate(amzDate));
  checkSkew(amzDate, at, expected.now);
  if (day !== amzDate.slice(0, 8)) throw outOfScope(MESSAGES.sigv4ScopeDate(day, amzDate));
  if (!expected.regions.includes(region))
    throw new SignatureRefusal('region', MESSAGES.sigv4ScopeRegion, region);
  if (service !== expected.service) throw outOfScope(MESSAGES.sigv4ScopeService(expected.service));
  if (terminator !== 'aws4_request') throw outOfScope(MESSAGES.sigv4ScopeTerminator(terminator));
  const names = parts.signedHeaders.split(';');
  if (!names.includes('host')) throw outOfScope(MESSAGES.sigv4HostNotSigned);

  const payloadHash = payloadHashOf(request, expected.family);
  const canonicalRequest = [
    request.method.toUpperCase(),
    expected.family === 's3' ? request.path : canonicalPath(request.path),
    canonicalQuery(request.query),
    names.map((name) => `${name}:${canonicalValue(request.header(name))}\n`).join(''),
    parts.signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = [day, region, service, 'aws4_request'].reduce<Buffer>(
    (k, part) => hmac(k, part),
    Buffer.from(`AWS4${expected.secretAccessKey}`, 'utf8'),
  );
  const computed = hmac(key, stringToSign);
  const given = /^[0-9a-f]{64}$/.test(parts.signature)
    ? Buffer.from(parts.signature, 'hex')
    : Buffer.alloc(0);
  if (given.length !== computed.length || !timingSafeEqual(given, computed))
    throw mismatch(MESSAGES.sigv4Mismatch);
}

/**
 * The payload hash the signature covers. REST-JSON: the body's own hash (a declared
 * `x-amz-content-sha256` must be that hash), so a body changed after signing never passes. S3:
 * the declared header, required; `UNSIGNED-PAYLOAD` leaves the body out, any other value must be
 * the body's hash.
 */
function payloadHashOf(request: SignedRequest, family: 'rest' | 's3'): string {
  const actual = sha256Hex(request.body);
  const declared = request.header('x-amz-content-sha256');
  if (declared === undefined) {
    if (family === 's3') throw incomplete(MESSAGES.sigv4NoContentSha256);
    return actual;
  }
  if (family === 's3' && declared === 'UNSIGNED-PAYLOAD') return declared;
  if (declared !== actual) throw mismatch(MESSAGES.sigv4Mismatch);
  return declared;
}

function parseAuthorization(authorization: string): AuthorizationParts {
  const space = authorization.indexOf(' ');
  if (space < 0 || authorization.slice(0, space) !== ALGORITHM)
    throw incomplete(MESSAGES.badSignature);
  const fields = new Map<string, string>();
  for (const field of authorization.slice(space + 1).split(',')) {
    const eq = field.indexOf('=');
    if (eq > 0) fields.set(field.slice(0, eq).trim(), field.slice(eq + 1).trim());
  }
  const missing = ['Credential', 'SignedHeaders', 'Signature'].filter((n) => !fields.get(n));
  if (missing.length > 0) throw incomplete(missing.map(MESSAGES.sigv4MissingPart).join(' '));
  return {
    scope: fields.get('Credential')!.split('/'),
    signedHeaders: fields.get('SignedHeaders')!,
    signature: fields.get('Signature')!,
  };
}

/** `YYYYMMDDTHHMMSSZ` as a time, or undefined. */
function parseAmzDate(text: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** `Date` as `YYYYMMDDTHHMMSSZ`. */
function amzDateOf(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function checkSkew(amzDate: string, at: Date, now: Date): void {
  const minutes = SIGV4_MAX_SKEW_MS / 60_000;
  if (at.getTime() < now.getTime() - SIGV4_MAX_SKEW_MS)
    throw new SignatureRefusal(
      'skewed',
      MESSAGES.sigv4Expired(
        amzDate,
        amzDateOf(new Date(now.getTime() - SIGV4_MAX_SKEW_MS)),
        amzDateOf(now),
        minutes,
      ),
    );
  if (at.getTime() > now.getTime() + SIGV4_MAX_SKEW_MS)
    throw new SignatureRefusal(
      'skewed',
      MESSAGES.sigv4NotYetCurrent(
        amzDate,
        amzDateOf(new Date(now.getTime() + SIGV4_MAX_SKEW_MS)),
        amzDateOf(now),
        minutes,
      ),
    );
}

/** RFC 3986 encoding, as the signer writes it: `A-Za-z0-9-_.~` kept, the rest `%XX`. */
function escapeUri(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The canonical path of every service but S3: empty, `.` and `..` segments resolved, then the
 * wire path encoded once more (`%3A` becomes `%253A`), slashes kept.
 */
function canonicalPath(path: string): string {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const leading = path.startsWith('/') ? '/' : '';
  const trailing = segments.length > 0 && path.endsWith('/') ? '/' : '';
  return escapeUri(`${leading}${segments.join('/')}${trailing}`).replace(/%2F/g, '/');
}

/** The query's pairs decoded, encoded the signer's way, sorted by name then value. */
function canonicalQuery(query: string): string {
  const pairs: [string, string][] = [];
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = decodeQueryPart(eq < 0 ? part : part.slice(0, eq));
    if (name.toLowerCase() === 'x-amz-signature') continue;
    pairs.push([escapeUri(name), escapeUri(decodeQueryPart(eq < 0 ? '' : part.slice(eq + 1)))]);
  }
  pairs.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return pairs.map(([name, value]) => `${name}=${value}`).join('&');
}

function decodeQueryPart(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A signed header's value: trimmed, inner runs of white space made one space. */
function canonicalValue(value: string | undefined): string {
  return (value ?? '').trim().replace(/\s+/g, ' ');
}

function sha256Hex(data: string | Uint8Array): string {
  if (typeof data !== 'string' && data.length === 0) return EMPTY_SHA256;
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: Buffer, text: string): Buffer {
  return createHmac('sha256', key).update(text, 'utf8').digest();
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

const incomplete = (message: string) => new SignatureRefusal('malformed', message);
const mismatch = (message: string) => new SignatureRefusal('mismatch', message);
const outOfScope = (message: string) => new SignatureRefusal('scope', message);
