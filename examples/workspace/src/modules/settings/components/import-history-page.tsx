import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileSpreadsheet, FileUp, History, XCircle } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { ChangeEvent, DragEvent } from 'react';
import { formatDateTime } from '../../../lib/format';
import { Badge, Button, Dialog, EmptyState, Page, SkeletonList, toast } from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import { uploadContacts, type ImportProgress } from '../api/import-upload';
import { importQuery, importsQuery, settingsKeys } from '../api/settings-api';
import type { ContactImport, ContactImportDetail } from '../api/types';
import { QueryStates, SettingsCard } from './controls';
import { errorText } from '../../../lib/error-text';

/** The server's limits (contract SETTINGS_LIMITS), checked before uploading. */
const MAX_BYTES = 20 * 1024 * 1024;
const MAX_ROWS = 100_000;
/** Row errors listed on screen (the rest are counted). */
const ERRORS_SHOWN = 200;

const n = (value: number) => value.toLocaleString('en-US');

/** settings/import-history: import contacts from a CSV file, and the imports so far (admin). */
export function ImportHistoryPage() {
  const session = useSession();
  const history = useQuery(importsQuery(session.slug));
  const [open, setOpen] = useState<ContactImport | null>(null);
  return (
    <Page
      title="Import history"
      subtitle="Bring contacts in from a CSV file. Known phones and emails are merged, not duplicated."
      data-testid="settings-import-history"
    >
      <div className="settings-form">
        <ImportCard />
        <SettingsCard
          title="Imports"
          description="Every import, completed or rejected, newest first."
        >
          <QueryStates query={history} label="imports" rows={3}>
            {() =>
              history.data?.length === 0 ? (
                <EmptyState
                  icon={<History aria-hidden="true" />}
                  title="No imports yet"
                  body="Imports you run appear here with their results."
                  data-testid="imports-empty"
                />
              ) : (
                <div className="settings-table">
                  <table className="settings-table__table">
                    <caption className="ui-visually-hidden">Imports</caption>
                    <thead>
                      <tr>
                        <th scope="col">File</th>
                        <th scope="col">Result</th>
                        <th scope="col">Rows</th>
                        <th scope="col">
                          <span className="ui-visually-hidden">Details</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {history.data?.map((i) => (
                        <tr key={i.id} data-testid="import-row">
                          <td>
                            <span className="settings-person__text">
                              <span className="settings-person__name">{i.fileName}</span>
                              <span className="settings-person__email">
                                {formatDateTime(i.createdAt)}
                                {i.createdBy ? ` · ${i.createdBy}` : ''}
                              </span>
                            </span>
                          </td>
                          <td data-label="Result">
                            {i.status === 'completed' ? (
                              <Badge tone="success">Completed</Badge>
                            ) : (
                              <Badge tone="danger">Rejected</Badge>
                            )}
                          </td>
                          <td data-label="Rows" className="settings-muted">
                            {i.status === 'completed'
                              ? `${n(i.rowsCreated)} new · ${n(i.rowsMerged)} merged · ${n(i.rowsFailed)} with errors`
                              : `${n(i.rowsTotal)} read, none imported`}
                          </td>
                          <td className="settings-table__actions">
                            <Button
                              size="sm"
                              onClick={() => setOpen(i)}
                              aria-label={`Details of ${i.fileName}`}
                              data-testid="import-details"
                            >
                              Details
                            </Button>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )
            }
          </QueryStates>
        </SettingsCard>
      </div>
      {open ? <ImportDialog summary={open} onClose={() => setOpen(null)} /> : null}
    </Page>
  );
}

function ImportCard() {
  const session = useSession();
  const queryClient = useQueryClient();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [dragging, setDragging] = useState(false);
  const run = useMutation({
    mutationFn: (f: File) => uploadContacts(session.slug, f, setProgress),
    onMutate: () => setProgress({ bytes: 0, total: file?.size ?? 0, rows: 0 }),
    onSuccess: async (result) => {
      // The file is done with: the next import starts from a new choice.
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      if (result.status === 'completed')
        toast({
          tone: 'success',
          title: 'Contacts imported',
          description: `${n(result.rowsCreated)} new, ${n(result.rowsMerged)} merged, ${n(result.rowsFailed)} with errors.`,
        });
      else
        toast({
          tone: 'danger',
          title: 'The file was rejected',
          description: result.reason ?? undefined,
        });
      queryClient.setQueryData(settingsKeys.import(session.slug, result.id), result);
      await queryClient.invalidateQueries({ queryKey: settingsKeys.imports(session.slug) });
      await queryClient.invalidateQueries({ queryKey: ['ws', session.slug, 'contacts'] });
    },
    onError: (error) =>
      toast({ tone: 'danger', title: 'The import failed', description: errorText(error) }),
  });
  const choose = (f: File | undefined) => {
    run.reset();
    setProgress(null);
    if (!f) return;
    if (!/\.csv$/i.test(f.name) && f.type !== 'text/csv') {
      setFile(null);
      setFileError('Choose a .csv file.');
    } else if (f.size > MAX_BYTES) {
      setFile(null);
      setFileError('The file is larger than 20 MB.');
    } else {
      setFile(f);
      setFileError(null);
    }
  };
  const onChange = (e: ChangeEvent<HTMLInputElement>) => choose(e.target.files?.[0]);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    choose(e.dataTransfer.files[0]);
  };
  const result = run.data;
  return (
    <SettingsCard
      title="Import contacts"
      description="A CSV file with a header line: name, phone, email, company."
      data-testid="import-card"
    >
      <div className="settings-card__body settings-form__grid">
        <div
          className="settings-drop"
          data-dragging={dragging ? '' : undefined}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <FileSpreadsheet aria-hidden="true" className="settings-drop__icon" />
          <label htmlFor={inputId} className="settings-drop__label">
            <span className="settings-drop__title">
              {file ? file.name : 'Drop a CSV file here, or choose one'}
            </span>
            <span className="settings-muted">
              {file
                ? `${(file.size / 1024).toLocaleString('en-US', { maximumFractionDigits: 0 })} KB`
                : `Phones in international format (+…). Up to ${n(MAX_ROWS)} rows and 20 MB.`}
            </span>
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className="settings-drop__input"
            onChange={onChange}
            aria-describedby={fileError ? `${inputId}-error` : undefined}
            data-testid="import-file"
          />
          {/* The file input (visually hidden) is the control keyboards reach; this is its mouse target. */}
          <Button
            onClick={() => inputRef.current?.click()}
            disabled={run.isPending}
            tabIndex={-1}
            aria-hidden="true"
          >
            Choose file
          </Button>
        </div>
        {fileError ? (
          <p id={`${inputId}-error`} className="ui-field__error" role="alert">
            {fileError}
          </p>
        ) : null}
        {progress && (run.isPending || result) ? (
          <ImportProgressBar progress={progress} pending={run.isPending} result={result} />
        ) : null}
        <div className="settings-form__actions">
          <Button
            variant="primary"
            icon={<FileUp aria-hidden="true" />}
            disabled={!file}
            loading={run.isPending}
            onClick={() => file && run.mutate(file)}
            data-testid="import-start"
          >
            Import contacts
          </Button>
        </div>
        {result ? <ImportResult result={result} /> : null}
      </div>
    </SettingsCard>
  );
}

/** How far the upload has gone: the rows read so far and a bar of the bytes sent. */
function ImportProgressBar({
  progress,
  pending,
  result,
}: {
  readonly progress: ImportProgress;
  readonly pending: boolean;
  readonly result: ContactImportDetail | undefined;
}) {
  const percent =
    progress.total > 0 ? Math.min(100, Math.round((progress.bytes / progress.total) * 100)) : 0;
  return (
    <div className="settings-progress" data-testid="import-progress-block">
      <div className="settings-progress__label">
        <span>{pending ? 'Importing…' : 'Done'}</span>
        <span className="settings-muted" data-testid="import-progress-rows">
          {n(pending ? progress.rows : (result?.rowsTotal ?? progress.rows))} rows read
        </span>
      </div>
      <div
        className="settings-progress__track"
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pending ? percent : 100}
        data-testid="import-progress"
      >
        <div className="settings-progress__bar" style={{ width: `${pending ? percent : 100}%` }} />
      </div>
    </div>
  );
}

/** The outcome of one import: counts, the reason of a rejection, the rows with errors. */
function ImportResult({ result }: { readonly result: ContactImportDetail }) {
  const rejected = result.status === 'rejected';
  return (
    <div className="settings-result" data-testid="import-result" data-status={result.status}>
      <p className="settings-result__title">
        {rejected ? (
          <XCircle aria-hidden="true" className="settings-result__bad" />
        ) : (
          <CheckCircle2 aria-hidden="true" className="settings-result__good" />
        )}
        {rejected ? 'The file was rejected: nothing was imported.' : `${result.fileName} imported.`}
      </p>
      {rejected && result.reason ? (
        <p className="settings-result__reason" role="alert" data-testid="import-reason">
          {result.reason}
        </p>
      ) : null}
      <dl className="settings-stats">
        <div>
          <dt>Rows read</dt>
          <dd data-testid="import-total">{n(result.rowsTotal)}</dd>
        </div>
        <div>
          <dt>New contacts</dt>
          <dd data-testid="import-created">{n(result.rowsCreated)}</dd>
        </div>
        <div>
          <dt>Merged</dt>
          <dd data-testid="import-merged">{n(result.rowsMerged)}</dd>
        </div>
        <div>
          <dt>With errors</dt>
          <dd data-testid="import-failed">{n(result.rowsFailed)}</dd>
        </div>
      </dl>
      {result.errors.length > 0 ? (
        <div className="settings-errors">
          <table className="settings-errors__table" data-testid="import-errors">
            <caption className="settings-errors__caption">
              Rows with errors {rejected ? '' : '(left out)'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Column</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {result.errors.slice(0, ERRORS_SHOWN).map((e) => (
                <tr key={`${e.line}-${e.column}`} data-testid="import-error">
                  <td className="settings-errors__line">{e.line}</td>
                  <td>{e.column ?? '—'}</td>
                  <td>{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {result.rowsFailed > Math.min(ERRORS_SHOWN, result.errors.length) ? (
            <p className="settings-muted">
              And {n(result.rowsFailed - Math.min(ERRORS_SHOWN, result.errors.length))} more rows
              with errors.
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function ImportDialog({
  summary,
  onClose,
}: {
  readonly summary: ContactImport;
  readonly onClose: () => void;
}) {
  const session = useSession();
  const detail = useQuery(importQuery(session.slug, summary.id));
  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? null : onClose())}
      title={summary.fileName}
      description={`${formatDateTime(summary.createdAt)}${summary.createdBy ? ` · ${summary.createdBy}` : ''}`}
      width={640}
      data-testid="import-dialog"
    >
      {detail.isPending ? (
        <SkeletonList rows={3} label="Loading the import" />
      ) : (
        <QueryStates query={detail} label="import">
          {() => (detail.data ? <ImportResult result={detail.data} /> : null)}
        </QueryStates>
      )}
    </Dialog>
  );
}
