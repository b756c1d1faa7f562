import { ERR, messageForCode } from '@dms/shared/errors/codes';
import { fail, type Envelope } from '@dms/shared/contracts/envelope';

/**
 * A refusal the client should see: an envelope `code` of the spec's catalogue, the HTTP status to answer
 * with, and the message (the catalogue's by default).
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly status: number = 400,
    message: string = messageForCode(code),
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Shorthands for the refusals used across modules. */
export const refuse = {
  /** 400, envelope -1 with a specific message. */
  bad: (msg: string) => new AppError(ERR.GENERAL, 400, msg),
  /** 403, envelope -1 "No permission" (or a more specific message). */
  forbidden: (msg = 'No permission') => new AppError(ERR.GENERAL, 403, msg),
  /** 401, envelope -2: missing, unknown, revoked or idle-expired token. */
  sessionExpired: () => new AppError(ERR.TOKEN_EXPIRED, 401),
  /** 404, envelope -1. */
  notFound: (msg: string) => new AppError(ERR.GENERAL, 404, msg),
};

/** The HTTP status and envelope of an error as the client sees it; unknown errors say nothing more. */
export interface ErrorReply {
  status: number;
  body: Envelope<unknown>;
  /** Whether the error was unexpected (to be logged with its stack). */
  unexpected: boolean;
}

interface HttpLikeError {
  type?: unknown;
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
}

/**
 * Maps any thrown value to the reply. AppError → its code; body-parser errors → -1 with a short reason;
 * anything else → -1 "Internal error" (HTTP 500) without details.
 */
export function toErrorReply(err: unknown): ErrorReply {
  if (err instanceof AppError) {
    return { status: err.status, body: fail(err.code, err.message, err.data), unexpected: false };
  }
  if (err && typeof err === 'object') {
    const e = err as HttpLikeError;
    switch (e.type) {
      case 'entity.parse.failed':
        return { status: 400, body: fail(ERR.GENERAL, 'invalid JSON body'), unexpected: false };
      case 'entity.too.large':
        return {
          status: 413,
          body: fail(ERR.GENERAL, 'request body too large (limit 1 MB)'),
          unexpected: false,
        };
      case 'charset.unsupported':
      case 'encoding.unsupported':
        return { status: 415, body: fail(ERR.GENERAL, 'unsupported body encoding'), unexpected: false };
      default:
        break;
    }
    const status =
      typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : 0;
    if (status >= 400 && status < 500 && e.expose === true) {
      return { status, body: fail(ERR.GENERAL, 'Request fail'), unexpected: false };
    }
  }
  return { status: 500, body: fail(ERR.GENERAL, 'Internal error'), unexpected: true };
}
