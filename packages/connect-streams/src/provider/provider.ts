import { MULTIPLE_PROVIDERS_ERROR_KEY } from '../constants';
import { MSG_MULTIPLE_PROVIDERS, MSG_STREAMS_SITE_NOT_INITIALIZED } from '../messages';
import { ConnectError } from './connect-error';
import { getGlobalProvider, hasGlobalProvider, setGlobalProvider } from './global-provider';
import { generateUUID } from './ids';
import type { AmazonConnectError, Proxy } from './proxy';
import { StreamsSiteProxy, type StreamsSiteConfig } from './streams-site-proxy';

/**
 * A message-port provider: an id, its config and a lazily created, initialised proxy.
 * @public
 */
export interface AmazonConnectProvider<TConfig = unknown> {
  /** The provider's id. */
  readonly id: string;
  /** The provider's configuration. */
  readonly config: TConfig;
  /** The provider's proxy. */
  getProxy(): Proxy;
  /** Calls `handler` for every error; returns the unsubscribe function. */
  onError(handler: (error: AmazonConnectError) => void): () => void;
  /** Removes an error handler. */
  offError(handler: (error: AmazonConnectError) => void): void;
}

let providerInitialized = false;

/**
 * Base of the providers. The proxy is created on the first {@link ProviderBase.getProxy} call
 * and initialised then.
 * @public
 */
export class ProviderBase<
  TConfig extends object,
  TProxy extends Proxy,
> implements AmazonConnectProvider<TConfig> {
  private readonly _id = generateUUID();
  private proxy: TProxy | undefined;
  private readonly _config: TConfig;
  private readonly proxyFactory: (provider: ProviderBase<TConfig, TProxy>) => TProxy;

  /** A provider with this id, configuration and proxy factory. */
  constructor({
    config,
    proxyFactory,
  }: {
    config: TConfig;
    proxyFactory: (provider: ProviderBase<TConfig, TProxy>) => TProxy;
  }) {
    if (typeof proxyFactory !== 'function') {
      throw new Error('Attempted to get Proxy before setting up factory');
    }
    if (!config) throw new Error('Failed to include config');
    this._config = config;
    this.proxyFactory = proxyFactory;
  }

  /** A UUID identifying this provider on the wire. */
  get id(): string {
    return this._id;
  }

  /** A shallow copy of the configuration. */
  get config(): TConfig {
    return { ...this._config };
  }

  /** The proxy, created and initialised on first use. */
  getProxy(): TProxy {
    if (!this.proxy) {
      this.proxy = this.proxyFactory(this);
      this.proxy.init();
    }
    return this.proxy;
  }

  /** Subscribes to subject errors; returns the unsubscribe function. */
  onError(handler: (error: AmazonConnectError) => void): () => void {
    return this.getProxy().onError(handler);
  }

  /** Removes an error handler. */
  offError(handler: (error: AmazonConnectError) => void): void {
    this.getProxy().offError(handler);
  }

  /** Disposes the proxy (if created); the provider can not be used afterwards. */
  dispose(): void {
    this.proxy?.dispose();
  }

  /**
   * Makes `provider` the page's global provider and starts its connection. A second call throws
   * a {@link ConnectError} with key `attemptInitializeMultipleProviders`.
   */
  static initializeProvider<P extends AmazonConnectProvider>(provider: P): P {
    if (providerInitialized) {
      throw new ConnectError({
        errorKey: MULTIPLE_PROVIDERS_ERROR_KEY,
        reason: MSG_MULTIPLE_PROVIDERS,
        details: hasGlobalProvider() ? { existingProviderId: getGlobalProvider().id } : {},
      });
    }
    setGlobalProvider(provider);
    providerInitialized = true;
    provider.getProxy();
    return provider;
  }

  /** True once {@link ProviderBase.initializeProvider} has run (until {@link ProviderBase.resetInitialization}). */
  static get isInitialized(): boolean {
    return providerInitialized;
  }

  /**
   * Allows a new initialisation (after a terminate, or between tests); does not touch the
   * global provider (use `resetGlobalProvider`).
   */
  static resetInitialization(): void {
    providerInitialized = false;
  }
}

/**
 * The streams-site provider: the host page's end of the CCP iframe's message port.
 *
 * @example
 * ```ts
 * const { provider } = StreamsSiteProvider.init({ instanceUrl: 'https://example.my.connect.aws' });
 * provider.setCCPIframe(iframe);
 * const contact = new ContactClient({ provider });
 * ```
 * @public
 */
export class StreamsSiteProvider extends ProviderBase<StreamsSiteConfig, StreamsSiteProxy> {
  /** A provider for a page embedding the panel with `config`. */
  constructor(config: StreamsSiteConfig) {
    super({ config, proxyFactory: (p) => new StreamsSiteProxy(p) });
  }

  /** Creates the provider, makes it global and starts listening for the CCP's port. */
  static init(config: StreamsSiteConfig): { provider: StreamsSiteProvider } {
    const provider = new StreamsSiteProvider(config);
    ProviderBase.initializeProvider(provider);
    return { provider };
  }

  /** The global provider; throws `AmazonConnectStreamsSite has not been initialized` when unset. */
  static get default(): AmazonConnectProvider {
    return getGlobalProvider(MSG_STREAMS_SITE_NOT_INITIALIZED);
  }

  /** Sets the CCP iframe the handshake must come from. */
  setCCPIframe(iframe: { contentWindow: unknown }): void {
    this.getProxy().setCCPIframe(iframe);
  }
}
