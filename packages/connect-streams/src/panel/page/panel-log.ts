import type { Logger } from '../../log/logger';
import { ClientLogBatcher, type LogEntry } from '../../log/logger';
import { MASTER_TOPICS } from '../../master/master-client';
import { SOFTPHONE_LOG_PUSH_INTERVAL_MS } from '../constants';
import type { PanelSession } from './init-shared-worker';

/** The component name of softphone log entries (the real `LogComponent.SOFTPHONE`). @public */
export const SOFTPHONE_LOG_COMPONENT = 'softphone';

/**
 * Options of {@link startPanelLogPush}.
 * @public
 */
export interface PanelLogPushOptions {
  /** The panel session. */
  readonly session: Pick<PanelSession, 'on' | 'onDownstream' | 'sendUpstream' | 'checkMaster'>;
  /** The panel page's logger (e.g. `new Logger({ component: 'ccp', contextLayer: 'CCP' })`). */
  readonly logger: Logger;
  /**
   * Receives the page's other (non-softphone) entries in client-log batches: every 5000 ms, only
   * when 50 or more are queued, at most 500 at a time (the real `client_side_logs`). Default:
   * sent up to the worker as `send_logs`, which buffers them for `sendClientLogs`.
   */
  readonly onClientSideLogs?: (logs: readonly LogEntry[]) => void;
  /**
   * Queue the embedding page's `server_bound_internal_log` entries into this push's client-log
   * batches, as the real CCP page does (default `true`; give `false` to all but one push).
   */
  readonly acceptHostServerBoundLogs?: boolean;
  /**
   * Save this logger's entries as a file when the embedding page sends
   * `download_log_from_ccp {logName}` (default `true`; give `false` to all but one push).
   */
  readonly handleDownloadRequests?: boolean;
}

const isLogEntry = (value: unknown): value is LogEntry =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { loggerId?: unknown }).loggerId === 'string' &&
  typeof (value as { level?: unknown }).level === 'string' &&
  typeof (value as { text?: unknown }).text === 'string';

/**
 * The panel page's log traffic, as the real CCP page runs it (`scheduleUpstreamLogPush`,
 * `scheduleDownstreamClientSideLogsPush`, the `log` handlers of `initSharedWorker`):
 * - softphone entries are sent up to the worker as `send_logs` every 5000 ms by the
 *   `connect::sendLogs` master only (the worker passes them to every tab as `log` and sends
 *   them with `sendClientLogs` once its buffer holds more than 400);
 * - the page's other entries go out in client-log batches (5000 ms, at least 50, at most 500);
 * - `log` entries from the worker and from the embedding page are kept in the page's log;
 * - the embedding page's `server_bound_internal_log` entries join the client-log batches;
 * - `download_log_from_ccp {logName}` from the embedding page saves the log as a file.
 *
 * Returns a stop function.
 * @public
 */
export function startPanelLogPush(options: PanelLogPushOptions): () => void {
  const { session, logger } = options;
  let toPush: LogEntry[] = [];
  const batcher = new ClientLogBatcher(
    options.onClientSideLogs ?? ((logs) => session.sendUpstream('send_logs', logs)),
  );
  const offEntry = logger.onEntry((entry) => {
    if (entry.component === SOFTPHONE_LOG_COMPONENT) toPush.push(entry);
    else batcher.add(entry);
  });
  const keep = (data: unknown): void => {
    for (const entry of Array.isArray(data) ? data : [data]) {
      if (isLogEntry(entry)) logger.addEntry(entry);
    }
  };
  const offUpstream = session.on('log', keep);
  const offDownstream = session.onDownstream('log', keep);
  const offServerBound =
    options.acceptHostServerBoundLogs === false
      ? () => undefined
      : session.onDownstream('server_bound_internal_log', (data) => {
          for (const entry of Array.isArray(data) ? data : [data]) {
            if (isLogEntry(entry)) batcher.add(entry);
          }
        });
  const offDownload =
    options.handleDownloadRequests === false
      ? () => undefined
      : session.onDownstream('download_log_from_ccp', (data) => {
          const logName = (data as { logName?: unknown } | null)?.logName;
          logger.download(typeof logName === 'string' && logName !== '' ? logName : undefined);
        });
  const timer = setInterval(() => {
    const logs = toPush;
    toPush = [];
    if (logs.length === 0) return;
    void session
      .checkMaster(MASTER_TOPICS.sendLogs)
      .then((status) => {
        if (status.isMaster) session.sendUpstream('send_logs', logs);
      })
      .catch(() => undefined);
  }, SOFTPHONE_LOG_PUSH_INTERVAL_MS);
  batcher.start();
  return () => {
    clearInterval(timer);
    offEntry();
    offUpstream();
    offDownstream();
    offServerBound();
    offDownload();
    batcher.dispose();
  };
}

/** The console methods {@link addNamespaceToLogs} prefixes. */
const CONSOLE_METHODS = ['log', 'error', 'warn', 'info', 'debug'] as const;
/** A console with the methods {@link addNamespaceToLogs} prefixes. @public */
export type PrefixableConsole = Pick<Console, 'log' | 'error' | 'warn' | 'info' | 'debug'>;

/**
 * Prefixes every console line of this page with `[namespace]` (the real
 * `connect.addNamespaceToLogs`, run when the host's `configure` carries
 * `shouldAddNamespaceToLogs`). Returns a function that restores the console.
 * @public
 */
export function addNamespaceToLogs(
  namespace: string,
  target: PrefixableConsole = globalThis.console,
): () => void {
  const originals = CONSOLE_METHODS.map((method) => [method, target[method]] as const);
  for (const [method, original] of originals) {
    target[method] = (...args: unknown[]) => original.apply(target, [`[${namespace}]`, ...args]);
  }
  return () => {
    for (const [method, original] of originals) target[method] = original;
  };
}
