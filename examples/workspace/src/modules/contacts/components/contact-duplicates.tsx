import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { useSession } from '../../session/hooks/use-session';
import { Avatar, Button } from '../../../ui';
import { duplicatesQuery } from '../api/contacts-api';
import type { Contact } from '../api/types';
import { CONTACT_COPY as M } from '../messages';

/**
 * "Possible duplicates" of a contact (others sharing a phone or an email), shown only when
 * there are some, each with a Merge button that opens the merge dialog with it preselected.
 */
export function ContactDuplicates({
  contact,
  onMerge,
}: {
  readonly contact: Contact;
  readonly onMerge: (other: Contact) => void;
}) {
  const session = useSession();
  const query = useQuery(duplicatesQuery(session.slug, contact.id));
  if (!query.data?.length) return null;
  return (
    <section
      className="ui-card profile__section profile__duplicates"
      aria-labelledby="profile-duplicates"
      data-testid="contact-duplicates"
    >
      <h2 className="profile__section-title" id="profile-duplicates">
        {M.duplicates}
      </h2>
      <ul className="profile__list">
        {query.data.map((d) => (
          <li key={d.contact.id} className="profile__row" data-testid="contact-duplicate">
            <Avatar name={d.contact.displayName} src={d.contact.avatarURL} size={32} />
            <span className="profile__row-main">
              <Link
                className="profile__row-title"
                to={paths.contactProfile(session.slug, d.contact.id)}
              >
                {d.contact.displayName}
              </Link>
              <span className="profile__row-sub">
                {M.duplicateMatch(d.matched.field, d.matched.value)} ·{' '}
                {M.conversations(d.conversationCount)}
              </span>
            </span>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onMerge(d.contact)}
              data-testid="contact-duplicate-merge"
            >
              {M.mergeThis}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
