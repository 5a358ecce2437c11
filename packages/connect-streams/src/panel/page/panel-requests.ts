// Requests a panel page sends up to the worker, matched with their answers by request id: CTI
// calls (`api_request` / `api_response`) and master-topic requests (`master_request` /
// `master_response`).
import { PanelApiError } from './panel-api-error';
import { randomId } from './panel-ids';

/** Sends one event up to the worker. */
type SendUpstream = (event: string, data?: unknown) => void;

/** The requests of one panel session that still wait for the worker's answer. */
export class PanelRequests {
  private readonly masterWaiting = new Map<string, (data: unknown) => void>();
  private readonly pending = new Map<
    string,
    { resolve: (d: unknown) => void; reject: (e: unknown) => void }
  >();
  private readonly sendUpstream: SendUpstream;

  /** Requests sent with `sendUpstream`. */
  constructor(sendUpstream: SendUpstream) {
    this.sendUpstream = sendUpstream;
  }

  /** Calls a CTI method through the worker (`api_request`); rejects with {@link PanelApiError}. */
  call(method: string, callParams: Record<string, unknown>): Promise<unknown> {
    const requestId = randomId();
    return new Promise((resolve, reject) => {
      this.pending.set(requestId, { resolve, reject });
      this.sendUpstream('api_request', {
        event: 'api_request',
        requestId,
        method,
        params: callParams,
      });
    });
  }

  /** Asks the worker who is master of a topic (`master_request checkMaster`). */
  checkMaster(
    topic: string,
    shouldNotBecomeMasterIfNone: boolean,
  ): Promise<{ readonly isMaster: boolean; readonly masterId: string | null }> {
    return this.masterRequest('checkMaster', {
      topic,
      ...(shouldNotBecomeMasterIfNone ? { shouldNotBecomeMasterIfNone } : {}),
    }).then((data) => {
      const d = (data ?? {}) as { isMaster?: unknown; masterId?: unknown };
      return {
        isMaster: d.isMaster === true,
        masterId: typeof d.masterId === 'string' ? d.masterId : null,
      };
    });
  }

  /** Makes this page master of a topic (`master_request becomeMaster`). */
  becomeMaster(topic: string): Promise<void> {
    return this.masterRequest('becomeMaster', { topic }).then(() => undefined);
  }

  /** Settles the request an upstream `master_response` or `api_response` answers, if any. */
  settle(event: string, data: unknown): void {
    if (event === 'master_response' && typeof data === 'object' && data !== null) {
      const { requestId } = data as { requestId?: unknown };
      const waiting = typeof requestId === 'string' ? this.masterWaiting.get(requestId) : undefined;
      if (waiting && typeof requestId === 'string') {
        this.masterWaiting.delete(requestId);
        waiting((data as { data?: unknown }).data);
      }
    }
    if (event === 'api_response' && typeof data === 'object' && data !== null) {
      const response = data as { requestId?: unknown; data?: unknown; err?: unknown };
      const waiting =
        typeof response.requestId === 'string' ? this.pending.get(response.requestId) : undefined;
      if (waiting && typeof response.requestId === 'string') {
        this.pending.delete(response.requestId);
        if (response.err) {
          let detail: unknown;
          try {
            detail = typeof response.err === 'string' ? JSON.parse(response.err) : response.err;
          } catch {
            detail = response.err;
          }
          waiting.reject(new PanelApiError(detail, response.data));
        } else {
          waiting.resolve(response.data);
        }
      }
    }
  }

  /** Forgets the master-topic requests still waiting (the session closed). */
  clearMasterWaiting(): void {
    this.masterWaiting.clear();
  }

  private masterRequest(method: string, masterParams: Record<string, unknown>): Promise<unknown> {
    const requestId = randomId();
    return new Promise((resolve) => {
      this.masterWaiting.set(requestId, resolve);
      this.sendUpstream('master_request', {
        event: 'master_request',
        requestId,
        method,
        params: masterParams,
      });
    });
  }
}
