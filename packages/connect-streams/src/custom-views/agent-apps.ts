import { CUSTOM_VIEW_TERMINATION_DELAY_MS, CUSTOM_VIEWS_APP_NAME } from '../constants';
import {
  customViewsNoIframeMessage,
  MSG_CUSTOM_VIEWS_DUPLICATE,
  MSG_CUSTOM_VIEWS_IFRAME_NOT_FOUND,
  MSG_CUSTOM_VIEWS_NO_CONTACT_FLOW_ID,
} from '../messages';
import { generateUUID } from '../provider/ids';

/**
 * A contact as custom views need it: its id and a destroy subscription (or just the id).
 * @public
 */
export type CustomViewsContact =
  string | { getContactId(): string; onDestroy?(handler: () => void): unknown };

/**
 * How a terminated custom view is resolved (defaults: hide, resolve, 5000 ms).
 * @public
 */
export interface TerminateCustomViewOptions {
  /** Milliseconds before the iframe is stopped (default 5000). */
  timeout?: number;
  /** Hides the iframe while it stops (default true). */
  hideIframe?: boolean;
  /** Removes the iframe once stopped (default true). */
  resolveIframe?: boolean;
}

/**
 * Parameters of the custom-views (guides) app.
 * @public
 */
export interface CustomViewsParams {
  /** The contact the view is about. */
  contact?: CustomViewsContact;
  /** The flow that chose the view. */
  contactFlowId?: string;
  /** Keep the view when the contact is destroyed. */
  disableAutoDestroy?: boolean;
  /** Appended to `customviews` for the iframe id (several views at once). */
  iframeSuffix?: string;
  /** How the view stops when told to terminate. */
  terminateCustomViewOptions?: TerminateCustomViewOptions;
}

/**
 * Options of {@link AgentApps.initApp}.
 * @public
 */
export interface AgentAppConfig {
  /** CSS text for the app's iframe. */
  style?: string;
  /** Called when the iframe has loaded. */
  onLoad?: (evt: Event) => void;
  /** Custom-views parameters (contact, flow, termination). */
  customViewsParams?: CustomViewsParams;
  /** Panel parameters, for a CCP app. */
  ccpParams?: Record<string, unknown>;
}

/**
 * A started app: what its creator returns (`init` runs on start, `destroy` on stop).
 * @public
 */
export interface AgentAppInstance {
  /** Starts the app. */
  init(): unknown;
  /** Stops the app. */
  destroy(): unknown;
}

/**
 * A registered app: its container, endpoint, iframe style and load handler, and its instance once
 * started.
 * @public
 */
export interface AgentAppModule {
  /** The element the app's iframe goes in. */
  containerDOM: HTMLElement;
  /** The app's URL. */
  endpoint: string;
  /** CSS text for the iframe. */
  style: string | undefined;
  /** Called when the iframe has loaded. */
  onLoad: ((evt: Event) => void) | undefined;
  /** The running app, once started. */
  instance: AgentAppInstance | undefined;
}

const SANDBOX =
  'allow-forms allow-popups allow-popups-to-escape-sandbox allow-same-origin allow-scripts';

function hasAnySearchParameter(url: string): boolean {
  return /[?&]?[^=?&]+=[^=?&]+/.test(url);
}

/**
 * Apps embedded next to the panel (the custom-views "guides" app and third-party apps): each app
 * is an iframe with id = app name (`customviews` plus an optional suffix), registered once; a
 * custom view's URL carries `contactFlowId`, `currentContactId` and `agentAppTabId`; a view is
 * terminated (message, hide, stop after 5000 ms) when its contact is destroyed.
 * @public
 */
export class AgentApps {
  private readonly registry = new Map<string, AgentAppModule>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  /** The registry of embedded apps, logging through `deps`. */
  constructor(
    private readonly options: {
      document?: Document;
      warn?: (message: string) => void;
      info?: (message: string) => void;
      /** Starts the CCP app (`initApp('ccp', …)`), normally the core's `initCCP`. */
      initCCP?: (container: HTMLElement, params: Record<string, unknown>) => unknown;
      /** Wires the panel's broadcast events to an app iframe (the core's conduit). */
      initAppCommunication?: (iframe: HTMLIFrameElement, endpoint: string) => void;
    } = {},
  ) {}

  private get doc(): Document {
    return this.options.document ?? globalThis.document;
  }

  /** The registered app data, if any. */
  get(appName: string): Readonly<AgentAppModule> | undefined {
    return this.registry.get(appName);
  }

  /**
   * Registers and starts an app. The URL gets a trailing slash unless it has one or a query
   * string. A custom-views app whose name is already registered throws.
   */
  initApp(
    name: string,
    container: string | HTMLElement,
    appUrl: string,
    config: AgentAppConfig = {},
  ): unknown {
    const endpoint = appUrl.endsWith('/') || hasAnySearchParameter(appUrl) ? appUrl : `${appUrl}/`;
    let appName = name;
    if (name === CUSTOM_VIEWS_APP_NAME && config.customViewsParams) {
      appName = `${CUSTOM_VIEWS_APP_NAME}${config.customViewsParams.iframeSuffix ?? ''}`;
      if (this.registry.has(appName)) throw new Error(MSG_CUSTOM_VIEWS_DUPLICATE);
    }
    const containerDOM =
      typeof container === 'string' ? this.doc.getElementById(container) : container;
    if (!containerDOM) throw new Error(customViewsNoIframeMessage(appName));
    this.register(appName, { endpoint, style: config.style, onLoad: config.onLoad }, containerDOM);
    return this.start(appName, () => ({
      init: () => {
        if (name === 'ccp') {
          return this.options.initCCP?.(containerDOM, {
            ...config.ccpParams,
            ...(config.style ? { style: config.style } : {}),
            ccpUrl: endpoint,
          });
        }
        const iframe = this.findIframe(appName, containerDOM);
        if (iframe) this.options.initAppCommunication?.(iframe, endpoint);
        if (name === CUSTOM_VIEWS_APP_NAME && config.customViewsParams) {
          this.initCustomView(endpoint, containerDOM, appName, config.customViewsParams);
        }
        return undefined;
      },
      destroy: () => {
        if (name === CUSTOM_VIEWS_APP_NAME && config.customViewsParams)
          this.registry.delete(appName);
        return null;
      },
    }));
  }

  /** Saves an app's data without starting it (`AppRegistry.register` of the original). */
  register(
    appName: string,
    config: {
      endpoint: string;
      style?: string | undefined;
      onLoad?: ((evt: Event) => void) | undefined;
    },
    containerDOM: HTMLElement,
  ): void {
    this.registry.set(appName, {
      containerDOM,
      endpoint: config.endpoint,
      style: config.style,
      onLoad: config.onLoad,
      instance: undefined,
    });
  }

  /**
   * Starts a registered app (`AppRegistry.start`): adds its iframe (not for `ccp`), then runs the
   * creator's `init` and returns its result. An unknown app does nothing.
   */
  start(appName: string, creator: (data: Readonly<AgentAppModule>) => AgentAppInstance): unknown {
    const data = this.registry.get(appName);
    if (!data) return undefined;
    if (appName !== 'ccp') data.containerDOM.appendChild(this.makeAppIframe(appName, data));
    data.instance = creator(data);
    return data.instance.init();
  }

  /** Forgets an app's data (`AppRegistry.delete`). */
  delete(appName: string): void {
    this.registry.delete(appName);
  }

  /** Removes an app's iframe and destroys it. */
  stopApp(appName: string): unknown {
    const data = this.registry.get(appName);
    if (!data) return undefined;
    const iframe = appName.includes(CUSTOM_VIEWS_APP_NAME)
      ? data.containerDOM.querySelector(`iframe[id='${appName}']`)
      : data.containerDOM.querySelector('iframe');
    if (iframe) data.containerDOM.removeChild(iframe);
    const result = data.instance?.destroy();
    data.instance = undefined;
    return result;
  }

  /**
   * Terminates a custom view: posts `{topic: 'lifecycle.terminated'}` to it, hides it and stops
   * the app after `timeout` (5000 ms by default). A missing iframe logs a warning.
   */
  terminateCustomView(
    connectUrl: string,
    iframeSuffix = '',
    options: TerminateCustomViewOptions = {},
  ): void {
    const {
      resolveIframe = true,
      timeout = CUSTOM_VIEW_TERMINATION_DELAY_MS,
      hideIframe = true,
    } = options;
    const appName = `${CUSTOM_VIEWS_APP_NAME}${iframeSuffix}`;
    const containerDOM = this.registry.get(appName)?.containerDOM;
    const iframe = this.findIframe(appName, containerDOM);
    if (!iframe) {
      this.options.warn?.(MSG_CUSTOM_VIEWS_IFRAME_NOT_FOUND);
      return;
    }
    iframe.contentWindow?.postMessage({ topic: 'lifecycle.terminated' }, connectUrl);
    if (!resolveIframe) return;
    if (hideIframe) iframe.style.display = 'none';
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.stopApp(appName);
      this.options.info?.(
        this.findIframe(appName, containerDOM)
          ? '[CustomViews] customviews application did not stop successfully in terminateCustomView operation'
          : '[CustomViews] customviews application successfully stopped',
      );
    }, timeout);
    this.timers.add(timer);
  }

  /** Cancels pending terminations and forgets every app (iframes stay). */
  dispose(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.registry.clear();
  }

  private initCustomView(
    endpoint: string,
    containerDOM: HTMLElement,
    appName: string,
    params: CustomViewsParams,
  ): void {
    const {
      contact,
      contactFlowId,
      disableAutoDestroy,
      iframeSuffix = '',
      terminateCustomViewOptions = {},
    } = params;
    let contactId: string | undefined;
    if (contact !== undefined) {
      contactId = typeof contact === 'string' ? contact : contact.getContactId();
      if (contactId && disableAutoDestroy !== true && typeof contact !== 'string') {
        contact.onDestroy?.(() =>
          this.terminateCustomView(endpoint, iframeSuffix, {
            timeout: terminateCustomViewOptions.timeout ?? CUSTOM_VIEW_TERMINATION_DELAY_MS,
            hideIframe: terminateCustomViewOptions.hideIframe ?? true,
            resolveIframe: terminateCustomViewOptions.resolveIframe ?? true,
          }),
        );
      }
      if (!contactFlowId) this.options.warn?.(MSG_CUSTOM_VIEWS_NO_CONTACT_FLOW_ID);
    }
    const iframe = this.findIframe(appName, containerDOM);
    if (!iframe) throw new Error(customViewsNoIframeMessage(appName));
    const tabId = `${generateUUID()}-tab`;
    if (contactId) {
      iframe.src = `${endpoint}?contactFlowId=${contactFlowId}&currentContactId=${contactId}&agentAppTabId=${tabId}`;
    } else if (contactFlowId) {
      iframe.src = `${endpoint}?contactFlowId=${contactFlowId}&agentAppTabId=${tabId}`;
    }
  }

  private findIframe(
    appName: string,
    containerDOM: HTMLElement | undefined,
  ): HTMLIFrameElement | null {
    return (
      containerDOM?.querySelector<HTMLIFrameElement>(`iframe[id='${appName}']`) ??
      (this.doc.getElementById(appName) as HTMLIFrameElement | null)
    );
  }

  private makeAppIframe(appName: string, data: AgentAppModule): HTMLIFrameElement {
    const iframe = this.doc.createElement('iframe');
    iframe.src = data.endpoint;
    iframe.setAttribute('style', data.style ?? 'width: 100%; height:100%;');
    iframe.id = appName;
    iframe.setAttribute('aria-label', appName);
    if (data.onLoad) iframe.addEventListener('load', data.onLoad);
    iframe.allow = 'clipboard-read; clipboard-write';
    iframe.setAttribute('sandbox', SANDBOX);
    return iframe;
  }
}
