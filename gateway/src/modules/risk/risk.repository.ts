import { sql, type Kysely } from 'kysely';
import type { AlertChanged } from '@dms/shared/contracts/live/events';
import type { Db, Store } from '../../platform/db/db.store';
import type { RiskTables } from '../../platform/db/db.risk';
import type { PlatformTables } from '../../engine/events.tables';
import type {
  EventPosition,
  LiveReplaySource,
  PeriodReplaySource,
  ReplayRecord,
} from '../../platform/live/live.replay';

export type RiskReadDb = Kysely<RiskTables & PlatformTables>;

/** Provider scope of a caller: every provider, or some. */
export type ProviderScope = readonly number[] | 'all';

/** A `where` on a `providers` text column (`,3,7,`): at least one of the scope's providers. */
export function scopeFilter(scope: ProviderScope, column = 'providers') {
  if (scope === 'all') return sql<boolean>`1 = 1`;
  if (scope.length === 0) return sql<boolean>`1 = 0`;
  return sql<boolean>`(${sql.join(
    scope.map((p) => sql`${sql.ref(column)} like ${`%,${p},%`}`),
    sql` or `,
  )})`;
}

/** A `where` on an integer `provider` column: one of the scope's providers (every one for 'all'). */
export function providerScope(scope: ProviderScope, column = 'provider') {
  if (scope === 'all') return sql<boolean>`1 = 1`;
  if (scope.length === 0) return sql<boolean>`1 = 0`;
  return sql<boolean>`${sql.ref(column)} in (${sql.join([...scope])})`;
}

/** Reads of the risk store for `live:resume` and the monitor's period replay. */
export class RiskReplaySource implements LiveReplaySource, PeriodReplaySource {
  private readonly db: RiskReadDb;

  constructor(store: Pick<Store, 'db'>) {
    this.db = store.db as unknown as RiskReadDb;
  }

  async after(after: number, limit: number): Promise<ReplayRecord[]> {
    const rows = await this.db
      .selectFrom('risk_change')
      .select(['seq', 'event', 'payload'])
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map(
      (r) =>
        ({
          event: r.event,
          payload: { ...JSON.parse(r.payload), seq: Number(r.seq) },
        }) as unknown as ReplayRecord,
    );
  }

  async head(): Promise<number> {
    const row = await this.db
      .selectFrom('risk_change')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    return Number(row?.seq ?? 0);
  }

  async alertsBetween(q: {
    from: number;
    to: number;
    after: EventPosition | null;
    limit: number;
  }): Promise<AlertChanged[]> {
    let query = this.db
      .selectFrom('risk_change')
      .select(['seq', 'payload', 'at'])
      .where('event', '=', 'alert:raised')
      .where('at', '>=', q.from)
      .where('at', '<', q.to);
    const after = q.after;
    if (after)
      query = query.where((eb) =>
        eb.or([eb('at', '>', after.at), eb.and([eb('at', '=', after.at), eb('seq', '>', after.seq)])]),
      );
    const rows = await query.orderBy('at').orderBy('seq').limit(q.limit).execute();
    return rows.map((r) => ({ ...JSON.parse(r.payload), seq: Number(r.seq) }) as AlertChanged);
  }

  async flaggedRounds(roundIds: readonly string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (roundIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('risk_group_round')
      .select(['round_id', 'group_id'])
      .where('round_id', 'in', [...roundIds])
      .execute();
    for (const r of rows) {
      const list = out.get(r.round_id) ?? [];
      list.push(r.group_id);
      out.set(r.round_id, list);
    }
    return out;
  }
}

/**
 * The evidence rounds of the groups within `scope`, counted per bucket of their settlement in [from, to) and per
 * kind of group, up to the newest evidence stored when asked (`seq`, read first: what is stored after it is
 * left out, whatever commits during the count).
 */
export async function evidenceByMinute(
  db: RiskReadDb,
  q: { from: number; to: number; gameId?: number | undefined; scope: ProviderScope; bucketMs: number },
): Promise<{ seq: number; rows: { t: number; kind: string; n: number }[] }> {
  const head = await db
    .selectFrom('risk_group_round')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  const seq = Number(head?.seq ?? 0);
  let query = db
    .selectFrom('game_round as r')
    .innerJoin('risk_group_round as g', 'g.round_id', 'r.id')
    .innerJoin('risk_group as k', 'k.id', 'g.group_id')
    .where('r.settled_at', '>=', q.from)
    .where('r.settled_at', '<', q.to)
    .where('g.seq', '<=', seq)
    .where(scopeFilter(q.scope, 'k.providers'));
  // `+game_id`: not by the game's index (every round of the game; 225 ms on 240,000 rounds against 0.4 ms by
  // the settlement's time, SQLite).
  if (q.gameId) query = query.where(sql<number>`+${sql.ref('r.game_id')}`, '=', q.gameId);
  // Whole buckets: integer division on both stores (the times are integers, the width a literal; a bound
  // parameter is a real on SQLite), floored again below.
  const bucket = sql<number>`${sql.ref('r.settled_at')} / ${sql.lit(q.bucketMs)}`;
  const rows = await query
    .select((eb) => [bucket.as('bucket'), 'k.kind', eb.fn.countAll().as('n')])
    .groupBy([bucket, 'k.kind'])
    .execute();
  return {
    seq,
    rows: rows.map((r) => ({ t: Math.floor(Number(r.bucket)) * q.bucketMs, kind: r.kind, n: Number(r.n) })),
  };
}

/** A transaction of the store, typed with the risk tables. */
export const asRiskDb = (tx: Db) => tx as unknown as Kysely<RiskTables>;

/** The sign-in name of an account, or undefined when there is none with this id. */
export function findAccount(tx: Db, id: number): Promise<{ id: number; name: string } | undefined> {
  return (tx as unknown as Kysely<{ account: { id: number; account: string } }>)
    .selectFrom('account')
    .select(['id', 'account as name'])
    .where('id', '=', id)
    .executeTakeFirst();
}
