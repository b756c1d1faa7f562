import type { z } from 'zod';
import type { Page } from '@dms/shared/contracts/envelope';
import type { AuditRow, auditListQuerySchema } from '@dms/shared/contracts/http/audit';
import type { AuditAction, AuditTargetType } from '@dms/shared/contracts/http/auditActions';
import type { Db, Store } from '../../platform/db/db.store';
import * as repo from './audit.repository';

/** One audit entry. `detail` must hold no secret (no password, no token). */
export interface AuditEntry {
  actor: { id: number; name: string };
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number | string;
  detail?: Record<string, unknown>;
  ip: string;
}

/** The audit log: who changed which account or role, password changes, and sign-ins. */
export class AuditService {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  /** Records an entry; pass the transaction of the change so both commit together. */
  async record(entry: AuditEntry, db: Db = this.store.db): Promise<void> {
    await repo.insertAudit(db, {
      at: this.now(),
      actorId: entry.actor.id,
      actorName: entry.actor.name,
      action: entry.action,
      targetType: entry.targetType,
      targetId: String(entry.targetId),
      detail: JSON.stringify(entry.detail ?? {}),
      ip: entry.ip,
    });
  }

  /** A page of the entries of some actions, newest first (a screen's own change log). */
  async listActions(
    actions: readonly AuditAction[],
    page: number,
    pageSize: number,
  ): Promise<Page<AuditRow>> {
    const { rows, total } = await repo.listAudit(this.store.db, {
      actions,
      offset: (page - 1) * pageSize,
      limit: pageSize,
    });
    return { list: rows, total, page, pageSize };
  }

  async list(q: z.output<typeof auditListQuerySchema>): Promise<Page<AuditRow>> {
    const { rows, total } = await repo.listAudit(this.store.db, {
      targetType: q.targetType,
      actorId: q.actorId,
      offset: (q.page - 1) * q.pageSize,
      limit: q.pageSize,
    });
    return { list: rows, total, page: q.page, pageSize: q.pageSize };
  }
}
