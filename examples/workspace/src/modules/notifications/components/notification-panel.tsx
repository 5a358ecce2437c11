// The notifications panel (its own chunk, loaded when the bell opens it): newest first, unread
// ones marked; choosing one marks it read and opens its conversation. Offers desktop notifications
// while the browser has not been asked yet (it asks only on that click).
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { AtSign } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import type { Schema } from '../../../api/http';
import { paths } from '../../../app/paths';
import { Button, Spinner, toast } from '../../../ui';
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationPagesQuery,
  refreshNotifications,
} from '../api/notifications-api';
import { conversationLinkList } from '../../session/permits';
import { useSession } from '../../session/hooks/use-session';
import { NOTIFICATIONS_COPY } from '../messages';
import { errorText } from '../../../lib/error-text';

type Item = Schema<'Notification'>;

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday", "just now". */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, size] of UNITS)
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(0, 'second');
}

type Permission = NotificationPermission | 'unsupported';
const permissionNow = (): Permission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/** One notification: who mentioned the user where, a preview, and how long ago (unread ones marked). */
function NotificationItem({
  item,
  onChoose,
}: {
  readonly item: Item;
  readonly onChoose: (item: Item) => void;
}) {
  return (
    <button
      type="button"
      className="notification-item"
      data-unread={item.readAt ? undefined : ''}
      onClick={() => onChoose(item)}
      data-testid="notification-item"
    >
      <AtSign aria-hidden="true" size={16} className="notification-item__icon" />
      <span className="notification-item__text">
        <span className="notification-item__title">
          {item.readAt ? null : (
            <span className="ui-visually-hidden">{NOTIFICATIONS_COPY.unread}: </span>
          )}
          {NOTIFICATIONS_COPY.mentioned(
            item.actor?.name ?? NOTIFICATIONS_COPY.someone,
            item.conversation.subject || NOTIFICATIONS_COPY.untitled,
          )}
        </span>
        <span className="notification-item__preview">{item.preview}</span>
        <time className="notification-item__time" dateTime={item.createdAt}>
          {relativeTime(item.createdAt)}
        </time>
      </span>
    </button>
  );
}

export function NotificationPanel({
  id,
  slug,
  onClose,
  anchor,
}: {
  readonly id: string;
  readonly slug: string;
  readonly onClose: (refocus: boolean) => void;
  readonly anchor: RefObject<HTMLButtonElement | null>;
}) {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const panel = useRef<HTMLDivElement>(null);
  const [permission, setPermission] = useState<Permission>(permissionNow);
  const list = useInfiniteQuery(notificationPagesQuery(slug));
  const items = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  const unread = list.data?.pages[0]?.unreadCount ?? 0;

  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  useEffect(() => {
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current(true);
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !anchor.current?.contains(target))
        closeRef.current(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [anchor]);

  const failed = (error: unknown) =>
    toast({
      tone: 'danger',
      title: NOTIFICATIONS_COPY.markFailed,
      description: errorText(error),
    });
  const readOne = useMutation({
    mutationFn: (item: Item) => markNotificationRead(slug, item.id),
    onSettled: () => refreshNotifications(queryClient, slug),
    onError: failed,
  });
  const readAll = useMutation({
    mutationFn: () => markAllNotificationsRead(slug),
    onSettled: () => refreshNotifications(queryClient, slug),
    onError: failed,
  });

  const choose = (item: Item) => {
    if (!item.readAt) readOne.mutate(item);
    onClose(false);
    void navigate(
      paths.conversation(slug, item.conversation.id, conversationLinkList(session.permits)),
    );
  };

  const askPermission = async () => {
    if (typeof Notification === 'undefined') return;
    setPermission(await Notification.requestPermission());
  };

  return (
    <div
      ref={panel}
      id={id}
      role="dialog"
      aria-label={NOTIFICATIONS_COPY.title}
      tabIndex={-1}
      className="notification-panel"
      data-testid="notification-panel"
    >
      <div className="notification-panel__head">
        <h2 className="notification-panel__title">{NOTIFICATIONS_COPY.title}</h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={unread === 0}
          loading={readAll.isPending}
          onClick={() => readAll.mutate()}
          data-testid="notifications-read-all"
        >
          {NOTIFICATIONS_COPY.markAllRead}
        </Button>
      </div>
      {permission === 'default' ? (
        <div className="notification-panel__desktop">
          <span>{NOTIFICATIONS_COPY.desktopHint}</span>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void askPermission()}
            data-testid="notifications-desktop"
          >
            {NOTIFICATIONS_COPY.desktopOffer}
          </Button>
        </div>
      ) : permission === 'denied' ? (
        <p className="notification-panel__desktop">{NOTIFICATIONS_COPY.desktopBlocked}</p>
      ) : null}
      {list.isPending ? (
        <div className="notification-panel__state">
          <Spinner label="Loading" />
        </div>
      ) : list.isError ? (
        <p className="notification-panel__state" role="alert">
          {NOTIFICATIONS_COPY.failed}
        </p>
      ) : items.length === 0 ? (
        <p className="notification-panel__state">{NOTIFICATIONS_COPY.empty}</p>
      ) : (
        <ul className="notification-panel__list">
          {items.map((item) => (
            <li key={item.id}>
              <NotificationItem item={item} onChoose={choose} />
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <Button
          variant="ghost"
          size="sm"
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {NOTIFICATIONS_COPY.loadOlder}
        </Button>
      ) : null}
    </div>
  );
}
