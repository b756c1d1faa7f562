import { addDays, dayRange } from '@dms/shared/format/businessDay';
import type { PlatformEvent } from '@dms/shared/contracts/events/platform';
import type { Store } from '../../platform/db/db.store';
import { EventBatchWriter } from '../../engine/batch.service';
import { EventsRepository } from '../../engine/events.repository';
import { DayCutter } from '../../engine/events.mapper';

/**
 * A small, deterministic platform history for the statistics tests, written as platform events through the
 * data path's batch writer (raw tables and roll-ups). The generated rows are returned so that tests recompute
 * every figure independently from them.
 */

export interface FixturePlayer {
  id: number;
  provider: number;
  currency: string;
  account: string;
  registeredAt: number;
  day: string;
}

export interface FixtureBet {
  id: string;
  roundId: string;
  playerId: number;
  account: string;
  provider: number;
  currency: string;
  gameId: number;
  tableId: string;
  shoeId: string;
  betType: string;
  amount: number;
  payout: number | null;
  ts: number;
  settledAt: number | null;
  day: string;
}

export interface FixtureMoney {
  id: string;
  playerId: number;
  account: string;
  provider: number;
  currency: string;
  ts: number;
  day: string;
  amount: number;
  /** Transfers: 0 out, 1 in. */
  direction?: number;
  kind?: string;
}

export interface FixtureLogin {
  id: string;
  playerId: number;
  account: string;
  provider: number;
  currency: string;
  ts: number;
  day: string;
}

export interface StatsFixture {
  firstDay: string;
  lastDay: string;
  providers: number[];
  currencies: string[];
  players: FixturePlayer[];
  bets: FixtureBet[];
  logins: FixtureLogin[];
  transfers: FixtureMoney[];
  bonuses: FixtureMoney[];
  prizes: FixtureMoney[];
}

/** Options of {@link seedStatsFixture}. */
export interface FixtureOptions {
  timeZone: string;
  firstDay?: string;
  days?: number;
}

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Generates the fixture's rows (no database). */
export function makeStatsFixture(o: FixtureOptions): StatsFixture {
  const rand = rng(7);
  const firstDay = o.firstDay ?? '2026-01-01';
  const days = o.days ?? 12;
  const lastDay = addDays(firstDay, days - 1);
  const providers = [1001, 1002, 1003];
  const currencies = ['CNY', 'USD'];
  const players: FixturePlayer[] = [];
  for (let i = 0; i < 36; i += 1) {
    const provider = providers[i % 3] as number;
    const currency = currencies[Math.floor(i / 3) % 2] as string;
    const day = addDays(firstDay, Math.floor(rand() * days) - 3);
    const [ds, de] = dayRange(day, o.timeZone);
    players.push({
      id: 900_000 + i,
      provider,
      currency,
      account: `acct${i}`,
      registeredAt: ds + Math.floor(rand() * (de - ds)),
      day,
    });
  }
  const bets: FixtureBet[] = [];
  const logins: FixtureLogin[] = [];
  const transfers: FixtureMoney[] = [];
  const bonuses: FixtureMoney[] = [];
  const prizes: FixtureMoney[] = [];
  let n = 0;
  for (let d = 0; d < days; d += 1) {
    const day = addDays(firstDay, d);
    const [ds, de] = dayRange(day, o.timeZone);
    for (const p of players) {
      if (p.day > day || rand() < 0.35) continue;
      const ts0 = ds + Math.floor(rand() * (de - ds - 3_600_000));
      logins.push({
        id: `L${d}-${p.id}`,
        playerId: p.id,
        account: p.account,
        provider: p.provider,
        currency: p.currency,
        ts: ts0,
        day,
      });
      // A quarter of the players who log in do not bet that day (daily_player row with bets = 0).
      if (rand() < 0.25) continue;
      const k = 1 + Math.floor(rand() * 4);
      for (let j = 0; j < k; j += 1) {
        n += 1;
        // Every fifth bet shares its time with the previous one: ties are broken by id.
        const ts =
          j > 0 && n % 5 === 0
            ? (bets[bets.length - 1] as FixtureBet).ts
            : ts0 + j * 61_000 + Math.floor(rand() * 1000);
        const gameId = rand() < 0.7 ? 1 : 2;
        const amount = (1 + Math.floor(rand() * 50)) * 100;
        const open = d === days - 1 && rand() < 0.3;
        const payout = open ? null : rand() < 0.45 ? Math.floor(amount * 1.95) : 0;
        bets.push({
          id: `tx${String(n).padStart(6, '0')}${String.fromCharCode(97 + (n % 26))}`,
          roundId: `R${day.replaceAll('-', '')}-${gameId}-${Math.floor((ts - ds) / 60_000)}`,
          playerId: p.id,
          account: p.account,
          provider: p.provider,
          currency: p.currency,
          gameId,
          tableId: `T${gameId}`,
          shoeId: `S${d}`,
          betType: gameId === 1 ? 'banker' : 'player_a',
          amount,
          payout,
          ts,
          settledAt: payout === null ? null : ts + 30_000,
          day,
        });
      }
      if (rand() < 0.5) {
        transfers.push({
          id: `T${d}-${p.id}-i`,
          playerId: p.id,
          account: p.account,
          provider: p.provider,
          currency: p.currency,
          ts: ts0 + 500,
          day,
          amount: 10_000,
          direction: 1,
        });
      }
      if (rand() < 0.3) {
        transfers.push({
          id: `T${d}-${p.id}-o`,
          playerId: p.id,
          account: p.account,
          provider: p.provider,
          currency: p.currency,
          ts: ts0 + 900_000,
          day,
          amount: 2_500,
          direction: 0,
        });
      }
      if (rand() < 0.2) {
        bonuses.push({
          id: `B${d}-${p.id}`,
          playerId: p.id,
          account: p.account,
          provider: p.provider,
          currency: p.currency,
          ts: ts0 + 700,
          day,
          amount: 300,
          kind: 'rebate',
        });
      }
      if (rand() < 0.1) {
        prizes.push({
          id: `P${d}-${p.id}`,
          playerId: p.id,
          account: p.account,
          provider: p.provider,
          currency: p.currency,
          ts: ts0 + 800,
          day,
          amount: 5_000,
          kind: 'jackpot',
        });
      }
    }
  }
  // A round settles all its bets at once, 30 s after its last bet; a third of the last day's rounds are open.
  const rounds = new Map<string, FixtureBet[]>();
  for (const b of bets) {
    const list = rounds.get(b.roundId);
    if (list) list.push(b);
    else rounds.set(b.roundId, [b]);
  }
  for (const list of rounds.values()) {
    const open = list.some((b) => b.payout === null);
    const settledAt = Math.max(...list.map((b) => b.ts)) + 30_000;
    for (const b of list) {
      if (open) {
        b.payout = null;
        b.settledAt = null;
      } else {
        b.settledAt = settledAt;
      }
    }
  }
  return { firstDay, lastDay, providers, currencies, players, bets, logins, transfers, bonuses, prizes };
}

/** The fixture as the platform events that would have produced it, in time order. */
export function fixtureEvents(f: StatsFixture): PlatformEvent[] {
  const events: PlatformEvent[] = [];
  for (const p of f.players) {
    events.push({
      type: 'player.registered',
      id: `reg-${p.id}`,
      provider: p.provider,
      currency: p.currency,
      ts: p.registeredAt,
      playerId: p.id,
      account: p.account,
      device: 'mobile',
      ip: '10.0.0.1',
    });
  }
  for (const l of f.logins) {
    events.push({
      type: 'player.login',
      id: l.id,
      provider: l.provider,
      currency: l.currency,
      ts: l.ts,
      playerId: l.playerId,
      account: l.account,
      ip: '10.1.0.1',
      device: 'pc',
    });
  }
  for (const t of f.transfers) {
    events.push({
      type: 'transfer',
      id: t.id,
      provider: t.provider,
      currency: t.currency,
      ts: t.ts,
      playerId: t.playerId,
      account: t.account,
      direction: t.direction === 0 ? 0 : 1,
      amount: t.amount,
    });
  }
  for (const [type, rows] of [
    ['bonus.granted', f.bonuses],
    ['prize.awarded', f.prizes],
  ] as const) {
    for (const r of rows) {
      events.push({
        type,
        id: r.id,
        provider: r.provider,
        currency: r.currency,
        ts: r.ts,
        playerId: r.playerId,
        account: r.account,
        kind: r.kind ?? 'other',
        amount: r.amount,
      });
    }
  }
  const rounds = new Map<string, FixtureBet[]>();
  for (const b of f.bets) {
    events.push({
      type: 'bet.placed',
      id: `bet-${b.id}`,
      provider: b.provider,
      currency: b.currency,
      ts: b.ts,
      playerId: b.playerId,
      account: b.account,
      transactionId: b.id,
      roundId: b.roundId,
      betType: b.betType,
      amount: b.amount,
      gameId: b.gameId === 2 ? 2 : 1,
      shoeId: b.shoeId,
      tableId: b.tableId,
    });
    const list = rounds.get(b.roundId);
    if (list) list.push(b);
    else rounds.set(b.roundId, [b]);
  }
  for (const [roundId, list] of rounds) {
    const first = list[0] as FixtureBet;
    if (first.settledAt === null) continue;
    events.push({
      type: 'round.settled',
      id: `settle-${roundId}`,
      provider: first.provider,
      currency: first.currency,
      ts: first.settledAt,
      roundId,
      gameId: first.gameId === 2 ? 2 : 1,
      tableId: first.tableId,
      shoeId: first.shoeId,
      result: { winner: 'banker' },
      payouts: list.map((b) => ({ transactionId: b.id, playerId: b.playerId, payout: b.payout ?? 0 })),
    });
  }
  return events.sort((a, b) => a.ts - b.ts);
}

/**
 * Writes the fixture through the data path's batch writer (the way platform events really arrive: raw rows
 * and the roll-ups in one transaction per batch) and returns it.
 */
export async function seedStatsFixture(store: Store, o: FixtureOptions): Promise<StatsFixture> {
  const f = makeStatsFixture(o);
  const writer = new EventBatchWriter(EventsRepository.of(store), new DayCutter(o.timeZone));
  const events = fixtureEvents(f);
  for (let i = 0; i < events.length; i += 2_000) await writer.write(events.slice(i, i + 2_000));
  return f;
}
