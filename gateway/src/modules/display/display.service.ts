import { randomBytes, randomInt } from 'node:crypto';
import type { Page } from '@dms/shared/contracts/envelope';
import {
  DISPLAY_CODE_ALPHABET,
  DISPLAY_CODE_LENGTH,
  DISPLAY_PAIRING_TTL_MS,
  DISPLAY_PERMISSION_CODES,
  DISPLAY_POLL_MS,
  isDisplayToken,
  type DisplayPairResult,
  type DisplayPending,
  type DisplayRow,
  type DisplaySelf,
} from '@dms/shared/contracts/http/display';
import { AUDIT_ACTIONS } from '@dms/shared/contracts/http/auditActions';
import { AppError, refuse } from '../../platform/errors/errors';
import { ERR } from '@dms/shared/errors/codes';
import { outsideScope, type Access, type AuthContext } from '../../platform/auth/auth.context';
import { hashToken } from '../../platform/auth/auth.token';
import { isUniqueViolation, type Store } from '../../platform/db/db.store';
import type { LiveNotifier } from '../../platform/live/live.notifier';
import type { AuditService } from '../audit/audit.service';
import type { BaseService } from '../base/base.service';
import { findRole } from '../role/role.repository';
import { roleCodes } from '../role/role.service';
import * as repo from './display.repository';

export interface DisplayServiceDeps {
  store: Store;
  audit: AuditService;
  base: BaseService;
  notifier: Pick<LiveNotifier, 'displayRevoked'>;
  now: () => number;
}

/** The last contact is written at most this often per display. */
const TOUCH_MS = 60_000;

const parseProviders = (text: string): number[] =>
  text === ''
    ? []
    : text
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0);

/** The monitor codes a display holds through its role now (none when unbound). */
function monitorCodes(r: Pick<repo.DisplayRecord, 'roleId' | 'rolePermission'>): string[] {
  if (r.roleId === null || r.rolePermission === null) return [];
  const codes = roleCodes({ id: r.roleId, permission: r.rolePermission });
  return DISPLAY_PERMISSION_CODES.filter((c) => codes.includes(c));
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < DISPLAY_CODE_LENGTH; i++)
    code += DISPLAY_CODE_ALPHABET[randomInt(DISPLAY_CODE_ALPHABET.length)];
  return code;
}

/**
 * Wall screens' display tokens (`contracts/http/display.ts`): pairing by a code shown on the wall,
 * approval bound to a role's monitor codes and providers, watch-only access, revocation that takes effect
 * at once. A display token never expires by idleness.
 */
export class DisplayService {
  constructor(private readonly deps: DisplayServiceDeps) {}

  /** A new pending display: its token (never stored) and the code to show. */
  async pair(label: string, ip: string, userAgent: string): Promise<DisplayPairResult> {
    const { store, now } = this.deps;
    for (let attempt = 0; ; attempt++) {
      const token = randomBytes(36).toString('base64url');
      const code = newCode();
      const expiresAt = now() + DISPLAY_PAIRING_TTL_MS;
      try {
        await repo.insertPending(store.db, {
          tokenHash: hashToken(token),
          code,
          expiresAt,
          label,
          now: now(),
          ip,
          userAgent,
        });
        return { token, code, expiresAt, pollMs: DISPLAY_POLL_MS };
      } catch (err) {
        // An expired request may still hold the code until it is pruned, or two codes collided.
        if (!isUniqueViolation(err) || attempt >= 5) throw err;
        await repo.prunePending(store.db, now());
      }
    }
  }

  private async recordOf(token: string | undefined): Promise<repo.DisplayRecord | undefined> {
    if (!token || !isDisplayToken(token)) return undefined;
    return repo.findByTokenHash(this.deps.store.db, hashToken(token));
  }

  private async contact(r: repo.DisplayRecord, ip?: string): Promise<void> {
    const now = this.deps.now();
    if (r.lastSeenAt === null || now - r.lastSeenAt >= TOUCH_MS || (ip !== undefined && ip !== r.lastIp))
      await repo.touch(this.deps.store.db, [r.id], now, ip);
  }

  /** What the wall of a token is (`GET /display/me`); -2 when unknown, revoked, or pending past its code. */
  async self(token: string | undefined, ip: string): Promise<DisplaySelf> {
    const r = await this.recordOf(token);
    const now = this.deps.now();
    if (!r || r.state === 'revoked') throw refuse.sessionExpired();
    if (r.state === 'pending') {
      if (r.pairExpiresAt === null || r.pairExpiresAt <= now) throw refuse.sessionExpired();
      return {
        id: r.id,
        state: 'pending',
        code: r.pairCode,
        codeExpiresAt: r.pairExpiresAt,
        name: r.label,
        permission: [],
        providers: [],
      };
    }
    await this.contact(r, ip);
    return {
      id: r.id,
      state: 'active',
      code: null,
      codeExpiresAt: null,
      name: r.name,
      permission: monitorCodes(r),
      providers: parseProviders(r.providers),
    };
  }

  private accessOf(r: repo.DisplayRecord): Access {
    return {
      accountId: 0,
      roleId: r.roleId ?? 0,
      isSuperRole: false,
      isSuperAccount: false,
      permissions: monitorCodes(r),
      scope: { providers: parseProviders(r.providers), currencies: 'all' },
      display: { id: r.id, name: r.name },
    };
  }

  /** The caller of an active display token (REST and live handshake); -2 otherwise. */
  async authenticate(token: string | undefined, ip?: string): Promise<AuthContext> {
    const r = await this.recordOf(token);
    if (!r || r.state !== 'active') throw refuse.sessionExpired();
    await this.contact(r, ip);
    return {
      ...this.accessOf(r),
      sessionId: 0,
      account: `display:${r.id}`,
      nickname: r.name,
      introduction: '',
      roleName: r.roleName,
    };
  }

  /** The current access of an active display (to re-scope its sockets), or undefined. */
  async access(displayId: number): Promise<Access | undefined> {
    const r = await repo.findById(this.deps.store.db, displayId);
    return r && r.state === 'active' ? this.accessOf(r) : undefined;
  }

  /** Records that these displays' sockets are connected. */
  async touch(ids: readonly number[]): Promise<void> {
    await repo.touch(this.deps.store.db, ids, this.deps.now());
  }

  /** Those of `ids` still active. */
  activeAmong(ids: readonly number[]): Promise<Set<number>> {
    return repo.activeAmong(this.deps.store.db, ids);
  }

  async pending(code: string): Promise<DisplayPending> {
    const r = await repo.findPendingByCode(this.deps.store.db, code, this.deps.now());
    if (!r || r.pairExpiresAt === null) throw refuse.notFound('display.codeUnknown');
    return {
      label: r.label,
      createdAt: r.createdAt,
      expiresAt: r.pairExpiresAt,
      ip: r.createdIp,
      userAgent: r.userAgent,
    };
  }

  /**
   * Approves the request of `code`: the display holds the role's monitor codes and sees `providers`. The
   * approver must hold those codes and providers itself.
   */
  async approve(
    auth: AuthContext,
    input: { code: string; name: string; roleId: number; providers: number[] },
    ip: string,
  ): Promise<{ id: number }> {
    const { store, audit, now } = this.deps;
    const pending = await repo.findPendingByCode(store.db, input.code, now());
    if (!pending) throw refuse.notFound('display.codeUnknown');
    const role = await findRole(store.db, input.roleId);
    if (!role) throw refuse.notFound('display.roleNotFound');
    const codes = monitorCodes({ roleId: role.id, rolePermission: role.permission });
    if (codes.length === 0) throw refuse.bad('display.noMonitorCode');
    const missing = auth.isSuperRole ? undefined : codes.find((c) => !auth.permissions.includes(c));
    if (missing !== undefined) throw refuse.forbidden('display.grantNotHeld', { code: missing });
    const providers = [...new Set(input.providers)].sort((a, b) => a - b);
    const outside = outsideScope(auth, providers, []);
    if (outside) throw new AppError(ERR.GENERAL, 403, outside);
    await this.deps.base.assertExist(providers, []);
    const done = await store.transaction(async (tx) => {
      const ok = await repo.activate(tx, {
        id: pending.id,
        code: input.code,
        now: now(),
        name: input.name,
        roleId: role.id,
        roleName: role.name,
        providers,
        by: auth.account,
      });
      if (!ok) return false;
      await audit.record(
        {
          actor: { id: auth.accountId, name: auth.account },
          action: AUDIT_ACTIONS.displayApproved,
          targetType: 'display',
          targetId: pending.id,
          detail: {
            name: input.name,
            label: pending.label,
            roleId: role.id,
            roleName: role.name,
            permission: codes.join(','),
            providers,
          },
          ip,
        },
        tx,
      );
      return true;
    });
    if (!done) throw refuse.notFound('display.codeUnknown');
    return { id: pending.id };
  }

  async list(q: {
    keyword?: string | undefined;
    state?: 'active' | 'revoked' | undefined;
    page: number;
    pageSize: number;
  }): Promise<Page<DisplayRow>> {
    const { rows, total } = await repo.list(this.deps.store.db, {
      keyword: q.keyword,
      state: q.state,
      offset: (q.page - 1) * q.pageSize,
      limit: q.pageSize,
    });
    return { list: rows.map(toRow), total, page: q.page, pageSize: q.pageSize };
  }

  /** Revokes a display: its token is refused from now on and its sockets are disconnected. */
  async revoke(auth: AuthContext, id: number, ip: string): Promise<null> {
    const { store, audit, now, notifier } = this.deps;
    const r = await repo.findById(store.db, id);
    if (!r || r.state === 'pending') throw refuse.notFound('display.notFound');
    if (r.state === 'revoked') return null;
    await store.transaction(async (tx) => {
      if (!(await repo.revoke(tx, id, now(), auth.account))) return;
      await audit.record(
        {
          actor: { id: auth.accountId, name: auth.account },
          action: AUDIT_ACTIONS.displayRevoked,
          targetType: 'display',
          targetId: id,
          detail: { name: r.name, roleName: r.roleName, providers: parseProviders(r.providers) },
          ip,
        },
        tx,
      );
    });
    notifier.displayRevoked(id);
    return null;
  }

  /** Renames an active display (the name it is listed under in the console and on its own screen). */
  async rename(auth: AuthContext, id: number, name: string, ip: string): Promise<null> {
    const { store, audit } = this.deps;
    const r = await repo.findById(store.db, id);
    if (!r || r.state !== 'active') throw refuse.notFound('display.notFound');
    if (r.name === name) return null;
    await store.transaction(async (tx) => {
      if (!(await repo.rename(tx, id, name))) throw refuse.notFound('display.notFound');
      await audit.record(
        {
          actor: { id: auth.accountId, name: auth.account },
          action: AUDIT_ACTIONS.displayRenamed,
          targetType: 'display',
          targetId: id,
          detail: { from: r.name, to: name },
          ip,
        },
        tx,
      );
    });
    return null;
  }

  /** Deletes pending requests whose code expired more than a day ago. */
  prune(): Promise<number> {
    return repo.prunePending(this.deps.store.db, this.deps.now() - 86_400_000);
  }
}

function toRow(r: repo.DisplayRecord): DisplayRow {
  return {
    id: r.id,
    name: r.name,
    state: r.state,
    roleId: r.roleId,
    roleName: r.roleName,
    permission: monitorCodes(r).join(','),
    providers: parseProviders(r.providers),
    label: r.label,
    createdAt: r.createdAt,
    approvedAt: r.approvedAt,
    approvedBy: r.approvedBy,
    revokedAt: r.revokedAt,
    revokedBy: r.revokedBy,
    lastSeenAt: r.lastSeenAt,
    lastIp: r.lastIp,
    userAgent: r.userAgent,
  };
}
