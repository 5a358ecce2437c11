// A contact's media in the contact centre: its transcript (Contact Lens real-time segments) and
// its recording (an object in the instance's recordings bucket).
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ListRealtimeContactAnalysisSegmentsCommand } from '@aws-sdk/client-connect-contact-lens';
import { ApiError } from '../lib/errors';
import { MESSAGES } from '../lib/messages';
import type { ConnectClients } from './connect-clients';
import type { InstanceRef } from './contact-centre';

/** One transcript line (Contact Lens real-time segment). */
export interface TranscriptLine {
  readonly participantRole: string;
  readonly content: string;
  readonly beginOffsetMillis: number;
  readonly endOffsetMillis: number;
  readonly sentiment: string;
}

/** The transcript of a contact, in order (every page). */
export async function readTranscript(
  sdk: ConnectClients,
  ref: InstanceRef,
  contactId: string,
): Promise<TranscriptLine[]> {
  const lines: TranscriptLine[] = [];
  let NextToken: string | undefined;
  do {
    const page = await sdk.call('ListRealtimeContactAnalysisSegments', () =>
      sdk.lens(ref.region).send(
        new ListRealtimeContactAnalysisSegmentsCommand({
          InstanceId: ref.instanceId,
          ContactId: contactId,
          MaxResults: 100,
          NextToken,
        }),
      ),
    );
    for (const s of page.Segments ?? []) {
      const t = s.Transcript;
      if (!t) continue;
      lines.push({
        participantRole: t.ParticipantRole ?? '',
        content: t.Content ?? '',
        beginOffsetMillis: t.BeginOffsetMillis ?? 0,
        endOffsetMillis: t.EndOffsetMillis ?? 0,
        sentiment: t.Sentiment ?? '',
      });
    }
    NextToken = page.NextToken;
  } while (NextToken);
  return lines;
}

/**
 * Opens the recording stored at a `Recordings[].Location` (`bucket/key`, no scheme) as a
 * stream. The emulator serves its bucket at `GET {endpoint}/recordings/{bucket}/{key}`, the
 * S3 path shape; against a real instance this is an S3 GetObject on the same bucket and key.
 */
export async function openRecording(
  base: string,
  location: string,
): Promise<{ body: Readable; size: number | undefined }> {
  const path = location.split('/').map(encodeURIComponent).join('/');
  let res: Response;
  try {
    res = await fetch(`${base}/recordings/${path}`);
  } catch {
    throw new ApiError(502, 'contact_centre_error', MESSAGES.contactCentreUnavailable);
  }
  if (res.status === 404 || !res.body)
    throw new ApiError(404, 'recording_not_ready', MESSAGES.recordingNotReady);
  if (!res.ok) throw new ApiError(502, 'contact_centre_error', MESSAGES.contactCentreUnavailable);
  const size = Number(res.headers.get('content-length'));
  return {
    body: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
    size: Number.isFinite(size) && size > 0 ? size : undefined,
  };
}
