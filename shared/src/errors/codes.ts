/**
 * The envelope code catalogue of the spec (section 8). Every response body of the gateway carries one.
 */
export const ERR = {
  OK: 0,
  GENERAL: -1,
  TOKEN_EXPIRED: -2,
  USER_NOT_FOUND: -3,
  LOGIN_FAILED: -4,
  ACCOUNT_EXISTS: -100,
  SUPER_ACCOUNT: -101,
  DELETE_SELF: -102,
  PROVIDER_EMPTY: -103,
  CURRENCIES_EMPTY: -104,
  ROLE_EMPTY: -105,
  USER_EMPTY: 106,
  ROLE_IN_USE: 107,
  ROLE_NAME_EMPTY: 108,
  SUPER_ROLE: 109,
  ROLE_NAME_EXISTS: 110,
  ROLE_PERMISSION_NOT_NUMBER: 111,
  /** Legacy platform codes that also raise the re-login prompt. */
  ILLEGAL_TOKEN: 50008,
  OTHER_CLIENT_LOGGED_IN: 50012,
  LEGACY_TOKEN_EXPIRED: 50014,
} as const;

export type ErrorCode = (typeof ERR)[keyof typeof ERR];

/** Codes after which the client asks the user to log in again. */
export const RELOGIN_CODES: readonly number[] = [
  ERR.TOKEN_EXPIRED,
  ERR.ILLEGAL_TOKEN,
  ERR.OTHER_CLIENT_LOGGED_IN,
  ERR.LEGACY_TOKEN_EXPIRED,
];

/** The spec's English messages of each code; the client shows localised ones keyed by code. */
export const ERROR_MESSAGES: Readonly<Record<number, string>> = {
  [ERR.OK]: 'success',
  [ERR.GENERAL]: 'Request fail',
  [ERR.TOKEN_EXPIRED]: 'This account is not operated for a long time, please login again',
  [ERR.USER_NOT_FOUND]: 'Can not find this account',
  [ERR.LOGIN_FAILED]: 'Login fail',
  [ERR.ACCOUNT_EXISTS]: 'account name already exists',
  [ERR.SUPER_ACCOUNT]: 'administrator account cannot be changed or deleted',
  [ERR.DELETE_SELF]: 'cannot delete yourself',
  [ERR.PROVIDER_EMPTY]: 'providerId cannot be empty',
  [ERR.CURRENCIES_EMPTY]: 'currency_list cannot be empty',
  [ERR.ROLE_EMPTY]: 'RoleId cannot be empty',
  [ERR.USER_EMPTY]: 'account name cannot be empty',
  [ERR.ROLE_IN_USE]: 'delete failed because an account owns the role',
  [ERR.ROLE_NAME_EMPTY]: 'role name cannot be empty',
  [ERR.SUPER_ROLE]: 'super role cannot be changed or deleted',
  [ERR.ROLE_NAME_EXISTS]: 'role name already exists',
  [ERR.ROLE_PERMISSION_NOT_NUMBER]: 'role permission parameters are not numbers',
};

/** The message for a code, or the generic request-failed message. */
export function messageForCode(code: number): string {
  return ERROR_MESSAGES[code] ?? 'Request fail';
}
