import {
  CCP_IFRAME_ALLOW,
  CCP_IFRAME_SANDBOX,
  CCP_IFRAME_STYLE,
  CCP_IFRAME_TITLE,
} from '../constants';
import type { MessageTarget } from '../conduit/iframe-conduit';

/** The iframe style report sent as `iframe_style`. @public */
export interface IframeStyleReport {
  readonly display: string;
  readonly offsetWidth: number;
  readonly offsetHeight: number;
  readonly clientRectsLength: number;
}

/**
 * The panel's frame as the {@link Ccp} drives it: the window to talk to, refresh (remove and re-create)
 * and removal. `initCCP` uses {@link CcpIframe}; the in-memory panel has its own.
 * @public
 */
export interface PanelFrame {
  /** The current panel window. */
  window(): MessageTarget | null;
  /** Removes the frame and creates a new one. */
  refresh(): void;
  /** Removes the frame. */
  remove(): void;
  /** The style report of the current frame. */
  styleReport(): IframeStyleReport | undefined;
  /**
   * Calls `handler` each time the current frame finishes loading (a refreshed frame too); returns
   * the unsubscribe function. When a frame offers it, the {@link Ccp} counts the panel's load
   * timeout from the load, so a page slow to arrive on a busy machine is not refreshed while it
   * loads.
   */
  onLoad?(handler: () => void): () => void;
}

/** Options of the panel iframe. @public */
export interface CcpIframeOptions {
  readonly ccpUrl: string;
  readonly style?: string;
  readonly iframeTitle?: string;
  /**
   * The URL the frame loads first instead of `ccpUrl` (the storage-access request page, which
   * navigates on to the panel once access is granted).
   */
  readonly requestUrl?: string;
  /** Called on every `load` of the frame (the storage-access flow posts its request then). */
  readonly onLoad?: () => void;
}

/**
 * The panel iframe: `src` ccpUrl, title default 'Amazon Connect CCP', name 'Amazon Connect
 * CCP', microphone/camera/autoplay/clipboard permissions, sandbox forms/popups/same-origin/scripts,
 * default style width and height 100%.
 * @public
 */
export class CcpIframe implements PanelFrame {
  private iframe: HTMLIFrameElement | null;
  private readonly loadHandlers = new Set<() => void>();

  constructor(
    private readonly container: HTMLElement,
    private readonly options: CcpIframeOptions,
  ) {
    this.iframe = this.create();
  }

  /** The current iframe element. */
  get element(): HTMLIFrameElement | null {
    return this.iframe;
  }

  window(): MessageTarget | null {
    return this.iframe?.contentWindow ?? null;
  }

  refresh(): void {
    this.remove();
    this.iframe = this.create();
  }

  onLoad(handler: () => void): () => void {
    this.loadHandlers.add(handler);
    return () => {
      this.loadHandlers.delete(handler);
    };
  }

  remove(): void {
    this.iframe?.remove();
    this.iframe = null;
  }

  styleReport(): IframeStyleReport | undefined {
    const f = this.iframe;
    if (!f) return undefined;
    const view = f.ownerDocument.defaultView;
    return {
      display: view ? view.getComputedStyle(f).display : f.style.display,
      offsetWidth: f.offsetWidth,
      offsetHeight: f.offsetHeight,
      clientRectsLength: f.getClientRects().length,
    };
  }

  private create(): HTMLIFrameElement {
    const f = this.container.ownerDocument.createElement('iframe');
    f.src = this.options.requestUrl ?? this.options.ccpUrl;
    const onLoad = this.options.onLoad;
    f.addEventListener('load', () => {
      if (this.iframe !== f) return;
      onLoad?.();
      for (const handler of [...this.loadHandlers]) handler();
    });
    f.allow = CCP_IFRAME_ALLOW;
    f.setAttribute('sandbox', CCP_IFRAME_SANDBOX);
    f.setAttribute('style', this.options.style ?? CCP_IFRAME_STYLE);
    f.title = this.options.iframeTitle ?? CCP_IFRAME_TITLE;
    f.name = CCP_IFRAME_TITLE;
    f.setAttribute('data-ccp-iframe', '');
    this.container.appendChild(f);
    return f;
  }
}
