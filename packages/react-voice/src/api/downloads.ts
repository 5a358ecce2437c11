/**
 * Call recording and transcript downloads: the file
 * names, the missing-id rules and the transcript-not-ready notification.
 */
import { RECORDING_FILE_PREFIX, TRANSCRIPT_FILE_PREFIX } from '../controller/constants';
import type { VoiceMessage } from '../controller/messages';
import type { CallHistoryItem } from './contract';
import type { VoiceApi } from './client';

/** Saves a blob under a file name (the browser's download, by default). @public */
export type SaveFile = (blob: Blob, fileName: string) => void;

/** Options of the download helpers. @public */
export interface DownloadOptions {
  /** Where the file goes (default {@link saveBlob}). */
  readonly save?: SaveFile;
  /** The clock for the timestamp in the file name (default `Date.now`). */
  readonly now?: () => number;
}

/** A notification to show, as message keys with English defaults. @public */
export interface VoiceNotification {
  /** The notification's title. */
  readonly title: VoiceMessage;
  /** The notification's text. */
  readonly message: VoiceMessage;
}

/**
 * What a download did: `saved` (with the file name), `skipped` (a required id or URL is missing,
 * so nothing happens), or `failed` with the notification to show.
 * @public
 */
export type DownloadResult =
  | { readonly outcome: 'saved'; readonly fileName: string }
  | { readonly outcome: 'skipped' }
  | {
      readonly outcome: 'failed';
      readonly notification: VoiceNotification | null;
      readonly error: unknown;
    };

/** `voice_call_recording-{timestamp}.wav`. @public */
export function recordingFileName(timestamp: number): string {
  return `${RECORDING_FILE_PREFIX}${timestamp}.wav`;
}

/** `voice_call_transcript-{timestamp}.csv` (saved as a CSV file named with a timestamp). @public */
export function transcriptFileName(timestamp: number): string {
  return `${TRANSCRIPT_FILE_PREFIX}${timestamp}.csv`;
}

/** The transcript-download failure notification: 'Call transcript' / 'is not ready, please try again later.'. @public */
export const TRANSCRIPT_NOT_READY_NOTIFICATION: VoiceNotification = Object.freeze({
  title: Object.freeze({ key: 'transcriptTitle' as const }),
  message: Object.freeze({ key: 'transcriptNotReady' as const }),
});

/**
 * Saves a blob through a temporary object URL and link (touches the DOM only when called).
 * @public
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads a history item's recording as `voice_call_recording-{timestamp}.wav`. Disabled (skipped)
 * without `recordingUrl`.
 * @public
 */
export async function downloadCallRecording(
  api: Pick<VoiceApi, 'getRecording'>,
  item: Pick<CallHistoryItem, 'recordingUrl'>,
  options: DownloadOptions = {},
): Promise<DownloadResult> {
  if (!item.recordingUrl) return { outcome: 'skipped' };
  try {
    const blob = await api.getRecording(item.recordingUrl);
    const fileName = recordingFileName((options.now ?? Date.now)());
    (options.save ?? saveBlob)(blob, fileName);
    return { outcome: 'saved', fileName };
  } catch (error) {
    return { outcome: 'failed', notification: null, error };
  }
}

/**
 * Downloads a history item's transcript as a CSV named with a timestamp. Skipped without
 * `idConversation` and `idPart`; any failure gives the 'Call transcript' notification.
 * @public
 */
export async function downloadCallTranscript(
  api: Pick<VoiceApi, 'getTranscriptCsv'>,
  item: Pick<CallHistoryItem, 'idConversation' | 'idPart'>,
  options: DownloadOptions = {},
): Promise<DownloadResult> {
  if (!item.idConversation || !item.idPart) return { outcome: 'skipped' };
  try {
    const blob = await api.getTranscriptCsv({
      idConversation: item.idConversation,
      idPart: item.idPart,
    });
    const fileName = transcriptFileName((options.now ?? Date.now)());
    (options.save ?? saveBlob)(blob, fileName);
    return { outcome: 'saved', fileName };
  } catch (error) {
    return { outcome: 'failed', notification: TRANSCRIPT_NOT_READY_NOTIFICATION, error };
  }
}
