import type { TFunction } from 'i18next';

/** The error the base query rejects with when an envelope code is not 0. */
export interface ApiError {
  code: number;
  msg: string;
}

/** Whether a rejected value (from `.unwrap()` or a query's `error`) is an envelope error. */
export function isApiError(e: unknown): e is ApiError {
  return (
    typeof e === 'object' && e !== null && 'code' in e && typeof (e as { code: unknown }).code === 'number'
  );
}

/**
 * The localised message of a rejected call: the `permission:errors.<code>` text when the catalogue
 * knows the code, else the server's message, else the generic one.
 */
export function apiErrorMessage(e: unknown, t: TFunction): string {
  if (isApiError(e)) {
    return t(`permission:errors.${e.code}`, { defaultValue: e.msg || t('permission:errors.generic') });
  }
  return t('permission:errors.generic');
}
