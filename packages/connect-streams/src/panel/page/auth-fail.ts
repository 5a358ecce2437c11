import type { AuthorizeResponse } from '@x/connect-streams/protocol';
import { authorize as defaultAuthorize } from '../auth/authorize';
import {
  AUTHORIZE_RETRY_BACKOFF_BASE_MS,
  AUTHORIZE_RETRY_COUNT_KEY,
  CTI_AUTH_RETRY_BACKOFF_BASE_MS,
  MAX_AUTHORIZE_RETRY_COUNT_FOR_SESSION,
  MAX_CTI_AUTH_RETRY_COUNT,
} from '../constants';
import type { PanelSession } from './init-shared-worker';

/**
 * Options of {@link watchAuthFail}.
 * @public
 */
export interface WatchAuthFailOptions {
  /** The authorize endpoint a CTI auth failure re-authorizes against. */
  readonly authorizeEndpoint: string;
  /** Where an authorize failure sends the agent to sign in (`null`: reload the page). */
  readonly loginUrl?: string | null;
  /** Where the authorize retry count is kept (default: sessionStorage). */
  readonly storage?: Pick<Storage, 'getItem' | 'setItem'>;
  /** Fetches a token (default: {@link authorize}). */
  readonly authorize?: (endpoint: string) => Promise<AuthorizeResponse>;
  /** Leaves for sign-in (default: `location.assign(loginUrl)`, or `location.reload()` without one). */
  readonly redirect?: (loginUrl: string | null) => void;
  /** Random source in [0, 1) of the backoff's jitter (default `Math.random`). */
  readonly random?: () => number;
  /** A re-authorization after CTI 401s succeeded. */
  readonly onAuthorized?: (response: AuthorizeResponse) => void;
}

function sessionStore(): Pick<Storage, 'getItem' | 'setItem'> | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * The CCP page's auth handling (the real `_handleAuthFail`), on the worker's `auth_fail`:
 * - an authorize failure (`{authorize: true}`) sends the agent to sign in (or reloads) after a
 *   backoff (base 2000 ms, full jitter), at most 3 times a session (count in sessionStorage
 *   `authorize_retry_count`, reset by `authorize_success`); then `authorize_retries_exhausted`;
 * - a CTI 401 re-authorizes after a backoff (base 500 ms), at most 10 times until the page is
 *   refreshed; success sends `authorize_success`, failure is an authorize failure
 *   (`auth_fail {authorize: true}`); then `cti_authorize_retries_exhausted`.
 * The events go down to the embedding page. Returns a stop function.
 * @public
 */
export function watchAuthFail(
  session: Pick<PanelSession, 'on' | 'sendDownstream'>,
  options: WatchAuthFailOptions,
): () => void {
  const storage = options.storage ?? sessionStore();
  const random = options.random ?? Math.random;
  const authorize = options.authorize ?? ((endpoint: string) => defaultAuthorize(endpoint));
  const redirect =
    options.redirect ??
    ((loginUrl: string | null) => {
      if (typeof loginUrl === 'string') globalThis.location.assign(loginUrl);
      else globalThis.location.reload();
    });
  let authorizeTimer: ReturnType<typeof setTimeout> | undefined;
  let ctiTimer: ReturnType<typeof setTimeout> | undefined;
  let ctiRetries = 0;
  let stopped = false;
  const backoff = (retryCount: number, base: number): number => random() * (2 ** retryCount * base);
  const retryCount = (): number => {
    const value = Number.parseInt(storage?.getItem(AUTHORIZE_RETRY_COUNT_KEY) ?? '0', 10);
    return Number.isNaN(value) ? 0 : value;
  };

  const authorizeFailed = (): void => {
    if (authorizeTimer !== undefined) return;
    const count = retryCount();
    if (count < MAX_AUTHORIZE_RETRY_COUNT_FOR_SESSION) {
      storage?.setItem(AUTHORIZE_RETRY_COUNT_KEY, String(count + 1));
      authorizeTimer = setTimeout(
        () => {
          if (!stopped) redirect(options.loginUrl ?? null);
        },
        backoff(count + 1, AUTHORIZE_RETRY_BACKOFF_BASE_MS),
      );
    } else {
      session.sendDownstream('authorize_retries_exhausted');
    }
  };

  const ctiAuthFailed = (): void => {
    if (ctiTimer !== undefined) return;
    if (ctiRetries >= MAX_CTI_AUTH_RETRY_COUNT) {
      session.sendDownstream('cti_authorize_retries_exhausted');
      return;
    }
    ctiRetries += 1;
    ctiTimer = setTimeout(
      () => {
        ctiTimer = undefined;
        if (stopped) return;
        authorize(options.authorizeEndpoint).then(
          (response) => {
            if (stopped) return;
            storage?.setItem(AUTHORIZE_RETRY_COUNT_KEY, '0');
            session.sendDownstream('authorize_success');
            options.onAuthorized?.(response);
          },
          () => {
            if (stopped) return;
            session.sendDownstream('auth_fail', { authorize: true });
            authorizeFailed();
          },
        );
      },
      backoff(ctiRetries, CTI_AUTH_RETRY_BACKOFF_BASE_MS),
    );
  };

  const offAuthFail = session.on('auth_fail', (data) => {
    if (stopped) return;
    if ((data as { authorize?: unknown } | null)?.authorize) authorizeFailed();
    else ctiAuthFailed();
  });
  const offSuccess = session.on('authorize_success', () =>
    storage?.setItem(AUTHORIZE_RETRY_COUNT_KEY, '0'),
  );
  return () => {
    stopped = true;
    offAuthFail();
    offSuccess();
    if (authorizeTimer !== undefined) clearTimeout(authorizeTimer);
    if (ctiTimer !== undefined) clearTimeout(ctiTimer);
  };
}
