// Contact imports (admin): the import history and a CSV upload imported (parsing, matching and
// merging are contact-import.ts).
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { ContactImport, ContactImportDetail } from '../../contract/settings';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { requirePermit } from '../../lib/router';
import { ContactImporter, type SpooledUpload } from './contact-import';
import { ImportRepository } from './import-repository';

export class ImportSettings {
  private readonly repo: ImportRepository;
  private readonly importer: ContactImporter;

  constructor(services: Services) {
    this.repo = new ImportRepository(services.db);
    this.importer = new ContactImporter(services.db);
  }

  async imports(access: WorkspaceAccess): Promise<ContactImport[]> {
    requirePermit(access, 'admin');
    return (await this.repo.imports(access.workspace.id, 50)).map(importJson);
  }

  async importDetail(access: WorkspaceAccess, id: string): Promise<ContactImportDetail> {
    requirePermit(access, 'admin');
    const row = await this.repo.findImport(access.workspace.id, id);
    if (!row) throw notFound('Import');
    return { ...importJson(row), errors: row.errors };
  }

  /** Checks the caller may import (before the upload is read). */
  checkImport(access: WorkspaceAccess): void {
    requirePermit(access, 'admin');
  }

  /** Imports a CSV upload; `onProgress` follows the parsing. Answers the import as recorded. */
  async importContacts(
    access: WorkspaceAccess,
    fileName: string,
    upload: SpooledUpload,
    onProgress: (progress: { bytes: number; rows: number }) => void,
  ): Promise<ContactImportDetail> {
    requirePermit(access, 'admin');
    const open = () =>
      Readable.toWeb(createReadStream(upload.path)) as unknown as ReadableStream<Uint8Array>;
    const result = await this.importer.run({
      workspaceId: access.workspace.id,
      userId: access.membership.user_id,
      fileName,
      body: open(),
      reread: open,
      onProgress,
    });
    return this.importDetail(access, result.id);
  }
}

function importJson(r: {
  id: string;
  file_name: string;
  status: 'completed' | 'rejected';
  rows_total: number;
  rows_created: number;
  rows_merged: number;
  rows_failed: number;
  reason: string | null;
  created_by_name: string | null;
  created_at: Date;
  finished_at: Date;
}): ContactImport {
  return {
    id: r.id,
    fileName: r.file_name,
    status: r.status,
    rowsTotal: r.rows_total,
    rowsCreated: r.rows_created,
    rowsMerged: r.rows_merged,
    rowsFailed: r.rows_failed,
    reason: r.reason,
    createdBy: r.created_by_name,
    createdAt: new Date(r.created_at).toISOString(),
    finishedAt: new Date(r.finished_at).toISOString(),
  };
}
