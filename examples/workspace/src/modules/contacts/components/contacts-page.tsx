import { useInfiniteQuery } from '@tanstack/react-query';
import { Plus, Search, SearchX, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { formatPhone } from '../../../lib/phone';
import { useSession } from '../../session/hooks/use-session';
import { Avatar, Button, EmptyState, ErrorState, Input, Page, SkeletonList } from '../../../ui';
import { useDebouncedValue } from '../../inbox/hooks/use-debounced-value';
import { contactsQuery } from '../api/contacts-api';
import { CONTACT_COPY } from '../messages';
import { ContactDialog } from './contact-dialog';
import './contacts.css';

/** Loads the next page when the sentinel scrolls into view (infinite scroll). */
function useLoadMoreSentinel(onVisible: () => void, active: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !active) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onVisible();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [onVisible, active]);
  return ref;
}

/** contacts/users: the workspace's contacts, searchable, with infinite scroll. */
export function ContactsPage() {
  const session = useSession();
  const country = session.workspace.defaultCountry;
  const [searchText, setSearchText] = useState('');
  const [creating, setCreating] = useState(false);
  const search = useDebouncedValue(searchText.trim(), 300);
  const query = useInfiniteQuery(contactsQuery(session.slug, search));
  const contacts = query.data?.pages.flatMap((p) => p.contacts) ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const sentinel = useLoadMoreSentinel(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, hasNextPage);
  return (
    <Page
      title="Users"
      subtitle="Everyone who has talked to your workspace."
      data-testid="contacts-page"
      actions={
        <div className="contacts-actions">
          <Input
            type="search"
            aria-label="Search users"
            placeholder="Search users"
            icon={<Search aria-hidden="true" />}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            data-testid="contacts-search"
          />
          <Button
            variant="primary"
            icon={<Plus aria-hidden="true" />}
            onClick={() => setCreating(true)}
            data-testid="contact-new"
          >
            {CONTACT_COPY.newContact}
          </Button>
        </div>
      }
    >
      {creating ? <ContactDialog contact={null} onClose={() => setCreating(false)} /> : null}
      <div className="ui-card contacts-table">
        <div className="contacts-table__head" aria-hidden="true">
          <span>Name</span>
          <span>Email</span>
          <span>Phone</span>
          <span>Company</span>
        </div>
        {query.isPending ? (
          <SkeletonList label="Loading users" rows={8} />
        ) : query.isError ? (
          <ErrorState
            title="Users could not be loaded"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : contacts.length === 0 ? (
          search ? (
            <EmptyState
              icon={<SearchX aria-hidden="true" />}
              title="No users found"
              body={`Nothing matches “${search}”.`}
              data-testid="contacts-empty"
            />
          ) : (
            <EmptyState
              icon={<Users aria-hidden="true" />}
              title="No users yet"
              body="People who write or call your workspace appear here."
              data-testid="contacts-empty"
            />
          )
        ) : (
          <ul className="contacts-table__rows" aria-label="Users">
            {contacts.map((contact) => (
              <li key={contact.id}>
                <Link
                  to={paths.contactProfile(session.slug, contact.id)}
                  className="contacts-table__row"
                  data-testid="contact-row"
                >
                  <span className="contacts-table__name">
                    <Avatar name={contact.displayName} src={contact.avatarURL} size={28} />
                    <span>{contact.displayName}</span>
                  </span>
                  <span className="contacts-table__cell">{contact.email ?? '—'}</span>
                  <span className="contacts-table__cell">
                    {contact.phone ? formatPhone(contact.phone, country) : '—'}
                  </span>
                  <span className="contacts-table__cell">{contact.company ?? '—'}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {hasNextPage ? (
          <div ref={sentinel} className="contacts-table__more">
            <Button
              size="sm"
              variant="ghost"
              loading={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
            >
              Load more
            </Button>
          </div>
        ) : null}
      </div>
    </Page>
  );
}
