import { message, type Message } from '@dms/shared/errors/messages';

/** An account's data scope: its providers and currencies, or everything for the super account. */
export interface Scope {
  providers: readonly number[] | 'all';
  currencies: readonly string[] | 'all';
}

/** What a request knows about its caller, read fresh from the database on every request. */
export interface AuthContext {
  sessionId: number;
  accountId: number;
  account: string;
  nickname: string;
  introduction: string;
  roleId: number;
  roleName: string;
  /** Role id 1: holds every permission code, current and future, and passes every access check. */
  isSuperRole: boolean;
  /** Account id 1 (`admin`): the super role and the whole scope; cannot be edited or deleted. */
  isSuperAccount: boolean;
  /** Normalised permission codes (every known code for the super role). */
  permissions: readonly string[];
  scope: Scope;
}

/** The part of {@link AuthContext} that decides rooms and access (no session). */
export type Access = Pick<
  AuthContext,
  'accountId' | 'roleId' | 'isSuperRole' | 'isSuperAccount' | 'permissions' | 'scope'
>;

/** Whether the caller may use an endpoint whose access list is `codes` (the super role always may). */
export function holdsAny(
  auth: Pick<AuthContext, 'isSuperRole' | 'permissions'>,
  codes: readonly string[],
): boolean {
  return auth.isSuperRole || codes.some((c) => auth.permissions.includes(c));
}

/**
 * Whether the caller may grant a role (create it, edit it, or assign it to an account): the super role
 * may grant any role; any other caller only roles whose codes it holds itself, and never the super role.
 */
export function canGrantRole(
  auth: Pick<AuthContext, 'isSuperRole' | 'permissions'>,
  role: { isSuper: boolean; codes: readonly string[] },
): boolean {
  if (auth.isSuperRole) return true;
  if (role.isSuper) return false;
  return role.codes.every((c) => auth.permissions.includes(c));
}

/** The first provider or currency outside the caller's scope, as a refusal message; undefined if none. */
export function outsideScope(
  auth: Pick<AuthContext, 'scope'>,
  providers: readonly number[] | 'all',
  currencies: readonly string[] | 'all',
): Message | undefined {
  const own = auth.scope;
  if (own.providers !== 'all') {
    const held = own.providers;
    if (providers === 'all') return message('access.allProvidersOutside');
    const p = providers.find((id) => !held.includes(id));
    if (p !== undefined) return message('access.providerOutside', { provider: p });
  }
  if (own.currencies !== 'all') {
    const held = own.currencies;
    if (currencies === 'all') return message('access.allCurrenciesOutside');
    const c = currencies.find((code) => !held.includes(code));
    if (c !== undefined) return message('access.currencyOutside', { currency: c });
  }
  return undefined;
}
