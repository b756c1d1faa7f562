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
  /**
   * Set when the caller is a wall screen's display token, not a staff session: it may only watch (the
   * endpoints marked `watch` and the live channel); `permissions` are its role's monitor codes, `scope` its
   * providers. `sessionId` and `accountId` are 0.
   */
  display?: { id: number; name: string };
}

/** The part of {@link AuthContext} that decides rooms and access (no session). */
export type Access = Pick<
  AuthContext,
  'accountId' | 'roleId' | 'isSuperRole' | 'isSuperAccount' | 'permissions' | 'scope' | 'display'
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

/** What decides whether one account may manage another: its role's codes and its scope. */
export interface AccountPrivileges {
  /** Holds the super role (role id 1). */
  isSuperRole: boolean;
  /** The role's codes (every known code for the super role). */
  codes: readonly string[];
  providers: readonly number[];
  currencies: readonly string[];
}

/**
 * Where an account stands against the caller: `below` when its permissions are a subset of the caller's and
 * its providers and currencies lie within the caller's, and it holds less in at least one of them; `peer`
 * when it holds exactly as much (the caller itself included); `beyond` when it holds anything the caller
 * does not (the super role is beyond any caller without it).
 */
export function standing(
  auth: Pick<AuthContext, 'isSuperRole' | 'permissions' | 'scope'>,
  target: AccountPrivileges,
): 'below' | 'peer' | 'beyond' {
  if (target.isSuperRole && !auth.isSuperRole) return 'beyond';
  const own = auth.scope;
  const within = <T>(theirs: readonly T[], mine: readonly T[] | 'all') =>
    mine === 'all' || theirs.every((x) => mine.includes(x));
  if (
    !within(target.codes, auth.permissions) ||
    !within(target.providers, own.providers) ||
    !within(target.currencies, own.currencies)
  )
    return 'beyond';
  const covers = <T>(theirs: readonly T[], mine: readonly T[] | 'all') =>
    mine !== 'all' && mine.every((x) => theirs.includes(x));
  return covers(target.codes, auth.permissions) &&
    covers(target.providers, own.providers) &&
    covers(target.currencies, own.currencies)
    ? 'peer'
    : 'below';
}

/**
 * Whether the caller may change, reset the password of, or delete an account: the super account manages
 * every account; any other caller only accounts strictly {@link standing below} it. A peer is refused
 * because resetting its password is taking over another person's sign-in (and one's own password is
 * changed in Profile, with the old one).
 */
export function canManageAccount(
  auth: Pick<AuthContext, 'isSuperAccount' | 'isSuperRole' | 'permissions' | 'scope'>,
  target: AccountPrivileges,
): boolean {
  return auth.isSuperAccount || standing(auth, target) === 'below';
}
