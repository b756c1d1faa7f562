import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR } from '@dms/shared/errors/codes';
import { PERM } from '@dms/shared/permissions/codes';
import type { Currency, Provider } from '@dms/shared/contracts/http/user';
import { createStaff, startTestApp, type TestApp } from '../../testing/testing.app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('base data', () => {
  it('gives the super account every seeded provider and currency', async () => {
    const providers = (await t.call<Provider[]>('GET', '/base/providers', { token: t.adminToken })).body.data;
    expect(providers.map((p) => p.id)).toEqual([1001, 1002, 1003, 1004, 1005, 1006]);
    expect(providers.every((p) => p.name.length > 0)).toBe(true);
    const currencies = (await t.call<Currency[]>('GET', '/base/currencies', { token: t.adminToken })).body
      .data;
    expect(currencies.map((c) => c.code)).toEqual(
      expect.arrayContaining(['CNY', 'USD', 'INR', 'EUR', 'THB', 'VND', 'PHP']),
    );
  });

  it('gives a staff account only its own providers and currencies', async () => {
    const s = await createStaff(t, {
      codes: [PERM.RISK_DATA],
      providers: [1005, 1003],
      currencies: ['VND', 'EUR'],
    });
    const providers = (await t.call<Provider[]>('GET', '/base/providers', { token: s.token })).body.data;
    expect(providers.map((p) => p.id)).toEqual([1003, 1005]);
    const currencies = (await t.call<Currency[]>('GET', '/base/currencies', { token: s.token })).body.data;
    expect(currencies.map((c) => c.code).sort()).toEqual(['EUR', 'VND']);
  });

  it('refuses a visitor without a token with -2', async () => {
    const res = await t.call('GET', '/base/providers');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(ERR.TOKEN_EXPIRED);
  });
});
