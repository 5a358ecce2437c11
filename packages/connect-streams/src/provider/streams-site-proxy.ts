import { CROSS_DOMAIN_ADAPTER_INIT, CROSS_DOMAIN_SITE_READY } from '../constants';
import {
  MSG_CCP_IFRAME_UPDATED,
  MSG_MESSAGE_PORT_NOT_PROVIDED,
  MSG_SUBSEQUENT_PORT,
} from '../messages';
import type {
  CrossDomainSiteReadyMessage,
  UpstreamMessage,
  UpstreamMessageOrigin,
} from './messages';
import { Proxy, type ProxyProvider } from './proxy';

/**
 * The part of a window message the handshake reads.
 * @public
 */
export interface InitMessageEvent {
  /** The sender's origin. */
  origin: string;
  /** The sender's window. */
  source: unknown;
  /** The message data. */
  data: unknown;
  /** Transferred ports. */
  ports: readonly MessagePort[];
}

/**
 * Where the handshake listens for `cross-domain-adapter-init` (the host window by default).
 * @public
 */
export interface MessageEventTarget {
  /** Listens for messages. */
  addEventListener(type: 'message', listener: (evt: MessageEvent) => void): void;
  /** Stops listening for messages. */
  removeEventListener(type: 'message', listener: (evt: MessageEvent) => void): void;
}

/**
 * Configuration of a streams-site provider.
 * @public
 */
export interface StreamsSiteConfig {
  /** The instance (CCP) URL; only its origin is used to check the handshake message. */
  instanceUrl: string;
  /** The window to listen on (default `globalThis.window`); tests pass their own target. */
  window?: MessageEventTarget;
}

/**
 * What a site proxy needs of its provider.
 * @public
 */
export interface SiteProxyProvider extends ProxyProvider {
  /** The site configuration. */
  readonly config: StreamsSiteConfig;
}

function locationOriginAndPath(): { origin: string; path: string } {
  const loc = (globalThis as { location?: { origin?: string; pathname?: string } }).location;
  return { origin: loc?.origin ?? 'unknown', path: loc?.pathname ?? 'unknown' };
}

/**
 * The host side of the MessagePort handshake with the CCP iframe: it accepts
 * `cross-domain-adapter-init` only from the instance origin and from the CCP iframe's window,
 * takes the port, answers `cross-domain-site-ready` and waits for `acknowledge`. A new port
 * resets the connection and re-subscribes every handler.
 * @public
 */
export class StreamsSiteProxy extends Proxy {
  private port: MessagePort | undefined;
  private ccpIFrame: { contentWindow: unknown } | null = null;
  private unexpectedIframeWarningCount = 0;
  private target: MessageEventTarget | undefined;
  private readonly listener = (evt: MessageEvent): void => {
    try {
      this.acceptInitMessage(evt);
    } catch (error) {
      this.publishError({
        message: error instanceof Error ? error.message : String(error),
        key: 'messagePortNotProvided',
        isFatal: false,
      });
    }
  };

  /** A proxy for `provider`. */
  constructor(
    /** The provider this proxy belongs to. */
    protected override readonly provider: SiteProxyProvider,
  ) {
    super(provider);
  }

  /** Always `StreamsSiteProxy`. */
  override get proxyType(): string {
    return 'streams-site';
  }

  /**
   * Sets the CCP iframe whose window is the only accepted handshake source; replacing an
   * iframe resets the connection (`CCP IFrame Updated`).
   */
  setCCPIframe(iframe: { contentWindow: unknown }): void {
    const wasSet = Boolean(this.ccpIFrame);
    this.ccpIFrame = iframe;
    this.unexpectedIframeWarningCount = 0;
    if (wasSet) this.resetConnection(MSG_CCP_IFRAME_UPDATED);
  }

  /**
   * Checks one window message and, when it is a valid handshake, adopts its port. Throws
   * `message port not provided by iframe` when the handshake carries no port.
   */
  acceptInitMessage(evt: InitMessageEvent): void {
    if (!this.verifyOrigin(evt) || !this.verifyEventSource(evt)) return;
    if ((evt.data as { type?: unknown } | null)?.type !== CROSS_DOMAIN_ADAPTER_INIT) return;
    if (this.port) {
      this.resetConnection(MSG_SUBSEQUENT_PORT);
      this.logger.info('Subsequent message port received. Resetting connection');
    }
    const port = evt.ports[0];
    if (!port) throw new Error(MSG_MESSAGE_PORT_NOT_PROVIDED);
    this.port = port;
    port.onmessage = (message) => this.consumerMessageHandler(message);
    this.updateStatus({ status: 'initializing' });
    const ready: CrossDomainSiteReadyMessage = {
      type: CROSS_DOMAIN_SITE_READY,
      providerId: this.provider.id,
    };
    port.postMessage(ready);
  }

  /** Stops listening, closes the port and the base proxy's timers. */
  override dispose(): void {
    this.target?.removeEventListener('message', this.listener);
    if (this.port) {
      this.port.onmessage = null;
      this.port.close();
      this.port = undefined;
    }
    super.dispose();
  }

  /** Starts listening for the panel's init message. */
  protected override initProxy(): void {
    this.target =
      this.provider.config.window ??
      (globalThis as { window?: MessageEventTarget }).window ??
      undefined;
    this.target?.addEventListener('message', this.listener);
  }

  /** Drops the port and waits for a new init message. */
  protected override resetConnection(reason: string): void {
    if (this.connectionStatus === 'notConnected') return;
    super.resetConnection(reason);
    if (this.port) this.port.onmessage = null;
    this.port = undefined;
    this.updateStatus({ status: 'connecting' });
  }

  /** Posts a message on the port. */
  protected override sendMessageToSubject(message: UpstreamMessage): void {
    if (this.port) this.port.postMessage(message);
    else
      this.logger.error('Failed to send UpstreamMessage. MessagePort not set', {
        messageType: message.type,
      });
  }

  /** The page's origin and path. */
  protected override getUpstreamMessageOrigin(): UpstreamMessageOrigin {
    return { _type: 'streams-site', providerId: this.provider.id, ...locationOriginAndPath() };
  }

  private verifyOrigin(evt: InitMessageEvent): boolean {
    if (!evt.origin) {
      this.logger.warn('No origin provided in event. Ignoring event.');
      return false;
    }
    let expected: string;
    try {
      expected = new URL(this.provider.config.instanceUrl).origin;
    } catch {
      this.logger.error(
        'Unable to parse expected origin from config. Cannot match',
        { eventOrigin: evt.origin, configInstanceUrl: this.provider.config.instanceUrl },
        { duplicateMessageToConsole: true },
      );
      return false;
    }
    if (evt.origin !== expected) {
      if ((evt.data as { type?: unknown } | null)?.type === CROSS_DOMAIN_ADAPTER_INIT) {
        this.logger.warn(
          "Origin of message with type 'cross-domain-adapter-init' did not expected instance value. Ignoring",
          { expectedOrigin: expected, eventOrigin: evt.origin },
          { duplicateMessageToConsole: true },
        );
      }
      return false;
    }
    return true;
  }

  private verifyEventSource(evt: InitMessageEvent): boolean {
    if (!this.ccpIFrame) {
      this.logger.error(
        'CCP Iframe not provided to proxy. Unable to verify event to Connect to CCP.',
        { origin: evt.origin },
      );
      return false;
    }
    const valid = evt.source === this.ccpIFrame.contentWindow;
    if (!valid) {
      this.unexpectedIframeWarningCount++;
      if (this.unexpectedIframeWarningCount < 5) {
        this.logger.warn('Message came from unexpected iframe. Not a valid CCP. Will not connect', {
          origin: evt.origin,
          unexpectedIframeWarningCount: this.unexpectedIframeWarningCount,
        });
      }
    }
    return valid;
  }
}
