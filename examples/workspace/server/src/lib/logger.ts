// Structured JSON logs (pino). Request lines carry the request id; headers, query strings and
// bodies are never logged, and the redaction below is a second guard for secrets.
import { pino, type DestinationStream, type Logger } from 'pino';

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'workspace-server' },
      redact: {
        paths: [
          'token',
          '*.token',
          'password',
          '*.password',
          'authorization',
          '*.authorization',
          'headers',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
