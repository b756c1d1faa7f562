import { z } from 'zod';
import type { MessageKey, MessageParams } from '../errors/messages';

/**
 * The response envelope of every call (spec section 3): `{code, msg, data}`. A failure may add `key`, a
 * message key of `errors/messages.ts`, and `params`, the values its text interpolates; `msg` stays the
 * English text (see `errors/messages.ts` for the convention).
 */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  key?: MessageKey;
  params?: MessageParams;
}

/** The parameters of a message key on the wire: an object of strings and numbers. */
export const messageParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/** The failure envelope: `{code, msg, data}` and, where the refusal has one, `key` and `params`. */
export const failureEnvelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.unknown(),
  key: z.string().optional(),
  params: messageParamsSchema.optional(),
});

/** A zod schema of the envelope around `data`. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

/** A success envelope. */
export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: 0, msg, data };
}

/**
 * A failure envelope; `data` is null unless the error carries details (e.g. refused items). `message` adds
 * the message key and its parameters.
 */
export function fail(
  code: number,
  msg: string,
  data: unknown = null,
  message?: { key: MessageKey; params?: MessageParams | undefined },
): Envelope<unknown> {
  const out: Envelope<unknown> = { code, msg, data };
  if (message) {
    out.key = message.key;
    if (message.params && Object.keys(message.params).length > 0) out.params = message.params;
  }
  return out;
}

/** Pagination query shared by every list call. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A page of rows. */
export function pageSchema<T extends z.ZodType>(row: T) {
  return z.object({ list: z.array(row), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
}
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}
