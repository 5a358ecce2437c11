// The instance's recordings bucket as S3 serves it, path-style under `/s3`: GetObject and
// HeadObject of `/s3/<bucket>/<key>`, every request SigV4-signed with the admin credentials (signing
// name `s3`), errors in S3's XML shape. Point `@aws-sdk/client-s3` at `<emulator url>/s3` with
// `forcePathStyle: true`: the recording at a DescribeContact `Recordings[].Location`
// (`<bucket>/<key>`) is then read exactly as from the instance's bucket in AWS.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { EmulatorEnv } from '../http/node-env';
import { signedRequest } from '../http/protections';
import { safeDecode } from '../lib/http';
import { MESSAGES } from '../messages';
import type { ApiGuard } from '../security/api-guard';
import { SignatureRefusal } from '../security/sigv4';
import type { MediaStore } from './media-store';

/** Where the bucket is served (the S3 client's endpoint is the emulator's URL plus this). */
export const S3_PATH = '/s3';

/** An S3 error: status, code, message and the extra elements of its XML body. */
class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** The S3 status, code and message of each kind of refused signature. */
function s3Refusal(refusal: SignatureRefusal, regions: readonly string[]): S3Error {
  switch (refusal.kind) {
    case 'missing':
      return new S3Error(403, 'AccessDenied', MESSAGES.s3AccessDenied);
    case 'malformed':
      return new S3Error(400, 'AuthorizationHeaderMalformed', refusal.message);
    case 'unknownKey':
      return new S3Error(403, 'InvalidAccessKeyId', MESSAGES.s3InvalidAccessKeyId);
    case 'skewed':
      return new S3Error(403, 'RequestTimeTooSkewed', MESSAGES.s3Skewed);
    case 'region':
      return new S3Error(
        400,
        'AuthorizationHeaderMalformed',
        MESSAGES.s3WrongRegion(refusal.region ?? '', regions[0] ?? ''),
      );
    case 'scope':
      return new S3Error(403, 'SignatureDoesNotMatch', refusal.message);
    case 'mismatch':
      return new S3Error(403, 'SignatureDoesNotMatch', MESSAGES.s3SignatureMismatch);
  }
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/** An S3 error in S3's XML shape. */
function s3ErrorResponse(error: S3Error, requestId: string): Response {
  const fields = { Code: error.code, Message: error.message, ...error.extra, RequestId: requestId };
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<Error>' +
    Object.entries(fields)
      .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
      .join('') +
    '</Error>';
  return new Response(body, {
    status: error.status,
    headers: {
      'content-type': 'application/xml',
      'x-amz-request-id': requestId,
      date: new Date().toUTCString(),
    },
  });
}

/** What the bucket's routes use. */
export interface S3RouteOptions {
  readonly media: () => MediaStore;
  readonly guard: ApiGuard;
  /** The requests that came in under the secondary region's prefix. */
  readonly secondaryRequests: WeakSet<IncomingMessage>;
}

/** GetObject and HeadObject of the recordings bucket, path-style under {@link S3_PATH}. */
export function s3Routes(options: S3RouteOptions): Hono<EmulatorEnv> {
  const app = new Hono<EmulatorEnv>();
  // Hono answers HEAD with the GET route's headers and no body.
  app.get(`${S3_PATH}/*`, async (c) => {
    const req = c.env.incoming;
    const requestId = randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase();
    try {
      try {
        options.guard.verifySignature(
          signedRequest(req, Buffer.alloc(0), options.secondaryRequests.has(req)),
          's3',
          's3',
        );
      } catch (error) {
        if (error instanceof SignatureRefusal) throw s3Refusal(error, options.guard.regions());
        throw error;
      }
      const [bucket = '', ...rest] = c
        .get('url')
        .pathname.slice(S3_PATH.length + 1)
        .split('/');
      const key = rest.map((segment) => safeDecode(segment) ?? '').join('/');
      const store = options.media();
      if (safeDecode(bucket) !== store.bucket)
        throw new S3Error(404, 'NoSuchBucket', MESSAGES.s3NoSuchBucket, { BucketName: bucket });
      const path = key.includes('\0') ? undefined : store.pathOf(`${store.bucket}/${key}`);
      const info = path === undefined ? undefined : await stat(path).catch(() => undefined);
      if (path === undefined || info === undefined || !info.isFile())
        throw new S3Error(404, 'NoSuchKey', MESSAGES.s3NoSuchKey, { Key: key.slice(0, 1024) });
      const body = req.method === 'HEAD' ? null : Readable.toWeb(createReadStream(path));
      return new Response(body as ReadableStream<Uint8Array> | null, {
        status: 200,
        headers: {
          'content-type': 'audio/wav',
          'content-length': String(info.size),
          etag: `"${info.size.toString(16)}-${Math.round(info.mtimeMs).toString(16)}"`,
          'last-modified': info.mtime.toUTCString(),
          'accept-ranges': 'bytes',
          'x-amz-request-id': requestId,
          'x-amz-server-side-encryption': 'aws:kms',
        },
      });
    } catch (error) {
      if (!(error instanceof S3Error)) throw error; // a bug: the app's error boundary answers 500
      return s3ErrorResponse(error, requestId);
    }
  });
  return app;
}
