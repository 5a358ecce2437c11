import { Paperclip, X } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { ATTACHMENT_LIMITS } from '../../../../server/src/contract/attachment-limits';
import { IconButton, Spinner } from '../../../ui';
import { formatSize, uploadAttachment } from '../api/attachments-api';
import { INBOX_COPY } from '../messages';
import { errorText } from '../../../lib/error-text';

/** A file chosen in the composer: uploading, uploaded (with its id) or refused (with why). */
interface Draft {
  readonly key: string;
  readonly name: string;
  readonly size: number;
  readonly state: 'uploading' | 'ready' | 'error';
  readonly id?: string;
  readonly error?: string;
}

/** The composer's chosen files, uploaded as soon as they are chosen. */
export function useDraftAttachments(slug: string, conversationId: string) {
  const [drafts, setDrafts] = useState<readonly Draft[]>([]);
  const counter = useRef(0);
  const update = (key: string, patch: Partial<Draft>) =>
    setDrafts((list) => list.map((d) => (d.key === key ? { ...d, ...patch } : d)));
  const add = (files: readonly File[]) => {
    const room = ATTACHMENT_LIMITS.maxPerMessage - drafts.filter((d) => d.state !== 'error').length;
    const added: Draft[] = files.map((file, i) => {
      const key = `f${++counter.current}`;
      const error =
        i >= room
          ? INBOX_COPY.tooManyAttachments(ATTACHMENT_LIMITS.maxPerMessage)
          : file.size > ATTACHMENT_LIMITS.maxBytes
            ? INBOX_COPY.attachmentTooLarge(file.name, formatSize(ATTACHMENT_LIMITS.maxBytes))
            : undefined;
      if (!error)
        uploadAttachment(slug, conversationId, file).then(
          (a) => update(key, { state: 'ready', id: a.id }),
          (e: unknown) =>
            update(key, {
              state: 'error',
              error: errorText(e, INBOX_COPY.attachmentFailed(file.name)),
            }),
        );
      return {
        key,
        name: file.name,
        size: file.size,
        state: error ? 'error' : 'uploading',
        ...(error ? { error } : {}),
      };
    });
    setDrafts((list) => [...list, ...added]);
  };
  const remove = (key: string) => setDrafts((list) => list.filter((d) => d.key !== key));
  const clear = useCallback(() => setDrafts([]), []);
  return {
    drafts,
    add,
    remove,
    clear,
    pending: drafts.some((d) => d.state === 'uploading'),
    ids: drafts.flatMap((d) => (d.state === 'ready' && d.id ? [d.id] : [])),
  };
}

type Drafts = ReturnType<typeof useDraftAttachments>;

function AttachButton({ drafts }: { readonly drafts: Drafts }) {
  const input = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    drafts.add([...(event.target.files ?? [])]);
    event.target.value = '';
  };
  return (
    <>
      <IconButton
        label={INBOX_COPY.attach}
        size="sm"
        onClick={() => input.current?.click()}
        data-testid="composer-attach"
      >
        <Paperclip aria-hidden="true" />
      </IconButton>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        onChange={onChange}
        data-testid="composer-file-input"
      />
    </>
  );
}

function DraftList({ drafts }: { readonly drafts: Drafts }) {
  if (drafts.drafts.length === 0) return null;
  return (
    <ul className="composer__files" aria-label={INBOX_COPY.attachmentsLabel}>
      {drafts.drafts.map((d) => (
        <li key={d.key} className="composer__file" data-state={d.state} data-testid="composer-file">
          {d.state === 'uploading' ? <Spinner label={INBOX_COPY.uploading(d.name)} /> : null}
          <span className="composer__file-name">{d.name}</span>
          <span className="composer__file-size">{formatSize(d.size)}</span>
          {d.error ? (
            <span className="composer__file-error" role="alert">
              {d.error}
            </span>
          ) : null}
          <IconButton
            label={INBOX_COPY.removeAttachment(d.name)}
            size="sm"
            tooltip={false}
            onClick={() => drafts.remove(d.key)}
            data-testid="composer-file-remove"
          >
            <X aria-hidden="true" />
          </IconButton>
        </li>
      ))}
    </ul>
  );
}

/** The composer's attach button and the list of chosen files (name, size, remove before send). */
export const AttachControl = { Button: AttachButton, List: DraftList };
