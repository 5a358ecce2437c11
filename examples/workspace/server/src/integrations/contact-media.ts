// A contact's media in the contact centre: its transcript (Contact Lens real-time segments) and
// its recording (an S3 object in the call-recordings bucket its storage config names).
import { Readable } from 'node:stream';
import { ListInstanceStorageConfigsCommand } from '@aws-sdk/client-connect';
import { ListRealtimeContactAnalysisSegmentsCommand } from '@aws-sdk/client-connect-contact-lens';
import { GetObjectCommand } from '@aws-sdk/client-s3';
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

/** Where an instance stores its call recordings (its CALL_RECORDINGS storage config). */
export interface RecordingStorage {
  readonly bucket: string;
  readonly prefix: string;
}

/** How long an instance's storage config is kept before it is read again. */
const STORAGE_CONFIG_TTL_MS = 5 * 60_000;
type StorageCache = Map<
  string,
  { readonly at: number; readonly storage: Promise<RecordingStorage> }
>;
const storageConfigs = new WeakMap<ConnectClients, StorageCache>();

/**
 * The instance's call-recordings bucket and prefix, from its storage config
 * (ListInstanceStorageConfigs, resource type CALL_RECORDINGS; kept for a few minutes).
 */
export function recordingStorage(sdk: ConnectClients, ref: InstanceRef): Promise<RecordingStorage> {
  let byInstance = storageConfigs.get(sdk);
  if (!byInstance) {
    byInstance = new Map() as StorageCache;
    storageConfigs.set(sdk, byInstance);
  }
  const key = `${ref.region}/${ref.instanceId}`;
  const cached = byInstance.get(key);
  if (cached && Date.now() - cached.at < STORAGE_CONFIG_TTL_MS) return cached.storage;
  const storage = sdk
    .call('ListInstanceStorageConfigs', () =>
      sdk.client(ref.region).send(
        new ListInstanceStorageConfigsCommand({
          InstanceId: ref.instanceId,
          ResourceType: 'CALL_RECORDINGS',
        }),
      ),
    )
    .then(({ StorageConfigs }) => {
      const s3 = StorageConfigs?.find((c) => c.StorageType === 'S3')?.S3Config;
      if (!s3?.BucketName)
        throw new ApiError(404, 'recording_not_ready', MESSAGES.recordingNotReady);
      return { bucket: s3.BucketName, prefix: s3.BucketPrefix ?? '' };
    });
  byInstance.set(key, { at: Date.now(), storage });
  storage.catch(() => byInstance.delete(key));
  return storage;
}

/**
 * Opens the recording stored at a `Recordings[].Location` (`bucket/key`, no scheme) as a stream:
 * an S3 GetObject on the instance's call-recordings bucket, which its storage config names (a
 * Location in another bucket is refused). The same call reads the emulator's bucket and AWS's.
 */
export async function openRecording(
  sdk: ConnectClients,
  ref: InstanceRef,
  location: string,
): Promise<{ body: Readable; size: number | undefined }> {
  const storage = await recordingStorage(sdk, ref);
  const slash = location.indexOf('/');
  const bucket = location.slice(0, Math.max(0, slash));
  const key = location.slice(slash + 1);
  if (bucket !== storage.bucket || (storage.prefix && !key.startsWith(`${storage.prefix}/`)))
    throw new ApiError(502, 'contact_centre_error', MESSAGES.contactCentreUnavailable);
  const object = await sdk.call('GetObject', () =>
    sdk
      .s3(ref.region)
      .send(new GetObjectCommand({ Bucket: bucket, Key: key }))
      .catch((error: unknown) => {
        if ((error as { name?: string }).name === 'NoSuchKey')
          throw new ApiError(404, 'recording_not_ready', MESSAGES.recordingNotReady);
        throw error;
      }),
  );
  if (!(object.Body instanceof Readable))
    throw new ApiError(502, 'contact_centre_error', MESSAGES.contactCentreUnavailable);
  const size = object.ContentLength;
  return { body: object.Body, size: size !== undefined && size > 0 ? size : undefined };
}
