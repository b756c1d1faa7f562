import {
  resultJson,
  type Payout,
  type PlatformEvent,
  type RoundSettledEvent,
} from '@dms/shared/contracts/events/platform';
import type { EventsRepository, RoundKey } from './events.repository';
import {
  BET_DAY_INDEX,
  BET_PAYOUT_INDEX,
  BET_SETTLED_AT_INDEX,
  ROUND_RESULT_INDEX,
  ROUND_SETTLED_AT_INDEX,
  ROUND_SETTLEMENT_INDEX,
  ROUND_SETTLED_SEQ_INDEX,
  SEQ_LAST_TABLES,
  storageKey,
  toRows,
  type BatchRows,
  type DayCutter,
  type Row,
} from './events.mapper';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  RollupDeltas,
  addDeltas,
  addEncodedDeltas,
  encodeDeltas,
  gameKey,
  playerKey,
  type PendingPayout,
} from './rollup.aggregator';

/** What writing one batch did. */
export interface BatchOutcome {
  /** The commit sequence number of the batch's transaction (ascending in commit order, no gaps). */
  seq: number;
  /** Events stored now, in batch order (the rest were already stored: duplicates). */
  inserted: PlatformEvent[];
  /**
   * Bets settled by this batch (by its settlements, or late bets whose settlement came first); told to
   * `committed`, the bets inserted settled only (those stored earlier are paid with the roll-ups).
   */
  settledBets: number;
}

/** Writes one validated batch durably. The pipeline's only dependency on storage. */
export interface BatchWriter {
  /**
   * Writes the batch; resolves once everything it changes is stored, roll-ups included. `committed`, when
   * given, is called as soon as the batch's events are committed, which may be before its roll-ups (and the
   * payouts of bets stored before their settlement) are.
   */
  write(events: readonly PlatformEvent[], committed?: (outcome: BatchOutcome) => void): Promise<BatchOutcome>;
  /** Commits a write transaction that stores nothing: rejects when the store does not write at all. */
  probe(): Promise<void>;
}

/**
 * Writes a batch in two transactions. The batch's: raw rows first (skipping existing keys; a bet whose round
 * settles in the batch or settled before is inserted settled), the settlements new in this batch, the payouts
 * they owe to bets stored before them (or not yet) into `pending_payout`, then the roll-up deltas of exactly
 * what was inserted or settled now, aggregated in memory, kept with those payouts as one `rollup_pending` row.
 * Then the roll-ups': every pending row taken (deleted), its payouts stored in their bets' rows (their deltas
 * counted then; a bet not stored yet keeps its payout in `pending_payout` and is stored settled when it
 * arrives), and its deltas upserted into `daily_game`, `daily_account` and `daily_player` once per key.
 * A replayed batch inserts nothing, settles nothing and so adds nothing to the roll-ups.
 *
 * Why two: a settlement updates the row of every bet it pays and the daily row of every player of its round
 * (about a thousand of each at 5,000 bets/s, each on its own page), most of the batch's transaction
 * (docs/BENCHMARKS.md), and the batch's commit is what a settlement's alert waits for. Deltas counted and bets
 * paid once: the roll-up transaction deletes the rows it applies, atomically, whoever runs it (this writer after
 * its batch, or after a crash between the two the first batch or start of any gateway on the store).
 */
export class EventBatchWriter implements BatchWriter {
  /** Pending payouts kept in the database; looked up for new bets only while there are some. */
  private pending: number | undefined;
  /**
   * The deltas and payouts of this writer's batches whose roll-ups are pending, by commit seq: reading them
   * back from their rows would cost a settling batch's roll-up 2.3 ms of JSON (73 KB for 1,100 players).
   */
  private readonly unapplied = new Map<number, { deltas: RollupDeltas; payouts: PendingPayout[] }>();

  /**
   * @param onRollUpError told when a roll-up transaction failed after its batch committed (the deltas stay
   * pending, and the next batch's roll-up adds them).
   */
  constructor(
    private readonly repo: EventsRepository,
    private readonly days: DayCutter,
    private readonly onRollUpError?: (err: unknown) => void,
  ) {}

  async probe(): Promise<void> {
    await this.repo.transaction(async (tx) => {
      await tx.serializeBatches();
      await tx.probe();
    });
  }

  /**
   * Stores the pending payouts and adds the pending roll-ups (this writer's and any left by a stopped one) to
   * the daily tables, in one transaction. A failure leaves them pending for the next call. Resolves with the
   * number of bets it settled.
   */
  async rollUp(): Promise<number> {
    const result = await this.repo.transaction(async (tx) => {
      await tx.serializeBatches();
      const taken = await tx.takePendingRollups();
      if (taken.length === 0) return { settled: 0, pendingDelta: 0 };
      const deltas = new RollupDeltas();
      const open: PendingPayout[] = [];
      for (const t of taken) {
        const kept = this.unapplied.get(t.seq);
        if (kept) {
          addDeltas(deltas, kept.deltas);
          for (const p of kept.payouts) open.push(p);
        } else {
          for (const p of addEncodedDeltas(deltas, t.deltas)) open.push(p);
        }
      }
      // The payouts the batches kept in pending_payout, into their bets' rows; those of bets not stored yet
      // stay there, those naming a bet of another round (or one paid already) go.
      let settled = 0;
      let pendingDelta = 0;
      if (open.length > 0) {
        open.sort((a, b) => cmp(a.transactionId, b.transactionId));
        const paid = await tx.applyPayouts(open);
        for (const b of paid) deltas.settled(b, b.payout);
        settled = paid.length;
        const done = new Set(paid.map((b) => b.id));
        const unpaid = open.filter((p) => !done.has(p.transactionId));
        const stored =
          unpaid.length > 0 ? await tx.existingBets(unpaid.map((p) => p.transactionId)) : new Set<string>();
        const gone = open.filter((p) => done.has(p.transactionId) || stored.has(p.transactionId));
        pendingDelta = -(await tx.deletePendingPayouts(gone.map((p) => p.transactionId)));
      }
      // A player's first login of a day: `logins` after the upsert equals the logins added now.
      const after = await tx.upsertDailyPlayer([...deltas.player.values()]);
      for (const r of after) {
        const d = deltas.player.get(playerKey(r.day, r.provider, r.currency, r.playerId));
        if (d && d.logins > 0 && r.logins === d.logins) deltas.loginPlayers(r.day, r.provider, r.currency, 1);
      }
      await tx.upsertDailyGame([...deltas.game.values()]);
      await tx.upsertDailyAccount([...deltas.account.values()]);
      return { settled, pendingDelta };
    });
    // Every batch of this writer had its row stored before this took them all: none is pending any more.
    this.unapplied.clear();
    // Unknown until counted (before the first batch): the count will include these.
    if (this.pending !== undefined) this.pending += result.pendingDelta;
    return result.settled;
  }

  async write(
    events: readonly PlatformEvent[],
    committed?: (outcome: BatchOutcome) => void,
  ): Promise<BatchOutcome> {
    const outcome = await this.writeBatch(events);
    committed?.(outcome);
    if (this.unapplied.size > 0) {
      // The roll-ups after a turn of the event loop: what reacts to the commit (the live channel, the risk
      // engine's read) goes first.
      if (committed) await yieldToEventLoop();
      try {
        return { ...outcome, settledBets: outcome.settledBets + (await this.rollUp()) };
      } catch (err) {
        // The batch is stored: it is not failed for this, and its deltas stay pending for the next roll-up.
        this.onRollUpError?.(err);
      }
    }
    return outcome;
  }

  private async writeBatch(events: readonly PlatformEvent[]): Promise<BatchOutcome> {
    const rows = toRows(events, this.days);
    this.pending ??= await this.repo.countPendingPayouts();
    const result = await this.repo.transaction(async (tx) => {
      await tx.serializeBatches();
      const seq = await tx.nextCommitSeq();
      for (const table of SEQ_LAST_TABLES) for (const row of rows[table]) row[row.length - 1] = seq;
      let pendingDelta = 0;
      // Rounds first, each with its settlement when the batch has one: only settlements recorded now
      // settle anything.
      const roundRows = rows.rounds;
      for (const row of roundRows) {
        const s = rows.settlementEvents.get(row[0] as string);
        if (s) {
          row[ROUND_SETTLED_AT_INDEX] = s.ts;
          row[ROUND_RESULT_INDEX] = resultJson(s.result);
          row[ROUND_SETTLEMENT_INDEX] = s.id;
          row[ROUND_SETTLED_SEQ_INDEX] = seq;
        }
      }
      // Settlements of rounds whose start is not in this batch (stored earlier, or never received).
      for (const [roundId, e] of rows.settlementEvents) {
        if (rows.roundEvents.has(roundId)) continue;
        roundRows.push([
          roundId,
          e.provider,
          e.gameId,
          e.tableId,
          e.shoeId,
          e.ts,
          e.ts,
          resultJson(e.result),
          e.id,
          seq,
        ]);
      }
      const rounds = await tx.writeRounds(sorted(roundRows));
      const settledNow = new Map<string, RoundSettledEvent>();
      for (const roundId of rounds.settled) {
        const e = rows.settlementEvents.get(roundId);
        if (e) settledNow.set(roundId, e);
      }
      // Payouts kept for bets that had not arrived when their round settled.
      let late = new Map<string, PendingPayout>();
      if ((this.pending ?? 0) > 0 && rows.bets.length > 0) {
        late = new Map(
          (await tx.pendingPayouts([...rows.betEvents.keys()])).map((p) => [p.transactionId, p]),
        );
      }
      // Bets whose round is settled now, or was settled before them, are inserted settled.
      const payoutOf = new PayoutLookup();
      const fromPending = new Set<string>();
      for (const row of rows.bets) {
        const id = row[0] as string;
        const roundId = row[1] as string;
        const s = settledNow.get(roundId);
        const p = s && payoutOf.find(s, id);
        if (s && p) {
          row[BET_PAYOUT_INDEX] = p.payout;
          row[BET_SETTLED_AT_INDEX] = s.ts;
          continue;
        }
        const l = late.get(id);
        if (l && l.roundId === roundId) {
          row[BET_PAYOUT_INDEX] = l.payout;
          row[BET_SETTLED_AT_INDEX] = l.settledAt;
          fromPending.add(id);
        }
      }

      // Rounds count once per daily_game key that bet on them: which keys had bets before this batch.
      const pairs = new Map<string, RoundKey>();
      for (const row of rows.bets) {
        const roundId = row[1] as string;
        const day = row[BET_DAY_INDEX] as string;
        const provider = row[4] as number;
        const currency = row[5] as string;
        const gameId = row[6] as number;
        const key = `${roundId}|${gameKey(day, provider, currency, gameId)}`;
        if (!pairs.has(key)) pairs.set(key, { roundId, day, provider, currency, gameId });
      }
      const knownRounds = await tx.roundKeys([...pairs.values()]);

      const [players, logins, transfers, bets, bonuses, prizes] = [
        await tx.insertRaw('player', sorted(rows.players)),
        await tx.insertRaw('login_record', sorted(rows.logins)),
        await tx.insertRaw('transfer_record', sorted(rows.transfers)),
        await tx.insertRaw('bet_record', sorted(rows.bets)),
        await tx.insertRaw('bonus_record', sorted(rows.bonuses)),
        await tx.insertRaw('prize_record', sorted(rows.prizes)),
      ];

      const deltas = new RollupDeltas();
      let settledCount = 0;
      const paidNow = new Set<string>();
      const pendingUsed: string[] = [];
      for (const row of rows.bets) {
        const id = row[0] as string;
        if (!bets.has(id)) continue;
        const payout = row[BET_PAYOUT_INDEX] as number | null;
        deltas.newBet(
          row[BET_DAY_INDEX] as string,
          row[4] as number,
          row[5] as string,
          row[6] as number,
          row[1] as string,
          row[2] as number,
          row[3] as string,
          row[10] as number,
          payout,
        );
        if (payout === null) continue;
        settledCount += 1;
        if (fromPending.has(id)) pendingUsed.push(id);
        else paidNow.add(id);
      }
      deltas.countRounds((roundId) => knownRounds.get(roundId));
      if (pendingUsed.length > 0) {
        await tx.deletePendingPayouts(pendingUsed);
        pendingDelta -= pendingUsed.length;
      }

      // Payouts of bets stored earlier (or not yet): kept in pending_payout now (where the risk engine reads
      // them, and a late bet finds its own), stored in the bets' rows with the roll-ups. A settlement pays
      // about a thousand bets, each on its own page, which the alert raised on its commit would wait for.
      const open: PendingPayout[] = [];
      for (const s of settledNow.values()) {
        for (const p of s.payouts) {
          if (paidNow.has(p.transactionId)) continue;
          open.push({
            transactionId: p.transactionId,
            roundId: s.roundId,
            payout: p.payout,
            settledAt: s.ts,
          });
        }
      }
      if (open.length > 0) {
        open.sort((a, b) => cmp(a.transactionId, b.transactionId));
        pendingDelta += await tx.addPendingPayouts(open);
      }

      for (const key of players) {
        const e = rows.registered.get(key);
        if (e) deltas.registration(dayOf(rows, e, this.days), e.provider, e.currency);
      }
      for (const id of logins) {
        const e = rows.loginEvents.get(id);
        if (e) deltas.login(dayOf(rows, e, this.days), e.provider, e.currency, e.playerId, e.account);
      }
      for (const id of transfers) {
        const e = rows.transferEvents.get(id);
        if (e)
          deltas.transfer(
            dayOf(rows, e, this.days),
            e.provider,
            e.currency,
            e.playerId,
            e.account,
            e.direction,
            e.amount,
          );
      }
      for (const id of bonuses) {
        const e = rows.bonusEvents.get(id);
        if (e)
          deltas.bonus(dayOf(rows, e, this.days), e.provider, e.currency, e.playerId, e.account, e.amount);
      }
      for (const id of prizes) {
        const e = rows.prizeEvents.get(id);
        if (e)
          deltas.prize(dayOf(rows, e, this.days), e.provider, e.currency, e.playerId, e.account, e.amount);
      }

      if (!deltas.empty || open.length > 0) await tx.addPendingRollup(seq, encodeDeltas(deltas, open));

      const stored = {
        players,
        logins,
        transfers,
        rounds: rounds.inserted,
        bets,
        bonuses,
        prizes,
        settlements: rounds.settled,
      };
      return {
        seq,
        inserted: insertedEvents(events, rows, stored),
        settledBets: settledCount,
        pendingDelta,
        deltas,
        open,
      };
    });
    this.pending = Math.max(0, (this.pending ?? 0) + result.pendingDelta);
    if (!result.deltas.empty || result.open.length > 0)
      this.unapplied.set(result.seq, { deltas: result.deltas, payouts: result.open });
    return { seq: result.seq, inserted: result.inserted, settledBets: result.settledBets };
  }
}

/** Finds a bet's payout in its round's settlement: a scan of a short list, a map built once for a long one. */
class PayoutLookup {
  private readonly maps = new Map<RoundSettledEvent, Map<string, Payout>>();

  find(s: RoundSettledEvent, transactionId: string): Payout | undefined {
    if (s.payouts.length <= 16) {
      for (const p of s.payouts) if (p.transactionId === transactionId) return p;
      return undefined;
    }
    let m = this.maps.get(s);
    if (!m) {
      m = new Map();
      // The first payout of an id wins, as in the scan.
      for (const p of s.payouts) if (!m.has(p.transactionId)) m.set(p.transactionId, p);
      this.maps.set(s, m);
    }
    return m.get(transactionId);
  }
}

function dayOf(rows: BatchRows, e: PlatformEvent, days: DayCutter): string {
  return rows.dayOf.get(e) ?? days.dayOf(e.ts);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Rows sorted by their key (first value): index inserts in order, and the same lock order on every instance. */
function sorted(rows: Row[]): Row[] {
  return rows.length < 2
    ? rows
    : rows.sort((a, b) =>
        (a[0] as string | number) < (b[0] as string | number)
          ? -1
          : (a[0] as string | number) > (b[0] as string | number)
            ? 1
            : 0,
      );
}

/** The events of the batch whose rows were inserted now, in batch order, each key once. */
function insertedEvents(
  events: readonly PlatformEvent[],
  rows: BatchRows,
  stored: Record<
    'players' | 'logins' | 'transfers' | 'rounds' | 'bets' | 'bonuses' | 'prizes' | 'settlements',
    Set<string>
  >,
): PlatformEvent[] {
  const out: PlatformEvent[] = [];
  for (const e of events) {
    // Only the event that made the row counts, not a later one with the same key in this batch.
    if (!rows.dayOf.has(e)) continue;
    let set: Set<string>;
    switch (e.type) {
      case 'player.registered':
        set = stored.players;
        break;
      case 'player.login':
        set = stored.logins;
        break;
      case 'transfer':
        set = stored.transfers;
        break;
      case 'round.started':
        set = stored.rounds;
        break;
      case 'bet.placed':
        set = stored.bets;
        break;
      case 'bonus.granted':
        set = stored.bonuses;
        break;
      case 'prize.awarded':
        set = stored.prizes;
        break;
      case 'round.settled':
        set = stored.settlements;
        break;
    }
    // Registrations are returned by event id, the others by their key (a settlement by its round).
    if (set.has(e.type === 'player.registered' ? e.id : storageKey(e))) out.push(e);
  }
  return out;
}
