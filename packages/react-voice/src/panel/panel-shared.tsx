/**
 * What the voice panel's tabs share: the host's navigation, the refresh of the open tab, and the
 * notices (failures) a tab shows or hands to the host.
 */
import { AlertCircle, X } from 'lucide-react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { MouseEvent, ReactElement } from 'react';
import { messageOf } from '../controller/errors';
import type { VoiceMessage } from '../controller/messages';
import { useVoiceMessages } from '../i18n/context';
import type { VoiceText } from '../i18n/catalogue';
import { VoiceButton } from '../ui/button';
import { VoiceEmptyState } from '../ui/empty-state';
import { IconButton } from '../ui/icon-button';

/**
 * A failure to tell the user about (a refused call, a transcript that is not ready, ...), already in
 * the user's language.
 * @public
 */
export interface VoicePanelNotice {
  /** A title, when the spec gives one ('Call transcript'). */
  readonly title: string | null;
  /** The message ('is not ready, please try again later.', a refused call's reason, ...). */
  readonly message: string;
}

/**
 * How the voice panel opens app routes.
 * @public
 */
export interface VoicePanelNavigation {
  /** The workspace slug (from the authenticated session). */
  readonly slug: string;
  /**
   * Opens an app route (`/ws/{slug}/...`), for a client-side router; default: the browser goes to
   * it (`location.assign`).
   */
  readonly navigate?: (href: string) => void;
  /**
   * Shows a notice (a toast) in the host; default: the tab shows it above its list.
   */
  readonly onNotify?: (notice: VoicePanelNotice) => void;
  /**
   * How a phone number is shown where a contact is known only by it (a visitor's history row,
   * its action sheet and call action), e.g. national in the workspace's country with
   * `libphonenumber-js`; default: as stored (E.164).
   */
  readonly formatPhoneNumber?: (phoneNumber: string) => string;
}

/** Opens `href` with the host's `navigate`, or by a browser navigation. */
export function openHref(href: string, navigate: ((href: string) => void) | undefined): void {
  if (navigate) navigate(href);
  else globalThis.location?.assign(href);
}

/** A link click that the host's router takes over (plain clicks only; new-tab clicks stay). */
export function routerClick(
  event: MouseEvent<HTMLAnchorElement>,
  navigate: ((href: string) => void) | undefined,
): void {
  if (!navigate || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(event.currentTarget.getAttribute('href') ?? '');
}

// ── refresh of the open tab ─────────────────────────────────────────────────────────────────────

type Refresh = () => unknown;
const PanelRefreshContext = createContext<((refresh: Refresh) => () => void) | null>(null);

/** Provides the registry the open tab puts its refresh in; returns the function that runs it. */
export function usePanelRefreshRegistry(): {
  readonly register: (refresh: Refresh) => () => void;
  readonly refresh: () => void;
  readonly Provider: typeof PanelRefreshContext.Provider;
} {
  const current = useRef<Refresh | null>(null);
  const register = useCallback((refresh: Refresh) => {
    current.current = refresh;
    return () => {
      if (current.current === refresh) current.current = null;
    };
  }, []);
  const refresh = useCallback(() => {
    void current.current?.();
  }, []);
  return useMemo(
    () => ({ register, refresh, Provider: PanelRefreshContext.Provider }),
    [register, refresh],
  );
}

/** Makes `refresh` the panel header's refresh while this tab is open. */
export function usePanelRefresh(refresh: Refresh): void {
  const register = useContext(PanelRefreshContext);
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  useEffect(() => register?.(() => latest.current()), [register]);
}

// ── notices ─────────────────────────────────────────────────────────────────────────────────────

/** A tab's notices: `notify` hands them to the host, or keeps the last one to show inline. */
export function useNotices(onNotify: ((notice: VoicePanelNotice) => void) | undefined): {
  readonly notice: VoicePanelNotice | null;
  /** Shows a message: a text (key or message) or an error (its message). */
  readonly notify: (message: unknown, title?: VoiceText) => void;
  readonly dismiss: () => void;
} {
  const { t } = useVoiceMessages();
  const [notice, setNotice] = useState<VoicePanelNotice | null>(null);
  const notify = useCallback(
    (message: unknown, title?: VoiceText) => {
      const text = isVoiceText(message) ? t(message) : t(messageOf(message));
      const next = { title: title ? t(title) : null, message: text };
      if (onNotify) onNotify(next);
      else setNotice(next);
    },
    [onNotify, t],
  );
  const dismiss = useCallback(() => setNotice(null), []);
  return { notice, notify, dismiss };
}

function isVoiceText(value: unknown): value is VoiceText {
  return (
    typeof value === 'string' ||
    (typeof value === 'object' &&
      value !== null &&
      !(value instanceof Error) &&
      typeof (value as { key?: unknown }).key === 'string')
  );
}

/** A notice above a tab's list (role alert), with a dismiss button. */
export function PanelNotice(props: {
  readonly notice: VoicePanelNotice | null;
  readonly onDismiss: () => void;
}): ReactElement | null {
  const { t } = useVoiceMessages();
  const { notice, onDismiss } = props;
  if (!notice) return null;
  return (
    <div className="xv-panel-notice" role="alert" data-testid="voice-panel-notice">
      <div className="xv-panel-notice__text">
        {notice.title && <strong className="xv-panel-notice__title">{notice.title}</strong>}{' '}
        <span>{notice.message}</span>
      </div>
      <IconButton
        label={t('dismiss')}
        size="sm"
        tooltip={false}
        icon={<X size={14} aria-hidden="true" />}
        onClick={onDismiss}
      />
    </div>
  );
}

/**
 * A reload failed while the list still shows its last answer: says so once per failure through
 * `notify` ('Something went wrong while loading.' and the reason), the list staying on screen.
 */
export function useReloadFailedNotice(
  failed: VoiceMessage | null,
  notify: (message: unknown, title?: VoiceText) => void,
): void {
  const told = useRef<VoiceMessage | null>(null);
  useEffect(() => {
    if (!failed || failed === told.current) return;
    told.current = failed;
    notify(failed, 'loadFailed');
  }, [failed, notify]);
}

/** A tab's list could not be loaded: the reason and 'Retry'. */
export function LoadFailedState(props: {
  readonly error: VoiceMessage | null;
  readonly onRetry: () => unknown;
}): ReactElement {
  const { t } = useVoiceMessages();
  return (
    <VoiceEmptyState
      tone="error"
      icon={<AlertCircle size={22} />}
      title={t('loadFailed')}
      description={props.error ? t(props.error) : undefined}
      action={
        <VoiceButton size="sm" onClick={() => void props.onRetry()}>
          {t('retry')}
        </VoiceButton>
      }
    />
  );
}
