import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ERR } from '@dms/shared/errors/codes';
import {
  staffCreateBodySchema,
  staffUpdateBodySchema,
  type StaffCreateBody,
  type StaffRow,
  type StaffUpdateBody,
} from '@dms/shared/contracts/http/staff';

/** The fields of the account form that can carry an error. */
export type StaffField = 'account' | 'nickname' | 'password' | 'roleId' | 'providers' | 'currencies';

/** Errors of the account form: one per field, plus one for the whole form. */
export type StaffFormErrors = Partial<Record<StaffField | 'form', string>>;

/** The values of the account form. */
export interface StaffFormValues {
  account: string;
  nickname: string;
  password: string;
  /** On edit: whether a new password is set. */
  changePassword: boolean;
  /** 0 while no role is chosen. */
  roleId: number;
  providers: number[];
  currencies: string[];
}

const FIELDS: readonly StaffField[] = [
  'account',
  'nickname',
  'password',
  'roleId',
  'providers',
  'currencies',
];

/** Which field a server code belongs to; other codes are shown for the whole form. */
export const STAFF_CODE_FIELD: Readonly<Partial<Record<number, StaffField>>> = {
  [ERR.ACCOUNT_EXISTS]: 'account',
  [ERR.USER_EMPTY]: 'account',
  [ERR.PROVIDER_EMPTY]: 'providers',
  [ERR.CURRENCIES_EMPTY]: 'currencies',
  [ERR.ROLE_EMPTY]: 'roleId',
};

/** The form's first values: empty for a new account, the row's for an edit. */
export function initialStaffValues(row: StaffRow | undefined): StaffFormValues {
  return {
    account: row?.account ?? '',
    nickname: row?.nickname ?? '',
    password: '',
    changePassword: false,
    roleId: row?.roleId ?? 0,
    providers: row ? [...row.providers] : [],
    currencies: row ? [...row.currencies] : [],
  };
}

function issueMessage(field: StaffField | 'form', issue: z.core.$ZodIssue, t: TFunction): string {
  const code = (issue as { params?: { code?: unknown } }).params?.code;
  if (typeof code === 'number') return t(`errors:code.${code}`);
  if (field === 'password' && issue.code === 'too_small') {
    return t('permission:validation.passwordMin', { min: Number(issue.minimum) });
  }
  if (issue.code === 'too_big') return t('permission:validation.tooLong', { max: Number(issue.maximum) });
  if (field === 'account') return t('permission:validation.accountChars');
  if (field === 'currencies') return t('permission:validation.currencyCode');
  return t('permission:validation.invalid');
}

type Checked<B> = { ok: true; body: B } | { ok: false; errors: StaffFormErrors };

function collect(issues: readonly z.core.$ZodIssue[], t: TFunction): StaffFormErrors {
  const errors: StaffFormErrors = {};
  for (const issue of issues) {
    const head = issue.path[0];
    const field = FIELDS.find((f) => f === head) ?? 'form';
    errors[field] ??= issueMessage(field, issue, t);
  }
  return errors;
}

/**
 * Checks a new account with the gateway's own schema, so the client refuses what the server would,
 * with the same (localised) messages. An empty password is left out: the gateway then generates one.
 */
export function validateStaffCreate(values: StaffFormValues, t: TFunction): Checked<StaffCreateBody> {
  const body: StaffCreateBody = {
    account: values.account,
    nickname: values.nickname,
    roleId: values.roleId || null,
    providers: values.providers,
    currencies: values.currencies,
    ...(values.password ? { password: values.password } : {}),
  };
  const parsed = staffCreateBodySchema.safeParse(body);
  if (!parsed.success) return { ok: false, errors: collect(parsed.error.issues, t) };
  return { ok: true, body: parsed.data };
}

/** Checks an edit of account `id`; the password is sent only when a new one is being set. */
export function validateStaffUpdate(
  id: number,
  values: StaffFormValues,
  t: TFunction,
): Checked<StaffUpdateBody> {
  const body: StaffUpdateBody = {
    id,
    nickname: values.nickname,
    roleId: values.roleId || null,
    providers: values.providers,
    currencies: values.currencies,
    ...(values.changePassword ? { password: values.password } : {}),
  };
  const parsed = staffUpdateBodySchema.safeParse(body);
  if (!parsed.success) return { ok: false, errors: collect(parsed.error.issues, t) };
  return { ok: true, body: parsed.data };
}
