import { z } from 'zod';

/** The response envelope of every call (spec section 3): `{code, msg, data}`. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A zod schema of the envelope around `data`. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

/** A success envelope. */
export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: 0, msg, data };
}

/** A failure envelope; `data` is null unless the error carries details (e.g. refused items). */
export function fail(code: number, msg: string, data: unknown = null): Envelope<unknown> {
  return { code, msg, data };
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
