import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { paths, withTranscriptQuery, withoutTranscriptQuery } from '../../../app/paths';
import { useSession } from '../../session/hooks/use-session';
import { EmptyState, Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui';
import { conversationQuery } from '../api/inbox-api';
import { useInboxList } from '../hooks/use-inbox-list';
import { AudioPlayer } from './audio-player';
import { callTitle } from './call-part-card';
import { TranscriptView } from './transcript-view';

/**
 * `conversations/{id}/part/{idPart}`: the recording of a call part; with the query
 * `transcript=1` (merged with any existing query) the transcript (§2).
 */
export function CallPartPanel() {
  const session = useSession();
  const list = useInboxList();
  const { conversationId = '', idPart = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const conversation = useQuery(conversationQuery(session.slug, conversationId));
  const part = conversation.data?.parts.find((p) => p.id === idPart);
  const showTranscript = new URLSearchParams(location.search).get('transcript') === '1';
  const closeTo = `${paths.conversation(session.slug, conversationId, list)}${withoutTranscriptQuery(location.search)}`;
  if (!conversation.data) return null;
  return (
    <aside className="call-panel" aria-label="Call" data-testid="call-part-panel">
      <header className="call-panel__header">
        <h2 className="call-panel__title">
          {part?.type === 'call' ? callTitle(part.call) : 'Call'}
        </h2>
        <Link className="ui-icon-button" to={closeTo} aria-label="Close call details">
          <X aria-hidden="true" />
        </Link>
      </header>
      {part?.type !== 'call' ? (
        <EmptyState title="This call part does not exist" body="It may have been removed." />
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
            {part.call.recordingUrl ? (
              <AudioPlayer
                recordingUrl={part.call.recordingUrl}
                durationHint={part.call.duration}
              />
            ) : (
              <EmptyState
                title="No recording"
                body={
                  part.call.answered
                    ? 'This call was not recorded.'
                    : 'Missed calls have no recording.'
                }
              />
            )}
          </TabsContent>
          <TabsContent value="transcript" className="call-panel__content">
            <TranscriptView
              idConversation={conversationId}
              idPart={idPart}
              available={part.call.hasTranscript}
            />
          </TabsContent>
        </Tabs>
      )}
    </aside>
  );
}
