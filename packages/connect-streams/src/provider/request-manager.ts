import { PROVIDER_REQUEST_TIMEOUT_MS } from '../constants';
import { ConnectError, formatClientTimeoutError } from './connect-error';
import type { RequestMessage, ResponseMessage } from './messages';
import type { ProviderLogger } from './provider-logger';

type ResponseHandler = (msg: ResponseMessage) => void;

/**
 * Correlates requests and responses by `requestId`; each request times out after
 * `max(1, timeoutMs ?? 30000)` ms with the `clientTimeout` object.
 */
export class RequestManager {
  private readonly pending = new Map<string, ResponseHandler>();

  constructor(private readonly logger: ProviderLogger) {}

  /** Registers the request and returns the promise of its response data. */
  processRequest(request: RequestMessage, timeoutMs?: number): Promise<unknown> {
    const ms = Math.max(1, timeoutMs ?? PROVIDER_REQUEST_TIMEOUT_MS);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(request.requestId);
        this.logger.error('Client request timeout', {
          requestId: request.requestId,
          namespace: request.namespace,
          command: request.command,
          timeoutMs: ms,
        });
        // The wire contract rejects with a plain object, not an Error.
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
        reject(formatClientTimeoutError(request, ms));
      }, ms);
      this.pending.set(request.requestId, (msg) => {
        clearTimeout(timer);
        if (msg.isError) {
          reject(
            new ConnectError({
              errorKey: msg.errorKey,
              reason: msg.reason,
              namespace: msg.namespace,
              details: msg.details,
            }),
          );
        } else {
          resolve(msg.data);
        }
      });
    });
  }

  processResponse(msg: ResponseMessage): void {
    const handler = this.pending.get(msg.requestId);
    if (!handler) {
      this.logger.error('Returned a response message with no handler', {
        requestId: msg.requestId,
      });
      return;
    }
    this.pending.delete(msg.requestId);
    handler(msg);
  }

  get size(): number {
    return this.pending.size;
  }
}
