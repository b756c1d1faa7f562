import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INT_ID_MAX, boundedInt, cleanText, intId, isCleanText, textProblem } from './inputPolicy';
import { loginBodySchema } from './user';
import { roleCreateBodySchema, roleDeleteBodySchema, roleListQuerySchema } from './role';
import { staffCreateBodySchema, staffListQuerySchema } from './staff';
import { auditListQuerySchema } from './audit';
import { gameRecordQuerySchema, summaryQuerySchema } from './stats';

const firstIssue = (r: { success: boolean; error?: z.ZodError }) => r.error?.issues[0];

describe('input policy: text', () => {
  it('refuses every C0 control, DEL and the C1 controls, and accepts the printable neighbours', () => {
    for (let c = 0; c <= 0x1f; c++) expect(isCleanText(`a${String.fromCharCode(c)}b`)).toBe(false);
    for (let c = 0x7f; c <= 0x9f; c++) expect(isCleanText(String.fromCharCode(c))).toBe(false);
    for (const ok of [' ', '~', '\u00a0', 'é', '张三', 'العربية', '😀', '\u200e', '\u200f', '\u2028'])
      expect(isCleanText(ok)).toBe(true);
  });

  it('refuses the bidirectional embeddings, overrides and isolates only', () => {
    for (const c of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069])
      expect(textProblem(`x${String.fromCharCode(c)}y`)?.params).toEqual({ key: 'validation.bidiControl' });
    for (const c of [0x2029, 0x202f, 0x2065, 0x206a])
      expect(textProblem(String.fromCharCode(c))).toBeUndefined();
  });

  it('words a control character before a bidirectional one', () => {
    expect(textProblem('\u202e\u0000')).toEqual({
      message: 'must not contain control characters',
      params: { key: 'validation.controlCharacters' },
    });
  });

  it('adds a custom issue with the message key to any string schema, and lets other outputs pass', () => {
    const schema = cleanText(z.string().optional());
    expect(schema.safeParse(undefined).success).toBe(true);
    const issue = firstIssue(schema.safeParse('a\u0000b'));
    expect(issue).toMatchObject({
      code: 'custom',
      message: 'must not contain control characters',
      params: { key: 'validation.controlCharacters' },
    });
  });
});

describe('input policy: integers', () => {
  it('bounds ids to what an integer column holds, coercing query strings', () => {
    const id = intId();
    expect(id.safeParse('2147483647').data).toBe(INT_ID_MAX);
    for (const bad of [0, -1, 1.5, INT_ID_MAX + 1, 1_700_000_000_000, 2 ** 53, '1e20']) {
      expect(firstIssue(id.safeParse(bad))).toMatchObject({
        code: 'custom',
        message: 'must be a whole number from 1 to 2147483647',
        params: { key: 'validation.integerRange', min: 1, max: INT_ID_MAX },
      });
    }
    expect(firstIssue(boundedInt(0, 9, 'n must be a number').safeParse('abc'))?.message).toBe(
      'n must be a number',
    );
  });
});

describe('input policy in the request schemas', () => {
  const cases: [string, z.ZodType, unknown, string, string][] = [
    [
      'login username',
      loginBodySchema,
      { username: 'a\u0000b', password: 'secret1' },
      'username',
      'validation.controlCharacters',
    ],
    [
      'login password',
      loginBodySchema,
      { username: 'a', password: 'secret\u0000' },
      'password',
      'validation.controlCharacters',
    ],
    [
      'role name',
      roleCreateBodySchema,
      { name: 'R\u0000', permission: ['8000'] },
      'name',
      'validation.controlCharacters',
    ],
    [
      'role description',
      roleCreateBodySchema,
      { name: 'R', description: '\u202eabc', permission: ['8000'] },
      'description',
      'validation.bidiControl',
    ],
    ['role keyword', roleListQuerySchema, { keyword: 'a\u0000' }, 'keyword', 'validation.controlCharacters'],
    ['role id', roleDeleteBodySchema, { id: 2147483648 }, 'id', 'validation.integerRange'],
    [
      'staff nickname',
      staffCreateBodySchema,
      { account: 'a', nickname: 'n\u0000', roleId: 2, providers: [1001], currencies: ['CNY'] },
      'nickname',
      'validation.controlCharacters',
    ],
    [
      'staff roleId',
      staffCreateBodySchema,
      { account: 'a', roleId: 2147483648, providers: [1001], currencies: ['CNY'] },
      'roleId',
      'validation.integerRange',
    ],
    [
      'staff provider',
      staffCreateBodySchema,
      { account: 'a', roleId: 2, providers: [1_700_000_000_000], currencies: ['CNY'] },
      'providers.0',
      'validation.integerRange',
    ],
    [
      'staff list roleId',
      staffListQuerySchema,
      { roleId: '2147483648' },
      'roleId',
      'validation.integerRange',
    ],
    ['audit actorId', auditListQuerySchema, { actorId: '99999999999' }, 'actorId', 'validation.integerRange'],
    [
      'summary providerIds',
      summaryQuerySchema,
      { providerIds: '1700000000000', currencies: 'CNY', startDate: '2026-01-01', endDate: '2026-01-02' },
      'providerIds.0',
      'validation.integerRange',
    ],
    [
      'game-record account',
      gameRecordQuerySchema,
      {
        providerIds: '1001',
        currencies: 'CNY',
        startDate: '2026-01-01',
        endDate: '2026-01-02',
        account: 'p\u0000',
      },
      'account',
      'validation.controlCharacters',
    ],
  ];
  it.each(cases)('refuses a bad %s and names the field', (_name, schema, input, field, key) => {
    const issue = firstIssue(schema.safeParse(input));
    expect(issue?.path.map(String).join('.')).toBe(field);
    expect((issue as { params?: { key?: string } } | undefined)?.params?.key).toBe(key);
  });
});
