import { z } from 'zod';
import { ERR } from '../../errors/codes';
import {
  currencyCodeSchema,
  idSchema,
  keywordSchema,
  passwordSchema,
  providerIdSchema,
  requiredList,
  requiredString,
} from './fields';
import { pageQuerySchema } from '../envelope';
import { INT_ID_MAX, boundedInt, cleanText, integerProblem, reportProblem } from './inputPolicy';

export const staffRowSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  providers: z.array(z.number().int()),
  currencies: z.array(z.string()),
  isSuper: z.boolean(),
  /**
   * Whether the caller may edit, reset or delete it: the super account may manage every other account;
   * anyone else only accounts strictly below it (permissions a subset of its own, providers and currencies
   * within its own, and less in one of them) — never a peer, nor itself.
   */
  manageable: z.boolean(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  lastLoginAt: z.number().int().nullable(),
});
export type StaffRow = z.infer<typeof staffRowSchema>;

export const staffListQuerySchema = pageQuerySchema.extend({
  keyword: keywordSchema,
  roleId: boundedInt(1, INT_ID_MAX, 'roleId must be a number').optional(),
});
export type StaffListQuery = z.infer<typeof staffListQuerySchema>;

const roleIdSchema = z
  .union([z.number(), z.string(), z.null(), z.undefined()])
  .transform((v) => (v === null || v === undefined || v === '' ? 0 : Number(v)))
  .refine((v) => v !== 0, { message: 'RoleId cannot be empty', params: { code: ERR.ROLE_EMPTY } })
  .superRefine((v, ctx) => {
    if (v !== 0) reportProblem(ctx, integerProblem(v, 1, INT_ID_MAX), v);
  });

const staffFields = {
  nickname: cleanText(z.string().trim().max(64).default('')),
  roleId: roleIdSchema,
  providers: requiredList(providerIdSchema, ERR.PROVIDER_EMPTY, 'providerId cannot be empty'),
  currencies: requiredList(currencyCodeSchema, ERR.CURRENCIES_EMPTY, 'currency_list cannot be empty'),
};

export const staffCreateBodySchema = z.object({
  account: requiredString(ERR.USER_EMPTY, 'account name cannot be empty', 32).refine(
    (s) => s.length === 0 || /^[A-Za-z0-9_.@-]+$/.test(s),
    { message: 'account name may hold letters, digits and _ . @ - only' },
  ),
  /** Optional: without one, the gateway generates a password and returns it once. */
  password: passwordSchema.optional(),
  ...staffFields,
});
export type StaffCreateBody = z.input<typeof staffCreateBodySchema>;

export const staffUpdateBodySchema = z.object({
  id: idSchema,
  ...staffFields,
  /** Optional: sets a new password and ends the account's sessions. */
  password: passwordSchema.optional(),
});
export type StaffUpdateBody = z.input<typeof staffUpdateBodySchema>;

export const staffDeleteBodySchema = z.object({ id: idSchema });

export const staffCreateResultSchema = z.object({
  id: z.number().int(),
  /** Present only when the gateway generated the password. */
  password: z.string().optional(),
});
