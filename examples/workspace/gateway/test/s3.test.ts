import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type Gateway } from '../src/gateway';

describe('the S3 stand-in with @aws-sdk/client-s3', () => {
  let gateway: Gateway;
  let client: S3Client;
  const clientWith = (secretAccessKey: string, accessKeyId = gateway.info.s3.accessKeyId) =>
    new S3Client({
      endpoint: gateway.info.s3.endpoint,
      region: gateway.info.s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId, secretAccessKey },
      maxAttempts: 1,
    });
  beforeAll(async () => {
    gateway = await startGateway({ log: () => {} });
    client = clientWith(gateway.info.s3.secretAccessKey);
  });
  afterAll(async () => {
    client.destroy();
    await gateway.close();
  });

  it('puts, gets, heads and deletes an object, signed', async () => {
    const Bucket = gateway.info.s3.bucket;
    const body = new TextEncoder().encode('%PDF-1.7 bytes');
    const put = await client.send(
      new PutObjectCommand({
        Bucket,
        Key: 'ws1/att1',
        Body: body,
        ContentType: 'application/pdf',
        ContentLength: body.byteLength,
      }),
    );
    expect(put.ETag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(gateway.s3.peek('ws1/att1')?.bytes.toString()).toBe('%PDF-1.7 bytes');

    const got = await client.send(new GetObjectCommand({ Bucket, Key: 'ws1/att1' }));
    expect(got.ContentType).toBe('application/pdf');
    expect(got.ContentLength).toBe(body.byteLength);
    expect(got.ETag).toBe(put.ETag);
    expect(await got.Body!.transformToString()).toBe('%PDF-1.7 bytes');

    const head = await client.send(new HeadObjectCommand({ Bucket, Key: 'ws1/att1' }));
    expect(head.ContentLength).toBe(body.byteLength);

    await client.send(new DeleteObjectCommand({ Bucket, Key: 'ws1/att1' }));
    await expect(client.send(new HeadObjectCommand({ Bucket, Key: 'ws1/att1' }))).rejects.toThrow(
      NotFound,
    );
    const missing = await client
      .send(new GetObjectCommand({ Bucket, Key: 'ws1/att1' }))
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NoSuchKey);
    expect((missing as NoSuchKey).$metadata.httpStatusCode).toBe(404);
    expect((missing as NoSuchKey).message).toBe('The specified key does not exist.');
  });

  it('takes a streamed body (aws-chunked, STREAMING-UNSIGNED-PAYLOAD-TRAILER with CRC32)', async () => {
    const Bucket = gateway.info.s3.bucket;
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key: 'ws1/stream',
        Body: Readable.from([Buffer.from('hello '), Buffer.from('world')]),
        ContentLength: 11,
        ContentType: 'text/plain',
      }),
    );
    const got = await client.send(new GetObjectCommand({ Bucket, Key: 'ws1/stream' }));
    expect(await got.Body!.transformToString()).toBe('hello world');
  });

  it('refuses a wrong secret (403 SignatureDoesNotMatch) and an unknown key id', async () => {
    const Bucket = gateway.info.s3.bucket;
    const bad = clientWith('not-the-secret');
    const refused = await bad
      .send(new PutObjectCommand({ Bucket, Key: 'ws1/x', Body: 'x' }))
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(S3ServiceException);
    expect((refused as S3ServiceException).name).toBe('SignatureDoesNotMatch');
    expect((refused as S3ServiceException).$metadata.httpStatusCode).toBe(403);
    const got = await bad
      .send(new GetObjectCommand({ Bucket, Key: 'ws1/x' }))
      .catch((e: unknown) => e);
    expect((got as S3ServiceException).name).toBe('SignatureDoesNotMatch');
    bad.destroy();
    const stranger = clientWith(gateway.info.s3.secretAccessKey, 'AKIAUNKNOWN000000000');
    const unknown = await stranger
      .send(new GetObjectCommand({ Bucket, Key: 'ws1/x' }))
      .catch((e: unknown) => e);
    expect((unknown as S3ServiceException).name).toBe('InvalidAccessKeyId');
    stranger.destroy();
    expect(gateway.s3.size).toBe(1);
  });

  /** A client that changes the request after it is signed (the SDK's deserialize step runs later). */
  const tampering = (
    change: (request: { headers: Record<string, string>; body: unknown }) => void,
  ) => {
    const c = clientWith(gateway.info.s3.secretAccessKey);
    c.middlewareStack.add(
      (next) => (args) => {
        change(args.request as { headers: Record<string, string>; body: unknown });
        return next(args);
      },
      { step: 'deserialize', name: 'tamper' },
    );
    return c;
  };

  it('refuses a body changed after signing, a changed signed header and a skewed clock', async () => {
    const Bucket = gateway.info.s3.bucket;
    const put = (c: S3Client): Promise<S3ServiceException> =>
      c
        .send(
          new PutObjectCommand({
            Bucket,
            Key: 'ws1/t',
            Body: new TextEncoder().encode('good'),
            ContentType: 'text/plain',
          }),
        )
        .then(
          () => {
            throw new Error('accepted');
          },
          (e: unknown) => e as S3ServiceException,
        );
    const body = tampering((r) => {
      r.body = new TextEncoder().encode('evil');
    });
    expect((await put(body)).name).toBe('XAmzContentSHA256Mismatch');
    body.destroy();
    const header = tampering((r) => {
      r.headers['content-type'] = 'text/html';
    });
    const changed = await put(header);
    expect(changed.name).toBe('SignatureDoesNotMatch');
    expect(changed.$metadata.httpStatusCode).toBe(403);
    header.destroy();
    const late = new S3Client({
      endpoint: gateway.info.s3.endpoint,
      region: gateway.info.s3.region,
      forcePathStyle: true,
      credentials: {
        accessKeyId: gateway.info.s3.accessKeyId,
        secretAccessKey: gateway.info.s3.secretAccessKey,
      },
      maxAttempts: 1,
      systemClockOffset: -3_600_000,
    });
    expect((await put(late)).name).toBe('RequestTimeTooSkewed');
    late.destroy();
    expect(gateway.s3.peek('ws1/t')).toBeUndefined();
  });

  it('refuses a request without a signature or a payload hash', async () => {
    const url = `${gateway.info.s3.endpoint}/${gateway.info.s3.bucket}/ws1/stream`;
    const unsigned = await fetch(url, { headers: { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' } });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.text()).toContain('<Code>AuthorizationHeaderMalformed</Code>');
    const noHash = await fetch(url);
    expect(noHash.status).toBe(400);
  });
});
