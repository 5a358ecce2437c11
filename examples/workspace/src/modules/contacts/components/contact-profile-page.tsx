import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Mail, MessagesSquare, Phone } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { paths } from '../../../app/paths';
import { formatDateTime, formatListTime } from '../../../lib/format';
import { useSession } from '../../session/hooks/use-session';
import { Avatar, Badge, EmptyState, ErrorState, Skeleton } from '../../../ui';
import { CallContactButton } from '../../voice/components/call-contact-button';
import { contactQuery } from '../api/contacts-api';
import './contacts.css';
import { contactDisplayName } from '../../../lib/contact-name';

/** contacts/users/profile/{id}: a contact's details, call action and conversations. */
export function ContactProfilePage() {
  const session = useSession();
  const { id = '' } = useParams();
  const query = useQuery(contactQuery(session.slug, id));
  return (
    <section className="ui-page profile" data-testid="contact-profile">
      <div className="profile__back">
        <Link
          className="ui-button"
          data-variant="ghost"
          data-size="sm"
          to={paths.contacts(session.slug)}
        >
          <ArrowLeft aria-hidden="true" /> Users
        </Link>
      </div>
      {query.isPending ? (
        <div className="profile__card ui-card" role="status" aria-label="Loading user">
          <Skeleton width={64} height={64} radius="50%" />
          <Skeleton width={200} height={18} />
          <Skeleton width={140} height={12} />
        </div>
      ) : query.isError ? (
        <ErrorState
          title={
            query.error instanceof ApiError && query.error.status === 404
              ? 'This user does not exist'
              : 'The user could not be loaded'
          }
          onRetry={() => void query.refetch()}
        />
      ) : (
        <div className="profile__grid">
          <div className="profile__card ui-card">
            <Avatar name={contactDisplayName(query.data)} src={query.data.avatar} size={64} />
            <h1 className="profile__name" data-testid="contact-name">
              {contactDisplayName(query.data)}
            </h1>
            <dl className="profile__details">
              <div>
                <dt>
                  <Phone aria-hidden="true" />
                  <span className="ui-visually-hidden">Phone</span>
                </dt>
                <dd data-testid="contact-phone">{query.data.phone ?? 'No phone number'}</dd>
              </div>
              <div>
                <dt>
                  <Mail aria-hidden="true" />
                  <span className="ui-visually-hidden">Email</span>
                </dt>
                <dd>{query.data.email ?? 'No email'}</dd>
              </div>
            </dl>
            {query.data.phone ? (
              <CallContactButton
                phone={query.data.phone}
                contactName={contactDisplayName(query.data)}
                variant="primary"
              />
            ) : null}
            <p className="profile__since">Since {formatDateTime(query.data.createdAt)}</p>
          </div>
          <div className="ui-card profile__conversations">
            <h2 className="profile__section-title">Conversations</h2>
            {query.data.conversations.length === 0 ? (
              <EmptyState
                icon={<MessagesSquare aria-hidden="true" />}
                title="No conversations yet"
                body="Messages and calls with this user will appear here."
              />
            ) : (
              <ul className="profile__list">
                {query.data.conversations.map((c) => (
                  <li key={c.id}>
                    <Link
                      className="profile__conversation"
                      to={paths.conversation(session.slug, c.id)}
                      data-testid="contact-conversation"
                    >
                      <span className="profile__conversation-preview">
                        {c.lastPart?.preview ?? 'No messages yet'}
                      </span>
                      <Badge tone={c.status === 'open' ? 'accent' : 'neutral'}>
                        {c.status === 'open' ? 'Open' : 'Closed'}
                      </Badge>
                      <span className="profile__conversation-time">
                        {formatListTime(c.updatedAt)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
