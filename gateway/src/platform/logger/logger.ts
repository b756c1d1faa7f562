import { pino, type Logger } from 'pino';

export type { Logger };

/** The process logger: JSON lines on stdout, at the configured level. Never logs secrets or tokens. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { svc: 'dms-gateway' },
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'authorization', '*.authorization'],
      censor: '[redacted]',
    },
  });
}
