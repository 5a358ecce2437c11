import { useQuery } from '@tanstack/react-query';
import { MessagesSquare, X } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../app/paths';
import { Avatar, EmptyState, ErrorState, SkeletonList } from '../../../ui';
import { contactQuery } from '../../contacts/api/contacts-api';
import { ContactConversationList, ContactDetails } from '../../contacts/components/contact-summary';
import { useSession } from '../../session/hooks/use-session';
import type { ConversationSummary } from '../api/types';
import { withContactPanel } from '../contact-panel-query';

/** How many of the contact's other conversations the panel lists. */
const PAST_CONVERSATIONS_SHOWN = 5;

/**
 * The conversation's contact beside it (`?contact=1`): their details and their other
 * conversations, newest first, with a link to the whole profile. What a ringing call opens.
 */
export function ContactPanel({ conversation }: { readonly conversation: ConversationSummary }) {
  const session = useSession();
  const location = useLocation();
  const profile = useQuery(contactQuery(session.slug, conversation.contact.id));
  const others =
    profile.data?.conversations.filter((c) => c.id !== conversation.id) ?? ([] as const);
  return (
    <aside className="call-panel contact-panel" aria-label="Contact" data-testid="contact-panel">
      <header className="call-panel__header">
        <h2 className="call-panel__title">Contact</h2>
        <Link
          className="ui-icon-button"
          to={`${location.pathname}${withContactPanel(location.search, false)}`}
          aria-label="Close contact details"
        >
          <X aria-hidden="true" />
        </Link>
      </header>
      <div className="call-panel__content contact-panel__content">
        {profile.isPending ? (
          <SkeletonList rows={4} label="Loading the contact" />
        ) : profile.isError ? (
          <ErrorState
            title="The contact could not be loaded"
            error={profile.error}
            onRetry={() => void profile.refetch()}
          />
        ) : (
          <>
            <div className="contact-panel__who">
              <Avatar
                name={profile.data.contact.displayName}
                src={profile.data.contact.avatarURL}
                size={48}
              />
              <Link
                className="contact-panel__name"
                to={paths.contactProfile(session.slug, profile.data.contact.id)}
                data-testid="contact-panel-name"
              >
                {profile.data.contact.displayName}
              </Link>
            </div>
            <ContactDetails contact={profile.data.contact} />
            <p className="contact-panel__stats">
              {profile.data.stats.conversations} conversation
              {profile.data.stats.conversations === 1 ? '' : 's'} · {profile.data.stats.calls} call
              {profile.data.stats.calls === 1 ? '' : 's'}
            </p>
            <h3 className="contact-panel__heading">Other conversations</h3>
            {others.length === 0 ? (
              <EmptyState
                icon={<MessagesSquare aria-hidden="true" />}
                title="No other conversations"
                body="This is the first conversation with this contact."
              />
            ) : (
              <ContactConversationList conversations={others.slice(0, PAST_CONVERSATIONS_SHOWN)} />
            )}
          </>
        )}
      </div>
    </aside>
  );
}
