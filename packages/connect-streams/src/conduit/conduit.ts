import type { ConduitMessage, WireEventName } from '@x/connect-streams/protocol';

/**
 * The host end of the page ⇄ panel conduit. `IframeConduit` is the real one;
 * `@x/connect-streams/testing` provides an in-memory one.
 * @public
 */
export interface Conduit {
  /** Sends one envelope to the panel. */
  send(event: WireEventName, data?: unknown): void;
  /** Calls `handler` with every accepted envelope from the panel; returns an unsubscribe function. */
  onMessage(handler: (message: ConduitMessage) => void): () => void;
  /** Stops listening and drops every handler. */
  dispose(): void;
}
