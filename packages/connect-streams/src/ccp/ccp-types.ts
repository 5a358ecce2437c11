// The public shapes around a Ccp: its start-up state, its events, its contacts collection and the
// environment it is built from.
import type { Conduit } from '../conduit/conduit';
import type { Contact } from '../contact/contact';
import type { ContactsEvents } from '../events/agent-data-store';
import type { ClientMetric } from '../metrics/metrics';
import type { ConduitMessage } from '@x/connect-streams/protocol';
import type { PanelFrame } from './frame';
import type { PopupHost } from './login-popup';
import type { StorageAccess } from '@x/connect-streams/services';

/**
 * Where a panel's start-up is, so that a page never waits on it silently:
 * - `starting`: the panel is loading and has not acknowledged yet;
 * - `ready`: the panel acknowledged;
 * - `signInNeeded`: the agent must sign in at `loginUrl`. `reason` `panel`: the panel said so
 *   (`auth_fail` before its first acknowledgement); `timeout`: the frame loaded but did not
 *   acknowledge within its load timeout, which is what a panel waiting for a sign-in does (the
 *   original library opens the login popup then). A frame the panel's site refused to be embedded
 *   in (CSP `frame-ancestors`: the page is not an approved origin) looks the same from the page,
 *   so this may also mean that;
 * - `originNotAllowed`: the panel refused to be embedded by `origin` (`access_denied` before its
 *   first acknowledgement): add it to the instance's approved origins;
 * - `unreachable`: nothing answers at `url` (checked when the panel has not acknowledged within
 *   its load timeout);
 * - `retriesExhausted`: the frame was refreshed 10 times without an acknowledgement.
 * Every state but `ready` may change again (a later acknowledgement makes it `ready`).
 * @public
 */
export type CcpStartState =
  | { readonly status: 'starting' }
  | { readonly status: 'ready' }
  | {
      readonly status: 'signInNeeded';
      readonly loginUrl: string;
      readonly reason: 'panel' | 'timeout';
    }
  | { readonly status: 'originNotAllowed'; readonly origin: string }
  | { readonly status: 'unreachable'; readonly url: string }
  | { readonly status: 'retriesExhausted'; readonly url: string };

/**
 * Events of a {@link Ccp}; every `on` returns an unsubscribe function.
 * @public
 */
export interface CcpEvents {
  /** The start-up state changed (see {@link CcpStartState}). */
  startState: [state: CcpStartState];
  /** The panel acknowledged for the first time (`onInitialized`). */
  initialized: [info: { readonly portStreamId: string }];
  /** The panel did not acknowledge in time. */
  ackTimeout: [];
  /** The iframe was refreshed 10 times without an acknowledgement. */
  iframeRetriesExhausted: [];
  /** `auth_fail` from the panel. */
  authFail: [data: unknown];
  /** `access_denied` from the panel. */
  accessDenied: [data: unknown];
  /** `authorize_success` from the panel. */
  authorizeSuccess: [data: unknown];
  /** `authorize_retries_exhausted` from the panel. */
  authorizeRetriesExhausted: [data: unknown];
  /** `cti_authorize_retries_exhausted` from the panel. */
  ctiAuthorizeRetriesExhausted: [data: unknown];
  /** `terminated` from the panel (logout). */
  terminated: [data: unknown];
  /** `update_connected_ccps` from the panel. */
  connectedCcps: [data: unknown];
  /** A configuration problem. */
  configureError: [message: string];
  /** A client metric was published. */
  metric: [metric: ClientMetric];
  /** Every envelope the panel sent (any event name). */
  message: [message: ConduitMessage];
}

/** Contacts of a {@link Ccp}: the collection and its events. @public */
export interface Contacts {
  /** Subscribes to a contact event for every contact; returns the unsubscribe function. */
  on<K extends keyof ContactsEvents>(
    event: K,
    handler: (...args: ContactsEvents[K]) => void,
  ): () => void;
  /** Current contacts, optionally of one type. */
  list(type?: string): Contact[];
  /** A current contact by id. */
  get(contactId: string): Contact | undefined;
}

/** What a {@link Ccp} is built from. @public */
export interface CcpEnvironment {
  /** The conduit to the panel. */
  readonly conduit: Conduit;
  /** The panel frame, when there is one (iframe refresh, style report). */
  readonly frame?: PanelFrame;
  /**
   * The storage-access request flow (`storageAccess.canRequest`): the panel set-up (load timeout,
   * style report) then waits until access is granted.
   */
  readonly storageAccess?: StorageAccess;
  /** The page used for the login popup (default: none, no popup). */
  readonly popupHost?: PopupHost;
  /** Called once by {@link Ccp.terminate}. */
  readonly onTerminate?: () => void;
  /**
   * Whether something answers at a URL (default: every URL answers). `initCCP` checks with a
   * `no-cors` GET, when the panel has not acknowledged within its load timeout.
   */
  readonly probe?: (url: string) => Promise<boolean>;
  /** The embedding page's origin, named when the panel refuses it (default: unknown, ''). */
  readonly hostOrigin?: string;
  /** Clock. */
  readonly now?: () => number;
}
