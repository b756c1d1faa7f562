import type { Kysely } from 'kysely';
import type { Store } from '../../platform/db/db.store';
import type { PlatformTables } from '../../engine/events.tables';

export interface SettledRoundRow {
  id: string;
  provider: number;
  gameId: number;
  tableId: string;
  shoeId: string;
  settledAt: number;
  result: string | null;
}

export type RoundRow = Omit<SettledRoundRow, 'settledAt'> & { startedAt: number; settledAt: number | null };

export interface RoundTotalRow {
  roundId: string;
  provider: number;
  betType: string;
  bets: number;
  amount: number;
  payout: number;
}

/** Reads of the platform data for the monitor's period replay. */
export class PeriodRepository {
  private readonly db: Kysely<PlatformTables>;

  constructor(store: Pick<Store, 'db'>) {
    this.db = store.db as unknown as Kysely<PlatformTables>;
  }

  /** Rounds settled in `[from, to)` after `(at, id)`, in `(settled_at, id)` order (index `round_settled_time`). */
  async settledRounds(q: {
    from: number;
    to: number;
    gameId?: number | undefined;
    after: { at: number; id: string } | null;
    limit: number;
  }): Promise<SettledRoundRow[]> {
    let query = this.db
      .selectFrom('game_round')
      .where('settled_at', '>=', q.from)
      .where('settled_at', '<', q.to);
    if (q.gameId !== undefined) query = query.where('game_id', '=', q.gameId);
    const after = q.after;
    if (after)
      query = query.where((eb) =>
        eb.or([
          eb('settled_at', '>', after.at),
          eb.and([eb('settled_at', '=', after.at), eb('id', '>', after.id)]),
        ]),
      );
    const rows = await query
      .select([
        'id',
        'provider',
        'game_id as gameId',
        'table_id as tableId',
        'shoe_id as shoeId',
        'settled_at as settledAt',
        'result',
      ])
      .orderBy('settled_at')
      .orderBy('id')
      .limit(q.limit)
      .execute();
    return rows.map((r) => ({ ...r, settledAt: Number(r.settledAt) }));
  }

  /** The newest round start of a game (event time), or null without rounds. */
  async newestStart(gameId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('game_round')
      .where('game_id', '=', gameId)
      .select((eb) => eb.fn.max('started_at').as('at'))
      .executeTakeFirst();
    return row?.at === null || row?.at === undefined ? null : Number(row.at);
  }

  /** The rounds of a game started at or after `since` (index `round_game_start`, migration 0022), by table and start. */
  async roundsSince(gameId: number, since: number): Promise<RoundRow[]> {
    const rows = await this.db
      .selectFrom('game_round')
      .where('game_id', '=', gameId)
      .where('started_at', '>=', since)
      .select([
        'id',
        'provider',
        'game_id as gameId',
        'table_id as tableId',
        'shoe_id as shoeId',
        'started_at as startedAt',
        'settled_at as settledAt',
        'result',
      ])
      .orderBy('table_id')
      .orderBy('started_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      ...r,
      startedAt: Number(r.startedAt),
      settledAt: r.settledAt === null ? null : Number(r.settledAt),
    }));
  }

  /** Bets, stakes and payouts of these rounds per provider and bet type, within `providers`. */
  async totals(roundIds: readonly string[], providers: readonly number[] | 'all'): Promise<RoundTotalRow[]> {
    if (roundIds.length === 0 || (providers !== 'all' && providers.length === 0)) return [];
    // The providers are kept below, not in the query: given a list of them beside a hundred round ids,
    // SQLite's planner read the bets through `bet_scope_time` (every bet of those providers: 4 s on an
    // hour of a busy platform, the gateway's thread held all along) instead of the rounds' index.
    // A bet stored before its round's settlement has its payout in pending_payout from the settling commit
    // until the roll-up transaction right after it stores it in the bet's row (one statement reads either).
    const rows = await this.db
      .selectFrom('bet_record as b')
      .leftJoin('pending_payout as p', (join) =>
        join.onRef('p.transaction_id', '=', 'b.id').onRef('p.round_id', '=', 'b.round_id'),
      )
      .where('b.round_id', 'in', roundIds)
      .select((eb) => [
        'b.round_id as roundId',
        'b.provider',
        'b.bet_type as betType',
        eb.fn.countAll<number>().as('bets'),
        eb.fn.sum<number>('b.amount').as('amount'),
        eb.fn
          .coalesce(eb.fn.sum<number | null>(eb.fn.coalesce('b.payout', 'p.payout')), eb.lit(0))
          .as('payout'),
      ])
      .groupBy(['b.round_id', 'b.provider', 'b.bet_type'])
      .execute();
    const kept = providers === 'all' ? rows : rows.filter((r) => providers.includes(Number(r.provider)));
    return kept.map((r) => ({
      roundId: r.roundId,
      provider: r.provider,
      betType: r.betType,
      bets: Number(r.bets),
      amount: Number(r.amount),
      payout: Number(r.payout),
    }));
  }
}
