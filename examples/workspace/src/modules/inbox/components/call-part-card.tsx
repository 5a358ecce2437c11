import {
  FileText,
  PhoneIncoming,
  PhoneMissed,
  PhoneOutgoing,
  PhoneForwarded,
  Play,
} from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { paths, withTranscriptQuery, withoutTranscriptQuery } from '../../../app/paths';
import { formatDuration, formatTime } from '../../../lib/format';
import { useSession } from '../../session/hooks/use-session';
import { Badge } from '../../../ui';
import type { CallPart, ConversationSummary } from '../api/types';
import { useInboxList } from '../hooks/use-inbox-list';

/** A human title of a call part. */
export function callTitle(call: CallPart): string {
  if (!call.answered)
    return call.communicationType === 'outbound' ? 'Unanswered call' : 'Missed call';
  switch (call.communicationType) {
    case 'inbound':
      return 'Inbound call';
    case 'outbound':
      return 'Outbound call';
    case 'transfer':
      return 'Transferred call';
    case 'monitor':
      return 'Monitored call';
  }
}

function CallIcon({ call }: { call: CallPart }) {
  if (!call.answered) return <PhoneMissed aria-hidden="true" />;
  if (call.communicationType === 'outbound') return <PhoneOutgoing aria-hidden="true" />;
  if (call.communicationType === 'transfer') return <PhoneForwarded aria-hidden="true" />;
  return <PhoneIncoming aria-hidden="true" />;
}

/** A call in a conversation's timeline, with links to its recording and transcript. */
export function CallPartCard({
  part,
  conversation,
}: {
  readonly part: CallPart;
  readonly conversation: ConversationSummary;
}) {
  const session = useSession();
  const list = useInboxList();
  const location = useLocation();
  const call = part;
  const live = call.endedAt === null;
  const base = paths.conversationPart(session.slug, conversation.id, part.idPart, list);
  return (
    <article
      className="call-card"
      data-answered={call.answered ? '' : undefined}
      data-testid="call-part"
      data-id-communication={call.idCommunication}
      aria-label={callTitle(call)}
    >
      <span className="call-card__icon">
        <CallIcon call={call} />
      </span>
      <div className="call-card__body">
        <p className="call-card__title">
          {callTitle(call)}
          {live ? (
            <Badge tone="success" data-testid="call-part-live">
              Live
            </Badge>
          ) : null}
        </p>
        <p className="call-card__meta">
          {[
            call.agent ? `${call.agent.name}` : null,
            call.contactPhoneNumber,
            call.durationSeconds !== null && call.answered
              ? formatDuration(call.durationSeconds)
              : null,
            formatTime(call.startedAt),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {call.afterCallWork ? (
          <dl className="call-card__acw" data-testid="call-part-acw">
            {call.afterCallWork.disposition ? (
              <div>
                <dt>Disposition</dt>
                <dd data-testid="call-part-disposition">{call.afterCallWork.disposition}</dd>
              </div>
            ) : null}
            {call.afterCallWork.notes ? (
              <div>
                <dt>Notes</dt>
                <dd data-testid="call-part-notes">{call.afterCallWork.notes}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
      </div>
      <div className="call-card__actions">
        {call.recordingUrl ? (
          <Link
            className="ui-button"
            data-variant="secondary"
            data-size="sm"
            to={`${base}${withoutTranscriptQuery(location.search)}`}
            data-testid="call-part-recording"
          >
            <Play aria-hidden="true" /> Recording
          </Link>
        ) : null}
        {call.transcriptUrl ? (
          <Link
            className="ui-button"
            data-variant="ghost"
            data-size="sm"
            to={`${base}${withTranscriptQuery(location.search)}`}
            data-testid="call-part-transcript"
          >
            <FileText aria-hidden="true" /> Transcript
          </Link>
        ) : null}
      </div>
    </article>
  );
}
