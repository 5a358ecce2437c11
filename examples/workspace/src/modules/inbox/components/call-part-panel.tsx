import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { paths, withTranscriptQuery, withoutTranscriptQuery } from '../../../app/paths';
import { useSession } from '../../session/hooks/use-session';
import {
  EmptyState,
  ErrorState,
  SkeletonList,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '../../../ui';
import { callPartQuery, conversationQuery } from '../api/inbox-api';
import { useInboxList } from '../hooks/use-inbox-list';
import { AudioPlayer } from './audio-player';
import { callTitle } from './call-part-card';
import { TranscriptView } from './transcript-view';

/**
 * `conversations/{id}/part/{idPart}`: the recording of a call part; with the query
 * `transcript=1` (merged with any existing query) the transcript.
 */
export function CallPartPanel() {
  const session = useSession();
  const list = useInboxList();
  const { conversationId = '', idPart = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const part = useQuery(callPartQuery(session.slug, conversationId, idPart));
  const conversation = useQuery(conversationQuery(session.slug, conversationId));
  const showTranscript = new URLSearchParams(location.search).get('transcript') === '1';
  const closeTo = `${paths.conversation(session.slug, conversationId, list)}${withoutTranscriptQuery(location.search)}`;
  return (
    <aside className="call-panel" aria-label="Call" data-testid="call-part-panel">
      <header className="call-panel__header">
        <h2 className="call-panel__title">{part.data ? callTitle(part.data) : 'Call'}</h2>
        <Link className="ui-icon-button" to={closeTo} aria-label="Close call details">
          <X aria-hidden="true" />
        </Link>
      </header>
      {part.isPending ? (
        <SkeletonList rows={3} label="Loading call" />
      ) : part.isError ? (
        part.error instanceof ApiError && part.error.status === 404 ? (
          <EmptyState title="This call does not exist" body="The link may be wrong." />
        ) : (
          <ErrorState
            title="The call could not be loaded"
            error={part.error}
            onRetry={() => void part.refetch()}
          />
        )
      ) : (
        <Tabs
          value={showTranscript ? 'transcript' : 'recording'}
          onValueChange={(tab) =>
            void navigate(
              {
                search:
                  tab === 'transcript'
                    ? withTranscriptQuery(location.search)
                    : withoutTranscriptQuery(location.search),
              },
              { replace: true },
            )
          }
        >
          <TabsList label="Call details">
            <TabsTrigger value="recording" data-testid="call-panel-tab-recording">
              Recording
            </TabsTrigger>
            <TabsTrigger value="transcript" data-testid="call-panel-tab-transcript">
              Transcript
            </TabsTrigger>
          </TabsList>
          <TabsContent value="recording" className="call-panel__content">
            {part.data.recordingUrl ? (
              <AudioPlayer
                recordingUrl={part.data.recordingUrl}
                durationHint={part.data.durationSeconds}
              />
            ) : (
              <EmptyState
                title="No recording"
                body={
                  part.data.endedAt === null
                    ? 'The recording is ready when the call is over.'
                    : part.data.answered
                      ? 'This call was not recorded.'
                      : 'Missed calls have no recording.'
                }
              />
            )}
          </TabsContent>
          <TabsContent value="transcript" className="call-panel__content">
            <TranscriptView
              transcriptUrl={part.data.transcriptUrl}
              names={{
                AGENT: part.data.agent?.name ?? 'Agent',
                CUSTOMER: conversation.data?.contact.displayName ?? 'Customer',
              }}
            />
          </TabsContent>
        </Tabs>
      )}
    </aside>
  );
}
