import { createHash } from 'node:crypto';
import type { Page } from '@dms/shared/contracts/envelope';
import { AUDIT_ACTIONS } from '@dms/shared/contracts/http/auditActions';
import {
  UNCONFIGURED_TABLES_MAX,
  type TableCreate,
  type TableIconUpload,
  type TableListQuery,
  type TableRow,
  type TableUpdate,
  type UnconfiguredTable,
} from '@dms/shared/contracts/http/tables';
import { refuse } from '../../platform/errors/errors';
import type { AuthContext } from '../../platform/auth/auth.context';
import { isUniqueViolation, type Db, type Store } from '../../platform/db/db.store';
import type { AuditService } from '../audit/audit.service';
import { gameById } from '@dms/shared/domain/games';
import { MachineType } from '@dms/shared/domain/enums';
import * as repo from './tables.repository';
import { defaultTableIcon } from './tables.icon';

export interface TablesServiceDeps {
  store: Store;
  audit: AuditService;
  now: () => number;
}

/** Who configures the simulator's default tables on a fresh install (no account). */
const SYSTEM = { id: 0, name: 'system' };

function iconWrite(icon: TableIconUpload): repo.IconWrite {
  return { type: icon.type, data: icon.bytes, hash: createHash('sha256').update(icon.bytes).digest('hex') };
}

/** What the audit log keeps of a table (no image bytes). */
function auditDetail(t: repo.TableWrite, icon?: repo.IconWrite): Record<string, unknown> {
  return {
    gameId: t.gameId,
    tableId: t.tableId,
    name: t.name,
    type: t.type,
    enabled: t.enabled,
    ...(icon ? { icon: { type: icon.type, size: icon.data.byteLength, sha256: icon.hash } } : {}),
  };
}

/**
 * Table setting (`shared/src/contracts/http/tables.ts`): the configured game tables, listed, created,
 * changed, switched on and off and deleted, each change one audit entry in the same transaction; their
 * icons; and the tables the stored rounds name that are not configured. The platform table id is unique
 * ("ID already exists"), and so is a name within its game ("Game ID have already exist").
 */
export class TablesService {
  constructor(private readonly deps: TablesServiceDeps) {}

  /** A page of tables, newest first. */
  async list(q: TableListQuery): Promise<Page<TableRow>> {
    const { rows, total } = await repo.listTables(
      this.deps.store.db,
      q,
      (q.page - 1) * q.pageSize,
      q.pageSize,
    );
    return { list: rows, total, page: q.page, pageSize: q.pageSize };
  }

  /** Tables seen in the stored rounds that are not configured. */
  unconfigured(): Promise<UnconfiguredTable[]> {
    return repo.unconfiguredTables(this.deps.store.db, UNCONFIGURED_TABLES_MAX);
  }

  /** The enabled configured tables (game and platform table id), by game then table id: what the simulator plays. */
  async configured(): Promise<{ gameId: number; tableId: string }[]> {
    const rows = await repo.listConfiguredTables(this.deps.store.db);
    return rows.map((r) => ({ gameId: r.gameId, tableId: r.tableId }));
  }

  /**
   * On a fresh install (no table configured at all, enabled or not): configures `tables`, enabled, named
   * after their game and rank ("Baccarat 1", "Teen Patti 1"), machine type medium, with the game's default
   * icon, each with its audit entry by `system`, in one transaction; returns whether it did. Two gateways
   * starting together configure them once (the second sees the rows or breaks the unique index).
   */
  async seedDefaults(tables: readonly { gameId: number; tableId: string }[]): Promise<boolean> {
    if (tables.length === 0) return false;
    const author = { at: this.deps.now(), by: SYSTEM.name };
    const rank = new Map<number, number>();
    try {
      return await this.deps.store.transaction(async (tx) => {
        if (await repo.hasAnyTable(tx)) return false;
        for (const t of tables) {
          const n = (rank.get(t.gameId) ?? 0) + 1;
          rank.set(t.gameId, n);
          const write: repo.TableWrite = {
            gameId: t.gameId,
            tableId: t.tableId,
            name: `${gameById(t.gameId)?.gameNameEn ?? `Game ${t.gameId}`} ${n}`,
            type: MachineType.Medium,
            enabled: true,
          };
          const bytes = defaultTableIcon(t.gameId);
          const icon: repo.IconWrite = {
            type: 'image/png',
            data: bytes,
            hash: createHash('sha256').update(bytes).digest('hex'),
          };
          const id = await repo.insertTable(tx, write, icon, author);
          await this.deps.audit.record(
            {
              actor: SYSTEM,
              action: AUDIT_ACTIONS.tableCreated,
              targetType: 'table',
              targetId: id,
              detail: { ...auditDetail(write, icon), seeded: 'simulator' },
              ip: '',
            },
            tx,
          );
        }
        return true;
      });
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  async create(auth: AuthContext, body: TableCreate, ip: string): Promise<TableRow> {
    const icon = iconWrite(body.icon);
    return this.write(body, undefined, async (tx) => {
      const id = await repo.insertTable(tx, body, icon, this.author(auth));
      await this.record(auth, AUDIT_ACTIONS.tableCreated, id, auditDetail(body, icon), ip, tx);
      return id;
    });
  }

  async update(auth: AuthContext, body: TableUpdate, ip: string): Promise<TableRow> {
    const icon = body.icon ? iconWrite(body.icon) : undefined;
    return this.write(body, body.id, async (tx, before) => {
      if (!before) throw refuse.notFound('tables.notFound');
      await repo.updateTable(tx, body.id, body, icon, this.author(auth));
      await this.record(
        auth,
        AUDIT_ACTIONS.tableUpdated,
        body.id,
        {
          ...auditDetail(body, icon),
          before: {
            gameId: before.gameId,
            tableId: before.tableId,
            name: before.name,
            type: before.type,
            enabled: before.enabled,
          },
        },
        ip,
        tx,
      );
      return body.id;
    });
  }

  async setEnabled(auth: AuthContext, id: number, enabled: boolean, ip: string): Promise<TableRow> {
    return this.deps.store.transaction(async (tx) => {
      const before = await repo.findTable(tx, id);
      if (!before) throw refuse.notFound('tables.notFound');
      await repo.setTableEnabled(tx, id, enabled, this.author(auth));
      await this.record(
        auth,
        enabled ? AUDIT_ACTIONS.tableEnabled : AUDIT_ACTIONS.tableDisabled,
        id,
        { gameId: before.gameId, tableId: before.tableId, name: before.name, enabled, was: before.enabled },
        ip,
        tx,
      );
      const after = await repo.findTable(tx, id);
      if (!after) throw refuse.notFound('tables.notFound');
      return after;
    });
  }

  async delete(auth: AuthContext, id: number, ip: string): Promise<null> {
    return this.deps.store.transaction(async (tx) => {
      const before = await repo.findTable(tx, id);
      if (!before || !(await repo.deleteTable(tx, id))) throw refuse.notFound('tables.notFound');
      await this.record(
        auth,
        AUDIT_ACTIONS.tableDeleted,
        id,
        {
          gameId: before.gameId,
          tableId: before.tableId,
          name: before.name,
          type: before.type,
          enabled: before.enabled,
        },
        ip,
        tx,
      );
      return null;
    });
  }

  /** The icon of a table, or a 404 refusal. */
  async icon(id: number): Promise<{ type: string; data: Buffer }> {
    const icon = await repo.tableIcon(this.deps.store.db, id);
    if (!icon) throw refuse.notFound('tables.notFound');
    return icon;
  }

  /**
   * Runs a create or an update (of the existing table `except`, else 404) after the duplicate checks, in one transaction, and returns the stored row.
   * Two concurrent writes of the same id or name pass the checks together; the unique indexes refuse the
   * second, which is then answered with the same refusal the checks give.
   */
  private async write(
    t: repo.TableWrite,
    except: number | undefined,
    run: (tx: Db, before: TableRow | undefined) => Promise<number>,
  ): Promise<TableRow> {
    const { store } = this.deps;
    try {
      return await store.transaction(async (tx) => {
        const before = except === undefined ? undefined : await repo.findTable(tx, except);
        if (except !== undefined && !before) throw refuse.notFound('tables.notFound');
        await this.assertUnique(tx, t, except);
        const id = await run(tx, before);
        const row = await repo.findTable(tx, id);
        if (!row) throw refuse.notFound('tables.notFound');
        return row;
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      await this.assertUnique(store.db, t, except);
      throw refuse.conflict('tables.idExists');
    }
  }

  private async assertUnique(db: Db, t: repo.TableWrite, except: number | undefined): Promise<void> {
    if (await repo.tableIdTaken(db, t.tableId, except)) throw refuse.conflict('tables.idExists');
    if (await repo.gameNameTaken(db, t.gameId, t.name, except))
      throw refuse.conflict('tables.gameNameExists');
  }

  private author(auth: AuthContext) {
    return { at: this.deps.now(), by: auth.account };
  }

  private record(
    auth: AuthContext,
    action: (typeof AUDIT_ACTIONS)[
      'tableCreated' | 'tableUpdated' | 'tableEnabled' | 'tableDisabled' | 'tableDeleted'],
    id: number,
    detail: Record<string, unknown>,
    ip: string,
    tx: Db,
  ): Promise<void> {
    return this.deps.audit.record(
      {
        actor: { id: auth.accountId, name: auth.account },
        action,
        targetType: 'table',
        targetId: id,
        detail,
        ip,
      },
      tx,
    );
  }
}
