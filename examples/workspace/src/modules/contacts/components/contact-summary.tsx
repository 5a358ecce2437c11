import { Building2, Mail, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { formatListTime } from '../../../lib/format';
import { formatPhone } from '../../../lib/phone';
import { Badge } from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import { STATUS_LABEL, STATUS_TONE } from '../../inbox/components/triage';
import type { Contact, ContactProfile } from '../api/types';
import { conversationLinkList } from '../../session/permits';
import './contacts.css';

/** A contact's phone (in the workspace's format), email and company. */
export function ContactDetails({ contact }: { readonly contact: Contact }) {
  const country = useSession().workspace.defaultCountry;
  return (
    <dl className="profile__details">
      <div>
        <dt>
          <Phone aria-hidden="true" />
          <span className="ui-visually-hidden">Phone</span>
        </dt>
        <dd data-testid="contact-phone">
          {contact.phones.length
            ? contact.phones.map((p) => formatPhone(p, country)).join(', ')
            : 'No phone number'}
        </dd>
      </div>
      <div>
        <dt>
          <Mail aria-hidden="true" />
          <span className="ui-visually-hidden">Email</span>
        </dt>
        <dd data-testid="contact-emails">
          {contact.emails.length ? contact.emails.join(', ') : 'No email'}
        </dd>
      </div>
      {contact.company ? (
        <div>
          <dt>
            <Building2 aria-hidden="true" />
            <span className="ui-visually-hidden">Company</span>
          </dt>
          <dd>{contact.company}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** A contact's conversations, newest activity first: subject, last message, status and time. */
export function ContactConversationList({
  conversations,
}: {
  readonly conversations: ContactProfile['conversations'];
}) {
  const session = useSession();
  return (
    <ul className="profile__list">
      {conversations.map((c) => (
        <li key={c.id}>
          <Link
            className="profile__row"
            to={paths.conversation(session.slug, c.id, conversationLinkList(session.permits))}
            data-testid="contact-conversation"
          >
            <span className="profile__row-main">
              <span className="profile__row-title">{c.subject}</span>
              <span className="profile__row-sub">{c.lastMessagePreview}</span>
            </span>
            <Badge tone={STATUS_TONE[c.status]}>{STATUS_LABEL[c.status]}</Badge>
            <span className="profile__row-time">{formatListTime(c.lastMessageAt)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
