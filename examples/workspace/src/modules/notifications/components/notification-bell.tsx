// The bell in the top bar: the unread count, kept live by ./notification-live (loaded after the
// bar shows), and on click the notifications panel, which loads as its own chunk.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { conversationLinkList } from '../../session/permits';
import { useSession } from '../../session/hooks/use-session';
import { notificationsQuery } from '../api/notifications-query';
import { bellLabel } from '../bell-messages';
import './notifications.css';

const NotificationPanel = lazy(() =>
  import('./notification-panel').then((m) => ({ default: m.NotificationPanel })),
);

export function NotificationBell({ slug }: { readonly slug: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const shared = conversationLinkList(useSession().permits).kind;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const unread = useQuery({ ...notificationsQuery(slug), select: (r) => r.unreadCount }).data ?? 0;

  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    void import('./notification-live').then((live) => {
      if (!gone) stop = live.followNotifications(queryClient, slug, navigate, { kind: shared });
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [slug, queryClient, navigate, shared]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  return (
    <div className="notification-bell">
      <button
        ref={button}
        type="button"
        className="notification-bell__button"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
        data-testid="notification-bell"
      >
        <Bell aria-hidden="true" size={18} />
        {unread > 0 ? (
          <span
            className="notification-bell__badge"
            aria-hidden="true"
            data-testid="notification-badge"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <NotificationPanel id={panelId} slug={slug} onClose={close} anchor={button} />
        </Suspense>
      ) : null}
    </div>
  );
}
