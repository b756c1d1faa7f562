import type { Page } from '@dms/shared/contracts/envelope';
import type { RoleOption, RoleRow, RoleListQuery } from '@dms/shared/contracts/http/role';
import { AUDIT_ACTIONS } from '@dms/shared/contracts/http/auditActions';
import { ERR } from '@dms/shared/errors/codes';
import {
  ALL_PERMISSION_CODES,
  isPermissionCode,
  normalizePermissions,
  parsePermissionList,
} from '@dms/shared/permissions/codes';
import { AppError, refuse } from '../../platform/errors/errors';
import { canGrantRole, type AuthContext } from '../../platform/auth/auth.context';
import { isForeignKeyViolation, isUniqueViolation, type Store } from '../../platform/db/db.store';
import { SUPER_ROLE_ID } from '../../platform/db/db.seed';
import type { LiveNotifier } from '../../platform/live/live.notifier';
import type { AuditService } from '../audit/audit.service';
import * as repo from './role.repository';

/** A role's fields after validation (the shared body schema's output). */
export interface RoleInput {
  name: string;
  description: string;
  permission: string[];
}

export interface RoleServiceDeps {
  store: Store;
  audit: AuditService;
  notifier: LiveNotifier;
  now: () => number;
}

/** The codes a role holds: every known code for the super role, its stored codes otherwise. */
export function roleCodes(role: { id: number; permission: string }): string[] {
  return role.id === SUPER_ROLE_ID ? [...ALL_PERMISSION_CODES] : parsePermissionList(role.permission);
}

const roleNameExists = () => new AppError(ERR.ROLE_NAME_EXISTS, 409);
const superRole = () => new AppError(ERR.SUPER_ROLE, 403);
const roleNotFound = () => refuse.notFound('role.notFound');

/**
 * Roles: named sets of permission codes. The super role (id 1) cannot be edited or deleted (109); names
 * are unique regardless of case (110); a role in use cannot be deleted (107). A caller that is not the
 * super role may only create, edit or delete roles whose codes it holds itself.
 */
export class RoleService {
  constructor(private readonly deps: RoleServiceDeps) {}

  async list(q: RoleListQuery): Promise<Page<RoleRow>> {
    const { rows, total } = await repo.listRoles(this.deps.store.db, {
      keyword: q.keyword,
      offset: (q.page - 1) * q.pageSize,
      limit: q.pageSize,
    });
    return { list: rows.map(toRow), total, page: q.page, pageSize: q.pageSize };
  }

  /** The roles the caller may assign to an account. */
  async options(auth: AuthContext): Promise<RoleOption[]> {
    const roles = await repo.listAllRoles(this.deps.store.db);
    return roles
      .map((r) => ({ id: r.id, name: r.name, permission: roleCodes(r).join(',') }))
      .filter((r) =>
        canGrantRole(auth, { isSuper: r.id === SUPER_ROLE_ID, codes: parsePermissionList(r.permission) }),
      );
  }

  async create(auth: AuthContext, input: RoleInput, ip: string): Promise<{ id: number }> {
    const codes = this.checkCodes(auth, input.permission);
    const { store, audit, now } = this.deps;
    if (await repo.nameTaken(store.db, input.name)) throw roleNameExists();
    try {
      const id = await store.transaction(async (tx) => {
        const id = await repo.insertRole(tx, { ...input, permission: codes.join(','), now: now() });
        await audit.record(
          {
            actor: { id: auth.accountId, name: auth.account },
            action: AUDIT_ACTIONS.roleCreated,
            targetType: 'role',
            targetId: id,
            detail: { name: input.name, permission: codes.join(',') },
            ip,
          },
          tx,
        );
        return id;
      });
      return { id };
    } catch (err) {
      if (isUniqueViolation(err)) throw roleNameExists();
      throw err;
    }
  }

  async update(auth: AuthContext, id: number, input: RoleInput, ip: string): Promise<null> {
    if (id === SUPER_ROLE_ID) throw superRole();
    const { store, audit, now, notifier } = this.deps;
    const role = await repo.findRole(store.db, id);
    if (!role) throw roleNotFound();
    if (!canGrantRole(auth, { isSuper: false, codes: roleCodes(role) })) {
      throw refuse.forbidden('role.editNotHeld');
    }
    const codes = this.checkCodes(auth, input.permission);
    if (await repo.nameTaken(store.db, input.name, id)) throw roleNameExists();
    try {
      await store.transaction(async (tx) => {
        await repo.updateRole(tx, id, { ...input, permission: codes.join(','), now: now() });
        await audit.record(
          {
            actor: { id: auth.accountId, name: auth.account },
            action: AUDIT_ACTIONS.roleUpdated,
            targetType: 'role',
            targetId: id,
            detail: {
              before: { name: role.name, description: role.description, permission: role.permission },
              after: { name: input.name, description: input.description, permission: codes.join(',') },
            },
            ip,
          },
          tx,
        );
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw roleNameExists();
      throw err;
    }
    notifier.roleChanged(id);
    return null;
  }

  async delete(auth: AuthContext, id: number, ip: string): Promise<null> {
    if (id === SUPER_ROLE_ID) throw superRole();
    const { store, audit } = this.deps;
    const role = await repo.findRole(store.db, id);
    if (!role) throw roleNotFound();
    if (!canGrantRole(auth, { isSuper: false, codes: roleCodes(role) })) {
      throw refuse.forbidden('role.deleteNotHeld');
    }
    if (role.accountCount > 0) throw new AppError(ERR.ROLE_IN_USE, 409);
    try {
      await store.transaction(async (tx) => {
        await repo.deleteRole(tx, id);
        await audit.record(
          {
            actor: { id: auth.accountId, name: auth.account },
            action: AUDIT_ACTIONS.roleDeleted,
            targetType: 'role',
            targetId: id,
            detail: { name: role.name, permission: role.permission },
            ip,
          },
          tx,
        );
      });
    } catch (err) {
      // An account took the role between the check and the delete.
      if (isForeignKeyViolation(err)) throw new AppError(ERR.ROLE_IN_USE, 409);
      throw err;
    }
    return null;
  }

  /** Normalises codes (a child brings its group) and refuses empty, unknown or ungrantable ones. */
  private checkCodes(auth: AuthContext, raw: readonly string[]): string[] {
    const codes = normalizePermissions(raw);
    if (codes.length === 0) throw refuse.bad('role.permissionsEmpty');
    const unknown = codes.find((c) => !isPermissionCode(c));
    if (unknown !== undefined) throw refuse.bad('role.unknownPermission', { code: unknown });
    const missing = auth.isSuperRole ? undefined : codes.find((c) => !auth.permissions.includes(c));
    if (missing !== undefined) throw refuse.forbidden('role.grantNotHeld', { code: missing });
    return codes;
  }
}

function toRow(r: repo.RoleRecord): RoleRow {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    permission: roleCodes(r).join(','),
    accountCount: r.accountCount,
    isSuper: r.id === SUPER_ROLE_ID,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}
