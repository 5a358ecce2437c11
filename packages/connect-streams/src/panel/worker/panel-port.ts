/**
 * What the worker engine needs of a port: a `MessagePort` (from a SharedWorker's `connect`
 * event or a `MessageChannel`) satisfies it.
 * @public
 */
export interface PanelPort {
  /** Sends one `{event, data}` envelope to the page behind the port. */
  postMessage(message: unknown): void;
  /** Listens for the page's envelopes. */
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
  /** Starts delivery (a `MessagePort` needs it when `addEventListener` is used). */
  start?(): void;
}
