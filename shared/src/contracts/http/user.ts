import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, passwordSchema } from './fields';
import { cleanText } from './inputPolicy';

export const loginBodySchema = z.object({
  username: cleanText(
    z
      .string({ error: 'Account wrong' })
      .trim()
      .min(1, { error: 'Account wrong' })
      .max(64, { error: 'Account wrong' }),
  ),
  password: cleanText(
    z
      .string({ error: `Password at least ${PASSWORD_MIN} digits` })
      .min(PASSWORD_MIN, { error: `Password at least ${PASSWORD_MIN} digits` })
      .max(PASSWORD_MAX),
  ),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResultSchema = z.object({ token: z.string() });
export type LoginResult = z.infer<typeof loginResultSchema>;

export const providerSchema = z.object({ id: z.number().int(), name: z.string() });
export type Provider = z.infer<typeof providerSchema>;

export const currencySchema = z.object({ code: z.string(), name: z.string() });
export type Currency = z.infer<typeof currencySchema>;

/**
 * `GET /user/info`: the spec's fields exactly (sections 3 and 7), plus the role and the names of the
 * account's providers and currencies for display.
 */
export const userInfoSchema = z.object({
  /** Comma-separated permission codes. */
  permission: z.string(),
  /** The account name. */
  user: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  /** Comma-separated currency codes. */
  currency_list: z.string(),
  /** JSON list of provider ids, e.g. "[1001,1002]". */
  h5_channel_power: z.string(),
  uid: z.number().int(),
  union_id: z.string(),
  nickname: z.string(),
  role: z.object({ id: z.number().int(), name: z.string() }),
  providers: z.array(providerSchema),
  currencies: z.array(currencySchema),
  isSuper: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const editPasswordBodySchema = z
  .object({
    oldPassword: cleanText(
      z
        .string({ error: 'old password is required' })
        .min(1, { error: 'old password is required' })
        .max(PASSWORD_MAX),
    ),
    newPassword: passwordSchema,
    confirmPassword: cleanText(z.string({ error: 'confirm password is required' }).max(PASSWORD_MAX)),
  })
  .refine((b) => b.newPassword === b.confirmPassword, {
    message: 'Two passwords are inconsistent',
    path: ['confirmPassword'],
  });
export type EditPasswordBody = z.infer<typeof editPasswordBodySchema>;

export const emptyResultSchema = z.null();
