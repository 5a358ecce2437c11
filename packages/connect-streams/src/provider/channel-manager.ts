import type {
  ChildConnectionCloseMessage,
  ChildDownstreamMessage,
  ChildUpstreamMessage,
} from './messages';
import type { ProviderLogger } from './provider-logger';

/**
 * A child iframe channel: its messages arrive on `port`.
 * @public
 */
export interface ChildIframeChannelParams {
  /** The channel's connection id. */
  connectionId: string;
  /** The provider's id. */
  providerId: string;
  /** The message port to the child iframe. */
  port: MessagePort;
}

/**
 * A child component channel in the same window: the parent hands it downstream messages
 * and receives its upstream messages through the handler it installs.
 * @public
 */
export interface ChildComponentChannelParams {
  /** The channel's connection id. */
  connectionId: string;
  /** The provider's id. */
  providerId: string;
  /** Sends a message down to the child component. */
  sendDownstreamMessage: (message: unknown) => void;
  /** Sets the handler of messages from the child component. */
  setUpstreamMessageHandler: (handler: (message: unknown) => void) => void;
}

interface Channel {
  providerId: string;
  send: (message: unknown) => void;
  close: () => void;
}

/**
 * Relays child channels through the parent's connection: upstream messages are wrapped in
 * `childUpstream`, downstream `childDownstreamMessage`s are routed by connection id and checked
 * against the child's provider id.
 */
export class ChannelManager {
  private readonly channels = new Map<string, Channel>();

  constructor(
    private readonly parentProviderId: () => string,
    private readonly relay: (msg: ChildUpstreamMessage) => void,
    private readonly logger: ProviderLogger,
  ) {}

  addChildIframeChannel(params: ChildIframeChannelParams): void {
    if (this.refuseDuplicate(params.connectionId)) return;
    this.setupPort(params);
  }

  addChildComponentChannel(params: ChildComponentChannelParams): void {
    if (this.refuseDuplicate(params.connectionId)) return;
    const { connectionId, providerId } = params;
    params.setUpstreamMessageHandler((message) => this.relayUp(connectionId, providerId, message));
    this.channels.set(connectionId, {
      providerId,
      send: params.sendDownstreamMessage,
      close: () => params.setUpstreamMessageHandler(() => undefined),
    });
    this.relayUp(connectionId, providerId, { type: 'childConnectionReady' });
  }

  updateChildIframeChannelPort(params: ChildIframeChannelParams): void {
    const existing = this.channels.get(params.connectionId);
    if (!existing) {
      this.logger.error('Attempted to update child connection that does not exist No action', {
        connectionId: params.connectionId,
      });
      return;
    }
    existing.close();
    this.setupPort(params);
  }

  handleDownstreamMessage({
    connectionId,
    targetProviderId,
    message,
  }: ChildDownstreamMessage): void {
    const channel = this.channels.get(connectionId);
    if (!channel) {
      this.logger.warn(
        'Attempted to route downstream message to child message port that does not exist',
        { connectionId },
      );
      return;
    }
    if (channel.providerId && channel.providerId !== targetProviderId) {
      this.logger.error(
        'Downstream target message did not match target provider id. Not sending message.',
        { connectionId, targetProviderId, actualProviderId: channel.providerId },
      );
      return;
    }
    channel.send(message);
  }

  handleCloseMessage({ connectionId }: ChildConnectionCloseMessage): void {
    const channel = this.channels.get(connectionId);
    if (!channel) {
      this.logger.warn('Attempted to close child message port that was not found', {
        connectionId,
      });
      return;
    }
    channel.close();
    this.channels.delete(connectionId);
  }

  closeAll(): void {
    for (const channel of this.channels.values()) channel.close();
    this.channels.clear();
  }

  private refuseDuplicate(connectionId: string): boolean {
    if (!this.channels.has(connectionId)) return false;
    this.logger.error('Attempted to add child connection that already exists. No action', {
      connectionId,
    });
    return true;
  }

  private setupPort({ connectionId, providerId, port }: ChildIframeChannelParams): void {
    const handler = (evt: MessageEvent): void => this.relayUp(connectionId, providerId, evt.data);
    port.addEventListener('message', handler);
    port.start();
    this.channels.set(connectionId, {
      providerId,
      send: (message) => port.postMessage(message),
      close: () => {
        port.removeEventListener('message', handler);
        port.close();
      },
    });
    this.relayUp(connectionId, providerId, { type: 'childConnectionReady' });
  }

  private relayUp(connectionId: string, sourceProviderId: string, message: unknown): void {
    this.relay({
      type: 'childUpstream',
      connectionId,
      sourceProviderId,
      parentProviderId: this.parentProviderId(),
      message: message as ChildUpstreamMessage['message'],
    });
  }
}
