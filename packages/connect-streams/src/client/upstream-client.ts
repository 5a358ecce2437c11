import { REQUEST_TIMEOUT_MS } from '../constants';
import type { Conduit } from '../conduit/conduit';
import { ConnectError } from '../errors';
import { MESSAGES } from '../messages';
import { randomId } from '../util';
import type { WireEventName } from '@x/connect-streams/protocol';

/**
 * The error shape a failed panel request carries: type, message, stack
 * list, retryStatus and an optional statusCode.
 * @public
 */
export interface CcpErrorShape {
  /** The error type, e.g. `clientTimeout`, `AccessDenied`, `InvalidState`. */
  readonly type?: string;
  /** A human-readable message. */
  readonly message?: string;
  /** The stack lines the panel reported. */
  readonly stack?: readonly string[];
  /** For retried calls: `retrying` while retries remain, `exhausted` after the last one. */
  readonly retryStatus?: 'retrying' | 'exhausted' | 'none';
  /** The HTTP status of the service call, when there was one. */
  readonly statusCode?: number;
  /** Any other field the panel sent. */
  readonly [key: string]: unknown;
}

/**
 * A panel request that failed: `error` is the panel's error object (the real worker sends it as a
 * JSON string; it is parsed here), `data` whatever the response carried.
 * @public
 */
export class CcpRequestError extends ConnectError {
  /** The operation that failed. */
  readonly method: string;
  /** The panel's error object. */
  readonly error: CcpErrorShape;
  /** The response data, if any. */
  readonly data: unknown;
  /** The `err` of the response exactly as the panel sent it (the real worker: a JSON string). */
  readonly raw: unknown;

  /** Wraps the panel's error `error` for the call `method` with request `data`. */
  constructor(method: string, error: CcpErrorShape, data: unknown, raw: unknown = error) {
    super(error.type ?? 'requestFailed', error.message ?? `${method} failed`);
    this.name = 'CcpRequestError';
    this.method = method;
    this.error = error;
    this.data = data;
    this.raw = raw;
  }
}

interface Pending {
  readonly method: string;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

/** Options of one request. @public */
export interface RequestOptions {
  /** Timeout in ms (default 30000). */
  readonly timeoutMs?: number;
}

/** The request channel to the panel, as used by agent, contact and connection actions. @public */
export interface RequestChannel {
  /** Sends `method` with `params`; resolves with the response data, rejects with an error. */
  request<T = unknown>(method: string, params?: unknown, options?: RequestOptions): Promise<T>;
}

function toErrorShape(err: unknown): CcpErrorShape {
  if (typeof err === 'string') {
    try {
      const parsed: unknown = JSON.parse(err);
      if (typeof parsed === 'object' && parsed !== null) return parsed as CcpErrorShape;
    } catch {
      // not JSON: use it as the message
    }
    return { message: err };
  }
  if (typeof err === 'object' && err !== null) return err as CcpErrorShape;
  return { message: String(err) };
}

/**
 * Request/response over the conduit, matched by `requestId`. `api_request` for the
 * CTI client channel, `master_request` for the master client. A request with no response within
 * 30 s fails with a {@link ConnectError} of key `clientTimeout` and reason 'Client Timeout',
 * carrying the command, the request data and timeoutMs.
 * @public
 */
export class UpstreamClient implements RequestChannel {
  private readonly pending = new Map<string, Pending>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly conduit: Conduit,
    private readonly requestEvent: WireEventName = 'api_request',
    private readonly responseEvent: WireEventName = 'api_response',
  ) {
    this.unsubscribe = conduit.onMessage((message) => {
      if (message.event === this.responseEvent) this.handleResponse(message.data);
    });
  }

  request<T = unknown>(method: string, params?: unknown, options?: RequestOptions): Promise<T> {
    const requestId = randomId();
    const timeoutMs = options?.timeoutMs ?? REQUEST_TIMEOUT_MS;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(requestId);
        reject(
          new ConnectError('clientTimeout', MESSAGES.clientTimeout, {
            command: method,
            requestData: params,
            timeoutMs,
          }),
        );
      }, timeoutMs);
      this.pending.set(requestId, {
        method,
        resolve: resolve as (value: unknown) => void,
        reject,
        timer,
      });
      this.conduit.send(this.requestEvent, {
        event: this.requestEvent,
        requestId,
        method,
        params: params ?? {},
      });
    });
  }

  /** Fails every pending request and stops listening. */
  dispose(): void {
    this.unsubscribe();
    for (const [, p] of this.pending) clearTimeout(p.timer);
    this.pending.clear();
  }

  private handleResponse(raw: unknown): void {
    if (typeof raw !== 'object' || raw === null) return;
    const response = raw as { requestId?: unknown; data?: unknown; err?: unknown };
    if (typeof response.requestId !== 'string') return;
    const entry = this.pending.get(response.requestId);
    if (!entry) return;
    this.pending.delete(response.requestId);
    clearTimeout(entry.timer);
    if (response.err)
      entry.reject(
        new CcpRequestError(entry.method, toErrorShape(response.err), response.data, response.err),
      );
    else entry.resolve(response.data ?? {});
  }
}
