import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { VOICE_MESSAGES, saveBlob, transcriptFileName } from '@x/react-voice';
import { formatDuration } from '../../../lib/format';
import { Avatar, Button, EmptyState, ErrorState, SkeletonList, toast } from '../../../ui';
import { fetchApiFile, useTranscript } from '../api/call-media';

/** A call's transcript as speaker turns with times; downloads the CSV. */
export function TranscriptView({
  transcriptUrl,
  names,
}: {
  readonly transcriptUrl: string | null;
  /** Names shown for the agent and the customer when the CSV names none. */
  readonly names: { readonly AGENT: string; readonly CUSTOMER: string };
}) {
  const transcript = useTranscript(transcriptUrl);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    if (!transcriptUrl) return;
    setDownloading(true);
    try {
      saveBlob(await fetchApiFile(transcriptUrl), transcriptFileName(Date.now()));
    } catch {
      // The transcript could not be downloaded
      toast({
        tone: 'danger',
        title: VOICE_MESSAGES.transcriptTitle,
        description: VOICE_MESSAGES.transcriptNotReady,
      });
    } finally {
      setDownloading(false);
    }
  };
  if (!transcriptUrl)
    return (
      <EmptyState
        icon={<FileText aria-hidden="true" />}
        title="No transcript"
        body="Calls get a transcript once they have been talked and are over."
      />
    );
  if (transcript.isPending) return <SkeletonList rows={4} label="Loading transcript" />;
  if (transcript.isError)
    return (
      <ErrorState
        title={`${VOICE_MESSAGES.transcriptTitle} ${VOICE_MESSAGES.transcriptNotReady}`}
        onRetry={() => void transcript.refetch()}
      />
    );
  const nameOf = (speaker: 'AGENT' | 'CUSTOMER' | 'SYSTEM', given: string) =>
    speaker === 'SYSTEM' || given !== speaker.charAt(0) + speaker.slice(1).toLowerCase()
      ? given
      : names[speaker];
  return (
    <div className="transcript" data-testid="transcript">
      <div className="transcript__bar">
        <span className="transcript__count">
          {transcript.data.length} turn{transcript.data.length === 1 ? '' : 's'}
        </span>
        <Button
          size="sm"
          variant="ghost"
          icon={<Download aria-hidden="true" />}
          loading={downloading}
          onClick={() => void download()}
          data-testid="transcript-download"
        >
          Download .csv
        </Button>
      </div>
      {transcript.data.length === 0 ? (
        <EmptyState
          title="Not transcribed"
          body="The contact centre did not transcribe this call: its recording has the conversation."
        />
      ) : (
        <ol className="transcript__turns">
          {transcript.data.map((turn, i) => {
            const name = nameOf(turn.speaker, turn.speakerName);
            return (
              <li
                key={i}
                className="transcript__turn"
                data-speaker={turn.speaker}
                data-testid="transcript-turn"
              >
                <Avatar name={name} size={24} />
                <div>
                  <p className="transcript__who">
                    <span>{name}</span>
                    <time className="transcript__time">{formatDuration(turn.begin / 1000)}</time>
                  </p>
                  <p className="transcript__text">{turn.text}</p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
