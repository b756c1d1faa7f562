import { z } from 'zod';

/**
 * The one input policy of every request and every platform event, enforced by the shared schemas before
 * anything reaches a store (SQLite and PostgreSQL must answer the same, and PostgreSQL refuses a NUL in
 * text and an integer beyond its column with an error, not a refusal):
 *
 * - text refuses the C0 control characters U+0000–U+001F (NUL included), DEL and the C1 controls
 *   U+007F–U+009F, and the Unicode bidirectional embeddings, overrides and isolates U+202A–U+202E and
 *   U+2066–U+2069 (they make a name display as another: "Trojan Source");
 * - every integer id and filter is a whole number inside what its column holds ({@link INT_ID_MAX} for the
 *   `integer` id columns).
 *
 * A refusal is a zod `custom` issue whose `params.key` is the message key the client localises
 * (`validation.controlCharacters`, `validation.bidiControl`, `validation.integerRange` with `min` and
 * `max`); its English message names the field through the gateway's validator (`username: must not
 * contain control characters`, envelope -1).
 */

/** Largest value of an `integer` column (32-bit signed, PostgreSQL's `integer`): ids of accounts, roles, providers. */
export const INT_ID_MAX = 2_147_483_647;

/** Largest value of a `bigint` column that JavaScript numbers hold exactly. */
export const BIGINT_SAFE_MAX = Number.MAX_SAFE_INTEGER;

/** Control characters: C0 (U+0000–U+001F), DEL and C1 (U+007F–U+009F). */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Bidirectional embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/;
/** Either of the two, in one pass (the fast path of clean text). */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** The English messages of the policy's refusals (the gateway puts the field name in front). */
export const INPUT_POLICY_MESSAGES = {
  control: 'must not contain control characters',
  bidi: 'must not contain bidirectional control characters',
  integerRange: (min: number, max: number) => `must be a whole number from ${min} to ${max}`,
} as const;

/** A refusal of the policy: the English message and the issue's params (message key and its values). */
export interface PolicyProblem {
  message: string;
  params:
    | { key: 'validation.controlCharacters' }
    | { key: 'validation.bidiControl' }
    | { key: 'validation.integerRange'; min: number; max: number };
}

/** Whether a text passes the policy (no control or bidirectional control character). */
export function isCleanText(text: string): boolean {
  return !UNSAFE.test(text);
}

/** What is wrong with a text under the policy, or undefined when it passes. */
export function textProblem(text: string): PolicyProblem | undefined {
  if (!UNSAFE.test(text)) return undefined;
  if (CONTROL.test(text)) {
    return { message: INPUT_POLICY_MESSAGES.control, params: { key: 'validation.controlCharacters' } };
  }
  if (BIDI.test(text)) {
    return { message: INPUT_POLICY_MESSAGES.bidi, params: { key: 'validation.bidiControl' } };
  }
  return undefined;
}

/** Whether `n` is a whole number from `min` to `max`. */
export function isIntIn(n: unknown, min: number, max: number): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;
}

/** The refusal of a number outside `[min, max]` or not whole, or undefined when it passes. */
export function integerProblem(n: number, min: number, max: number): PolicyProblem | undefined {
  if (isIntIn(n, min, max)) return undefined;
  return {
    message: INPUT_POLICY_MESSAGES.integerRange(min, max),
    params: { key: 'validation.integerRange', min, max },
  };
}

type IssueSink = {
  addIssue(issue: { code: 'custom'; message: string; params: Record<string, unknown>; input: unknown }): void;
};

/** Adds the policy's issue for `problem` (when there is one) to a refinement context. */
export function reportProblem(ctx: IssueSink, problem: PolicyProblem | undefined, input: unknown): void {
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, params: problem.params, input });
}

/**
 * `schema` with the text policy added: a string output that holds a control or bidirectional control
 * character is refused (other outputs, such as `undefined`, pass untouched).
 */
export function cleanText<T extends z.ZodType>(schema: T): T {
  return schema.superRefine((value, ctx) => {
    if (typeof value === 'string') reportProblem(ctx, textProblem(value), value);
  }) as T;
}

/**
 * A whole number from `min` to `max` (an id or an integer filter): numbers, and numeric strings from a
 * query string or a form. Anything else, a fraction or a value outside the range, is refused with the
 * policy's `validation.integerRange` issue; `typeError` words a value that is not a number at all.
 */
export function boundedInt(min: number, max: number, typeError = 'must be a number') {
  return z.coerce.number({ error: typeError }).superRefine((n, ctx) => {
    reportProblem(ctx, integerProblem(n, min, max), n);
  });
}

/** A positive id of an `integer` column: 1 to {@link INT_ID_MAX}. */
export function intId(typeError = 'must be a number') {
  return boundedInt(1, INT_ID_MAX, typeError);
}
