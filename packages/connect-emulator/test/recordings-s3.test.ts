// The recordings bucket as S3 serves it: `@aws-sdk/client-s3` (path-style, endpoint `<url>/s3`)
// reads and heads a recording with the admin keys, at the bucket and prefix the instance's storage
// config names; unsigned requests, another key, a wrong secret or region, another bucket and a
// missing key are refused with S3's codes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ConnectClient,
  DescribeInstanceStorageConfigCommand,
  ListInstanceStorageConfigsCommand,
} from '@aws-sdk/client-connect';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../src/index';

let emulator: Emulator;
let stateDir: string;
let bucket: string;
let key: string;
const audio = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));

const s3 = (options: { secret?: string; accessKeyId?: string; region?: string } = {}): S3Client =>
  new S3Client({
    endpoint: `${emulator.url}/s3`,
    forcePathStyle: true,
    region: options.region ?? 'us-east-1',
    credentials: {
      accessKeyId: options.accessKeyId ?? emulator.adminCredentials.accessKeyId,
      secretAccessKey: options.secret ?? emulator.adminCredentials.secretAccessKey,
    },
    maxAttempts: 1,
  });

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'connect-emulator-s3-'));
  emulator = await startEmulator({ port: 0, stateDir, log: () => undefined });
  const connect = new ConnectClient({
    endpoint: emulator.url,
    region: 'us-east-1',
    credentials: emulator.adminCredentials,
    maxAttempts: 1,
  });
  const InstanceId = emulator.centre.instanceId;
  const { StorageConfigs } = await connect.send(
    new ListInstanceStorageConfigsCommand({ InstanceId, ResourceType: 'CALL_RECORDINGS' }),
  );
  const { StorageConfig } = await connect.send(
    new DescribeInstanceStorageConfigCommand({
      InstanceId,
      ResourceType: 'CALL_RECORDINGS',
      AssociationId: StorageConfigs![0]!.AssociationId!,
    }),
  );
  connect.destroy();
  expect(StorageConfig).toEqual(StorageConfigs![0]);
  expect(StorageConfig!.StorageType).toBe('S3');
  bucket = StorageConfig!.S3Config!.BucketName!;
  // A recording where the emulator stores the ones it records (`<bucket>/<prefix>/…`).
  key = `${StorageConfig!.S3Config!.BucketPrefix}/2026/01/01/c-1_20260101T09:00_UTC.wav`;
  mkdirSync(join(stateDir, 'recordings', bucket, key, '..'), { recursive: true });
  writeFileSync(join(stateDir, 'recordings', bucket, key), audio);
});
afterAll(async () => {
  await emulator.close();
  rmSync(stateDir, { recursive: true, force: true });
});

describe('the recordings bucket (S3)', () => {
  it('GetObject and HeadObject read a recording with the admin keys', async () => {
    const client = s3();
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    expect(object.ContentType).toBe('audio/wav');
    expect(object.ContentLength).toBe(audio.length);
    expect(Buffer.from(await object.Body!.transformToByteArray())).toEqual(audio);
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect(head.ContentLength).toBe(audio.length);
    expect(head.ETag).toBe(object.ETag);
    client.destroy();
  });

  it('a missing key is NoSuchKey, another bucket NoSuchBucket', async () => {
    const client = s3();
    await expect(
      client.send(new GetObjectCommand({ Bucket: bucket, Key: `${key}.missing` })),
    ).rejects.toMatchObject({
      name: 'NoSuchKey',
      message: 'The specified key does not exist.',
      $metadata: { httpStatusCode: 404 },
    });
    await expect(
      client.send(new GetObjectCommand({ Bucket: 'someone-elses-bucket', Key: key })),
    ).rejects.toMatchObject({ name: 'NoSuchBucket', $metadata: { httpStatusCode: 404 } });
    client.destroy();
  });

  it('a wrong secret, another key or another region is refused as S3 refuses it', async () => {
    const get = (client: S3Client) =>
      client
        .send(new GetObjectCommand({ Bucket: bucket, Key: key }))
        .finally(() => client.destroy());
    await expect(get(s3({ secret: 'wrong' }))).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
      $metadata: { httpStatusCode: 403 },
    });
    await expect(get(s3({ accessKeyId: 'AKIAUNKNOWN000000000' }))).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist in our records.',
    });
    await expect(get(s3({ region: 'eu-west-3' }))).rejects.toMatchObject({
      name: 'AuthorizationHeaderMalformed',
      message:
        "The authorization header is malformed; the region 'eu-west-3' is wrong; expecting 'us-east-1'",
    });
  });

  it('an unsigned request is AccessDenied in the S3 XML shape', async () => {
    const res = await fetch(`${emulator.url}/s3/${bucket}/${key}`);
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toBe('application/xml');
    expect(await res.text()).toMatch(
      /^<\?xml .*<Error><Code>AccessDenied<\/Code><Message>Access Denied<\/Message>/s,
    );
  });
});
