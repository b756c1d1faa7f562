import { sql, type Kysely } from 'kysely';
import { ACCOUNT_MEASURES, GAME_MEASURES, PLAYER_MEASURES } from './rollup.aggregator';

/**
 * Recomputation of the roll-ups from the raw tables with GROUP BY, the definition the incremental
 * roll-ups are held to (tests, and a consistency check after an incident). Reads whole tables: not for
 * request paths.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- plain SQL over the platform tables
type AnyKysely = Kysely<any>;

/** Roll-up rows keyed by their key columns joined with `|`, measures as numbers. */
export interface RollupSnapshot {
  daily_game: Map<string, Record<string, number>>;
  daily_account: Map<string, Record<string, number>>;
  daily_player: Map<string, Record<string, number | string>>;
}

/** A measure's column: the aggregator's field name in snake case. */
const column = (measure: string) => measure.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const GAME = GAME_MEASURES.map(column);
const ACCOUNT = ACCOUNT_MEASURES.map(column);
const PLAYER = PLAYER_MEASURES.map(column);

type Row = Record<string, unknown>;

function numbers(row: Row, names: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const n of names) out[n] = Number(row[n] ?? 0);
  return out;
}

/** The roll-up tables as stored. */
export async function readRollups(db: AnyKysely): Promise<RollupSnapshot> {
  const game = await sql<Row>`select * from daily_game`.execute(db);
  const account = await sql<Row>`select * from daily_account`.execute(db);
  const player = await sql<Row>`select * from daily_player`.execute(db);
  return {
    daily_game: new Map(
      game.rows.map((r) => [`${r.day}|${r.provider}|${r.currency}|${r.game_id}`, numbers(r, GAME)]),
    ),
    daily_account: new Map(
      account.rows.map((r) => [`${r.day}|${r.provider}|${r.currency}`, numbers(r, ACCOUNT)]),
    ),
    daily_player: new Map(
      player.rows.map((r) => [
        `${r.day}|${r.provider}|${r.currency}|${r.player_id}`,
        { ...numbers(r, PLAYER), account: String(r.account) },
      ]),
    ),
  };
}

/** The roll-ups as recomputed from the raw tables. */
export async function recomputeRollups(db: AnyKysely): Promise<RollupSnapshot> {
  const big = (e: string) => sql.raw(`cast(coalesce(${e}, 0) as bigint)`);
  const game = await sql<Row>`
    select day, provider, currency, game_id,
      ${big('sum(amount)')} as turnover,
      ${big('sum(payout)')} as payout,
      count(*) as bets,
      count(distinct round_id) as rounds,
      ${big('sum(case when payout is not null then amount end)')} as settled_turnover,
      count(payout) as settled_bets
    from bet_record group by day, provider, currency, game_id`.execute(db);

  const account = new Map<string, Record<string, number>>();
  const accountRow = (r: Row) => {
    const key = `${r.day}|${r.provider}|${r.currency}`;
    let row = account.get(key);
    if (!row) {
      row = numbers({}, ACCOUNT);
      account.set(key, row);
    }
    return row;
  };
  for (const r of (
    await sql<Row>`select day, provider, currency, count(*) as n from player group by day, provider, currency`.execute(
      db,
    )
  ).rows) {
    accountRow(r).registrations = Number(r.n);
  }
  for (const r of (
    await sql<Row>`select day, provider, currency, count(*) as n, count(distinct player_id) as players from login_record group by day, provider, currency`.execute(
      db,
    )
  ).rows) {
    const row = accountRow(r);
    row.logins = Number(r.n);
    row.login_players = Number(r.players);
  }
  for (const r of (
    await sql<Row>`select day, provider, currency,
      ${big('sum(case when direction = 1 then amount end)')} as tin,
      ${big('sum(case when direction = 1 then 1 end)')} as tin_n,
      ${big('sum(case when direction = 0 then amount end)')} as tout,
      ${big('sum(case when direction = 0 then 1 end)')} as tout_n
    from transfer_record group by day, provider, currency`.execute(db)
  ).rows) {
    const row = accountRow(r);
    row.transfer_in = Number(r.tin);
    row.transfer_in_count = Number(r.tin_n);
    row.transfer_out = Number(r.tout);
    row.transfer_out_count = Number(r.tout_n);
  }
  for (const [table, sum, count] of [
    ['bonus_record', 'bonus', 'bonus_count'],
    ['prize_record', 'prize', 'prize_count'],
  ] as const) {
    for (const r of (
      await sql<Row>`select day, provider, currency, ${big('sum(amount)')} as total, count(*) as n from ${sql.table(table)} group by day, provider, currency`.execute(
        db,
      )
    ).rows) {
      const row = accountRow(r);
      row[sum] = Number(r.total);
      row[count] = Number(r.n);
    }
  }

  const player = new Map<string, Record<string, number | string>>();
  const playerRow = (r: Row) => {
    const key = `${r.day}|${r.provider}|${r.currency}|${r.player_id}`;
    let row = player.get(key);
    if (!row) {
      row = { ...numbers({}, PLAYER), account: String(r.account) };
      player.set(key, row);
    }
    return row;
  };
  for (const r of (
    await sql<Row>`select day, provider, currency, player_id, max(account) as account,
      ${big('sum(amount)')} as turnover, ${big('sum(payout)')} as payout, count(*) as bets,
      ${big('sum(case when payout is not null then amount end)')} as settled_turnover, count(payout) as settled_bets,
      ${big('sum(case when payout > amount then 1 end)')} as wins
    from bet_record group by day, provider, currency, player_id`.execute(db)
  ).rows) {
    Object.assign(
      playerRow(r),
      numbers(r, ['turnover', 'payout', 'bets', 'settled_turnover', 'settled_bets', 'wins']),
    );
  }
  for (const r of (
    await sql<Row>`select day, provider, currency, player_id, max(account) as account,
      ${big('sum(case when direction = 1 then amount end)')} as transfer_in,
      ${big('sum(case when direction = 0 then amount end)')} as transfer_out
    from transfer_record group by day, provider, currency, player_id`.execute(db)
  ).rows) {
    Object.assign(playerRow(r), numbers(r, ['transfer_in', 'transfer_out']));
  }
  for (const [table, name] of [
    ['bonus_record', 'bonus'],
    ['prize_record', 'prize'],
  ] as const) {
    for (const r of (
      await sql<Row>`select day, provider, currency, player_id, max(account) as account, ${big('sum(amount)')} as total from ${sql.table(table)} group by day, provider, currency, player_id`.execute(
        db,
      )
    ).rows) {
      playerRow(r)[name] = Number(r.total);
    }
  }
  for (const r of (
    await sql<Row>`select day, provider, currency, player_id, max(account) as account, count(*) as n from login_record group by day, provider, currency, player_id`.execute(
      db,
    )
  ).rows) {
    playerRow(r).logins = Number(r.n);
  }

  return {
    daily_game: new Map(
      game.rows.map((r) => [`${r.day}|${r.provider}|${r.currency}|${r.game_id}`, numbers(r, GAME)]),
    ),
    daily_account: account,
    daily_player: player,
  };
}
