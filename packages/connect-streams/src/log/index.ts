export { Logger, LogPusher, ClientLogBatcher, LOG_LEVELS } from './logger';
export type { LogEntry, LogLevel, LoggerOptions } from './logger';
export { redact, redactText } from './redact';
