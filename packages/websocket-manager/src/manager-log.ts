import { LOG_PREFIX, LogLevel } from './constants';
import type { WebSocketManagerOptions } from './types';

/** The manager's log, one function per level; every line carries the manager's prefix. @internal */
export interface ManagerLog {
  debug(message: string, ...data: unknown[]): void;
  info(message: string, ...data: unknown[]): void;
  warn(message: string, ...data: unknown[]): void;
  error(message: string, ...data: unknown[]): void;
  /** `ADVANCED_LOG` lines, written with the logger method `advancedLogWriter` names. */
  advanced(message: string, ...data: unknown[]): void;
}

/**
 * The manager's log over the injected logger: lines below `logLevel` are dropped, and a logger
 * that throws never breaks the socket. Silent without a logger.
 * @internal
 */
export function createManagerLog(options: WebSocketManagerOptions): ManagerLog {
  const logger = options.logger;
  const logLevel = options.logLevel ?? LogLevel.INFO;
  const advancedWriter = options.advancedLogWriter ?? 'warn';
  const methodOf = (level: LogLevel) =>
    level === LogLevel.ADVANCED_LOG
      ? advancedWriter
      : level === LogLevel.ERROR
        ? 'error'
        : level === LogLevel.WARN
          ? 'warn'
          : level === LogLevel.INFO
            ? 'info'
            : 'debug';
  const log = (level: LogLevel, message: string, ...data: unknown[]): void => {
    if (!logger || level < logLevel) return;
    try {
      logger[methodOf(level)](`${LOG_PREFIX} ${message}`, ...data);
    } catch {
      // A broken logger must not break the socket.
    }
  };
  return {
    debug: (message, ...data) => log(LogLevel.DEBUG, message, ...data),
    info: (message, ...data) => log(LogLevel.INFO, message, ...data),
    warn: (message, ...data) => log(LogLevel.WARN, message, ...data),
    error: (message, ...data) => log(LogLevel.ERROR, message, ...data),
    advanced: (message, ...data) => log(LogLevel.ADVANCED_LOG, message, ...data),
  };
}
