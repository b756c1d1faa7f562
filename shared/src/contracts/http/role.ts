import { z } from 'zod';
import { ERR } from '../../errors/codes';
import { idSchema, keywordSchema, requiredString } from './fields';
import { cleanText } from './inputPolicy';
import { pageQuerySchema } from '../envelope';

/**
 * A role's permission codes, as a list or the spec's comma-separated string. Every code must be
 * numeric (111). A missing list reads as empty, which the gateway refuses with its own message.
 */
export const rolePermissionsSchema = z
  .union([z.array(z.union([z.string(), z.number()])), z.string()], {
    error: 'role permission parameters are not numbers',
  })
  .nullish()
  .transform((v) =>
    (v == null ? [] : Array.isArray(v) ? v.map(String) : v.split(','))
      .map((c) => c.trim())
      .filter((c) => c.length > 0),
  )
  .refine((codes) => codes.every((c) => /^\d{1,9}$/.test(c)), {
    message: 'role permission parameters are not numbers',
    params: { code: ERR.ROLE_PERMISSION_NOT_NUMBER },
  });

export const roleRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Comma-separated codes, as the spec holds them. */
  permission: z.string(),
  accountCount: z.number().int(),
  isSuper: z.boolean(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type RoleRow = z.infer<typeof roleRowSchema>;

export const roleListQuerySchema = pageQuerySchema.extend({ keyword: keywordSchema });
export type RoleListQuery = z.infer<typeof roleListQuerySchema>;

export const roleCreateBodySchema = z.object({
  name: requiredString(ERR.ROLE_NAME_EMPTY, 'role name cannot be empty', 32),
  description: cleanText(z.string().trim().max(200).default('')),
  permission: rolePermissionsSchema,
});
export type RoleCreateBody = z.input<typeof roleCreateBodySchema>;

export const roleUpdateBodySchema = roleCreateBodySchema.extend({ id: idSchema });
export type RoleUpdateBody = z.input<typeof roleUpdateBodySchema>;

export const roleDeleteBodySchema = z.object({ id: idSchema });

export const roleOptionSchema = z.object({ id: z.number().int(), name: z.string(), permission: z.string() });
export type RoleOption = z.infer<typeof roleOptionSchema>;
