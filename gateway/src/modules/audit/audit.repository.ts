import type { AuditRow } from '@dms/shared/contracts/http/audit';
import type { Db } from '../../platform/db/db.store';

export interface AuditInsert {
  at: number;
  actorId: number;
  actorName: string;
  action: string;
  targetType: string;
  targetId: string;
  detail: string;
  ip: string;
}

/** Appends one audit row. */
export async function insertAudit(db: Db, e: AuditInsert): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: e.at,
      actor_id: e.actorId,
      actor_name: e.actorName.slice(0, 64),
      action: e.action,
      target_type: e.targetType,
      target_id: e.targetId.slice(0, 64),
      detail: e.detail,
      ip: e.ip.slice(0, 64),
    })
    .execute();
}

export interface AuditFilter {
  targetType?: string | undefined;
  actorId?: number | undefined;
  /** Only these actions. */
  actions?: readonly string[] | undefined;
  offset: number;
  limit: number;
}

/** A page of audit rows, newest first, with the total of the filter. */
export async function listAudit(db: Db, f: AuditFilter): Promise<{ rows: AuditRow[]; total: number }> {
  let base = db.selectFrom('audit_log');
  if (f.targetType) base = base.where('target_type', '=', f.targetType);
  if (f.actorId !== undefined) base = base.where('actor_id', '=', f.actorId);
  if (f.actions) base = base.where('action', 'in', f.actions.length > 0 ? [...f.actions] : ['']);
  const [rows, count] = await Promise.all([
    base
      .select([
        'id',
        'at',
        'actor_id as actorId',
        'actor_name as actorName',
        'action',
        'target_type as targetType',
        'target_id as targetId',
        'detail',
        'ip',
      ])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .offset(f.offset)
      .limit(f.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
