// CSV contact import. The upload is first streamed to a temporary file (its size counted as it
// arrives), then read twice with csv-parse: once to validate every row (no database work), and,
// when the file is accepted, once more to write it in batches, each batch in its own short
// transaction, so that no other request (on PGlite, the single connection) waits on an import.
// Rows with errors are left out and listed with their line numbers; a row whose phone or email is
// already known (in the workspace, or earlier in the file) is merged into that contact; when the
// file itself is rejected (not CSV, no usable header, too large, too many bad rows) nothing is
// imported. Every attempt is recorded in the import history.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform, pipeline } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { CsvError, parse, type Info } from 'csv-parse';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { restoreCell } from '../../contract/csv-cell';
import {
  SETTINGS_LIMITS,
  type ContactImportDetail,
  type ImportRowError,
} from '../../contract/settings';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';
import { ImportRepository, type ContactMerge, type ImportedContact } from './import-repository';
import { SETTINGS_MESSAGES as M } from './messages';

/** The columns an import reads, by the header names (and aliases) it accepts. */
const COLUMN_ALIASES: Record<string, ImportColumn> = {
  name: 'name',
  fullname: 'name',
  contactname: 'name',
  phone: 'phone',
  phonenumber: 'phone',
  mobile: 'phone',
  telephone: 'phone',
  tel: 'phone',
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  company: 'company',
  organization: 'company',
  organisation: 'company',
};
type ImportColumn = 'name' | 'phone' | 'email' | 'company';

const PHONE = /^\+[1-9]\d{6,14}$/;
const PHONE_PUNCTUATION = /[\s\-().]/g;
const emailSchema = z.email();

/** Limits of an import (SETTINGS_LIMITS by default; tests and benchmarks may lower them). */
export interface ImportLimits {
  readonly maxBytes: number;
  readonly maxRows: number;
  readonly maxRowErrors: number;
  readonly errorsKept: number;
  readonly batchRows: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxBytes: SETTINGS_LIMITS.importMaxBytes,
  maxRows: SETTINGS_LIMITS.importMaxRows,
  maxRowErrors: SETTINGS_LIMITS.importMaxRowErrors,
  errorsKept: SETTINGS_LIMITS.importErrorsKept,
  batchRows: SETTINGS_LIMITS.importBatchRows,
};

/** A file the import refuses as a whole (nothing is imported). */
class ImportRejected extends Error {
  override readonly name = 'ImportRejected';
}

/** An upload larger than the limit (refused before anything is parsed). */
export class UploadTooLarge extends Error {
  override readonly name = 'UploadTooLarge';
  constructor(readonly maxBytes: number) {
    super(M.importTooLarge(Math.round(maxBytes / 1024 / 1024)));
  }
}

/** An upload kept in a temporary file until the import ends. */
export interface SpooledUpload {
  readonly path: string;
  readonly bytes: number;
  /** Removes the file. */
  dispose(): Promise<void>;
}

/**
 * Streams an upload to a temporary file, counting its bytes; above `maxBytes` it stops reading
 * and throws {@link UploadTooLarge} (the caller answers 413 before the connection closes).
 */
export async function spoolUpload(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<SpooledUpload> {
  const dir = await mkdtemp(join(tmpdir(), 'contact-import-'));
  const path = join(dir, 'upload.csv');
  const dispose = () => rm(dir, { recursive: true, force: true });
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) done(new UploadTooLarge(maxBytes));
      else done(null, chunk);
    },
  });
  try {
    await pipelineAsync(
      Readable.fromWeb(body as WebReadableStream<Uint8Array>),
      counter,
      createWriteStream(path),
    );
  } catch (error) {
    await dispose();
    throw error;
  }
  return { path, bytes, dispose };
}

/** What one import run needs. */
export interface ImportInput {
  readonly workspaceId: string;
  readonly userId: string;
  readonly fileName: string;
  /** The upload (read once per pass: `reread` gives it again for the second pass). */
  readonly body: ReadableStream<Uint8Array>;
  readonly reread: () => ReadableStream<Uint8Array>;
  /** Called after each written batch (and at the end) with bytes read and data rows seen. */
  readonly onProgress?: (progress: { bytes: number; rows: number }) => void;
}

/** A validated row. */
interface ImportRow {
  readonly name: string | null;
  readonly phone: string | null;
  /** Lower case (emails are matched case-insensitively). */
  readonly emailKey: string | null;
  readonly email: string | null;
  readonly company: string | null;
}

/** Imports contacts from CSV uploads (see the file comment for the rules). */
export class ContactImporter {
  private readonly repo: ImportRepository;

  constructor(
    db: Kysely<Database>,
    private readonly limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
  ) {
    this.repo = new ImportRepository(db);
  }

  /** Runs one import to the end and answers it as recorded in the history. */
  async run(input: ImportInput): Promise<ContactImportDetail> {
    const id = newId();
    const createdAt = new Date();
    // Pass 1: the whole file is validated before anything is written.
    const check = new ImportRun({ ...input, onProgress: undefined }, this.limits);
    let run = check;
    let reason: string | null = null;
    try {
      await check.execute(async (write) => {
        await write({
          matches: () => Promise.resolve([]),
          insert: () => Promise.resolve(),
          merge: () => Promise.resolve(),
        });
      });
    } catch (error) {
      reason = rejectionReason(error);
    }
    if (reason === null) {
      // Pass 2: written in batches, each in its own short transaction under the workspace's
      // import lock (two imports of one workspace cannot both create the same new phone).
      run = new ImportRun({ ...input, body: input.reread() }, this.limits);
      await run.execute((write) =>
        this.repo.transaction(async (trx) => {
          await this.repo.lockImports(trx, input.workspaceId);
          await write({
            matches: (phones, emails) => this.repo.matches(trx, input.workspaceId, phones, emails),
            insert: (rows) => this.repo.insert(trx, input.workspaceId, rows),
            merge: (merges) => this.repo.merge(trx, input.workspaceId, merges),
          });
        }),
      );
    }
    const status = reason === null ? 'completed' : 'rejected';
    const summary = run.summary(id, input, status, reason, createdAt);
    await this.repo.record(summary);
    return {
      id,
      fileName: input.fileName,
      status: summary.status,
      rowsTotal: summary.total,
      rowsCreated: summary.created,
      rowsMerged: summary.merged,
      rowsFailed: summary.failed,
      reason,
      createdBy: null,
      createdAt: createdAt.toISOString(),
      finishedAt: new Date().toISOString(),
      errors: [...summary.errors],
    };
  }
}

/** Why a file is rejected as a whole; other errors are thrown on. */
function rejectionReason(error: unknown): string {
  if (error instanceof ImportRejected) return error.message;
  if (error instanceof CsvError)
    return M.importNotCsv(Number(error.lines ?? 0), error.message.replace(/ on line \d+$/, ''));
  throw error;
}

/** The database work of one batch. */
interface BatchWriter {
  matches(
    phones: string[],
    emails: string[],
  ): Promise<{ id: string; phone: string | null; email: string | null }[]>;
  insert(rows: ImportedContact[]): Promise<void>;
  merge(merges: ContactMerge[]): Promise<void>;
}

/** The state of one import while it runs. */
class ImportRun {
  private bytes = 0;
  private rows = 0;
  private created = 0;
  private merged = 0;
  private failed = 0;
  private readonly errors: ImportRowError[] = [];
  /** Contact ids by phone and by lower-case email: the workspace's (as met) and this file's. */
  private readonly byPhone = new Map<string, string>();
  private readonly byEmail = new Map<string, string>();
  /** Phone and email each contact met so far holds (merges only fill gaps). */
  private readonly held = new Map<string, { phone: string | null; email: string | null }>();

  constructor(
    private readonly input: ImportInput,
    private readonly limits: ImportLimits,
  ) {}

  summary(
    id: string,
    input: ImportInput,
    status: 'completed' | 'rejected',
    reason: string | null,
    createdAt: Date,
  ) {
    const rejected = status === 'rejected';
    return {
      id,
      workspaceId: input.workspaceId,
      fileName: input.fileName,
      status,
      total: this.rows,
      created: rejected ? 0 : this.created,
      merged: rejected ? 0 : this.merged,
      failed: this.failed,
      reason,
      errors: this.errors,
      createdBy: input.userId,
      createdAt,
    };
  }

  private addError(line: number, column: ImportColumn | null, message: string) {
    this.failed++;
    if (this.errors.length < this.limits.errorsKept) this.errors.push({ line, column, message });
    if (this.failed > this.limits.maxRowErrors)
      throw new ImportRejected(M.importTooManyErrors(this.limits.maxRowErrors));
  }

  /** Parses the file; each batch is written through `batch` (a transaction per batch). */
  async execute(
    batch: (write: (db: BatchWriter) => Promise<void>) => Promise<void>,
  ): Promise<void> {
    const { maxBytes } = this.limits;
    const counter = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        this.bytes += chunk.length;
        if (this.bytes > maxBytes)
          done(new ImportRejected(M.importTooLarge(Math.round(maxBytes / 1024 / 1024))));
        else done(null, chunk);
      },
    });
    const parser = parse({
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      max_record_size: 64 * 1024,
    });
    pipeline(
      Readable.fromWeb(this.input.body as WebReadableStream<Uint8Array>),
      counter,
      parser,
      () => {
        // Errors reach the loop below through the parser.
      },
    );

    let columns: (ImportColumn | null)[] | null = null;
    let pending: ImportRow[] = [];
    let previousLines = 0;
    let previousEmpty = 0;
    const flush = async () => {
      const rows = pending;
      pending = [];
      if (rows.length > 0) await batch((db) => this.write(rows, db));
      this.input.onProgress?.({ bytes: this.bytes, rows: this.rows });
    };

    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: Info;
    }>) {
      // The line a record starts on: after the previous record and any empty lines skipped.
      const line = previousLines + 1 + (info.empty_lines - previousEmpty);
      previousLines = info.lines;
      previousEmpty = info.empty_lines;
      if (!columns) {
        columns = record.map((h) => COLUMN_ALIASES[h.toLowerCase().replace(/[\s_-]/g, '')] ?? null);
        if (!columns.includes('phone') && !columns.includes('email'))
          throw new ImportRejected(M.importHeader);
        continue;
      }
      this.rows++;
      if (this.rows > this.limits.maxRows)
        throw new ImportRejected(M.importTooManyRows(this.limits.maxRows));
      if (record.length !== columns.length) {
        this.addError(line, null, M.importFieldCount(columns.length, record.length));
        continue;
      }
      const row = this.validate(record, columns, line);
      if (!row) continue;
      pending.push(row);
      if (pending.length >= this.limits.batchRows) await flush();
    }
    if (!columns) throw new ImportRejected(M.importNoRows);
    if (this.rows === 0) throw new ImportRejected(M.importNoRows);
    await flush();
  }

  /** A valid row, or undefined after recording its error. */
  private validate(
    record: readonly string[],
    columns: readonly (ImportColumn | null)[],
    line: number,
  ): ImportRow | undefined {
    const value = (column: ImportColumn) => {
      const i = columns.indexOf(column);
      const v = i < 0 ? '' : restoreCell(record[i] ?? '').trim();
      return v === '' ? null : v;
    };
    const name = value('name');
    const rawPhone = value('phone');
    const email = value('email');
    const company = value('company');
    const phone = rawPhone === null ? null : rawPhone.replace(PHONE_PUNCTUATION, '');
    if (phone !== null && !PHONE.test(phone))
      return void this.addError(line, 'phone', M.phoneNotValid);
    if (email !== null && !emailSchema.safeParse(email).success)
      return void this.addError(line, 'email', M.emailNotValid);
    if (phone === null && email === null)
      return void this.addError(line, null, M.importNoIdentifier);
    if (name !== null && name.length > SETTINGS_LIMITS.nameMax)
      return void this.addError(line, 'name', M.importNameTooLong);
    if (company !== null && company.length > SETTINGS_LIMITS.nameMax)
      return void this.addError(line, 'company', M.importCompanyTooLong);
    return { name, phone, email, emailKey: email?.toLowerCase() ?? null, company };
  }

  /** Writes a batch: finds the contacts it matches, inserts the new ones, merges the others. */
  private async write(rows: readonly ImportRow[], db: BatchWriter): Promise<void> {
    if (rows.length === 0) return;
    const phones = [
      ...new Set(rows.flatMap((r) => (r.phone && !this.byPhone.has(r.phone) ? [r.phone] : []))),
    ];
    const emails = [
      ...new Set(
        rows.flatMap((r) => (r.emailKey && !this.byEmail.has(r.emailKey) ? [r.emailKey] : [])),
      ),
    ];
    for (const m of await db.matches(phones, emails)) {
      if (m.phone && !this.byPhone.has(m.phone)) this.byPhone.set(m.phone, m.id);
      if (m.email && !this.byEmail.has(m.email)) this.byEmail.set(m.email, m.id);
      if (!this.held.has(m.id)) this.held.set(m.id, { phone: m.phone, email: m.email });
    }
    const inserts = new Map<string, ImportedContact>();
    const merges = new Map<string, ContactMerge>();
    for (const row of rows) {
      const id =
        (row.phone ? this.byPhone.get(row.phone) : undefined) ??
        (row.emailKey ? this.byEmail.get(row.emailKey) : undefined);
      if (id === undefined) {
        const contact: ImportedContact = {
          id: newId(),
          name: row.name ?? row.email ?? row.phone ?? '',
          phone: row.phone,
          email: row.email,
          company: row.company,
        };
        inserts.set(contact.id, contact);
        this.held.set(contact.id, { phone: row.phone, email: row.emailKey });
        if (row.phone) this.byPhone.set(row.phone, contact.id);
        if (row.emailKey) this.byEmail.set(row.emailKey, contact.id);
        this.created++;
        continue;
      }
      this.merged++;
      const held = this.held.get(id) ?? { phone: null, email: null };
      const fillPhone = held.phone === null ? row.phone : null;
      const fillEmail = held.email === null ? row.email : null;
      if (fillPhone) {
        held.phone = fillPhone;
        this.byPhone.set(fillPhone, id);
      }
      if (fillEmail) {
        held.email = fillEmail.toLowerCase();
        this.byEmail.set(held.email, id);
      }
      this.held.set(id, held);
      const pending = inserts.get(id);
      if (pending) {
        if (row.name) pending.name = row.name;
        if (row.company) pending.company = row.company;
        pending.phone ??= fillPhone;
        pending.email ??= fillEmail;
        continue;
      }
      const m = merges.get(id) ?? { id, name: null, phone: null, email: null, company: null };
      if (row.name) m.name = row.name;
      if (row.company) m.company = row.company;
      m.phone ??= fillPhone;
      m.email ??= fillEmail;
      merges.set(id, m);
    }
    await db.insert([...inserts.values()]);
    await db.merge([...merges.values()]);
  }
}
