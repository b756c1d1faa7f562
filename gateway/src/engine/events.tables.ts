/**
 * Kysely types of the platform data tables (migrations `0003_platform_data`, `0006_ingest_lean` and
 * `0009_commit_seq`, `docs/DATA-MODEL.md`). Money
 * is integer minor units, times UTC epoch ms, `day` the business day `YYYY-MM-DD`; bigint columns read
 * back as numbers on both dialects.
 */

export interface PlayerTable {
  id: number;
  provider: number;
  currency: string;
  account: string;
  registered_at: number;
  day: string;
  device: string;
  ip: string;
  event_id: string;
}

export interface LoginRecordTable {
  id: string;
  player_id: number;
  account: string;
  provider: number;
  currency: string;
  ts: number;
  day: string;
  ip: string;
  device: string;
}

export interface TransferRecordTable {
  id: string;
  player_id: number;
  account: string;
  provider: number;
  currency: string;
  direction: number;
  amount: number;
  balance_after: number | null;
  ts: number;
  day: string;
  /** Commit sequence number of the batch that stored the row (0: stored before `0009_commit_seq`). */
  seq: number;
}

export interface GameRoundTable {
  id: string;
  provider: number;
  game_id: number;
  table_id: string;
  shoe_id: string;
  started_at: number;
  settled_at: number | null;
  /** JSON text of the round's result. */
  result: string | null;
  /** The `round.settled` event that settled the round (one per round); null until settled. */
  settlement_id: string | null;
  /** Commit sequence number of the batch that settled the round (0: before `0009_commit_seq`); null until settled. */
  settled_seq: number | null;
}

export interface BetRecordTable {
  /** The transaction id. */
  id: string;
  round_id: string;
  player_id: number;
  account: string;
  provider: number;
  currency: string;
  game_id: number;
  table_id: string;
  shoe_id: string;
  bet_type: string;
  amount: number;
  /** What the bet returned; null until settled. */
  payout: number | null;
  ts: number;
  settled_at: number | null;
  day: string;
  /** Commit sequence number of the batch that stored the bet. */
  seq: number;
}

export interface MoneyRecordTable {
  id: string;
  player_id: number;
  account: string;
  provider: number;
  currency: string;
  kind: string;
  amount: number;
  ts: number;
  day: string;
  /** Commit sequence number of the batch that stored the row. */
  seq: number;
}

export interface PendingPayoutTable {
  transaction_id: string;
  round_id: string;
  payout: number;
  settled_at: number;
}

export interface DailyGameTable {
  day: string;
  provider: number;
  currency: string;
  game_id: number;
  turnover: number;
  payout: number;
  bets: number;
  rounds: number;
  settled_turnover: number;
  settled_bets: number;
}

export interface DailyAccountTable {
  day: string;
  provider: number;
  currency: string;
  registrations: number;
  logins: number;
  login_players: number;
  transfer_in: number;
  transfer_in_count: number;
  transfer_out: number;
  transfer_out_count: number;
  bonus: number;
  bonus_count: number;
  prize: number;
  prize_count: number;
}

export interface DailyPlayerTable {
  day: string;
  provider: number;
  currency: string;
  player_id: number;
  account: string;
  turnover: number;
  payout: number;
  bets: number;
  settled_turnover: number;
  settled_bets: number;
  wins: number;
  transfer_in: number;
  transfer_out: number;
  bonus: number;
  prize: number;
  logins: number;
}

/** One row (`id` 1): the commit sequence number of the last batch written. */
export interface CommitSeqTable {
  id: number;
  seq: number;
}

export interface SimStateTable {
  key: string;
  /** JSON text. */
  value: string;
  updated_at: number;
}

/** The platform data tables, to add to the gateway's Kysely database type (`db.withTables<PlatformTables>()`). */
export interface PlatformTables {
  player: PlayerTable;
  login_record: LoginRecordTable;
  transfer_record: TransferRecordTable;
  game_round: GameRoundTable;
  bet_record: BetRecordTable;
  bonus_record: MoneyRecordTable;
  prize_record: MoneyRecordTable;
  pending_payout: PendingPayoutTable;
  daily_game: DailyGameTable;
  daily_account: DailyAccountTable;
  daily_player: DailyPlayerTable;
  sim_state: SimStateTable;
  commit_seq: CommitSeqTable;
}
