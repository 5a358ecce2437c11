import { useQuery } from '@tanstack/react-query';
import { API_PREFIX, ApiError, apiBlob, authHeaders, wsPath } from '../../../api/client';
import type { TranscriptTurn } from './types';
import { parseTranscriptCsv } from './transcript-csv';

/** The transcript CSV route of the voice API (§7). */
export function transcriptCsvPath(slug: string): string {
  return wsPath(slug, '/addons/voice/connections/transcript/csv');
}

/** Downloads the transcript CSV of a call part (§7 `GET .../transcript/csv`). */
export function fetchTranscriptCsv(slug: string, idConversation: string, idPart: string) {
  return apiBlob(transcriptCsvPath(slug), { query: { idConversation, idPart } });
}

/**
 * Fetches a recording (bearer token required). `recordingUrl` is a product API URL, with or
 * without the `/api` prefix.
 */
export async function fetchRecording(recordingUrl: string): Promise<Blob> {
  if (recordingUrl.startsWith('/ws/')) return apiBlob(recordingUrl);
  const response = await fetch(recordingUrl, { headers: authHeaders() });
  if (!response.ok)
    throw new ApiError(response.status, 'recording_unavailable', 'The recording is not available.');
  return response.blob();
}

/** The transcript of a call part as speaker turns (read from the transcript CSV). */
export function useTranscript(
  slug: string,
  idConversation: string,
  idPart: string,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['ws', slug, 'transcript', idConversation, idPart],
    queryFn: async (): Promise<TranscriptTurn[]> =>
      parseTranscriptCsv(await (await fetchTranscriptCsv(slug, idConversation, idPart)).text()),
    enabled,
    staleTime: Infinity,
  });
}

/** The recording of a call part as a blob (cached while the conversation is open). */
export function useRecording(recordingUrl: string | null) {
  return useQuery({
    queryKey: ['recording', recordingUrl],
    queryFn: () => fetchRecording(recordingUrl ?? ''),
    enabled: recordingUrl !== null,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
}

export { API_PREFIX };
