import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ERR } from '@dms/shared/errors/codes';
import { roleCreateBodySchema } from '@dms/shared/contracts/http/role';
import { normalizePermissions } from '@dms/shared/permissions/codes';

/** The fields of the role form that can carry an error. */
export type RoleField = 'name' | 'description' | 'permission';

/** Errors of the role form: one per field, plus one for the whole form. */
export type RoleFormErrors = Partial<Record<RoleField | 'form', string>>;

/** The values of the role form. */
export interface RoleFormValues {
  name: string;
  description: string;
  permission: string[];
}

/** Which field a server code belongs to; codes not listed are shown for the whole form. */
export const ROLE_CODE_FIELD: Readonly<Partial<Record<number, RoleField>>> = {
  [ERR.ROLE_NAME_EMPTY]: 'name',
  [ERR.ROLE_NAME_EXISTS]: 'name',
  [ERR.ROLE_PERMISSION_NOT_NUMBER]: 'permission',
};

function issueMessage(issue: z.core.$ZodIssue, t: TFunction): string {
  const code = (issue as { params?: { code?: unknown } }).params?.code;
  if (typeof code === 'number') return t(`errors:code.${code}`);
  if (issue.code === 'too_big') return t('permission:validation.tooLong', { max: Number(issue.maximum) });
  return t('permission:validation.invalid');
}

/**
 * Checks the form with the same schema as the gateway, so the client refuses what the server would,
 * with the same (localised) messages. Returns the body to send, or the errors by field.
 */
export function validateRole(
  values: RoleFormValues,
  t: TFunction,
):
  | { ok: true; body: { name: string; description: string; permission: string[] } }
  | { ok: false; errors: RoleFormErrors } {
  const parsed = roleCreateBodySchema.safeParse({
    ...values,
    permission: normalizePermissions(values.permission),
  });
  if (parsed.success) {
    return {
      ok: true,
      body: {
        name: parsed.data.name,
        description: parsed.data.description,
        permission: parsed.data.permission,
      },
    };
  }
  const errors: RoleFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    const key: RoleField | 'form' =
      field === 'name' || field === 'description' || field === 'permission' ? field : 'form';
    errors[key] ??= issueMessage(issue, t);
  }
  return { ok: false, errors };
}
