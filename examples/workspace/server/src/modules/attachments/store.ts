// Where attachment bytes live: one interface over a folder on local disk (the default), memory
// (only with `DATA_DIR=memory://`, for tests and throwaway runs) and S3-compatible object storage
// (`@aws-sdk/client-s3`, when ATTACHMENTS_S3_BUCKET is set; credentials from
// ATTACHMENTS_S3_ACCESS_KEY_ID/SECRET_ACCESS_KEY, else the SDK's default chain). Keys are chosen by the server (`<workspace id>/<attachment id>`), never by a user.
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { Config } from '../../config';

/** Bytes in a store. */
export interface AttachmentStore {
  /** `disk`, `memory` or `s3`. */
  readonly kind: string;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes as a stream, or null when the key holds nothing. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

function checkKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new RangeError(`Not a storage key: ${key}`);
  return key;
}

/** A folder on local disk. */
export class DiskAttachmentStore implements AttachmentStore {
  readonly kind = 'disk';
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    return join(this.root, ...checkKey(key).split('/'));
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes, { flag: 'w' });
  }

  async get(key: string): Promise<Readable | null> {
    const path = this.path(key);
    try {
      await stat(path);
    } catch {
      return null;
    }
    return createReadStream(path);
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}

/** Memory of this process (only with an in-memory database: both go when it ends). */
export class MemoryAttachmentStore implements AttachmentStore {
  readonly kind = 'memory';
  private readonly objects = new Map<string, Buffer>();

  put(key: string, bytes: Uint8Array): Promise<void> {
    this.objects.set(checkKey(key), Buffer.from(bytes));
    return Promise.resolve();
  }

  get(key: string): Promise<Readable | null> {
    const bytes = this.objects.get(checkKey(key));
    return Promise.resolve(bytes ? Readable.from([bytes]) : null);
  }

  delete(key: string): Promise<void> {
    this.objects.delete(checkKey(key));
    return Promise.resolve();
  }
}

/** S3 settings (ATTACHMENTS_S3_*). */
export interface S3StoreOptions {
  readonly bucket: string;
  readonly region: string;
  /** An S3-compatible endpoint (MinIO, R2, a local stand-in); default AWS. */
  readonly endpoint?: string | undefined;
  readonly forcePathStyle: boolean;
  /** Key prefix inside the bucket. */
  readonly prefix?: string;
  /** Explicit credentials (tests); default the SDK's chain (env, profile, role). */
  readonly credentials?:
    { readonly accessKeyId: string; readonly secretAccessKey: string } | undefined;
}

/** An S3 bucket (or any S3-compatible store). */
export class S3AttachmentStore implements AttachmentStore {
  readonly kind = 's3';
  /** The SDK is loaded on first use (it is large, and most servers store on disk). */
  private sdk: Promise<{ client: S3.S3Client; s3: typeof S3 }> | undefined;

  constructor(private readonly options: S3StoreOptions) {}

  private load() {
    this.sdk ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: this.options.region,
        forcePathStyle: this.options.forcePathStyle,
        ...(this.options.endpoint ? { endpoint: this.options.endpoint } : {}),
        ...(this.options.credentials ? { credentials: { ...this.options.credentials } } : {}),
      }),
    }));
    return this.sdk;
  }

  private key(key: string): string {
    return `${this.options.prefix ?? ''}${checkKey(key)}`;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const { client, s3 } = await this.load();
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.key(key),
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.byteLength,
      }),
    );
  }

  async get(key: string): Promise<Readable | null> {
    const { client, s3 } = await this.load();
    try {
      const out = await client.send(
        new s3.GetObjectCommand({ Bucket: this.options.bucket, Key: this.key(key) }),
      );
      return out.Body instanceof Readable ? out.Body : null;
    } catch (error) {
      if (error instanceof s3.NoSuchKey) return null;
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
        return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const { client, s3 } = await this.load();
    await client.send(
      new s3.DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.key(key) }),
    );
  }

  async close(): Promise<void> {
    if (this.sdk) (await this.sdk).client.destroy();
  }
}

const stores = new WeakMap<Config, AttachmentStore>();

/** The store a configuration names (one per configuration, made on first use). */
export function attachmentStoreFor(config: Config): AttachmentStore {
  let store = stores.get(config);
  if (!store) {
    const a = config.attachments;
    store = a.s3
      ? new S3AttachmentStore(a.s3)
      : a.dir
        ? new DiskAttachmentStore(a.dir)
        : new MemoryAttachmentStore();
    stores.set(config, store);
  }
  return store;
}
