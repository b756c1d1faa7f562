import { describe, expect, it, vi } from 'vitest';
import { ERR } from '@dms/shared/errors/codes';
import { createLogger } from '../logger/logger';
import { AppError, refuse, toErrorReply } from './errors';
import { ackHandler } from './errors.handler';

describe('toErrorReply', () => {
  it("answers an AppError with its code, status and the catalogue's message", () => {
    expect(toErrorReply(new AppError(ERR.ROLE_IN_USE, 409))).toEqual({
      status: 409,
      body: { code: 107, msg: 'delete failed because an account owns the role', data: null },
      unexpected: false,
    });
  });

  it('hides an unknown error behind -1 "Internal error" and marks it for the log', () => {
    const reply = toErrorReply(new Error('SELECT secret FROM somewhere failed'));
    expect(reply).toEqual({
      status: 500,
      body: { code: -1, msg: 'Internal error', data: null, key: 'server.internal' },
      unexpected: true,
    });
  });

  it('sends the message key and its parameters beside code and the English msg', () => {
    expect(toErrorReply(refuse.bad('role.unknownPermission', { code: '77' })).body).toEqual({
      code: -1,
      msg: 'unknown permission code 77',
      data: null,
      key: 'role.unknownPermission',
      params: { code: '77' },
    });
  });

  it('leaves key out for a code that says it all', () => {
    expect(toErrorReply(new AppError(ERR.ROLE_IN_USE, 409)).body).not.toHaveProperty('key');
  });
});

describe('ackHandler', () => {
  const logger = createLogger('silent');

  it('acknowledges a result as {data}', async () => {
    const ack = vi.fn();
    await ackHandler(logger, (n: number) => n * 2)(21, ack);
    expect(ack).toHaveBeenCalledWith({ data: 42 });
  });

  it('acknowledges a refusal as {error: {code, msg, key}} like the REST envelope', async () => {
    const ack = vi.fn();
    await ackHandler(logger, () => {
      throw refuse.forbidden();
    })(ack);
    expect(ack).toHaveBeenCalledWith({ error: { code: -1, msg: 'No permission', key: 'access.noPermission' } });
  });
});
