// `connect.getLog()`: the original's chainable log entries over the panel's typed logger, or over
// a standalone one before `initCCP`.
import { Logger, type LogLevel } from '../log/logger';

/**
 * A log entry handle returned by `connect.getLog().info(...)`, chainable like the original.
 * @public
 */
export interface CompatLogEntry {
  /** Attaches an object to the entry. */
  withObject(obj: unknown): CompatLogEntry;
  /** Attaches an error to the entry. */
  withException(err: unknown): CompatLogEntry;
  /** Attaches an event object from another origin (copied, not referenced). */
  withCrossOriginEventObject(obj: unknown): CompatLogEntry;
  /** Sends the entry to the server with the panel's client logs. */
  sendInternalLogToServer(): CompatLogEntry;
}

/**
 * `connect.getLog()`.
 * @public
 */
export interface CompatLogger {
  /** Logs at TRACE. */
  trace(format: string, ...args: unknown[]): CompatLogEntry;
  /** Logs at DEBUG. */
  debug(format: string, ...args: unknown[]): CompatLogEntry;
  /** Logs at INFO. */
  info(format: string, ...args: unknown[]): CompatLogEntry;
  /** Logs at LOG. */
  log(format: string, ...args: unknown[]): CompatLogEntry;
  /** Logs at WARN. */
  warn(format: string, ...args: unknown[]): CompatLogEntry;
  /** Logs at ERROR. */
  error(format: string, ...args: unknown[]): CompatLogEntry;
  /** Downloads the log as a file named `name`. */
  download(name?: string): void;
  /** Sets the lowest level kept in the log (`connect.LogLevel` names). */
  setLogLevel(level: string): void;
  /** Sets the lowest level echoed to the console (`connect.LogLevel` names). */
  setEchoLevel(level: string): void;
  /** The typed logger underneath. */
  readonly logger: Logger;
}

const toLevel = (level: string): LogLevel => level.toUpperCase() as LogLevel;

/** The original's `sprintf`: each `%s` takes the next argument. */
export function formatArgs(fmt: string, args: unknown[]): string {
  let i = 0;
  return fmt.replace(/%s/g, () => (i < args.length ? String(args[i++]) : '%s'));
}

/** `connect.getLog()`, writing to the panel's log (`panelLog()`) once there is one. */
export function createCompatLog(panelLog: () => Logger | undefined): CompatLogger {
  const standaloneLogger = new Logger();
  const entry =
    (level: 'trace' | 'debug' | 'info' | 'log' | 'warn' | 'error') =>
    (fmt: string, ...args: unknown[]): CompatLogEntry => {
      const logger = panelLog() ?? standaloneLogger;
      const written = logger[level](formatArgs(fmt, args));
      const objects = (written as { objects?: unknown[] } | undefined)?.objects;
      const chain: CompatLogEntry = {
        withObject: (obj) => (Array.isArray(objects) && objects.push(obj), chain),
        withException: (err) => (Array.isArray(objects) && objects.push(err), chain),
        withCrossOriginEventObject: (obj) => (Array.isArray(objects) && objects.push(obj), chain),
        sendInternalLogToServer: () => chain,
      };
      return chain;
    };
  const log: CompatLogger = {
    trace: entry('trace'),
    debug: entry('debug'),
    info: entry('info'),
    log: entry('log'),
    warn: entry('warn'),
    error: entry('error'),
    download: (name) => (panelLog() ?? standaloneLogger).download(name),
    setLogLevel: (level) => log.logger.setLogLevel(toLevel(level)),
    setEchoLevel: (level) => log.logger.setConsoleLevel(toLevel(level)),
    get logger() {
      return panelLog() ?? standaloneLogger;
    },
  };
  return log;
}
