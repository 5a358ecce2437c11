import { useQuery } from '@tanstack/react-query';
import { API_PREFIX, ApiError, apiBlob, authHeaders } from '../../../api/client';
import type { TranscriptTurn } from './types';
import { parseTranscriptCsv } from './transcript-csv';

/**
 * Fetches a file of the workspace API (recording, transcript CSV) with the bearer token. The
 * server's URLs carry the `/api` prefix; a path without it is taken as below `/api`.
 */
export async function fetchApiFile(url: string): Promise<Blob> {
  if (!url.startsWith(`${API_PREFIX}/`) && url.startsWith('/')) return apiBlob(url);
  const response = await fetch(url, { headers: authHeaders() });
  if (!response.ok)
    throw new ApiError(response.status, 'file_unavailable', 'The file is not available.');
  return response.blob();
}

/** The transcript of a call part as speaker turns (read from its CSV). */
export function useTranscript(transcriptUrl: string | null) {
  return useQuery({
    queryKey: ['transcript', transcriptUrl],
    queryFn: async (): Promise<TranscriptTurn[]> =>
      parseTranscriptCsv(await (await fetchApiFile(transcriptUrl ?? '')).text()),
    enabled: transcriptUrl !== null,
    staleTime: Infinity,
    retry: false,
  });
}

/** The recording of a call part as a blob (cached while the conversation is open). */
export function useRecording(recordingUrl: string | null) {
  return useQuery({
    queryKey: ['recording', recordingUrl],
    queryFn: () => fetchApiFile(recordingUrl ?? ''),
    enabled: recordingUrl !== null,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
}
