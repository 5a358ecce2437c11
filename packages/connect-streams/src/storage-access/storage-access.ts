import * as z from 'zod/mini';
import {
  REQUEST_STORAGE_ACCESS_PATH,
  STORAGE_ACCESS_DEFAULT_LANDING_PATH,
  STORAGE_ACCESS_EVENTS,
} from '../constants';
import { MSG_STORAGE_ACCESS_INVALID_URL } from '../messages';

/**
 * Storage-access parameters of `initCCP`.
 * @public
 */
export const storageAccessParamsSchema = z.object({
  /** Opt-in; `false` (or the string `'false'`) opts out. Default false. */
  canRequest: z.optional(z.union([z.boolean(), z.string()])),
  /** `default` shows the full request page; `custom` a minimal one. */
  mode: z.optional(z.enum(['default', 'custom'])),
  custom: z.optional(z.looseObject({ hideCCP: z.optional(z.boolean()) })),
  /** The instance's CCP URL when `ccpUrl` is an SSO URL. */
  instanceUrl: z.optional(z.string()),
});
/** Storage-access parameters of `initCCP`: `canRequest`, `mode`, `custom.hideCCP`, `instanceUrl`. @public */
export type StorageAccessParams = z.input<typeof storageAccessParamsSchema>;

/**
 * Normalised storage-access parameters.
 * @public
 */
export interface ResolvedStorageAccessParams {
  /** Whether the flow runs. */
  canRequest: boolean;
  /** `default` (the full request page) or `custom` (a minimal one). */
  mode: 'default' | 'custom';
  /** Custom-mode options: `hideCCP` hides the panel again once access is granted. */
  custom: { hideCCP: boolean; [key: string]: unknown };
  /** The instance's panel URL when `ccpUrl` is a single-sign-on URL. */
  instanceUrl?: string;
}

/**
 * A storage-access event posted by the panel: `{event, data}` where `data.hasAccess` tells the state.
 * @public
 */
export interface StorageAccessMessage {
  /** The message's event (`storageAccess::init`, `::granted`, `::denied`). */
  event: string;
  /** Its data; `hasAccess` on init. */
  data?: { hasAccess?: boolean; [key: string]: unknown };
}

/**
 * Callbacks of the request flow.
 * @public
 */
export interface StorageAccessCallbacks {
  /** Called on the init message. */
  onInit?: (message: StorageAccessMessage) => void;
  /** Called when access is granted. */
  onGrant?: (message: StorageAccessMessage) => void;
  /** Called when access is denied. */
  onDeny?: (message: StorageAccessMessage) => void;
}

/** Where storage-access messages arrive (the host window). @public */
export interface WindowLike {
  /** Listens for messages. */
  addEventListener(type: 'message', listener: (evt: MessageEvent) => void): void;
  /** Stops listening for messages. */
  removeEventListener(type: 'message', listener: (evt: MessageEvent) => void): void;
}

const CONNECT_DOMAIN = /.connect.aws.a2z.com|.my.connect.aws|.govcloud.connect.aws|.awsapps.com/;
const LOCALHOST = /^https?:\/\/localhost/;

/** True for a recognised hosted instance domain. @public */
export function isConnectDomain(url: string): boolean {
  return CONNECT_DOMAIN.test(url);
}

/**
 * The request page URL on an instance URL: `{origin}/request-storage-access`, prefixed with
 * `/connect` (or `/connect-gamma` when the path starts with it) on `.awsapps.com` domains.
 * @public
 */
export function requestStorageAccessUrlFor(url: string): string {
  const { origin, pathname } = new URL(url);
  if (/.awsapps.com/.test(origin)) {
    const prefix = pathname.startsWith('/connect-gamma') ? 'connect-gamma' : 'connect';
    return `${origin}/${prefix}${REQUEST_STORAGE_ACCESS_PATH}`;
  }
  return `${origin}${REQUEST_STORAGE_ACCESS_PATH}`;
}

/**
 * The storage-access request flow of the embedded panel: the panel iframe first loads the
 * instance's request page, the host posts `storageAccess::request` (params plus `landat`), and
 * the page answers `init`, then `granted` or `denied`. In custom mode the container is shown while
 * access is missing or denied and hidden on grant when `hideCCP` (default true). `onGrant` of the
 * set-up runs once. Opt out with `canRequest: false` (the default).
 * @public
 */
export class StorageAccess {
  /** The normalised parameters. */
  readonly params: ResolvedStorageAccessParams;
  private grantInvoked = false;
  private unsubscribeSetup: (() => void) | undefined;

  /** The flow for the panel at `ccpUrl` in `container`. */
  constructor(
    private readonly ccpUrl: string,
    private readonly container: { style: { display: string } },
    params: StorageAccessParams = {},
    private readonly options: {
      /** The CCP iframe (the only accepted message source). */
      getIframe: () => { contentWindow: unknown } | null | undefined;
      /** The host window (default `globalThis.window`). */
      window?: WindowLike;
      /** True once the panel acknowledged; handlers are then removed after the next message. */
      isInitialized?: () => boolean;
      log?: (level: 'info' | 'error', message: string) => void;
    },
  ) {
    const parsed = storageAccessParamsSchema.parse(params);
    this.params = {
      canRequest: !(
        parsed.canRequest === false ||
        parsed.canRequest === 'false' ||
        parsed.canRequest === undefined
      ),
      mode: parsed.mode ?? 'default',
      custom: { ...parsed.custom, hideCCP: parsed.custom?.hideCCP ?? true },
      ...(parsed.instanceUrl ? { instanceUrl: parsed.instanceUrl } : {}),
    };
  }

  /** Whether the request flow is used (opt-in). */
  get canRequest(): boolean {
    return this.params.canRequest;
  }

  /** Whether `onGrant` of the set-up already ran. */
  get onGrantCallbackInvoked(): boolean {
    return this.grantInvoked;
  }

  /**
   * The request page URL. Throws the invalid-URL error when neither the panel URL nor
   * `instanceUrl` is a recognised hosted domain or localhost.
   */
  getRequestStorageAccessUrl(): string {
    const { instanceUrl } = this.params;
    if (isConnectDomain(this.ccpUrl)) return requestStorageAccessUrlFor(this.ccpUrl);
    if (LOCALHOST.test(this.ccpUrl)) return `${this.ccpUrl}${REQUEST_STORAGE_ACCESS_PATH}`;
    if (instanceUrl && isConnectDomain(instanceUrl)) return requestStorageAccessUrlFor(instanceUrl);
    if (instanceUrl && LOCALHOST.test(instanceUrl))
      return `${instanceUrl}${REQUEST_STORAGE_ACCESS_PATH}`;
    this.options.log?.('error', MSG_STORAGE_ACCESS_INVALID_URL);
    throw new Error(MSG_STORAGE_ACCESS_INVALID_URL);
  }

  /** Where the request page lands after access: the panel path, or `/connect/ccp-v2`. */
  getLandAtPath(): string {
    if (isConnectDomain(this.ccpUrl) || LOCALHOST.test(this.ccpUrl))
      return new URL(this.ccpUrl).pathname;
    return STORAGE_ACCESS_DEFAULT_LANDING_PATH;
  }

  /** Posts `storageAccess::request` with the parameters and `landat` to the panel iframe. */
  request(): void {
    const target = this.options.getIframe()?.contentWindow as
      { postMessage(message: unknown, targetOrigin: string): void } | null | undefined;
    target?.postMessage(
      {
        event: STORAGE_ACCESS_EVENTS.REQUEST,
        data: { ...this.params, landat: this.getLandAtPath() },
      },
      '*',
    );
  }

  /**
   * Listens for the panel's init/granted/denied messages (only when `canRequest`); returns the
   * unsubscribe function.
   */
  onRequest(callbacks: StorageAccessCallbacks): () => void {
    const win = this.options.window ?? (globalThis as { window?: WindowLike }).window;
    const listener = (evt: MessageEvent): void => {
      if (this.options.getIframe()?.contentWindow !== evt.source) return;
      if (this.options.isInitialized?.()) win?.removeEventListener('message', listener);
      const data = evt.data as StorageAccessMessage | null;
      switch (data?.event) {
        case STORAGE_ACCESS_EVENTS.INIT:
          callbacks.onInit?.(data);
          break;
        case STORAGE_ACCESS_EVENTS.GRANTED:
          callbacks.onGrant?.(data);
          break;
        case STORAGE_ACCESS_EVENTS.DENIED:
          callbacks.onDeny?.(data);
          break;
        default:
          break;
      }
    };
    if (this.params.canRequest) win?.addEventListener('message', listener);
    return () => win?.removeEventListener('message', listener);
  }

  /**
   * Wires the flow for `initCCP`: shows the container in custom mode while access is missing or
   * denied, hides it on grant when `hideCCP`, and runs `onGrant` (the rest of the init) once.
   */
  setupRequestHandlers({ onGrant }: { onGrant: () => void }): () => void {
    this.unsubscribeSetup?.();
    const custom = this.params.mode === 'custom';
    this.unsubscribeSetup = this.onRequest({
      onInit: (message) => {
        this.options.log?.('info', '[StorageAccess][onInit] callback executed');
        if (!message.data?.hasAccess && custom) this.container.style.display = 'block';
      },
      onDeny: () => {
        this.options.log?.('info', '[StorageAccess][onDeny] callback executed');
        if (custom) this.container.style.display = 'block';
      },
      onGrant: () => {
        this.options.log?.('info', '[StorageAccess][onGrant] callback executed');
        if (custom && this.params.custom.hideCCP) this.container.style.display = 'none';
        if (!this.grantInvoked) {
          this.grantInvoked = true;
          onGrant();
        }
      },
    });
    return this.unsubscribeSetup;
  }

  /** Removes the set-up's listener. */
  dispose(): void {
    this.unsubscribeSetup?.();
    this.unsubscribeSetup = undefined;
  }
}
