import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * The process logger: JSON lines on stdout (or `destination`: a worker thread's lines go to the gateway's
 * logger), at the configured level. Never logs secrets or tokens.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { svc: 'dms-gateway' },
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'authorization', '*.authorization'],
      censor: '[redacted]',
    },
  } satisfies Parameters<typeof pino>[0];
  return destination ? pino(options, destination) : pino(options);
}
