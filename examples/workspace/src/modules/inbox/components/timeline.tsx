import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useMemo, useRef } from 'react';
import { useParams } from 'react-router';
import { formatDateTime, formatDayHeading, formatTime } from '../../../lib/format';
import { useSession } from '../../session/hooks/use-session';
import { Avatar, Button, ErrorState, Skeleton } from '../../../ui';
import { agentsQuery, messagesInOrder, messagesQuery } from '../api/inbox-api';
import type { ConversationSummary, InboxMessage } from '../api/types';
import { CallPartCard } from './call-part-card';
import { DeliveryState, RetryReply } from './delivery-state';
import { MessageAttachments } from './message-attachments';
import { MessageBody } from './message-body';

function dayKey(iso: string) {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}

/** Members' current names by id (a note's mentions show them). */
function useMemberNames(): ReadonlyMap<string, string> {
  const session = useSession();
  const agents = useQuery(agentsQuery(session.slug)).data;
  return useMemo(() => new Map((agents ?? []).map((a) => [a.id, a.name])), [agents]);
}

function Message({
  message,
  conversation,
  names,
}: {
  message: InboxMessage;
  conversation: ConversationSummary;
  names: ReadonlyMap<string, string>;
}) {
  if (message.kind === 'call' && message.call)
    return <CallPartCard part={message.call} conversation={conversation} />;
  if (message.kind === 'system' || message.kind === 'call')
    return (
      <p className="timeline__event" data-testid="timeline-event">
        {message.body} · <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
      </p>
    );
  const outgoing = message.kind === 'note' || message.direction === 'outbound';
  const author = message.author?.name ?? (outgoing ? 'Agent' : conversation.contact.displayName);
  return (
    <article
      className="timeline__message"
      data-direction={outgoing ? 'out' : 'in'}
      data-note={message.kind === 'note' ? '' : undefined}
      data-testid={message.kind === 'note' ? 'timeline-note' : 'timeline-message'}
      aria-label={`${message.kind === 'note' ? 'Note' : 'Message'} from ${author}`}
    >
      {!outgoing ? <Avatar name={author} src={conversation.contact.avatarURL} size={28} /> : null}
      <div className="timeline__bubble-wrap">
        {message.body ? (
          <MessageBody
            body={message.body}
            mentionNames={message.kind === 'note' ? names : undefined}
          />
        ) : null}
        <MessageAttachments attachments={message.attachments} />
        <p className="timeline__meta">
          {message.kind === 'note' ? 'Internal note · ' : ''}
          {author} ·{' '}
          <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
            {formatTime(message.createdAt)}
          </time>
          {message.direction === 'outbound' && message.delivery ? (
            <DeliveryState message={message} />
          ) : null}
        </p>
        {message.delivery?.status === 'failed' ? <RetryReply message={message} /> : null}
      </div>
      {outgoing ? <Avatar name={author} src={message.author?.avatarURL} size={28} /> : null}
    </article>
  );
}

/**
 * The messages and call parts of a conversation in time order, grouped by day; loads older ones
 * on demand and follows new ones as they arrive.
 */
export function Timeline({ conversation }: { readonly conversation: ConversationSummary }) {
  const session = useSession();
  const names = useMemberNames();
  const { idPart } = useParams();
  const query = useInfiniteQuery(messagesQuery(session.slug, conversation.id));
  const messages = messagesInOrder(query.data?.pages);
  const endRef = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id;
  const loaded = !query.isPending;
  useEffect(() => {
    if (!loaded) return;
    const target = idPart
      ? document.querySelector(`[data-part-id="${CSS.escape(idPart)}"]`)
      : endRef.current;
    target?.scrollIntoView({ block: idPart ? 'center' : 'end' });
  }, [newest, idPart, loaded]);

  if (query.isPending)
    return (
      <div className="timeline" role="status" aria-label="Loading messages">
        <Skeleton width="55%" height={52} radius={12} />
        <Skeleton width="40%" height={40} radius={12} style={{ alignSelf: 'flex-end' }} />
        <Skeleton width="62%" height={64} radius={12} />
      </div>
    );
  if (query.isError)
    return (
      <div className="timeline">
        <ErrorState
          title="Messages could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </div>
    );

  return (
    <div className="timeline" data-testid="timeline" tabIndex={0} aria-label="Messages">
      {query.hasNextPage ? (
        <Button
          size="sm"
          variant="ghost"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
          style={{ alignSelf: 'center' }}
          data-testid="timeline-older"
        >
          Load earlier messages
        </Button>
      ) : null}
      {messages.length === 0 ? (
        <p className="timeline__event">No messages yet. Write the first one below.</p>
      ) : null}
      {messages.map((message, i) => {
        const previous = messages[i - 1];
        const heading =
          previous && dayKey(previous.createdAt) === dayKey(message.createdAt)
            ? null
            : formatDayHeading(message.createdAt);
        const partId = message.call?.idPart ?? message.id;
        return (
          <Fragment key={message.id}>
            {heading ? (
              <div className="timeline__day" role="separator" aria-label={heading}>
                <span>{heading}</span>
              </div>
            ) : null}
            <div data-part-id={partId} data-selected={partId === idPart ? '' : undefined}>
              <Message message={message} conversation={conversation} names={names} />
            </div>
          </Fragment>
        );
      })}
      <div ref={endRef} />
    </div>
  );
}
