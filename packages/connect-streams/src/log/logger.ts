import {
  CLIENT_LOG_INTERVAL_MS,
  CLIENT_LOG_MAX_BATCH,
  CLIENT_LOG_MIN_BATCH,
  LOG_PUSH_INTERVAL_MS,
  LOG_ROLL_INTERVAL_MS,
} from '../constants';
import { ConnectError } from '../errors';
import { format, MESSAGES } from '../messages';
import { redact, redactText } from './redact';

/** Log level names, lowest first. @public */
export const LOG_LEVELS = [
  'TRACE',
  'DEBUG',
  'INFO',
  'LOG',
  'WARN',
  'ERROR',
  'CRITICAL',
] as const satisfies readonly LogLevel[];

/** A log level name. @public */
export type LogLevel = 'TRACE' | 'DEBUG' | 'INFO' | 'LOG' | 'WARN' | 'ERROR' | 'CRITICAL';

/** One log entry. @public */
export interface LogEntry {
  /** The component that logged (e.g. `ccp`, `softphone`). */
  readonly component: string;
  /** The level. */
  readonly level: LogLevel;
  /** The formatted text (sensitive values redacted). */
  readonly text: string;
  /** ISO timestamp. */
  readonly time: string;
  /** The tab that logged. */
  readonly tabId?: string;
  /** The error attached to the entry. */
  readonly exception?: { readonly message: string; readonly stack?: string } | undefined;
  /** Objects attached to the entry (redacted). */
  readonly objects: readonly unknown[];
  /** The entry's sequence number. */
  readonly line: number;
  /** The agent's resource id, once known. */
  readonly agentResourceId?: string;
  /** The logger's id. */
  readonly loggerId: string;
  /** `CCP` (panel) or `Host` (page) side. */
  readonly contextLayer: string;
}

/** Options of a {@link Logger}. @public */
export interface LoggerOptions {
  /** Lowest level kept (default INFO). */
  readonly logLevel?: LogLevel;
  /** Lowest level echoed to the console (default ERROR). */
  readonly consoleLevel?: LogLevel;
  /** Component name on each entry (default 'ccp'). */
  readonly component?: string;
  /** Tab id on each entry. */
  readonly tabId?: string;
  /** Clock (default `Date.now`). */
  readonly now?: () => number;
  /** The layer named on each entry (default 'CRM'; the panel page uses 'CCP'). */
  readonly contextLayer?: string;
}

function levelIndex(level: string): number {
  const i = (LOG_LEVELS as readonly string[]).indexOf(level);
  if (i < 0) throw new ConnectError('invalidLogLevel', format(MESSAGES.invalidLogLevel, level));
  return i;
}

/**
 * The host client's log. Keeps entries at or above the log level (default INFO) in a rolling buffer
 * (rolled every 1800000 ms, keeping the previous window), echoes entries at or above the console
 * level (default ERROR) to the console, and redacts tokens, phone numbers and customer ids.
 * @public
 */
export class Logger {
  private logLevel: number;
  private consoleLevel: number;
  private current: LogEntry[] = [];
  private previous: LogEntry[] = [];
  private rolledAt: number;
  private line = 0;
  private readonly loggerId = Math.random().toString(36).slice(2, 10);
  private readonly component: string;
  private readonly tabId: string | undefined;
  private readonly now: () => number;
  private readonly contextLayer: string;
  private readonly listeners = new Set<(entry: LogEntry) => void>();

  /** A logger with these options. */
  constructor(options: LoggerOptions = {}) {
    this.logLevel = levelIndex(options.logLevel ?? 'INFO');
    this.consoleLevel = levelIndex(options.consoleLevel ?? 'ERROR');
    this.component = options.component ?? 'ccp';
    this.tabId = options.tabId;
    this.now = options.now ?? Date.now;
    this.contextLayer = options.contextLayer ?? 'CRM';
    this.rolledAt = this.now();
  }

  /** Sets the lowest kept level; an unknown name throws. */
  setLogLevel(level: LogLevel): void {
    this.logLevel = levelIndex(level);
  }

  /** Sets the lowest console level; an unknown name throws. */
  setConsoleLevel(level: LogLevel): void {
    this.consoleLevel = levelIndex(level);
  }

  /** Calls `listener` with every kept entry; returns an unsubscribe function. */
  onEntry(listener: (entry: LogEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Writes a TRACE entry; returns it when kept or echoed. */
  trace(text: string, ...objects: unknown[]): LogEntry | undefined {
    return this.write('TRACE', text, objects);
  }
  /** Writes a DEBUG entry; returns it when kept or echoed. */
  debug(text: string, ...objects: unknown[]): LogEntry | undefined {
    return this.write('DEBUG', text, objects);
  }
  /** Writes a INFO entry; returns it when kept or echoed. */
  info(text: string, ...objects: unknown[]): LogEntry | undefined {
    return this.write('INFO', text, objects);
  }
  /** Writes a LOG entry; returns it when kept or echoed. */
  log(text: string, ...objects: unknown[]): LogEntry | undefined {
    return this.write('LOG', text, objects);
  }
  /** Writes a WARN entry; returns it when kept or echoed. */
  warn(text: string, ...objects: unknown[]): LogEntry | undefined {
    return this.write('WARN', text, objects);
  }
  /** Writes a ERROR entry; returns it when kept or echoed. */
  error(text: string, ...objects: unknown[]): LogEntry | undefined {
    return this.write('ERROR', text, objects);
  }

  /** Writes one entry at `level` (an exception may be passed as an `Error` among `objects`). */
  write(level: LogLevel, text: string, objects: readonly unknown[] = []): LogEntry | undefined {
    const index = levelIndex(level);
    if (index < this.logLevel && index < this.consoleLevel) return undefined;
    const error = objects.find((o): o is Error => o instanceof Error);
    const entry: LogEntry = {
      component: this.component,
      level,
      text: redactText(text),
      time: new Date(this.now()).toISOString(),
      ...(this.tabId ? { tabId: this.tabId } : {}),
      exception: error ? { message: redactText(error.message), stack: error.stack } : undefined,
      objects: objects.filter((o) => !(o instanceof Error)).map((o) => redact(o)),
      line: this.line++,
      loggerId: this.loggerId,
      contextLayer: this.contextLayer,
    };
    if (index >= this.consoleLevel) {
      const method =
        index >= levelIndex('ERROR') ? 'error' : index >= levelIndex('WARN') ? 'warn' : 'log';
      console[method](`[${level}] ${entry.text}`, ...entry.objects);
    }
    if (index >= this.logLevel) {
      this.roll();
      this.current.push(entry);
      for (const l of [...this.listeners]) l(entry);
    }
    return entry;
  }

  /** This logger's id (on every entry it writes). */
  get id(): string {
    return this.loggerId;
  }

  /**
   * Keeps an entry written by another logger (e.g. the worker's or the host's, received as `log`),
   * without echoing it or passing it to {@link Logger.onEntry} listeners; entries of this logger and
   * entries below the log level are ignored.
   */
  addEntry(entry: LogEntry): void {
    if (entry.loggerId === this.loggerId) return;
    if (!(LOG_LEVELS as readonly string[]).includes(entry.level)) return;
    if (levelIndex(entry.level) < this.logLevel) return;
    this.roll();
    this.current.push(entry);
  }

  /** Kept entries of the current and previous roll windows, oldest first. */
  getEntries(): readonly LogEntry[] {
    this.roll();
    return [...this.previous, ...this.current];
  }

  /** Saves the entries as a JSON file (`<name>.json`, default 'agent-log') in the browser. */
  download(name = 'agent-log'): void {
    const body = JSON.stringify(this.getEntries(), null, 2);
    const blob = new Blob([body], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `${name}.json`;
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  private roll(): void {
    const t = this.now();
    if (t - this.rolledAt >= LOG_ROLL_INTERVAL_MS) {
      this.previous = this.current;
      this.current = [];
      this.rolledAt = t;
    }
  }
}

/**
 * Pushes kept entries upstream every 1000 ms (`log` to the panel), from the master tab only.
 * @public
 */
export class LogPusher {
  private queue: LogEntry[] = [];
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly unsubscribe: () => void;

  constructor(
    logger: Logger,
    private readonly push: (entries: readonly LogEntry[]) => void,
  ) {
    this.unsubscribe = logger.onEntry((e) => this.queue.push(e));
  }

  /** Starts pushing every 1000 ms. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.flush(), LOG_PUSH_INTERVAL_MS);
  }

  /** Pushes the queued entries now. */
  flush(): void {
    if (this.queue.length === 0) return;
    const entries = this.queue;
    this.queue = [];
    this.push(entries);
  }

  /** Stops and drops everything queued. */
  dispose(): void {
    this.unsubscribe();
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.queue = [];
  }
}

/**
 * Client-log batching: every 5000 ms, and only when at least 50 entries are queued, sends
 * batches of at most 500 through `send` (the `sendClientLogs` operation).
 * @public
 */
export class ClientLogBatcher {
  private queue: LogEntry[] = [];
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly send: (logEvents: readonly LogEntry[]) => void) {}

  /** Queues one entry. */
  add(entry: LogEntry): void {
    this.queue.push(entry);
  }

  /** Number of queued entries. */
  get size(): number {
    return this.queue.length;
  }

  /** Starts the 5000 ms batching interval. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), CLIENT_LOG_INTERVAL_MS);
  }

  /** One interval's work: sends one batch when enough are queued. */
  tick(): void {
    if (this.queue.length < CLIENT_LOG_MIN_BATCH) return;
    const batch = this.queue.splice(0, CLIENT_LOG_MAX_BATCH);
    this.send(batch);
  }

  /** Stops and drops everything queued. */
  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.queue = [];
  }
}
