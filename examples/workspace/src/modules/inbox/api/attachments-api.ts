import { apiBlob } from '../../../api/client';
import { call, http } from '../../../api/http';
import type { Attachment } from './types';

/** Uploads a file for the conversation's next reply (multipart); answers the stored attachment. */
export async function uploadAttachment(
  slug: string,
  conversationId: string,
  file: File,
  signal?: AbortSignal,
): Promise<Attachment> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { attachment } = await call(
    http.POST('/ws/{slug}/inbox/conversations/{id}/attachments', {
      params: { path: { slug, id: conversationId } },
      body: {},
      bodySerializer: () => form,
      signal,
    }),
  );
  return attachment;
}

/** The bytes of an attachment (the download route needs the bearer token, so not a plain link). */
export function attachmentBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(url.replace(/^\/api/, ''), { signal });
}

/** A size for people: 900 B, 12 KB, 3.4 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}
