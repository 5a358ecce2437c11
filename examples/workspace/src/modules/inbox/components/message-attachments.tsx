import { useQuery } from '@tanstack/react-query';
import { FileText, Paperclip, TriangleAlert } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { attachmentBlob, formatSize } from '../api/attachments-api';
import type { Attachment } from '../api/types';
import { INBOX_COPY } from '../messages';
import { saveFile } from '../../../lib/download';

/** An object URL of an attachment's bytes, revoked when the component goes. */
function useObjectUrl(attachment: Attachment, enabled: boolean): string | null {
  const blob = useQuery({
    queryKey: ['attachment', attachment.id],
    queryFn: ({ signal }) => attachmentBlob(attachment.url!, signal),
    enabled: enabled && attachment.url !== null,
    staleTime: Infinity,
  });
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

const isImage = (a: Attachment) => /^image\/(jpeg|png|gif|webp)$/.test(a.contentType);

function AttachmentItem({ attachment }: { readonly attachment: Attachment }) {
  const image = isImage(attachment) && attachment.status === 'stored';
  const preview = useObjectUrl(attachment, image);
  const [downloading, setDownloading] = useState(false);
  if (attachment.status === 'unavailable')
    return (
      <li className="attachment" data-state="unavailable" data-testid="message-attachment">
        <TriangleAlert aria-hidden="true" />
        <span>
          {INBOX_COPY.unavailable(attachment.filename)}
          {attachment.reason ? (
            <small className="attachment__reason">{attachment.reason}</small>
          ) : null}
        </span>
      </li>
    );
  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await attachmentBlob(attachment.url!), attachment.filename);
    } finally {
      setDownloading(false);
    }
  };
  const label = INBOX_COPY.download(attachment.filename, formatSize(attachment.size));
  return (
    <li className="attachment" data-state="stored" data-testid="message-attachment">
      {image && preview ? (
        <img
          className="attachment__image"
          src={preview}
          alt={INBOX_COPY.imageAlt(attachment.filename)}
        />
      ) : null}
      <button
        type="button"
        className="attachment__download"
        onClick={() => void download()}
        aria-busy={downloading}
        title={label}
      >
        <span className="ui-visually-hidden">{INBOX_COPY.downloadPrefix}</span>
        {attachment.contentType === 'application/pdf' ? (
          <FileText aria-hidden="true" />
        ) : (
          <Paperclip aria-hidden="true" />
        )}
        <span className="attachment__name">{attachment.filename}</span>
        <span className="attachment__size">{formatSize(attachment.size)}</span>
      </button>
    </li>
  );
}

/** The files of a message: image previews, and a download button per file. */
export function MessageAttachments({
  attachments,
}: {
  readonly attachments: readonly Attachment[] | undefined;
}) {
  if (!attachments?.length) return null;
  return (
    <ul className="attachments" aria-label={INBOX_COPY.attachmentsList}>
      {attachments.map((a) => (
        <AttachmentItem key={a.id} attachment={a} />
      ))}
    </ul>
  );
}
