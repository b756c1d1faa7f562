import { z } from 'zod';
import { boundedInt, cleanText, intId } from './inputPolicy';
import { TS_MAX, TS_MIN } from '../events/platform';

/** Minimum password length (spec section 9). */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/**
 * A string that must not be empty after trimming; an empty, missing or null one is refused with the
 * spec's `code` (the gateway's validator reads `params.code` of the first issue).
 */
export function requiredString(code: number, message: string, max = 64) {
  return cleanText(
    z
      .string({ error: message })
      .nullish()
      .transform((s) => (s ?? '').trim()),
  )
    .refine((s) => s.length > 0, { message, params: { code } })
    .refine((s) => s.length <= max, {
      message: `at most ${max} characters`,
      params: { key: 'validation.tooLong', max },
    });
}

/**
 * A non-empty list refused with the spec's `code` when empty, missing or null. (A `.default([])` would
 * short-circuit in zod 4 and skip the emptiness check, so a missing list is mapped to `[]` here.)
 */
export function requiredList<T extends z.ZodType>(item: T, code: number, message: string, max = 500) {
  return z
    .array(item, { error: message })
    .max(max)
    .nullish()
    .transform((l): z.output<T>[] => l ?? [])
    .refine((l) => l.length > 0, { message, params: { code } });
}

/** An id of an account or a role: 1 to 2147483647 (what the `integer` column holds). */
export const idSchema = intId('id must be a number');

export const passwordSchema = cleanText(
  z
    .string({ error: 'password is required' })
    .min(PASSWORD_MIN, { error: `Password at least ${PASSWORD_MIN} characters` })
    .max(PASSWORD_MAX, { error: `Password at most ${PASSWORD_MAX} characters` }),
);

export const currencyCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]{2,10}$/, { error: 'currency code must be 2–10 capital letters or digits' });

/** A moment in epoch milliseconds, within the accepted event times (2000-01-01 to 2100-01-01 UTC). */
export const epochMsSchema = boundedInt(TS_MIN, TS_MAX, 'must be epoch milliseconds');

export const providerIdSchema = intId('provider id must be a number');

/** A search keyword of a list: trimmed, at most 64 characters, clean text. */
export const keywordSchema = cleanText(z.string().trim().max(64).optional());
