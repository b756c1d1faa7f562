import type { ErrorRequestHandler } from 'express';
import type { Logger } from '../logger/logger';
import { toErrorReply } from './errors';
import type { Ack, HandshakeError } from '@dms/shared/contracts/live/session';
import type { Envelope } from '@dms/shared/contracts/envelope';

/** The one Express error handler: envelope out, stack only in the log. */
export function expressErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const reply = toErrorReply(err);
    if (reply.unexpected) logger.error({ err, method: req.method, url: req.originalUrl }, 'request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(reply.status).json(reply.body);
  };
}

/**
 * Wraps a socket command handler so its acknowledgement is `{data}` or `{error: {code, msg}}`, with the
 * same mapping as the REST handler.
 */
export function ackHandler<A extends unknown[], T>(
  logger: Logger,
  fn: (...args: A) => Promise<T> | T,
): (...args: [...A, (ack: Ack<T>) => void]) => Promise<void> {
  return async (...args) => {
    const ack = args[args.length - 1] as (ack: Ack<T>) => void;
    const input = args.slice(0, -1) as A;
    try {
      ack({ data: await fn(...input) });
    } catch (err) {
      const reply = toErrorReply(err);
      if (reply.unexpected) logger.error({ err }, 'socket command failed');
      ack({ error: liveError(reply.body) });
    }
  };
}

/** The error of a socket ack or handshake refusal: the envelope's code, msg, and key and params if any. */
export function liveError(body: Envelope<unknown>): HandshakeError {
  const out: HandshakeError = { code: body.code, msg: body.msg };
  if (body.key) out.key = body.key;
  if (body.params) out.params = { ...body.params };
  return out;
}

/** Logs what escapes everything else; an uncaught exception then stops the process through `onFatal`. */
export function installProcessHandlers(logger: Logger, onFatal: (err: unknown) => void): void {
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled promise rejection');
  });
  process.on('uncaughtException', (err) => {
    logger.fatal({ err }, 'uncaught exception');
    onFatal(err);
  });
}
