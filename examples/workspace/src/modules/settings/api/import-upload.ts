import { ApiError, apiUrl, authHeaders, NETWORK_ERROR_MESSAGE, wsPath } from '../../../api/client';
import type { ApiErrorBody } from '../../../api/client';
import { setAuth } from '../../../api/auth-token';
import type { ContactImportDetail, ImportEvent } from './types';

/** Progress of an upload: the share of the file the server has parsed, and rows seen. */
export interface ImportProgress {
  readonly bytes: number;
  readonly total: number;
  readonly rows: number;
}

/**
 * Uploads a CSV file to the contact import and follows the server's parsing: the answer streams
 * NDJSON (`progress` lines, then `done`), read here as it arrives. Resolves with the import as
 * recorded (completed or rejected); rejects with an {@link ApiError} when the server refuses the
 * upload or fails.
 */
export async function uploadContacts(
  slug: string,
  file: File,
  onProgress: (progress: ImportProgress) => void,
  signal?: AbortSignal,
): Promise<ContactImportDetail> {
  let response: Response;
  try {
    response = await fetch(apiUrl(wsPath(slug, '/settings/imports'), { fileName: file.name }), {
      method: 'POST',
      headers: { ...authHeaders(), 'content-type': 'text/csv' },
      body: file,
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
    if (response.status === 401) setAuth(null);
    throw new ApiError(
      response.status,
      body?.error ?? 'http_error',
      body?.message ?? `The server answered ${response.status}.`,
      body?.issues,
    );
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffered += value;
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
      if (!line) continue;
      const event = JSON.parse(line) as ImportEvent;
      if (event.type === 'progress')
        onProgress({ bytes: event.bytes, total: file.size, rows: event.rows });
      else if (event.type === 'done') return event.import;
      else throw new ApiError(500, 'internal', event.message);
    }
    if (done) break;
  }
  throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
}
