/**
 * The port between the risk engine's runner and its detectors (DESIGN.md section 7).
 *
 * The runner reads what the pipeline committed, in commit order, from a checkpoint kept in the store: every
 * settled round with all its bets and their payouts, and every wallet event (transfer in or out, bonus,
 * prize). It hands each input to a {@link Detector}, in that order, and stores what the detector returns
 * together with the new checkpoint, in one transaction. Detectors are pure and deterministic: the same
 * inputs in the same order give the same outputs, whether they come from a backfill, a replay or the live
 * stream. Windows are measured in rounds and in event time (`ts`), never in wall time.
 */

/** One bet of a settled round. Money is in minor units. */
export interface SettledBet {
  /** Transaction id of the bet. */
  id: string;
  provider: number;
  currency: string;
  account: string;
  playerId: number;
  /** A bet type of the round's game (`shared/src/domain/games.ts`). */
  betType: string;
  amount: number;
  /** What the bet returned: 0 lost, the stake on a push, stake plus winnings on a win. */
  payout: number;
  /** When the bet was placed (event time). */
  ts: number;
}

/** A settled round with every bet stored for it. */
export interface SettledRound {
  /** Commit sequence of the batch that settled the round (ascending in commit order). */
  seq: number;
  roundId: string;
  /** 1 baccarat, 2 Teen Patti. */
  gameId: number;
  tableId: string;
  shoeId: string;
  /** Provider that reported the round (a live table is shared by the players of several providers). */
  provider: number;
  startedAt: number;
  /** Event time of the settlement. */
  settledAt: number;
  /** The game's result as the platform sent it (baccarat: `winner` 'banker' | 'player' | 'tie', …). */
  result: Record<string, unknown>;
  bets: SettledBet[];
}

/** Money moving in or out of a player's game wallet, or credited to it. */
export interface WalletEvent {
  /** Commit sequence of the batch that stored the event. */
  seq: number;
  id: string;
  kind: 'transfer_in' | 'transfer_out' | 'bonus' | 'prize';
  provider: number;
  currency: string;
  account: string;
  playerId: number;
  amount: number;
  ts: number;
  /** The bonus or prize kind (`deposit_bonus`, `rebate`, `lucky_draw`, …). */
  detail?: string;
}

/** One input of the engine, in commit order (within one commit: event time, then id). */
export type RiskInput = { type: 'round'; round: SettledRound } | { type: 'wallet'; event: WalletEvent };

/**
 * A detector: consumes inputs in commit order and returns what they raised or changed. `snapshot()` is a
 * JSON-serialisable picture of its state after the last input; a detector made from a snapshot and fed
 * the inputs after it gives the outputs the original would have given.
 */
export interface Detector<Output, Snapshot = unknown> {
  process(input: RiskInput): Output[];
  snapshot(): Snapshot;
  /**
   * Whether processing `input` may walk the whole state (an expire of old records, or the upkeep left due
   * before it). After a restart the runner waits, before such an input, for the restored state to be read back
   * whole (in slices), instead of the walk reading the rest at once on the gateway's thread. Without it, no
   * input is taken to walk.
   */
  walksState?(input: RiskInput): boolean;
  /**
   * Does the upkeep the last input left due (a slice of an expire of old records). The runner calls it once
   * that input's outputs are stored and sent, so that they do not wait for it; left undone, the next `process`
   * or `snapshot` does it first. The outputs and the state are the same either way.
   */
  upkeep?(): void;
}
