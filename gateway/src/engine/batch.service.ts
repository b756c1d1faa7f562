import type { PlatformEvent, RoundSettledEvent } from '@dms/shared/contracts/events/platform';
import type { EventsRepository, PendingPayout } from './events.repository';
import {
  BET_PAYOUT_INDEX,
  BET_SETTLED_AT_INDEX,
  ROUND_RESULT_INDEX,
  ROUND_SETTLED_AT_INDEX,
  betFacts,
  storageKey,
  toRows,
  type BatchRows,
  type DayCutter,
  type Row,
} from './events.mapper';
import { RollupDeltas, playerKey } from './rollup.aggregator';

/** What writing one batch did. */
export interface BatchOutcome {
  /** Events stored now, in batch order (the rest were already stored: duplicates). */
  inserted: PlatformEvent[];
  /** Bets settled by this batch (by its settlements, or late bets whose settlement came first). */
  settledBets: number;
}

/** Writes one validated batch durably. The pipeline's only dependency on storage. */
export interface BatchWriter {
  write(events: readonly PlatformEvent[]): Promise<BatchOutcome>;
}

/**
 * Writes a batch in one transaction: raw rows first (skipping existing keys), then the settlements new
 * in this batch (bets' payouts), then the roll-ups of exactly what was inserted or settled now, aggregated
 * in memory and upserted once per key. A replayed batch inserts nothing, settles nothing and so adds
 * nothing to the roll-ups. A settlement naming a bet not stored yet keeps the payout in `pending_payout`;
 * the bet is stored settled when it arrives.
 */
export class EventBatchWriter implements BatchWriter {
  /** Pending payouts kept in the database; looked up for new bets only while there are some. */
  private pending: number | undefined;

  constructor(
    private readonly repo: EventsRepository,
    private readonly days: DayCutter,
  ) {}

  async write(events: readonly PlatformEvent[]): Promise<BatchOutcome> {
    const rows = toRows(events, this.days);
    this.pending ??= await this.repo.countPendingPayouts();
    const result = await this.repo.transaction(async (tx) => {
      await tx.serializeBatches();
      let pendingDelta = 0;
      // Settlements first: only the new ones settle anything.
      const settlements = await tx.insertRaw('settlement', sorted(rows.settlements));
      const settledRounds = new Map<string, RoundSettledEvent>();
      const payouts = new Map<string, PendingPayout>();
      for (const id of settlements) {
        const e = rows.settlementEvents.get(id);
        if (!e) continue;
        settledRounds.set(e.roundId, e);
        for (const p of e.payouts) {
          payouts.set(p.transactionId, {
            transactionId: p.transactionId,
            roundId: e.roundId,
            payout: p.payout,
            settledAt: e.ts,
          });
        }
      }
      // Payouts kept for bets that had not arrived when their round settled.
      let late = new Map<string, PendingPayout>();
      if ((this.pending ?? 0) > 0 && rows.bets.length > 0) {
        late = new Map(
          (await tx.pendingPayouts([...rows.betEvents.keys()])).map((p) => [p.transactionId, p]),
        );
      }
      // Bets and rounds settled in this same batch are inserted settled: no update afterwards.
      for (const row of rows.bets) {
        const id = row[0] as string;
        const p = payouts.get(id) ?? late.get(id);
        if (p && p.roundId === row[1]) {
          row[BET_PAYOUT_INDEX] = p.payout;
          row[BET_SETTLED_AT_INDEX] = p.settledAt;
        }
      }
      for (const row of rows.rounds) {
        const s = settledRounds.get(row[0] as string);
        if (s) {
          row[ROUND_SETTLED_AT_INDEX] = s.ts;
          row[ROUND_RESULT_INDEX] = JSON.stringify(s.result);
        }
      }

      // Rounds count once per provider, currency and day that bet on them: which keys have bets already.
      const knownRounds = await tx.roundKeys([...new Set(rows.bets.map((r) => r[1] as string))]);

      const [players, logins, transfers, rounds, bets, bonuses, prizes] = [
        await tx.insertRaw('player', sorted(rows.players)),
        await tx.insertRaw('login_record', sorted(rows.logins)),
        await tx.insertRaw('transfer_record', sorted(rows.transfers)),
        await tx.insertRaw('game_round', sorted(rows.rounds)),
        await tx.insertRaw('bet_record', sorted(rows.bets)),
        await tx.insertRaw('bonus_record', sorted(rows.bonuses)),
        await tx.insertRaw('prize_record', sorted(rows.prizes)),
      ];

      const deltas = new RollupDeltas();
      let settledCount = 0;
      const lateSettled: string[] = [];
      for (const id of bets) {
        const e = rows.betEvents.get(id);
        if (!e) continue;
        const facts = betFacts(e, rows.dayOf.get(e) ?? this.days.dayOf(e.ts));
        deltas.bet(facts);
        const p = payouts.get(id) ?? late.get(id);
        if (p && p.roundId === e.roundId) {
          deltas.settled(facts, p.payout);
          settledCount += 1;
          if (!payouts.delete(id)) lateSettled.push(id);
        }
      }
      if (lateSettled.length > 0) {
        await tx.deletePendingPayouts(lateSettled);
        pendingDelta -= lateSettled.length;
      }

      // Results of rounds settled now whose row was not inserted settled just above.
      const roundRows: Row[] = [];
      for (const [roundId, e] of settledRounds) {
        if (rounds.has(roundId)) continue;
        roundRows.push([
          e.roundId,
          e.provider,
          e.gameId,
          e.tableId,
          e.shoeId,
          e.ts,
          e.ts,
          JSON.stringify(e.result),
        ]);
      }
      if (roundRows.length > 0) await tx.settleRounds(sorted(roundRows));
      // Payouts of bets stored earlier; those of bets not stored yet wait in pending_payout.
      if (payouts.size > 0) {
        const open = [...payouts.values()].sort((a, b) => cmp(a.transactionId, b.transactionId));
        const paid = await tx.applyPayouts(open);
        for (const b of paid) deltas.settled(b, b.payout);
        settledCount += paid.length;
        if (paid.length < open.length) {
          const done = new Set(paid.map((b) => b.id));
          const unpaid = open.filter((p) => !done.has(p.transactionId));
          const stored = await tx.existingBets(unpaid.map((p) => p.transactionId));
          const missing = unpaid.filter((p) => !stored.has(p.transactionId));
          if (missing.length > 0) pendingDelta += await tx.addPendingPayouts(missing);
        }
      }

      for (const id of bets) {
        const e = rows.betEvents.get(id);
        if (!e) continue;
        const day = rows.dayOf.get(e) ?? this.days.dayOf(e.ts);
        const key = `${e.roundId}|${e.provider}|${e.currency}|${day}`;
        if (knownRounds.has(key)) continue;
        knownRounds.add(key);
        deltas.round(day, e.provider, e.currency, e.gameId);
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

      // A player's first login of a day: `logins` after the upsert equals this batch's logins.
      const after = await tx.upsertDailyPlayer([...deltas.player.values()]);
      for (const r of after) {
        const d = deltas.player.get(playerKey(r.day, r.provider, r.currency, r.playerId));
        if (d && d.logins > 0 && r.logins === d.logins) deltas.loginPlayers(r.day, r.provider, r.currency, 1);
      }
      await tx.upsertDailyGame([...deltas.game.values()]);
      await tx.upsertDailyAccount([...deltas.account.values()]);

      const stored = { players, logins, transfers, rounds, bets, bonuses, prizes, settlements };
      return { inserted: insertedEvents(events, rows, stored), settledBets: settledCount, pendingDelta };
    });
    this.pending = Math.max(0, (this.pending ?? 0) + result.pendingDelta);
    return { inserted: result.inserted, settledBets: result.settledBets };
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
    // Registrations are returned by event id, the others by their primary key.
    if (set.has(e.type === 'player.registered' ? e.id : storageKey(e))) out.push(e);
  }
  return out;
}
