// Attachments: files are read through a size cap (never more than the limit plus one chunk is
// held), their type checked by magic bytes, hashed, written to the store and recorded; a file a
// provider would not give is recorded as unavailable with the reason, so its message is kept.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Attachment } from '../../contract/attachments';
import type { Selectable, Transaction } from 'kysely';
import type { AttachmentsTable, Database } from '../../db/schema';
import type { Services } from '../../lib/context';
import { ApiError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { ATTACHMENT_LIMITS, UNSENT_UPLOADS } from './constants';
import { ATTACHMENT_MESSAGES } from './messages';
import { checkType } from './sniff';
import { attachmentStoreFor, type AttachmentStore } from './store';

export type AttachmentRow = Selectable<AttachmentsTable>;

/** Bytes to read: a buffer, a Node stream, a web stream or any async iterable of chunks. */
export type AttachmentSource =
  Uint8Array | Readable | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/** 413: larger than the limit (nothing is stored). */
export const tooLarge = (name: string): ApiError =>
  new ApiError(413, 'attachment_too_large', ATTACHMENT_MESSAGES.tooLarge(name));
/** 413: too many files on one message. */
export const tooMany = (): ApiError =>
  new ApiError(413, 'too_many_attachments', ATTACHMENT_MESSAGES.tooMany());
/** 415: a type not taken, or bytes that are not what the type says. */
export const unsupportedType = (name: string, type: string, mismatch: boolean): ApiError =>
  new ApiError(
    415,
    'unsupported_attachment_type',
    mismatch
      ? ATTACHMENT_MESSAGES.typeMismatch(name, type)
      : ATTACHMENT_MESSAGES.unsupportedType(name, type),
  );

/** Reads `source` whole unless it passes `max` bytes (then throws 413 without reading on). */
export async function readCapped(
  source: AttachmentSource,
  max: number,
  name: string,
): Promise<Buffer> {
  if (source instanceof Uint8Array) {
    if (source.byteLength > max) throw tooLarge(name);
    return Buffer.from(source);
  }
  const iterable: AsyncIterable<Uint8Array> =
    Symbol.asyncIterator in source
      ? (source as AsyncIterable<Uint8Array>)
      : (async function* () {
          const reader = (source as ReadableStream<Uint8Array>).getReader();
          try {
            for (;;) {
              const { done, value } = await reader.read();
              if (done) return;
              yield value;
            }
          } finally {
            await reader.cancel().catch(() => {});
          }
        })();
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of iterable) {
    total += chunk.byteLength;
    if (total > max) {
      if ('destroy' in source && typeof source.destroy === 'function') source.destroy();
      throw tooLarge(name);
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** A file name safe to store and to put in a header: no path, no control characters. */
export function cleanFilename(name: string | null | undefined, type: string): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex -- control characters are what it removes
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, ATTACHMENT_LIMITS.maxFilenameChars);
  if (base && base !== '.' && base !== '..') return base;
  const ext = type
    .split('/')[1]
    ?.replace(/[^a-z0-9]/g, '')
    .slice(0, 8);
  return ext ? `attachment.${ext}` : 'attachment';
}

/** Where a file goes: its workspace, conversation and (once sent or received) message. */
export interface AttachmentOwner {
  readonly workspaceId: string;
  readonly conversationId: string;
  readonly messageId: string | null;
}

export class AttachmentService {
  readonly store: AttachmentStore;

  constructor(private readonly services: Services) {
    this.store = attachmentStoreFor(services.config);
  }

  /**
   * Deletes agents' uploads that no reply carried, older than `maxAgeMs` (bytes first, then the
   * row, so a failure leaves the row for the next sweep); answers how many were deleted.
   */
  async sweepUnsent(maxAgeMs: number = UNSENT_UPLOADS.maxAgeMs): Promise<number> {
    const stale = await this.services.db
      .selectFrom('attachments')
      .select(['id', 'storage_key'])
      .where('message_id', 'is', null)
      .where('created_at', '<', new Date(Date.now() - maxAgeMs))
      .orderBy('created_at')
      .limit(UNSENT_UPLOADS.batch)
      .execute();
    for (const row of stale) if (row.storage_key) await this.store.delete(row.storage_key);
    if (stale.length === 0) return 0;
    await this.services.db
      .deleteFrom('attachments')
      .where(
        'id',
        'in',
        stale.map((r) => r.id),
      )
      .where('message_id', 'is', null)
      .execute();
    return stale.length;
  }

  /** Checks, stores and records one file; throws 413/415 (nothing stored) when refused. */
  async add(
    owner: AttachmentOwner,
    file: { filename: string | null; contentType: string | null; source: AttachmentSource },
  ): Promise<AttachmentRow> {
    const label = cleanFilename(file.filename, file.contentType ?? '');
    const bytes = await readCapped(file.source, ATTACHMENT_LIMITS.maxBytes, label);
    const check = checkType(bytes, file.contentType);
    if (!check.ok) throw unsupportedType(label, check.type, check.reason === 'mismatch');
    const id = newId();
    const key = `${owner.workspaceId}/${id}`;
    await this.store.put(key, bytes, check.type);
    return this.services.db
      .insertInto('attachments')
      .values({
        id,
        workspace_id: owner.workspaceId,
        conversation_id: owner.conversationId,
        message_id: owner.messageId,
        filename: cleanFilename(file.filename, check.type),
        content_type: check.type,
        size: bytes.byteLength,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        storage_key: key,
        status: 'stored',
        reason: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Records a file that could not be had (fetch failed, too large, wrong type) with the reason. */
  async unavailable(
    owner: AttachmentOwner,
    file: { filename: string | null; contentType: string | null; reason: string },
  ): Promise<AttachmentRow> {
    const type = (file.contentType ?? '').split(';')[0]!.trim().toLowerCase().slice(0, 100);
    return this.services.db
      .insertInto('attachments')
      .values({
        id: newId(),
        workspace_id: owner.workspaceId,
        conversation_id: owner.conversationId,
        message_id: owner.messageId,
        filename: cleanFilename(file.filename, type),
        content_type: type || 'application/octet-stream',
        size: 0,
        sha256: null,
        storage_key: null,
        status: 'unavailable',
        reason: file.reason.slice(0, 500),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The attachments of messages, by message id, oldest first. */
  async ofMessages(
    workspaceId: string,
    messageIds: readonly string[],
  ): Promise<Map<string, AttachmentRow[]>> {
    const map = new Map<string, AttachmentRow[]>();
    if (messageIds.length === 0) return map;
    const rows = await this.services.db
      .selectFrom('attachments')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('message_id', 'in', [...messageIds])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    for (const row of rows) {
      const list = map.get(row.message_id!) ?? [];
      list.push(row);
      map.set(row.message_id!, list);
    }
    return map;
  }

  /** One attachment of a workspace, or 404. */
  async find(workspaceId: string, id: string): Promise<AttachmentRow> {
    const row = await this.services.db
      .selectFrom('attachments')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(ATTACHMENT_MESSAGES.notFound);
    return row;
  }

  /** The bytes of a stored attachment, or 404 (unavailable, or gone from the store). */
  async open(row: AttachmentRow): Promise<Readable> {
    const stream = row.storage_key ? await this.store.get(row.storage_key) : null;
    if (!stream) throw notFound(ATTACHMENT_MESSAGES.notFound);
    return stream;
  }

  /** The HMAC key of signed attachment URLs (derived from the settings key, else a dev key). */
  private signingKey(): Buffer {
    const base = this.services.config.settingsSecretKey ?? 'x-workspace development signing key';
    return createHash('sha256').update(`attachments-url:${base}`).digest();
  }

  private signature(id: string, expires: number): string {
    return createHmac('sha256', this.signingKey()).update(`${id}.${expires}`).digest('base64url');
  }

  /** A public URL of an attachment that works until `ttlMs` from now (providers fetch it). */
  signedUrl(origin: string, id: string, ttlMs: number): string {
    const expires = Date.now() + ttlMs;
    return `${origin}/api/channels/media/${id}?expires=${expires}&signature=${this.signature(id, expires)}`;
  }

  /** Whether a signed URL's parameters are genuine and not expired. */
  verify(id: string, expires: string, signature: string): boolean {
    const at = Number(expires);
    if (!Number.isFinite(at) || at < Date.now()) return false;
    const expected = Buffer.from(this.signature(id, at));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

/**
 * Gives a message the uploads it names (in its transaction): each must be a stored upload of this
 * conversation not yet sent; otherwise 400 and the message is not posted.
 */
export async function linkUploads(
  trx: Transaction<Database>,
  input: {
    readonly workspaceId: string;
    readonly conversationId: string;
    readonly messageId: string;
    readonly ids: readonly string[];
  },
): Promise<void> {
  const ids = [...new Set(input.ids)];
  if (ids.length === 0) return;
  const linked = await trx
    .updateTable('attachments')
    .set({ message_id: input.messageId })
    .where('workspace_id', '=', input.workspaceId)
    .where('conversation_id', '=', input.conversationId)
    .where('message_id', 'is', null)
    .where('status', '=', 'stored')
    .where('id', 'in', ids)
    .returning('id')
    .execute();
  if (linked.length !== ids.length)
    throw new ApiError(400, 'invalid_request', ATTACHMENT_MESSAGES.notDraft, [
      { path: 'body.attachmentIds', message: ATTACHMENT_MESSAGES.notDraft },
    ]);
}

/** The API view of a row. */
export function attachmentView(slug: string, row: AttachmentRow): Attachment {
  return {
    id: row.id,
    filename: row.filename,
    contentType: row.content_type,
    size: row.size,
    status: row.status,
    reason: row.reason,
    url:
      row.status === 'stored' ? `/api/ws/${encodeURIComponent(slug)}/attachments/${row.id}` : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
