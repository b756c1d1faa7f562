import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { initialStaffValues, validateStaffCreate, validateStaffUpdate } from './staffFormModel';

const t = i18n.t.bind(i18n);

describe('account form checks', () => {
  it('refuses what the gateway refuses, with the spec messages', () => {
    const result = validateStaffCreate(initialStaffValues(undefined), t);
    expect(result).toEqual({
      ok: false,
      errors: {
        account: 'account name cannot be empty',
        roleId: 'RoleId cannot be empty',
        providers: 'providerId cannot be empty',
        currencies: 'currency_list cannot be empty',
      },
    });
  });

  it('leaves an empty password out of a new account, so the gateway generates one', () => {
    const result = validateStaffCreate(
      {
        ...initialStaffValues(undefined),
        account: ' ops ',
        roleId: 2,
        providers: [1001],
        currencies: ['INR'],
      },
      t,
    );
    expect(result).toEqual({
      ok: true,
      body: { account: 'ops', nickname: '', roleId: 2, providers: [1001], currencies: ['INR'] },
    });
  });

  it('refuses a short password and account names with other characters', () => {
    const result = validateStaffCreate(
      {
        ...initialStaffValues(undefined),
        account: 'a b',
        password: '123',
        roleId: 2,
        providers: [1],
        currencies: ['INR'],
      },
      t,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.password).toBe('Password at least 6 characters');
      expect(result.errors.account).toBe('account name may hold letters, digits and _ . @ - only');
    }
  });

  it('sends a password on edit only when a new one is set, and then checks it', () => {
    const values = { ...initialStaffValues(undefined), roleId: 2, providers: [1], currencies: ['INR'] };
    const unchanged = validateStaffUpdate(4, values, t);
    expect(unchanged.ok && 'password' in unchanged.body).toBe(false);
    const empty = validateStaffUpdate(4, { ...values, changePassword: true }, t);
    expect(empty.ok ? undefined : empty.errors.password).toBe('Password at least 6 characters');
    const set = validateStaffUpdate(4, { ...values, changePassword: true, password: 'long-enough' }, t);
    expect(set.ok && set.body.password).toBe('long-enough');
  });
});
