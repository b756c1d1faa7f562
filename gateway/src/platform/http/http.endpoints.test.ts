import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERR } from '@dms/shared/errors/codes';
import { MESSAGES } from '@dms/shared/errors/messages';
import { toErrorReply } from '../errors/errors';
import { validationError } from './http.endpoints';

/** The envelope the validator answers for `input` against `schema`. */
function refusalOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a validation failure');
  return toErrorReply(validationError(result.error, input)).body;
}

describe('validation refusals', () => {
  it('forwards the message key a schema put in params.key, with the field and its other params', () => {
    const schema = z.object({
      nickname: z.string().refine(() => false, {
        message: 'nickname: control characters',
        params: { key: 'validation.integerRange', min: 1, max: 9 },
      }),
    });
    expect(refusalOf(schema, { nickname: 'a' })).toMatchObject({
      code: ERR.GENERAL,
      key: 'validation.integerRange',
      params: { field: 'nickname', min: 1, max: 9 },
    });
  });

  it.each([['validation.controlCharacters'], ['validation.bidiControl'], ['validation.integerRange']])(
    'knows the input policy key %s',
    (key) => {
      expect(MESSAGES).toHaveProperty([key]);
    },
  );

  it('maps a missing field to validation.required, whatever message the schema wrote', () => {
    const schema = z.object({ oldPassword: z.string({ error: 'old password is required' }) });
    expect(refusalOf(schema, {})).toMatchObject({
      key: 'validation.required',
      params: { field: 'oldPassword' },
      msg: 'oldPassword: old password is required',
    });
  });

  it.each([
    [z.object({ a: z.string().min(3) }), { a: 'xy' }, 'validation.tooShort', { field: 'a', min: 3 }],
    [z.object({ a: z.string().max(2) }), { a: 'xyz' }, 'validation.tooLong', { field: 'a', max: 2 }],
    [z.object({ a: z.number().min(5) }), { a: 1 }, 'validation.tooSmall', { field: 'a', min: 5 }],
    [z.object({ a: z.number().max(5) }), { a: 9 }, 'validation.tooLarge', { field: 'a', max: 5 }],
    [z.object({ a: z.array(z.number()).min(1) }), { a: [] }, 'validation.tooFew', { field: 'a', min: 1 }],
    [
      z.object({ a: z.array(z.number()).max(1) }),
      { a: [1, 2] },
      'validation.tooMany',
      { field: 'a', max: 1 },
    ],
    [z.object({ a: z.enum(['x', 'y']) }), { a: 'z' }, 'validation.invalidValue', { field: 'a' }],
    [z.object({ a: z.string().regex(/^a/) }), { a: 'b' }, 'validation.invalidFormat', { field: 'a' }],
    [z.object({ a: z.number() }), { a: 'b' }, 'validation.invalidType', { field: 'a', expected: 'number' }],
    [z.object({ a: z.number() }).strict(), { a: 1, b: 2 }, 'validation.unknownField', { field: 'b' }],
  ])('maps a zod issue by its code: %#', (schema, input, key, params) => {
    expect(refusalOf(schema, input)).toMatchObject({ code: ERR.GENERAL, key, params });
  });

  it('recognises a catalogue text written as the schema message and sends its key', () => {
    const schema = z.object({
      providerIds: z.array(z.number()).min(1, { error: MESSAGES['validation.providerRequired'] }),
    });
    expect(refusalOf(schema, { providerIds: [] })).toMatchObject({
      key: 'validation.providerRequired',
      msg: 'providerIds: Do not choose providerId !',
    });
  });

  it('sends no key when the schema gave the issue a spec code of its own', () => {
    const schema = z.object({
      name: z
        .string()
        .refine((s) => s.length > 0, { message: 'role name cannot be empty', params: { code: 108 } }),
    });
    const body = refusalOf(schema, { name: '' });
    expect(body).toMatchObject({ code: 108, msg: 'name: role name cannot be empty' });
    expect(body).not.toHaveProperty('key');
  });

  it('every key it can choose is in the catalogue', () => {
    const generic = [
      'validation.required',
      'validation.invalidType',
      'validation.tooShort',
      'validation.tooLong',
      'validation.tooSmall',
      'validation.tooLarge',
      'validation.tooFew',
      'validation.tooMany',
      'validation.invalidFormat',
      'validation.invalidValue',
      'validation.unknownField',
      'validation.invalid',
    ];
    for (const key of generic) expect(MESSAGES).toHaveProperty([key]);
  });
});
