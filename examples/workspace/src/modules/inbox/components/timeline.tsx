import { Fragment, useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { formatDateTime, formatDayHeading, formatTime } from '../../../lib/format';
import { Avatar } from '../../../ui';
import type { Conversation, ConversationPart } from '../api/types';
import { CallPartCard } from './call-part-card';
import { contactDisplayName } from '../../../lib/contact-name';

function dayKey(iso: string) {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}

function Part({ part, conversation }: { part: ConversationPart; conversation: Conversation }) {
  switch (part.type) {
    case 'call':
      return <CallPartCard part={part} conversation={conversation} />;
    case 'event':
      return (
        <p className="timeline__event" data-testid="timeline-event">
          {part.body} · <time dateTime={part.createdAt}>{formatTime(part.createdAt)}</time>
        </p>
      );
    case 'note':
    case 'message': {
      const outgoing = part.type === 'note' || part.direction === 'out';
      const author =
        part.author?.name ?? (outgoing ? 'Agent' : contactDisplayName(conversation.contact));
      return (
        <article
          className="timeline__message"
          data-direction={outgoing ? 'out' : 'in'}
          data-note={part.type === 'note' ? '' : undefined}
          data-testid={part.type === 'note' ? 'timeline-note' : 'timeline-message'}
          aria-label={`${part.type === 'note' ? 'Note' : 'Message'} from ${author}`}
        >
          {!outgoing ? <Avatar name={author} src={conversation.contact.avatar} size={28} /> : null}
          <div className="timeline__bubble-wrap">
            <div className="timeline__bubble">{part.body}</div>
            <p className="timeline__meta">
              {part.type === 'note' ? 'Internal note · ' : ''}
              {author} ·{' '}
              <time dateTime={part.createdAt} title={formatDateTime(part.createdAt)}>
                {formatTime(part.createdAt)}
              </time>
            </p>
          </div>
          {outgoing ? <Avatar name={author} src={part.author?.avatarURL} size={28} /> : null}
        </article>
      );
    }
  }
}

/** The parts of a conversation in order, grouped by day; follows new parts as they arrive. */
export function Timeline({ conversation }: { readonly conversation: Conversation }) {
  const { idPart } = useParams();
  const endRef = useRef<HTMLDivElement>(null);
  const count = conversation.parts.length;
  useEffect(() => {
    const target = idPart
      ? document.querySelector(`[data-part-id="${CSS.escape(idPart)}"]`)
      : endRef.current;
    target?.scrollIntoView({ block: idPart ? 'center' : 'end' });
  }, [count, idPart]);

  const headings = conversation.parts.map((part, i) => {
    const previous = conversation.parts[i - 1];
    return previous && dayKey(previous.createdAt) === dayKey(part.createdAt)
      ? null
      : formatDayHeading(part.createdAt);
  });
  return (
    <div className="timeline" data-testid="timeline" tabIndex={0} aria-label="Messages">
      {conversation.parts.length === 0 ? (
        <p className="timeline__event">No messages yet. Write the first one below.</p>
      ) : null}
      {conversation.parts.map((part, i) => {
        const heading = headings[i];
        return (
          <Fragment key={part.id}>
            {heading ? (
              <div className="timeline__day" role="separator" aria-label={heading}>
                <span>{heading}</span>
              </div>
            ) : null}
            <div data-part-id={part.id} data-selected={part.id === idPart ? '' : undefined}>
              <Part part={part} conversation={conversation} />
            </div>
          </Fragment>
        );
      })}
      <div ref={endRef} />
    </div>
  );
}
