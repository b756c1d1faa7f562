import type { UserInfo } from '@dms/shared/contracts/http/user';
import { parsePermissionList } from '@dms/shared/permissions/codes';

/** A currency of the account's base data, shaped for selects: key, label and value (spec section 3). */
export interface CurrencyOption {
  key: string;
  label: string;
  value: string;
}

/** What the session derives from `GET /user/info`. */
export interface SessionProfile {
  info: UserInfo;
  /** The permission codes of the account's role. */
  roles: string[];
  /** The provider ids of `h5_channel_power`. */
  providerIds: number[];
  currencies: CurrencyOption[];
}

/** Messages of the spec's section 5 for an unusable user info. */
export const INFO_ERRORS = {
  noData: 'Verification failed, please Login again.',
  roles: 'getInfo: roles must be a non-null array!',
  baseData: 'getInfo: base data must be a non-null array!',
} as const;

/** The error of a refused user info; `key` is its message key in the `errors` namespace. */
export class UserInfoError extends Error {
  constructor(
    message: string,
    readonly key: 'noData' | 'roles' | 'baseData',
  ) {
    super(message);
    this.name = 'UserInfoError';
  }
}

function parseProviderIds(text: string): number[] {
  try {
    const parsed: unknown = JSON.parse(text || '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.map(Number).filter((n) => Number.isInteger(n));
  } catch {
    return [];
  }
}

/**
 * Checks `GET /user/info` as the spec's section 5 says, and derives the permission codes, provider ids and
 * currencies. Throws a `UserInfoError` when there is no info, no permission code, or no provider or currency.
 */
export function deriveSessionProfile(info: UserInfo | null | undefined): SessionProfile {
  if (!info || typeof info !== 'object') throw new UserInfoError(INFO_ERRORS.noData, 'noData');
  const roles = parsePermissionList(info.permission);
  if (roles.length === 0) throw new UserInfoError(INFO_ERRORS.roles, 'roles');
  const providerIds = parseProviderIds(info.h5_channel_power);
  const names = new Map((info.currencies ?? []).map((c) => [c.code, c.name]));
  const currencies = parsePermissionList(info.currency_list).map((code) => ({
    key: code,
    label: names.get(code) ?? code,
    value: code,
  }));
  if (providerIds.length === 0 || currencies.length === 0)
    throw new UserInfoError(INFO_ERRORS.baseData, 'baseData');
  return { info, roles, providerIds, currencies };
}
