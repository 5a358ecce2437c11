import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  apiBlob,
  apiUrl,
  authHeaders,
  wsPath,
} from '../../../api/client';
import type { ApiErrorBody } from '../../../api/client';
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
  let response: Response;
  try {
    response = await fetch(
      apiUrl(
        wsPath(slug, `/inbox/conversations/${encodeURIComponent(conversationId)}/attachments`),
      ),
      { method: 'POST', headers: authHeaders(), body: form, signal },
    );
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  }
  const body = (await response.json().catch(() => null)) as
    { attachment: Attachment } | ApiErrorBody | null;
  if (response.ok && body && 'attachment' in body) return body.attachment;
  if (body && 'error' in body) throw new ApiError(response.status, body.error, body.message);
  throw new ApiError(response.status, 'http_error', `The server answered ${response.status}.`);
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
