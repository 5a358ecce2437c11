import { useQuery } from '@tanstack/react-query';
import { Eye, Hash, Inbox, UserRound, UserRoundX } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { paths } from '../../../app/paths';
import type { InboxList } from '../../../app/paths';
import { useSession } from '../../session/hooks/use-session';
import { canOpenInboxPath } from '../../session/permits';
import { Badge, Skeleton } from '../../../ui';
import { inboxCountsQuery } from '../api/inbox-api';
import { InboxLiveUpdatesEffect } from '../effects/inbox-live-updates-effect';
import { InboxShortcuts } from './lazy-shortcuts';
import './inbox.css';

function ListLink({
  list,
  icon,
  label,
  count,
}: {
  list: InboxList;
  icon: ReactNode;
  label: string;
  count: number | null | undefined;
}) {
  const slug = useSession().slug;
  const testId = 'id' in list ? `inbox-list-${list.kind}-${list.id}` : `inbox-list-${list.kind}`;
  return (
    <NavLink to={paths.inboxList(slug, list)} className="inbox-nav__link" data-testid={testId}>
      {icon}
      <span className="inbox-nav__label">{label}</span>
      {count === undefined ? (
        <Skeleton width={18} height={12} />
      ) : count === null ? null : (
        <Badge label={`${count} conversations`} data-testid={`${testId}-count`}>
          {count}
        </Badge>
      )}
    </NavLink>
  );
}

/** The inbox: the lists (with counts) beside the selected list and conversation. */
export function InboxLayout() {
  const session = useSession();
  const counts = useQuery(inboxCountsQuery(session.slug));
  const shared = canOpenInboxPath('all', session.permits);
  const views = canOpenInboxPath('views', session.permits);
  const c = counts.data;
  return (
    <div className="inbox" data-testid="inbox">
      <InboxLiveUpdatesEffect slug={session.slug} />
      <InboxShortcuts />
      <nav className="inbox-nav" aria-label="Inbox lists">
        <h2 className="inbox-nav__title">Inbox</h2>
        <ListLink
          list={{ kind: 'mine' }}
          icon={<UserRound aria-hidden="true" />}
          label="Mine"
          count={c?.mine}
        />
        {shared ? (
          <>
            <ListLink
              list={{ kind: 'unassigned' }}
              icon={<UserRoundX aria-hidden="true" />}
              label="Unassigned"
              count={c?.unassigned}
            />
            <ListLink
              list={{ kind: 'all' }}
              icon={<Inbox aria-hidden="true" />}
              label="All"
              count={c?.all}
            />
          </>
        ) : null}
        {shared && c?.tags && c.tags.length > 0 ? (
          <>
            <h3 className="inbox-nav__section">Tags</h3>
            {c.tags.map((tag) => (
              <ListLink
                key={tag.id}
                list={{ kind: 'tags', id: tag.id }}
                icon={<Hash aria-hidden="true" />}
                label={tag.name}
                count={tag.count}
              />
            ))}
          </>
        ) : null}
        {views && c?.views && c.views.length > 0 ? (
          <>
            <h3 className="inbox-nav__section">Views</h3>
            {c.views.map((view) => (
              <ListLink
                key={view.id}
                list={{ kind: 'views', id: view.id }}
                icon={<Eye aria-hidden="true" />}
                label={view.name}
                count={view.count}
              />
            ))}
          </>
        ) : null}
      </nav>
      <Outlet />
    </div>
  );
}
