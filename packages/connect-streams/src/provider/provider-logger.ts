import { generateStringId } from './ids';
import { LogLevel } from './messages';

/**
 * One log entry as handed to the proxy (before it is wrapped in an upstream `log` message).
 * @public
 */
export interface ProxyLogData {
  /** The level. */
  level: LogLevel;
  /** The logger's source. */
  source: string;
  /** The message. */
  message: string;
  /** The logger's id. */
  loggerId: string;
  /** Data attached to the line. */
  data?: Record<string, unknown> | undefined;
}

/**
 * Per-call logging options.
 * @public
 */
export interface LogOptions {
  /** Keep the entry local: do not send it upstream. */
  remoteIgnore?: boolean;
  /** Also write the entry to the console whatever its level. */
  duplicateMessageToConsole?: boolean;
}

/** Where a logger sends its entries (normally a proxy's `log`). */
export type LogSink = (entry: ProxyLogData) => void;

const consoleMethod = {
  1: 'debug',
  2: 'debug',
  3: 'info',
  4: 'warn',
  5: 'error',
} as const satisfies Record<LogLevel, keyof Console>;

/**
 * A small logger for the provider's own parts: every entry is forwarded upstream through the
 * sink (unless `remoteIgnore`) and written to the console from `minConsoleLevel` (default error).
 * @public
 */
export class ProviderLogger {
  private readonly loggerId: string;

  /** A logger of `source` that writes to the sink. */
  constructor(
    private readonly source: string,
    private readonly sink: () => LogSink | undefined,
    private readonly mixin: () => Record<string, unknown> = () => ({}),
    private readonly minConsoleLevel: LogLevel = LogLevel.error,
  ) {
    this.loggerId = generateStringId(8);
  }

  /** Logs at trace level. */
  trace(message: string, data?: Record<string, unknown>, options?: LogOptions): void {
    this.write(LogLevel.trace, message, data, options);
  }
  /** Logs at debug level. */
  debug(message: string, data?: Record<string, unknown>, options?: LogOptions): void {
    this.write(LogLevel.debug, message, data, options);
  }
  /** Logs at info level. */
  info(message: string, data?: Record<string, unknown>, options?: LogOptions): void {
    this.write(LogLevel.info, message, data, options);
  }
  /** Logs at warn level. */
  warn(message: string, data?: Record<string, unknown>, options?: LogOptions): void {
    this.write(LogLevel.warn, message, data, options);
  }
  /** Logs at error level. */
  error(message: string, data?: Record<string, unknown>, options?: LogOptions): void {
    this.write(LogLevel.error, message, data, options);
  }

  private write(
    level: LogLevel,
    message: string,
    data: Record<string, unknown> | undefined,
    options: LogOptions | undefined,
  ): void {
    const full = { ...this.mixin(), ...data };
    if (!options?.remoteIgnore) {
      try {
        this.sink()?.({ level, source: this.source, message, loggerId: this.loggerId, data: full });
      } catch {
        // A failing sink must never break the caller.
      }
    }
    if (level >= this.minConsoleLevel || options?.duplicateMessageToConsole) {
      console[consoleMethod[level]](`[${this.source}] ${message}`, full);
    }
  }
}
