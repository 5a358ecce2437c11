// A local S3 stand-in on the gateway's origin, under /s3: path-style PutObject, GetObject,
// HeadObject and DeleteObject on one bucket, in memory, every request verified with SigV4
// (AWS Signature Version 4: canonical request, scope, clock skew). Point `@aws-sdk/client-s3` at it with
// `endpoint: <gateway url>/s3` and `forcePathStyle: true`. S3 signs differently from the
// connect emulator's REST-JSON admin API (the path is not encoded again, the payload hash is a
// header, errors are S3's XML codes), so its verifier is its own.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  S3_MAX_OBJECT_BYTES,
  S3_MAX_SKEW_MS,
  S3_STREAMING_UNSIGNED_TRAILER,
  S3_UNSIGNED_PAYLOAD,
} from './constants';
import { S3_MESSAGES } from './messages';

/** The stand-in's bucket, region and the one key pair it accepts. */
export interface S3Config {
  readonly bucket: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
}

interface S3Object {
  readonly bytes: Buffer;
  readonly contentType: string;
  readonly etag: string;
  readonly lastModified: Date;
}

class S3Error extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 405 | 413 | 501,
    readonly code: string,
    message: string,
    readonly extra: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

const xmlEscape = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!,
  );

/** RFC 3986 encoding as SigV4 wants it (`A-Za-z0-9-_.~` kept, the rest `%XX` uppercase). */
function rfc3986(s: string): string {
  return encodeURIComponent(s).replace(
    /[!'()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function canonicalQuery(search: string): string {
  const pairs: [string, string][] = [];
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    const name = decode(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : decode(part.slice(eq + 1));
    if (name === 'X-Amz-Signature') continue;
    pairs.push([rfc3986(name), rfc3986(value)]);
  }
  pairs.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data, 'utf8').digest();

/** The SigV4 signing key: `"AWS4"+secret` → date → region → service → `aws4_request`. */
export function signingKey(secret: string, day: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
}

const AUTH =
  /^AWS4-HMAC-SHA256\s+Credential=([^,\s]+)\s*,\s*SignedHeaders=([a-z0-9;-]+)\s*,\s*Signature=([0-9a-f]{64})$/;

/**
 * Verifies a request's SigV4 `Authorization` header against `config`; throws an {@link S3Error}
 * in S3's words when it does not match. `payloadHash` is the `x-amz-content-sha256` value.
 */
function verifySignature(config: S3Config, req: Request, payloadHash: string, now: Date): void {
  const authorization = req.headers.get('authorization');
  const match = authorization ? AUTH.exec(authorization.trim()) : null;
  if (!match)
    throw new S3Error(400, 'AuthorizationHeaderMalformed', S3_MESSAGES.incompleteSignature);
  const [, credential, signedHeaders, signature] = match as unknown as [
    string,
    string,
    string,
    string,
  ];
  const scope = credential.split('/');
  if (scope.length !== 5)
    throw new S3Error(400, 'AuthorizationHeaderMalformed', S3_MESSAGES.incompleteSignature);
  const [accessKeyId, day, region, service, terminator] = scope as [
    string,
    string,
    string,
    string,
    string,
  ];
  if (accessKeyId !== config.accessKeyId)
    throw new S3Error(403, 'InvalidAccessKeyId', S3_MESSAGES.invalidAccessKeyId, {
      AWSAccessKeyId: accessKeyId,
    });
  const amzDate = req.headers.get('x-amz-date') ?? '';
  const stamp = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!stamp) throw new S3Error(403, 'AccessDenied', S3_MESSAGES.incompleteSignature);
  const [, y, mo, d, h, mi, s] = stamp as unknown as string[];
  const at = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Math.abs(now.getTime() - at) > S3_MAX_SKEW_MS)
    throw new S3Error(403, 'RequestTimeTooSkewed', S3_MESSAGES.skewed, {
      RequestTime: amzDate,
      ServerTime: now.toISOString(),
      MaxAllowedSkewMilliseconds: String(S3_MAX_SKEW_MS),
    });
  if (day !== amzDate.slice(0, 8))
    throw new S3Error(403, 'SignatureDoesNotMatch', S3_MESSAGES.scope('date', day));
  if (region !== config.region)
    throw new S3Error(403, 'SignatureDoesNotMatch', S3_MESSAGES.scope('region', region));
  if (service !== 's3')
    throw new S3Error(403, 'SignatureDoesNotMatch', S3_MESSAGES.scope('service', service));
  if (terminator !== 'aws4_request')
    throw new S3Error(403, 'SignatureDoesNotMatch', S3_MESSAGES.scope('terminator', terminator));
  const names = signedHeaders.split(';');
  if (!names.includes('host'))
    throw new S3Error(403, 'SignatureDoesNotMatch', S3_MESSAGES.signatureDoesNotMatch);
  const url = new URL(req.url);
  const headers = names
    .map((name) => `${name}:${(req.headers.get(name) ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalRequest = [
    req.method,
    url.pathname,
    canonicalQuery(url.search),
    headers,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    `${day}/${region}/${service}/aws4_request`,
    createHash('sha256').update(canonicalRequest, 'utf8').digest('hex'),
  ].join('\n');
  const expected = createHmac('sha256', signingKey(config.secretAccessKey, day, region, service))
    .update(stringToSign, 'utf8')
    .digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex')))
    throw new S3Error(403, 'SignatureDoesNotMatch', S3_MESSAGES.signatureDoesNotMatch, {
      AWSAccessKeyId: accessKeyId,
      StringToSign: stringToSign,
      SignatureProvided: signature,
      CanonicalRequest: canonicalRequest,
    });
}

/**
 * Decodes an `aws-chunked` body without chunk signatures (`STREAMING-UNSIGNED-PAYLOAD-TRAILER`):
 * `<hex size>\r\n<bytes>\r\n` … `0\r\n<trailer lines>\r\n\r\n`. Returns the bytes and trailers.
 */
function decodeAwsChunked(body: Buffer): { bytes: Buffer; trailers: Map<string, string> } {
  const parts: Buffer[] = [];
  let at = 0;
  const line = () => {
    const end = body.indexOf('\r\n', at);
    if (end < 0) throw new S3Error(400, 'IncompleteBody', S3_MESSAGES.badChunked);
    const text = body.subarray(at, end).toString('latin1');
    at = end + 2;
    return text;
  };
  for (;;) {
    const size = line();
    if (!/^[0-9a-fA-F]{1,8}$/.test(size))
      throw new S3Error(400, 'IncompleteBody', S3_MESSAGES.badChunked);
    const n = parseInt(size, 16);
    if (n === 0) break;
    if (at + n + 2 > body.length || body.toString('latin1', at + n, at + n + 2) !== '\r\n')
      throw new S3Error(400, 'IncompleteBody', S3_MESSAGES.badChunked);
    parts.push(body.subarray(at, at + n));
    at += n + 2;
  }
  const trailers = new Map<string, string>();
  for (let text = line(); text !== ''; text = line()) {
    const colon = text.indexOf(':');
    if (colon < 1) throw new S3Error(400, 'IncompleteBody', S3_MESSAGES.badChunked);
    trailers.set(text.slice(0, colon).trim().toLowerCase(), text.slice(colon + 1).trim());
  }
  return { bytes: Buffer.concat(parts), trailers };
}

/** The stand-in's routes (mounted at {@link S3_PREFIX}) and its objects. */
export class S3Service {
  private readonly objects = new Map<string, S3Object>();

  constructor(
    readonly config: S3Config,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** How many objects the bucket holds (tests). */
  get size(): number {
    return this.objects.size;
  }

  /** An object's bytes and type (tests). */
  peek(key: string): { bytes: Buffer; contentType: string } | undefined {
    return this.objects.get(key);
  }

  private error(c: Context, error: S3Error, resource: string, key?: string): Response {
    const requestId = randomBytes(8).toString('hex').toUpperCase();
    const headers = {
      'x-amz-request-id': requestId,
      date: this.now().toUTCString(),
    };
    // A HEAD answer has no body: the SDK turns a bare 404 into `NotFound`.
    if (c.req.method === 'HEAD') return new Response(null, { status: error.status, headers });
    const fields = {
      Code: error.code,
      Message: error.message,
      ...(key !== undefined ? { Key: key } : {}),
      ...(error.code === 'NoSuchBucket' ? { BucketName: this.config.bucket } : {}),
      ...error.extra,
      Resource: resource,
      RequestId: requestId,
      HostId: randomBytes(24).toString('base64'),
    };
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error>${Object.entries(fields)
      .map(([k, v]) => `<${k}>${xmlEscape(v)}</${k}>`)
      .join('')}</Error>`;
    return new Response(xml, {
      status: error.status,
      headers: { ...headers, 'content-type': 'application/xml' },
    });
  }

  routes(): Hono {
    const app = new Hono();
    app.use(
      '*',
      bodyLimit({
        // aws-chunked framing adds a few bytes per chunk and the trailer.
        maxSize: S3_MAX_OBJECT_BYTES + 64 * 1024,
        onError: (c) =>
          this.error(
            c,
            new S3Error(413, 'EntityTooLarge', S3_MESSAGES.tooLarge, {
              MaxSizeAllowed: String(S3_MAX_OBJECT_BYTES),
            }),
            c.req.path,
          ),
      }),
    );
    app.all('/:bucket/:key{.+}', (c) => this.handle(c));
    app.all('*', (c) =>
      this.error(c, new S3Error(405, 'MethodNotAllowed', S3_MESSAGES.methodNotAllowed), c.req.path),
    );
    return app;
  }

  private async handle(c: Context): Promise<Response> {
    const bucket = c.req.param('bucket') ?? '';
    const key = c.req.param('key') ?? '';
    const resource = `/${bucket}/${key}`;
    try {
      const payloadHash = c.req.header('x-amz-content-sha256');
      if (!payloadHash) throw new S3Error(400, 'InvalidRequest', S3_MESSAGES.missingContentSha256);
      if (payloadHash.startsWith('STREAMING-') && payloadHash !== S3_STREAMING_UNSIGNED_TRAILER)
        throw new S3Error(501, 'NotImplemented', S3_MESSAGES.streamingSigned);
      if (
        payloadHash !== S3_UNSIGNED_PAYLOAD &&
        payloadHash !== S3_STREAMING_UNSIGNED_TRAILER &&
        !/^[0-9a-f]{64}$/.test(payloadHash)
      )
        throw new S3Error(400, 'InvalidArgument', S3_MESSAGES.badContentSha256);
      verifySignature(this.config, c.req.raw, payloadHash, this.now());
      if (bucket !== this.config.bucket)
        throw new S3Error(404, 'NoSuchBucket', S3_MESSAGES.noSuchBucket);
      switch (c.req.method) {
        case 'PUT':
          return await this.put(c, key, payloadHash);
        case 'GET':
        case 'HEAD':
          return this.get(c, key);
        case 'DELETE':
          this.objects.delete(key);
          return c.body(null, 204, { 'x-amz-request-id': randomBytes(8).toString('hex') });
        default:
          throw new S3Error(405, 'MethodNotAllowed', S3_MESSAGES.methodNotAllowed);
      }
    } catch (error) {
      if (error instanceof S3Error) return this.error(c, error, resource, key);
      throw error;
    }
  }

  private async put(c: Context, key: string, payloadHash: string): Promise<Response> {
    const raw = Buffer.from(await c.req.arrayBuffer());
    let bytes: Buffer = raw;
    const checksums = new Map<string, string>();
    const crcHeader = c.req.header('x-amz-checksum-crc32');
    if (crcHeader) checksums.set('x-amz-checksum-crc32', crcHeader);
    if (payloadHash === S3_STREAMING_UNSIGNED_TRAILER) {
      const decoded = decodeAwsChunked(raw);
      bytes = decoded.bytes;
      for (const [name, value] of decoded.trailers) checksums.set(name, value);
      const declared = c.req.header('x-amz-decoded-content-length');
      if (declared !== undefined && Number(declared) !== bytes.length)
        throw new S3Error(400, 'IncompleteBody', S3_MESSAGES.badChunked);
    } else if (payloadHash !== S3_UNSIGNED_PAYLOAD) {
      if (createHash('sha256').update(raw).digest('hex') !== payloadHash)
        throw new S3Error(400, 'XAmzContentSHA256Mismatch', S3_MESSAGES.badContentSha256);
    }
    if (bytes.length > S3_MAX_OBJECT_BYTES)
      throw new S3Error(413, 'EntityTooLarge', S3_MESSAGES.tooLarge, {
        MaxSizeAllowed: String(S3_MAX_OBJECT_BYTES),
      });
    const crc = checksums.get('x-amz-checksum-crc32');
    if (crc !== undefined) {
      const actual = Buffer.alloc(4);
      actual.writeUInt32BE(crc32(bytes) >>> 0);
      if (actual.toString('base64') !== crc)
        throw new S3Error(400, 'BadDigest', S3_MESSAGES.badChecksum);
    }
    const etag = `"${createHash('md5').update(bytes).digest('hex')}"`;
    this.objects.set(key, {
      bytes,
      contentType: c.req.header('content-type') ?? 'application/octet-stream',
      etag,
      lastModified: this.now(),
    });
    return c.body(null, 200, {
      etag,
      'x-amz-request-id': randomBytes(8).toString('hex'),
      ...(crc !== undefined ? { 'x-amz-checksum-crc32': crc } : {}),
    });
  }

  private get(c: Context, key: string): Response {
    const object = this.objects.get(key);
    if (!object) throw new S3Error(404, 'NoSuchKey', S3_MESSAGES.noSuchKey);
    const headers = {
      'content-type': object.contentType,
      'content-length': String(object.bytes.length),
      etag: object.etag,
      'last-modified': object.lastModified.toUTCString(),
      'accept-ranges': 'bytes',
      'x-amz-request-id': randomBytes(8).toString('hex'),
    };
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(object.bytes), {
      status: 200,
      headers,
    });
  }
}
