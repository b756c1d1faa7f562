import { ERR, messageForCode } from '@dms/shared/errors/codes';
import { fail, type Envelope } from '@dms/shared/contracts/envelope';
import {
  englishText,
  message,
  type Message,
  type MessageArgs,
  type MessageKey,
  type MessageParams,
} from '@dms/shared/errors/messages';

/** A message of the catalogue, optionally with the exact English text to send as `msg`. */
export interface RefusalMessage {
  key: MessageKey;
  params?: MessageParams | undefined;
  /** The English `msg` when it is not the key's template (a validation message naming the field). */
  text?: string;
}

/**
 * A refusal the client should see: an envelope `code` of the spec's catalogue, the HTTP status to answer
 * with and, where one code covers several cases, the message key and its parameters (`msg` is the key's
 * English text, or the catalogue's message of the code when there is no key). See
 * `shared/src/errors/messages.ts` for the convention.
 */
export class AppError extends Error {
  readonly key: MessageKey | undefined;
  readonly params: MessageParams | undefined;

  constructor(
    readonly code: number,
    readonly status: number = 400,
    refusal?: RefusalMessage,
    readonly data: unknown = null,
    /** The English `msg` of a refusal without a key, when it is not the code's catalogue message. */
    text?: string,
  ) {
    super(
      refusal ? (refusal.text ?? englishText(refusal.key, refusal.params)) : (text ?? messageForCode(code)),
    );
    this.name = 'AppError';
    this.key = refusal?.key;
    this.params = refusal?.params;
  }
}

/**
 * Shorthands for the refusals used across modules: envelope -1 with a message key of the catalogue and
 * its parameters (`refuse.bad('role.unknownPermission', {code})`); TypeScript checks both.
 */
export const refuse = {
  /** 400, envelope -1. */
  bad: <K extends MessageKey>(key: K, ...args: MessageArgs<K>) =>
    new AppError(ERR.GENERAL, 400, message(key, ...args)),
  /** 403, envelope -1 "No permission" (`access.noPermission`), or a more specific message. */
  forbidden: <K extends MessageKey = 'access.noPermission'>(
    key: K = 'access.noPermission' as K,
    ...args: MessageArgs<K>
  ) => new AppError(ERR.GENERAL, 403, message(key, ...args)),
  /** 401, envelope -2: missing, unknown, revoked or idle-expired token. */
  sessionExpired: () => new AppError(ERR.TOKEN_EXPIRED, 401),
  /** 404, envelope -1. */
  notFound: <K extends MessageKey>(key: K, ...args: MessageArgs<K>) =>
    new AppError(ERR.GENERAL, 404, message(key, ...args)),
  /** 409, envelope -1. */
  conflict: <K extends MessageKey>(key: K, ...args: MessageArgs<K>) =>
    new AppError(ERR.GENERAL, 409, message(key, ...args)),
};

/** A message as {@link AppError} takes it, from a key and its parameters. */
export function refusal<K extends MessageKey>(key: K, ...args: MessageArgs<K>): Message<K> {
  return message(key, ...args);
}

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
    const keyed = err.key ? { key: err.key, params: err.params } : undefined;
    return { status: err.status, body: fail(err.code, err.message, err.data, keyed), unexpected: false };
  }
  // The router could not percent-decode a path parameter (`/api/avatar/%ZZ`): the request is malformed.
  if (err instanceof URIError) {
    return { status: 400, body: failWith(ERR.GENERAL, 'request.invalid'), unexpected: false };
  }
  if (err && typeof err === 'object') {
    const e = err as HttpLikeError;
    switch (e.type) {
      case 'entity.parse.failed':
        return { status: 400, body: failWith(ERR.GENERAL, 'request.invalidJson'), unexpected: false };
      case 'entity.too.large':
        return {
          status: 413,
          body: failWith(ERR.GENERAL, 'request.tooLarge', { limit: '1 MB' }),
          unexpected: false,
        };
      case 'charset.unsupported':
      case 'encoding.unsupported':
        return { status: 415, body: failWith(ERR.GENERAL, 'request.unsupportedEncoding'), unexpected: false };
      default:
        break;
    }
    const status =
      typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : 0;
    if (status >= 400 && status < 500 && e.expose === true) {
      return { status, body: failWith(ERR.GENERAL, 'request.failed'), unexpected: false };
    }
  }
  return { status: 500, body: failWith(ERR.GENERAL, 'server.internal'), unexpected: true };
}

/**
 * A failure envelope with a message key: `msg` is the key's English text. For the routes that answer
 * outside the thrown-error path (rate limiters, the ingest router, health, 404s).
 */
export function failWith<K extends MessageKey>(
  code: number,
  key: K,
  ...args: MessageArgs<K>
): Envelope<unknown> {
  const m = message(key, ...args);
  return fail(code, englishText(m.key, m.params), null, m);
}
