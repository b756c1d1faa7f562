import { businessDayOf } from '@dms/shared/format/businessDay';
import type {
  BetPlacedEvent,
  BonusGrantedEvent,
  PlatformEvent,
  PlayerLoginEvent,
  PlayerRegisteredEvent,
  PrizeAwardedEvent,
  RoundSettledEvent,
  RoundStartedEvent,
  TransferEvent,
} from '@dms/shared/contracts/events/platform';

/**
 * Pure mapping of platform events to the rows of the raw tables, grouped by table, in column order. Rows
 * are value arrays (not objects) because the repository binds them straight into multi-row statements.
 */

/** Cut of instants into business days in one time zone, cached per quarter hour (every zone offset is a multiple of 15 min). */
export class DayCutter {
  private readonly cache = new Map<number, string>();

  constructor(readonly timeZone: string) {
    // Fails now, not on the first event, when the zone is unknown.
    businessDayOf(0, timeZone);
  }

  /** The business day `YYYY-MM-DD` of `ts`. */
  dayOf(ts: number): string {
    const slot = Math.floor(ts / 900_000);
    let day = this.cache.get(slot);
    if (day === undefined) {
      if (this.cache.size > 50_000) this.cache.clear();
      day = businessDayOf(slot * 900_000, this.timeZone);
      this.cache.set(slot, day);
    }
    return day;
  }
}

/** Columns of each raw table, in the order of the row arrays. */
export const COLUMNS = {
  player: ['id', 'provider', 'currency', 'account', 'registered_at', 'day', 'device', 'ip', 'event_id'],
  login_record: ['id', 'player_id', 'account', 'provider', 'currency', 'ts', 'day', 'ip', 'device'],
  transfer_record: [
    'id',
    'player_id',
    'account',
    'provider',
    'currency',
    'direction',
    'amount',
    'balance_after',
    'ts',
    'day',
    'seq',
  ],
  game_round: [
    'id',
    'provider',
    'game_id',
    'table_id',
    'shoe_id',
    'started_at',
    'settled_at',
    'result',
    'settlement_id',
    'settled_seq',
  ],
  bet_record: [
    'id',
    'round_id',
    'player_id',
    'account',
    'provider',
    'currency',
    'game_id',
    'table_id',
    'shoe_id',
    'bet_type',
    'amount',
    'payout',
    'ts',
    'settled_at',
    'day',
    'seq',
  ],
  bonus_record: ['id', 'player_id', 'account', 'provider', 'currency', 'kind', 'amount', 'ts', 'day', 'seq'],
  prize_record: ['id', 'player_id', 'account', 'provider', 'currency', 'kind', 'amount', 'ts', 'day', 'seq'],
} as const;

/** A raw table that events are inserted into. */
export type RawTable = keyof typeof COLUMNS;

/** One row as bound values, in {@link COLUMNS} order. */
export type Row = (string | number | null)[];

/** A bet as the roll-ups see it. */
export interface BetFacts {
  id: string;
  roundId: string;
  day: string;
  provider: number;
  currency: string;
  gameId: number;
  playerId: number;
  account: string;
  amount: number;
}

/** Index of the `payout` and `settled_at` values in a bet row (late bets are inserted already settled). */
export const BET_PAYOUT_INDEX = 11;
export const BET_SETTLED_AT_INDEX = 13;
/** Index of the business day in a bet row. */
export const BET_DAY_INDEX = 14;
/** Index of the `settled_at`, `result`, `settlement_id` and `settled_seq` values in a round row (a round settled in its own batch is inserted settled). */
export const ROUND_SETTLED_AT_INDEX = 6;
export const ROUND_RESULT_INDEX = 7;
export const ROUND_SETTLEMENT_INDEX = 8;
export const ROUND_SETTLED_SEQ_INDEX = 9;

/**
 * The commit sequence number of the batch is the last value of the rows of these tables (`seq`; of a round,
 * `settled_seq` when the batch settles it). {@link toRows} leaves 0 there (null for a round); the writer
 * sets it once its transaction has its number.
 */
export const SEQ_LAST_TABLES = ['transfers', 'bets', 'bonuses', 'prizes'] as const;

/** The rows of one batch by table, and the events behind them by primary key. */
export interface BatchRows {
  players: Row[];
  logins: Row[];
  transfers: Row[];
  rounds: Row[];
  bets: Row[];
  bonuses: Row[];
  prizes: Row[];
  /** Events by the key their insert returns: the event id for registrations, else the primary key. */
  registered: Map<string, PlayerRegisteredEvent>;
  loginEvents: Map<string, PlayerLoginEvent>;
  transferEvents: Map<string, TransferEvent>;
  roundEvents: Map<string, RoundStartedEvent>;
  betEvents: Map<string, BetPlacedEvent>;
  bonusEvents: Map<string, BonusGrantedEvent>;
  prizeEvents: Map<string, PrizeAwardedEvent>;
  /** Settlements by round id (one per round: the first of the batch). */
  settlementEvents: Map<string, RoundSettledEvent>;
  /** Business day of every event, by event object. */
  dayOf: Map<PlatformEvent, string>;
}

/** The key an event is stored under in its raw table: what decides whether it is a duplicate. */
export function storageKey(e: PlatformEvent): string {
  switch (e.type) {
    case 'player.registered':
      return String(e.playerId);
    case 'round.started':
    case 'round.settled':
      return e.roundId;
    case 'bet.placed':
      return e.transactionId;
    default:
      return e.id;
  }
}

/**
 * Groups a batch by raw table. Within the batch the first event of a key wins; later ones with the same
 * key are left out here and counted as duplicates by the caller.
 */
export function toRows(events: readonly PlatformEvent[], days: DayCutter): BatchRows {
  const rows: BatchRows = {
    players: [],
    logins: [],
    transfers: [],
    rounds: [],
    bets: [],
    bonuses: [],
    prizes: [],
    registered: new Map(),
    loginEvents: new Map(),
    transferEvents: new Map(),
    roundEvents: new Map(),
    betEvents: new Map(),
    bonusEvents: new Map(),
    prizeEvents: new Map(),
    settlementEvents: new Map(),
    dayOf: new Map(),
  };
  const registeredPlayers = new Set<string>();
  for (const e of events) {
    const day = days.dayOf(e.ts);
    switch (e.type) {
      case 'player.registered': {
        const key = String(e.playerId);
        if (registeredPlayers.has(key)) continue;
        registeredPlayers.add(key);
        rows.registered.set(e.id, e);
        rows.players.push([e.playerId, e.provider, e.currency, e.account, e.ts, day, e.device, e.ip, e.id]);
        break;
      }
      case 'player.login':
        if (rows.loginEvents.has(e.id)) continue;
        rows.loginEvents.set(e.id, e);
        rows.logins.push([e.id, e.playerId, e.account, e.provider, e.currency, e.ts, day, e.ip, e.device]);
        break;
      case 'transfer':
        if (rows.transferEvents.has(e.id)) continue;
        rows.transferEvents.set(e.id, e);
        rows.transfers.push([
          e.id,
          e.playerId,
          e.account,
          e.provider,
          e.currency,
          e.direction,
          e.amount,
          e.balanceAfter ?? null,
          e.ts,
          day,
          0,
        ]);
        break;
      case 'round.started':
        if (rows.roundEvents.has(e.roundId)) continue;
        rows.roundEvents.set(e.roundId, e);
        rows.rounds.push([
          e.roundId,
          e.provider,
          e.gameId,
          e.tableId,
          e.shoeId,
          e.ts,
          null,
          null,
          null,
          null,
        ]);
        break;
      case 'bet.placed':
        if (rows.betEvents.has(e.transactionId)) continue;
        rows.betEvents.set(e.transactionId, e);
        rows.bets.push([
          e.transactionId,
          e.roundId,
          e.playerId,
          e.account,
          e.provider,
          e.currency,
          e.gameId,
          e.tableId,
          e.shoeId,
          e.betType,
          e.amount,
          null,
          e.ts,
          null,
          day,
          0,
        ]);
        break;
      case 'bonus.granted':
        if (rows.bonusEvents.has(e.id)) continue;
        rows.bonusEvents.set(e.id, e);
        rows.bonuses.push([
          e.id,
          e.playerId,
          e.account,
          e.provider,
          e.currency,
          e.kind,
          e.amount,
          e.ts,
          day,
          0,
        ]);
        break;
      case 'prize.awarded':
        if (rows.prizeEvents.has(e.id)) continue;
        rows.prizeEvents.set(e.id, e);
        rows.prizes.push([
          e.id,
          e.playerId,
          e.account,
          e.provider,
          e.currency,
          e.kind,
          e.amount,
          e.ts,
          day,
          0,
        ]);
        break;
      case 'round.settled':
        if (rows.settlementEvents.has(e.roundId)) continue;
        rows.settlementEvents.set(e.roundId, e);
        break;
    }
    rows.dayOf.set(e, day);
  }
  return rows;
}
