import { useQuery } from '@tanstack/react-query';
import {
  ArrowLeft,
  Combine,
  Ellipsis,
  Pencil,
  MessageSquarePlus,
  MessagesSquare,
  Phone,
  PhoneIncoming,
  PhoneMissed,
  PhoneOutgoing,
  Trash2,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { paths } from '../../../app/paths';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../session/hooks/use-session';
import {
  Avatar,
  Badge,
  Button,
  DocumentTitle,
  EmptyState,
  ErrorState,
  IconButton,
  Menu,
  MenuItem,
  Skeleton,
} from '../../../ui';
import { Dialer } from '../../voice/components/dialer';
import { contactAttributesQuery, contactQuery } from '../api/contacts-api';
import type { Contact, ContactCall, ContactProfile } from '../api/types';
import { CONTACT_ATTRIBUTE_COPY, CONTACT_COPY } from '../messages';
import { ContactDialog } from './contact-dialog';
import { ContactDuplicates } from './contact-duplicates';
import { DeleteContactDialog } from './delete-contact-dialog';
import { MergeContactDialog } from './merge-contact-dialog';
import { ContactConversationList, ContactDetails } from './contact-summary';
import { StartConversationDialog } from './start-conversation-dialog';
import './contacts.css';

function callLabel(call: ContactCall): string {
  if (!call.answered)
    return call.communicationType === 'outbound' ? 'Unanswered call' : 'Missed call';
  return { inbound: 'Inbound call', outbound: 'Outbound call', transfer: 'Transferred call' }[
    call.communicationType
  ];
}

function CallIcon({ call }: { call: ContactCall }) {
  if (!call.answered) return <PhoneMissed aria-hidden="true" />;
  return call.communicationType === 'outbound' ? (
    <PhoneOutgoing aria-hidden="true" />
  ) : (
    <PhoneIncoming aria-hidden="true" />
  );
}

/** The contact's custom attribute values, labelled as Settings defines them (set ones only). */
function AttributeValues({ contact }: { readonly contact: Contact }) {
  const session = useSession();
  const definitions = useQuery(contactAttributesQuery(session.slug)).data ?? [];
  const shown = definitions.filter((a) => contact.attributes[a.key] !== undefined);
  if (shown.length === 0) return null;
  return (
    <dl className="profile__attributes" data-testid="contact-attributes">
      {shown.map((a) => {
        const value = contact.attributes[a.key];
        return (
          <div key={a.key}>
            <dt>{a.label}</dt>
            <dd data-testid={`contact-attribute-value-${a.key}`}>
              {typeof value === 'boolean'
                ? value
                  ? CONTACT_ATTRIBUTE_COPY.yes
                  : CONTACT_ATTRIBUTE_COPY.no
                : String(value)}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** The Calls section of a profile: each call with its kind and time, linked to its conversation. */
function ContactCallsSection({ calls }: { readonly calls: readonly ContactCall[] }) {
  const session = useSession();
  return (
    <section className="ui-card profile__section" aria-labelledby="profile-calls">
      <h2 className="profile__section-title" id="profile-calls">
        Calls
      </h2>
      {calls.length === 0 ? (
        <EmptyState
          icon={<Phone aria-hidden="true" />}
          title="No calls yet"
          body="Calls with this user will appear here."
        />
      ) : (
        <ul className="profile__list">
          {calls.map((call) => {
            const body = (
              <>
                <span className="profile__call-icon" data-answered={call.answered || undefined}>
                  <CallIcon call={call} />
                </span>
                <span className="profile__row-main">
                  <span className="profile__row-title">{callLabel(call)}</span>
                  <span className="profile__row-sub">{formatDateTime(call.createdAt)}</span>
                </span>
              </>
            );
            return (
              <li key={call.idCommunication} data-testid="contact-call">
                {call.idConversation && call.idPart ? (
                  <Link
                    className="profile__row"
                    to={paths.conversationPart(session.slug, call.idConversation, call.idPart)}
                  >
                    {body}
                  </Link>
                ) : (
                  <div className="profile__row">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Profile({ profile }: { profile: ContactProfile }) {
  const session = useSession();
  const { contact } = profile;
  const [editing, setEditing] = useState(false);
  const [starting, setStarting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // The merge dialog, with the other contact when started from a suggested duplicate.
  const [merging, setMerging] = useState<{ other: Contact | null } | null>(null);
  // Deleting is the admin's (as the server checks it).
  const canDelete = session.permits.admin;
  return (
    <div className="profile__grid">
      <DocumentTitle title={contact.displayName} />
      <div className="profile__card ui-card">
        <Avatar name={contact.displayName} src={contact.avatarURL} size={64} />
        <h1 className="profile__name" data-testid="contact-name">
          {contact.displayName}
        </h1>
        <ContactDetails contact={contact} />
        <AttributeValues contact={contact} />
        {profile.optOuts.map((o) => (
          <p className="profile__opt-out" key={o.channel} data-testid="contact-opt-out">
            <Badge tone="warning">
              {o.channel === 'sms' ? 'Opted out of SMS' : 'Opted out of WhatsApp'}
            </Badge>{' '}
            {CONTACT_COPY.optOut(o.channel, o.keyword, formatDateTime(o.at))}
          </p>
        ))}
        <div className="profile__actions">
          <Button
            size="sm"
            variant="primary"
            icon={<MessageSquarePlus aria-hidden="true" />}
            onClick={() => setStarting(true)}
            data-testid="contact-start-conversation"
          >
            {CONTACT_COPY.newConversation}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            icon={<Pencil aria-hidden="true" />}
            onClick={() => setEditing(true)}
            data-testid="contact-edit"
          >
            {CONTACT_COPY.edit}
          </Button>
          <Menu
            label={CONTACT_COPY.moreActions}
            trigger={
              <IconButton label={CONTACT_COPY.moreActions} size="sm" data-testid="contact-more">
                <Ellipsis aria-hidden="true" />
              </IconButton>
            }
          >
            <MenuItem
              icon={<Combine aria-hidden="true" />}
              onSelect={() => setMerging({ other: null })}
              data-testid="contact-merge"
            >
              {CONTACT_COPY.merge}
            </MenuItem>
            {canDelete ? (
              <MenuItem
                danger
                icon={<Trash2 aria-hidden="true" />}
                onSelect={() => setDeleting(true)}
                data-testid="contact-delete"
              >
                {CONTACT_COPY.delete}
              </MenuItem>
            ) : null}
          </Menu>
        </div>
        {deleting ? (
          <DeleteContactDialog contact={contact} onClose={() => setDeleting(false)} />
        ) : null}
        {merging ? (
          <MergeContactDialog
            contact={contact}
            conversations={profile.stats.conversations}
            preselected={merging.other}
            onClose={() => setMerging(null)}
          />
        ) : null}
        {starting ? (
          <StartConversationDialog contact={contact} onClose={() => setStarting(false)} />
        ) : null}
        {editing ? <ContactDialog contact={contact} onClose={() => setEditing(false)} /> : null}
        {contact.phone ? <Dialer phone={contact.phone} contactName={contact.displayName} /> : null}
        <p className="profile__since">
          {profile.stats.conversations} conversation{profile.stats.conversations === 1 ? '' : 's'} ·{' '}
          {profile.stats.calls} call{profile.stats.calls === 1 ? '' : 's'} · since{' '}
          {formatDateTime(contact.createdAt)}
        </p>
      </div>
      <div className="profile__columns">
        <ContactDuplicates contact={contact} onMerge={(other) => setMerging({ other })} />
        <section className="ui-card profile__section" aria-labelledby="profile-conversations">
          <h2 className="profile__section-title" id="profile-conversations">
            Conversations
          </h2>
          {profile.conversations.length === 0 ? (
            <EmptyState
              icon={<MessagesSquare aria-hidden="true" />}
              title="No conversations yet"
              body="Messages and calls with this user will appear here."
            />
          ) : (
            <ContactConversationList conversations={profile.conversations} />
          )}
        </section>
        <ContactCallsSection calls={profile.calls} />
      </div>
    </div>
  );
}

/** contacts/users/profile/{id}: a contact's details, call action, conversations and calls. */
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
        <Profile profile={query.data} />
      )}
    </section>
  );
}
