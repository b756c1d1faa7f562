import type { Page } from '@dms/shared/contracts/envelope';
import type { StaffListQuery, StaffRow } from '@dms/shared/contracts/http/staff';
import { AUDIT_ACTIONS } from '@dms/shared/contracts/http/auditActions';
import { ERR } from '@dms/shared/errors/codes';
import { AppError, refuse } from '../../platform/errors/errors';
import {
  canGrantRole,
  canManageAccount,
  outsideScope,
  standing,
  type AccountPrivileges,
  type AuthContext,
} from '../../platform/auth/auth.context';
import { generatePassword, hashPassword } from '../../platform/auth/auth.password';
import type { SessionService } from '../../platform/auth/session.service';
import { isUniqueViolation, type Store } from '../../platform/db/db.store';
import { SUPER_ACCOUNT_ID, SUPER_ROLE_ID } from '../../platform/db/db.seed';
import type { LiveNotifier } from '../../platform/live/live.notifier';
import type { AuditService } from '../audit/audit.service';
import type { BaseService } from '../base/base.service';
import { roleCodes } from '../role/role.service';
import * as repo from './staff.repository';

/** The editable fields of an account after validation. */
export interface StaffInput {
  nickname: string;
  roleId: number;
  providers: number[];
  currencies: string[];
  password?: string | undefined;
}

export interface StaffServiceDeps {
  store: Store;
  sessions: SessionService;
  audit: AuditService;
  base: BaseService;
  notifier: LiveNotifier;
  now: () => number;
  scryptLogN: number;
}

/** What decides who may manage an account: its role's codes and its scope. */
function privilegesOf(a: Pick<repo.AccountRecord, 'roleId' | 'rolePermission' | 'providers' | 'currencies'>): AccountPrivileges {
  return {
    isSuperRole: a.roleId === SUPER_ROLE_ID,
    codes: roleCodes({ id: a.roleId, permission: a.rolePermission }),
    providers: a.providers,
    currencies: a.currencies,
  };
}

const accountNotFound = () => new AppError(ERR.USER_NOT_FOUND, 404);
const superAccount = () => new AppError(ERR.SUPER_ACCOUNT, 403);
const accountExists = () => new AppError(ERR.ACCOUNT_EXISTS, 409);

/**
 * Staff accounts. The super account (id 1) cannot be edited or deleted (-101), nobody deletes
 * themselves (-102), names are unique regardless of case (-100). A caller that is not the super role
 * assigns only roles whose codes it holds and providers and currencies of its own scope, sees and
 * manages only accounts inside its scope, and never touches an account whose role it could not grant.
 */
export class StaffService {
  constructor(private readonly deps: StaffServiceDeps) {}

  async list(auth: AuthContext, q: StaffListQuery): Promise<Page<StaffRow>> {
    const { rows, total } = await repo.listAccounts(this.deps.store.db, {
      keyword: q.keyword,
      roleId: q.roleId,
      within: auth.scope,
      offset: (q.page - 1) * q.pageSize,
      limit: q.pageSize,
    });
    const hasSuper = rows.some((r) => r.id === SUPER_ACCOUNT_ID);
    const all = hasSuper
      ? await Promise.all([
          this.deps.base.providers({ providers: 'all', currencies: 'all' }),
          this.deps.base.currencies({ providers: 'all', currencies: 'all' }),
        ])
      : undefined;
    const list = rows.map((r): StaffRow => {
      const isSuper = r.id === SUPER_ACCOUNT_ID;
      return {
        id: r.id,
        account: r.account,
        nickname: r.nickname,
        roleId: r.roleId,
        roleName: r.roleName,
        providers: isSuper && all ? all[0].map((p) => p.id) : r.providers,
        currencies: isSuper && all ? all[1].map((c) => c.code) : r.currencies,
        isSuper,
        manageable: !isSuper && canManageAccount(auth, privilegesOf(r)),
        createdAt: r.createdAt,
        updatedAt: r.updatedAt,
        lastLoginAt: r.lastLoginAt,
      };
    });
    return { list, total, page: q.page, pageSize: q.pageSize };
  }

  async create(
    auth: AuthContext,
    input: StaffInput & { account: string },
    ip: string,
  ): Promise<{ id: number; password?: string }> {
    const { store, audit, now } = this.deps;
    const fields = await this.checkAssignable(auth, input);
    if (await repo.accountNameTaken(store.db, input.account)) throw accountExists();
    const generated = input.password ? undefined : generatePassword(12);
    const passwordHash = await hashPassword(input.password ?? generated ?? '', this.deps.scryptLogN);
    try {
      const id = await store.transaction(async (tx) => {
        const id = await repo.insertAccount(tx, {
          ...fields,
          account: input.account,
          passwordHash,
          now: now(),
        });
        await audit.record(
          {
            actor: { id: auth.accountId, name: auth.account },
            action: AUDIT_ACTIONS.accountCreated,
            targetType: 'account',
            targetId: id,
            detail: { account: input.account, ...fields, passwordGenerated: generated !== undefined },
            ip,
          },
          tx,
        );
        return id;
      });
      return generated ? { id, password: generated } : { id };
    } catch (err) {
      if (isUniqueViolation(err)) throw accountExists();
      throw err;
    }
  }

  async update(auth: AuthContext, id: number, input: StaffInput, ip: string): Promise<null> {
    if (id === SUPER_ACCOUNT_ID) throw superAccount();
    const { store, audit, sessions, notifier, now } = this.deps;
    const target = await this.manageable(auth, id, 'edit');
    const fields = await this.checkAssignable(auth, input);
    const passwordHash = input.password
      ? await hashPassword(input.password, this.deps.scryptLogN)
      : undefined;
    const ended = await store.transaction(async (tx) => {
      await repo.updateAccount(tx, id, { ...fields, passwordHash, now: now() });
      const actor = { id: auth.accountId, name: auth.account };
      await audit.record(
        {
          actor,
          action: AUDIT_ACTIONS.accountUpdated,
          targetType: 'account',
          targetId: id,
          detail: {
            account: target.account,
            before: {
              nickname: target.nickname,
              roleId: target.roleId,
              providers: target.providers,
              currencies: target.currencies,
            },
            after: {
              nickname: fields.nickname,
              roleId: fields.roleId,
              providers: fields.providers,
              currencies: fields.currencies,
            },
            passwordChanged: passwordHash !== undefined,
          },
          ip,
        },
        tx,
      );
      if (!passwordHash) return [];
      await audit.record(
        {
          actor,
          action: AUDIT_ACTIONS.passwordChanged,
          targetType: 'account',
          targetId: id,
          detail: { self: false },
          ip,
        },
        tx,
      );
      return sessions.revokeAccount(id, undefined, tx);
    });
    notifier.sessionsEnded(ended);
    notifier.accountChanged(id);
    return null;
  }

  async delete(auth: AuthContext, id: number, ip: string): Promise<null> {
    if (id === SUPER_ACCOUNT_ID) throw superAccount();
    if (id === auth.accountId) throw new AppError(ERR.DELETE_SELF, 403);
    const { store, audit, notifier } = this.deps;
    const target = await this.manageable(auth, id, 'delete');
    await store.transaction(async (tx) => {
      await repo.deleteAccount(tx, id);
      await audit.record(
        {
          actor: { id: auth.accountId, name: auth.account },
          action: AUDIT_ACTIONS.accountDeleted,
          targetType: 'account',
          targetId: id,
          detail: { account: target.account, roleId: target.roleId },
          ip,
        },
        tx,
      );
    });
    notifier.accountDeleted(id);
    return null;
  }

  /**
   * The target account, if it exists (-3) and the caller may manage it (403): the super account manages
   * every account, anyone else only accounts strictly below it — never a peer, nor itself.
   */
  private async manageable(
    auth: AuthContext,
    id: number,
    verb: 'edit' | 'delete',
  ): Promise<repo.AccountRecord> {
    const target = await repo.findAccount(this.deps.store.db, id);
    if (!target) throw accountNotFound();
    if (canManageAccount(auth, privilegesOf(target))) return target;
    if (target.id === auth.accountId) throw refuse.forbidden('staff.editSelf');
    const peer = standing(auth, privilegesOf(target)) === 'peer';
    if (verb === 'edit') throw refuse.forbidden(peer ? 'staff.editPeer' : 'staff.editOutside');
    throw refuse.forbidden(peer ? 'staff.deletePeer' : 'staff.deleteOutside');
  }

  /** The role must exist and be grantable; providers and currencies must exist and lie in the caller's scope. */
  private async checkAssignable(auth: AuthContext, input: StaffInput) {
    const role = await repo.findRoleRef(this.deps.store.db, input.roleId);
    if (!role) throw refuse.bad('staff.roleNotFound');
    if (!canGrantRole(auth, { isSuper: role.id === SUPER_ROLE_ID, codes: roleCodes(role) })) {
      throw refuse.forbidden('staff.assignNotHeld');
    }
    const providers = [...new Set(input.providers)].sort((a, b) => a - b);
    const currencies = [...new Set(input.currencies)].sort();
    const outside = outsideScope(auth, providers, currencies);
    if (outside) throw new AppError(ERR.GENERAL, 403, outside);
    await this.deps.base.assertExist(providers, currencies);
    return { nickname: input.nickname, roleId: role.id, providers, currencies };
  }
}
