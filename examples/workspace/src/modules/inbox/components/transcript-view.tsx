import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { fileTimestamp, formatDuration } from '../../../lib/format';
import { saveBlob } from '../../../lib/download';
import { useSession } from '../../session/hooks/use-session';
import { Avatar, Button, EmptyState, ErrorState, SkeletonList, toast } from '../../../ui';
import { VOICE_MESSAGES, transcriptFilename } from '../../voice/messages';
import { fetchTranscriptCsv, useTranscript } from '../api/call-media';

/** A call's transcript as speaker turns with times; downloads the CSV. */
export function TranscriptView({
  idConversation,
  idPart,
  available,
}: {
  readonly idConversation: string;
  readonly idPart: string;
  readonly available: boolean;
}) {
  const session = useSession();
  const transcript = useTranscript(session.slug, idConversation, idPart, available);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const blob = await fetchTranscriptCsv(session.slug, idConversation, idPart);
      saveBlob(blob, transcriptFilename(fileTimestamp()));
    } catch {
      // §8: transcript download failure
      toast({
        tone: 'danger',
        title: VOICE_MESSAGES.transcriptTitle,
        description: VOICE_MESSAGES.transcriptNotReady,
      });
    } finally {
      setDownloading(false);
    }
  };
  if (!available)
    return (
      <EmptyState
        icon={<FileText aria-hidden="true" />}
        title="No transcript"
        body="This call has no transcript."
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
  return (
    <div className="transcript" data-testid="transcript">
      <div className="transcript__bar">
        <span className="transcript__count">{transcript.data.length} turns</span>
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
      <ol className="transcript__turns">
        {transcript.data.map((turn, i) => (
          <li
            key={i}
            className="transcript__turn"
            data-speaker={turn.speaker}
            data-testid="transcript-turn"
          >
            <Avatar name={turn.speakerName} size={24} />
            <div>
              <p className="transcript__who">
                <span>{turn.speakerName}</span>
                <time className="transcript__time">{formatDuration(turn.begin / 1000)}</time>
              </p>
              <p className="transcript__text">{turn.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
