import type { Page } from '@dms/shared/contracts/envelope';
import { AUDIT_ACTIONS } from '@dms/shared/contracts/http/auditActions';
import {
  RATE_BASE,
  RATE_IMPORT_MAX_LINES,
  parseRatesCsv,
  type RateChange,
  type RateDeleteBody,
  type RateHistoryRow,
  type RateListQuery,
  type RateRow,
  type RateSetBody,
} from '@dms/shared/contracts/http/rates';
import { daysOf } from '@dms/shared/contracts/http/stats';
import { ERR } from '@dms/shared/errors/codes';
import { AppError, refuse } from '../../platform/errors/errors';
import type { AuthContext } from '../../platform/auth/auth.context';
import type { Store } from '../../platform/db/db.store';
import type { AuditService } from '../audit/audit.service';
import type { BaseService } from '../base/base.service';
import * as repo from './rates.repository';

export interface RatesServiceDeps {
  store: Store;
  audit: AuditService;
  base: BaseService;
  now: () => number;
}

/** The day → currency → rate table of some days, as Company Profit reads it. */
export type RateTable = ReadonlyMap<string, ReadonlyMap<string, number>>;

const RATE_ACTIONS = [AUDIT_ACTIONS.rateSet, AUDIT_ACTIONS.rateDeleted, AUDIT_ACTIONS.rateImported] as const;

/**
 * Exchange rates per day (see `shared/src/contracts/http/rates.ts`): set for a range of days, deleted,
 * imported from CSV (all lines or none), listed, and their change log. Every change is one audit entry,
 * written in the same transaction. Rates are of currencies the product knows, never of the base USD.
 */
export class RatesService {
  constructor(private readonly deps: RatesServiceDeps) {}

  /** A page of rates, newest day first. */
  async list(q: RateListQuery): Promise<Page<RateRow>> {
    const { rows, total } = await repo.listRates(
      this.deps.store.db,
      q,
      (q.page - 1) * q.pageSize,
      q.pageSize,
    );
    return { list: rows, total, page: q.page, pageSize: q.pageSize };
  }

  /** Sets one rate for every day of a range of one currency. */
  async set(auth: AuthContext, body: RateSetBody, ip: string): Promise<RateChange> {
    await this.checkCurrency(body.currency);
    const days = daysOf(body.startDay, body.endDay);
    const { store, audit, now } = this.deps;
    return store.transaction(async (tx) => {
      const replaced = await repo.upsertRates(
        tx,
        days.map((day) => ({ day, currency: body.currency, rate: body.rate })),
        { at: now(), by: auth.account },
      );
      await audit.record(
        {
          actor: { id: auth.accountId, name: auth.account },
          action: AUDIT_ACTIONS.rateSet,
          targetType: 'setting',
          targetId: `rate:${body.currency}`,
          detail: { ...body, written: days.length, replaced },
          ip,
        },
        tx,
      );
      return { written: days.length, replaced, deleted: 0 };
    });
  }

  /** Removes the rates of a range of days of one currency. */
  async delete(auth: AuthContext, body: RateDeleteBody, ip: string): Promise<RateChange> {
    const { store, audit } = this.deps;
    return store.transaction(async (tx) => {
      const deleted = await repo.deleteRates(tx, body.currency, body.startDay, body.endDay);
      await audit.record(
        {
          actor: { id: auth.accountId, name: auth.account },
          action: AUDIT_ACTIONS.rateDeleted,
          targetType: 'setting',
          targetId: `rate:${body.currency}`,
          detail: { ...body, deleted },
          ip,
        },
        tx,
      );
      return { written: 0, replaced: 0, deleted };
    });
  }

  /**
   * Imports a CSV file of rates: every line is checked first, and one bad line (or an unknown currency)
   * refuses the whole file with the list of bad lines in `data.errors`, so that nothing half-imported is
   * left to find; a good file is written in one transaction.
   */
  async import(auth: AuthContext, csv: string, ip: string): Promise<RateChange> {
    const { rates, errors } = parseRatesCsv(csv);
    if (rates.length + errors.length > RATE_IMPORT_MAX_LINES) {
      throw refuse.bad('rates.csvTooManyLines', { max: RATE_IMPORT_MAX_LINES });
    }
    const known = new Set(
      (await this.deps.base.currencies({ providers: 'all', currencies: 'all' })).map((c) => c.code),
    );
    for (const r of rates) {
      if (!known.has(r.currency))
        errors.push({ line: r.line, key: 'rates.csvCurrency', params: { line: r.line } });
    }
    if (errors.length > 0) {
      errors.sort((a, b) => a.line - b.line);
      throw new AppError(
        ERR.GENERAL,
        400,
        { key: 'rates.csvInvalid', params: { count: errors.length } },
        { errors: errors.slice(0, 100) },
      );
    }
    if (rates.length === 0) throw refuse.bad('rates.csvEmpty');
    const { store, audit, now } = this.deps;
    return store.transaction(async (tx) => {
      const replaced = await repo.upsertRates(tx, rates, { at: now(), by: auth.account });
      const sorted = rates.map((r) => r.day).sort();
      await audit.record(
        {
          actor: { id: auth.accountId, name: auth.account },
          action: AUDIT_ACTIONS.rateImported,
          targetType: 'setting',
          targetId: 'rate:import',
          detail: {
            written: rates.length,
            replaced,
            startDay: sorted[0],
            endDay: sorted[sorted.length - 1],
            currencies: [...new Set(rates.map((r) => r.currency))].sort(),
          },
          ip,
        },
        tx,
      );
      return { written: rates.length, replaced, deleted: 0 };
    });
  }

  /** The change log of the rates, newest first. */
  async history(page: number, pageSize: number): Promise<Page<RateHistoryRow>> {
    const rows = await this.deps.audit.listActions(RATE_ACTIONS, page, pageSize);
    return {
      ...rows,
      list: rows.list.map((r) => {
        const d = JSON.parse(r.detail) as Record<string, unknown>;
        const text = (v: unknown) => (typeof v === 'string' ? v : null);
        const currencies = Array.isArray(d.currencies) ? d.currencies.join(', ') : null;
        return {
          at: r.at,
          actor: r.actorName,
          action: r.action as RateHistoryRow['action'],
          currency: text(d.currency) ?? currencies,
          startDay: text(d.startDay),
          endDay: text(d.endDay),
          rate: typeof d.rate === 'number' ? d.rate : null,
          written: typeof d.written === 'number' ? d.written : 0,
          deleted: typeof d.deleted === 'number' ? d.deleted : 0,
        };
      }),
    };
  }

  /**
   * The rates of some currencies on the days from `start` to `end` (USD is always 1 and never stored),
   * for Company Profit's conversion.
   */
  table(currencies: readonly string[], start: string, end: string): Promise<RateTable> {
    return repo.ratesOf(
      this.deps.store.db,
      currencies.filter((c) => c !== RATE_BASE),
      start,
      end,
    );
  }

  private async checkCurrency(currency: string): Promise<void> {
    if (currency === RATE_BASE) throw refuse.bad('rates.baseCurrency', { currency });
    const known = await this.deps.base.currencies({ providers: 'all', currencies: [currency] });
    if (known.length === 0) throw refuse.bad('rates.unknownCurrency', { currency });
  }
}
