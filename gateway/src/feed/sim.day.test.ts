import { describe, expect, it } from 'vitest';
import {
  checkPlatformEvent,
  type BetPlacedEvent,
  type PlatformEvent,
  type RoundSettledEvent,
  type TransferEvent,
} from '@dms/shared/contracts/events/platform';
import { settleGameBet } from '@dms/shared/games/settlement';
import { HOUSE_EDGE } from '@dms/shared/games/settlement';
import { GameId, type BetType } from '@dms/shared/domain/games';
import { idStem, simulateDay } from './sim.day';
import { DAY_MS, buildWorld, truthOf, type WorldInput } from './sim.world';

const FROM = Date.UTC(2025, 0, 1);
const input = (o: Partial<WorldInput> = {}): WorldInput => ({
  seed: 'sim-test',
  players: 3000,
  providers: [1001, 1002, 1003, 1004, 1005, 1006],
  currencies: ['CNY', 'USD', 'INR', 'EUR', 'THB'],
  historyFrom: FROM,
  historyTo: FROM + 60 * DAY_MS,
  ...o,
});
const world = buildWorld(input());
const firstDay = FROM / DAY_MS;
const daysCache = new Map<number, PlatformEvent[]>();
const day = (d: number) => {
  let events = daysCache.get(d);
  if (!events) {
    events = simulateDay(world, d);
    daysCache.set(d, events);
  }
  return events;
};
const ofType = <T extends PlatformEvent['type']>(events: readonly PlatformEvent[], type: T) =>
  events.filter((e): e is Extract<PlatformEvent, { type: T }> => e.type === type);

describe('simulated world', () => {
  it('builds the same world from the same seed and another from another seed', () => {
    expect(JSON.stringify(buildWorld(input()))).toBe(JSON.stringify(world));
    expect(buildWorld(input({ seed: 'other' })).players[0]?.account).not.toBe(world.players[0]?.account);
  });

  it('has thousands of players across providers, currencies and all four behaviour profiles', () => {
    expect(world.players).toHaveLength(3000);
    expect(new Set(world.players.map((p) => p.provider)).size).toBe(6);
    expect(new Set(world.players.map((p) => p.currency)).size).toBeGreaterThan(3);
    expect(new Set(world.players.map((p) => p.profile))).toEqual(
      new Set(['casual', 'regular', 'highRoller', 'bonusHunter']),
    );
    expect(new Set(world.players.map((p) => p.id)).size).toBe(3000);
  });

  it('hides colluding pairs and rings, abnormal winners, money movers and bonus abusers, in the history and live', () => {
    const truth = truthOf(world);
    const inHistory = truth.colludingGroups.filter((g) => g.from < world.historyTo - DAY_MS);
    expect(inHistory.length).toBeGreaterThanOrEqual(2);
    expect(truth.abnormalWinners.length).toBeGreaterThanOrEqual(2);
    expect(truth.moneyMovers.length).toBeGreaterThanOrEqual(2);
    expect(truth.bonusAbusers.length).toBeGreaterThanOrEqual(2);
    for (const g of truth.colludingGroups) {
      expect(g.players.length).toBe(g.kind === 'pair' ? 2 : g.players.length);
      expect(g.players.length).toBeLessThanOrEqual(6);
      expect(g.from).toBeGreaterThan(world.historyFrom);
    }
    expect(new Set(truth.colludingGroups.map((g) => g.kind))).toEqual(new Set(['pair', 'ring']));
    // Groups of several providers, of one currency.
    expect(truth.colludingGroups.some((g) => new Set(g.players.map((p) => p.provider)).size > 1)).toBe(true);
    // A group starts minutes before the live start, then one every two hours of the first live day.
    const live = truth.colludingGroups.filter((g) => g.from >= world.historyTo - DAY_MS).map((g) => g.from);
    expect(live.length).toBeGreaterThanOrEqual(6);
    expect(Math.min(...live)).toBeLessThan(world.historyTo);
  });

  it('gives honest players the look-alikes of collusion: one-sided, streak, chop and flat bettors, friends', () => {
    expect(new Set(world.players.map((p) => p.style))).toEqual(
      new Set(['random', 'banker', 'player', 'streak', 'chop', 'flat']),
    );
    expect(world.friends.length).toBeGreaterThanOrEqual(10);
  });
});

describe('simulated day', () => {
  it('gives the same events, ids included, for the same seed and day', () => {
    const again = simulateDay(buildWorld(input()), firstDay + 3);
    expect(JSON.stringify(again)).toBe(JSON.stringify(day(firstDay + 3)));
    const other = simulateDay(buildWorld(input({ seed: 'another-seed' })), firstDay + 3);
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(day(firstDay + 3)));
  });

  it('emits only valid platform events, in time order, within the day, with unique ids', () => {
    const events = day(firstDay + 10);
    expect(events.length).toBeGreaterThan(5000);
    for (const e of events) expect(checkPlatformEvent(e)).toEqual({ ok: true, event: e });
    for (let i = 1; i < events.length; i++)
      expect((events[i] as PlatformEvent).ts).toBeGreaterThanOrEqual((events[i - 1] as PlatformEvent).ts);
    expect(events[0]?.ts).toBeGreaterThanOrEqual((firstDay + 10) * DAY_MS);
    expect(events.at(-1)?.ts).toBeLessThan((firstDay + 11) * DAY_MS);
    const keys = events.map((e) => `${e.type}:${e.id}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('settles every bet of a round in its settlement with what the game rules pay', () => {
    const events = day(firstDay + 5);
    const bets = new Map(ofType(events, 'bet.placed').map((b) => [b.transactionId, b]));
    const settled = ofType(events, 'round.settled');
    expect(settled.length).toBeGreaterThan(100);
    let paid = 0;
    for (const s of settled) {
      for (const p of s.payouts) {
        const bet = bets.get(p.transactionId) as BetPlacedEvent;
        expect(bet.roundId).toBe(s.roundId);
        expect(bet.ts).toBeLessThan(s.ts);
        const game =
          s.gameId === GameId.Baccarat
            ? { gameId: GameId.Baccarat, result: s.result as never }
            : { gameId: GameId.TeenPatti, result: s.result as never };
        expect(p.payout).toBe(settleGameBet(bet.betType as BetType, bet.amount, game));
        paid += 1;
      }
    }
    expect(paid).toBe(bets.size);
  });

  it('deals baccarat from 8-deck shoes with a cut card: a shoe lasts about 60 to 80 rounds', () => {
    // Round indexes in the id count every dealt round, bet on or not.
    const byShoe = new Map<string, number[]>();
    for (const r of ofType(day(firstDay + 7), 'round.started')) {
      if (r.gameId !== GameId.Baccarat) continue;
      const index = parseInt(r.roundId.split('-').at(-1) as string, 36);
      byShoe.set(r.shoeId, [...(byShoe.get(r.shoeId) ?? []), index]);
    }
    const spans = [...byShoe.values()]
      .filter((v) => v.length > 20)
      .map((v) => Math.max(...v) - Math.min(...v) + 1);
    expect(spans.length).toBeGreaterThan(5);
    for (const span of spans) expect(span).toBeLessThanOrEqual(85);
  });

  it('plays tables a round every 20 to 40 seconds', () => {
    const starts = ofType(day(firstDay + 8), 'round.started').filter((r) => r.tableId === 'BAC-01');
    const gaps: number[] = [];
    for (let i = 1; i < starts.length; i++) {
      const a = starts[i - 1] as { roundId: string; ts: number };
      const b = starts[i] as { roundId: string; ts: number };
      const rounds =
        parseInt(b.roundId.split('-').at(-1) as string, 36) -
        parseInt(a.roundId.split('-').at(-1) as string, 36);
      if (rounds === 1) gaps.push(b.ts - a.ts);
    }
    expect(gaps.length).toBeGreaterThan(100);
    for (const g of gaps) {
      expect(g).toBeGreaterThanOrEqual(20_000);
      expect(g).toBeLessThanOrEqual(40_000);
    }
  });

  it('plays at every hour of the day: its providers are in several time zones', () => {
    const perHour = Array.from({ length: 24 }, () => 0);
    for (const b of ofType(day(firstDay + 12), 'bet.placed')) perHour[new Date(b.ts).getUTCHours()]! += 1;
    // The quietest hour still has live play every few minutes; the busiest is within fifteen times the quietest.
    expect(Math.min(...perHour)).toBeGreaterThan(60);
    expect(Math.max(...perHour) / Math.min(...perHour)).toBeLessThan(15);
  });

  it('plays at least 250,000 bets over the default 60 days of history (every 6th day sampled)', () => {
    let bets = 0;
    for (let d = 0; d < 60; d += 6) bets += ofType(day(firstDay + d), 'bet.placed').length;
    expect(bets * 6).toBeGreaterThan(250_000);
  });

  it('makes colluders cover both sides of a round with a small net exposure, only from their start', () => {
    const truth = truthOf(world);
    const groups = truth.colludingGroups.filter((g) => g.from < world.historyTo - 5 * DAY_MS);
    expect(groups.length).toBeGreaterThan(0);
    for (const g of groups) {
      const members = new Set(g.players.map((p) => p.playerId));
      const countCrossBets = (days: number[]) => {
        let n = 0;
        let exactPairs = 0;
        for (const d of days) {
          const byRound = new Map<string, BetPlacedEvent[]>();
          for (const b of ofType(day(d), 'bet.placed')) {
            if (members.has(b.playerId)) byRound.set(b.roundId, [...(byRound.get(b.roundId) ?? []), b]);
          }
          for (const bets of byRound.values()) {
            const side = (t: string) => bets.filter((b) => b.betType === t).reduce((x, b) => x + b.amount, 0);
            const [a, b] =
              bets[0]?.gameId === GameId.TeenPatti
                ? [side('player_a'), side('player_b')]
                : [side('banker'), side('player')];
            if (a > 0 && b > 0 && Math.abs(a - b) <= 0.1 * Math.max(a, b)) n += 1;
            if (a > 0 && a === b) exactPairs += 1;
          }
        }
        return { n, exactPairs };
      };
      const startDay = Math.floor(g.from / DAY_MS);
      const after = [startDay + 1, startDay + 2, startDay + 3].filter((d) => d < firstDay + 60);
      const before = [firstDay, firstDay + 1, firstDay + 2].filter((d) => d < startDay);
      const crossed = countCrossBets(after);
      expect(crossed.n).toBeGreaterThan(10);
      // Not the easy kind: stakes are not simply equal.
      expect(crossed.exactPairs).toBeLessThan(crossed.n / 2);
      expect(countCrossBets(before).n).toBeLessThanOrEqual(2);
    }
  });

  it('makes abnormal winners win far more often than the house edge allows', () => {
    const truth = truthOf(world);
    const winners = truth.abnormalWinners.filter((w) => w.from < world.historyTo - 10 * DAY_MS);
    const cheaters = new Set(winners.map((w) => w.playerId));
    const from = Math.max(...winners.map((w) => w.from));
    const stats = (pick: (b: BetPlacedEvent) => boolean) => {
      let won = 0;
      let staked = 0;
      let returned = 0;
      let n = 0;
      for (let d = Math.floor(from / DAY_MS) + 1; d < firstDay + 60; d++) {
        const events = day(d);
        const paid = new Map(
          ofType(events, 'round.settled').flatMap((s: RoundSettledEvent) =>
            s.payouts.map((p) => [p.transactionId, p.payout] as const),
          ),
        );
        for (const b of ofType(events, 'bet.placed')) {
          if (
            !pick(b) ||
            (b.betType !== 'banker' &&
              b.betType !== 'player' &&
              b.betType !== 'player_a' &&
              b.betType !== 'player_b')
          )
            continue;
          const payout = paid.get(b.transactionId) ?? 0;
          n += 1;
          staked += b.amount;
          returned += payout;
          if (payout > b.amount) won += 1;
        }
      }
      return { n, winRate: won / n, rtp: returned / staked };
    };
    const cheat = stats((b) => cheaters.has(b.playerId));
    const fair = stats((b) => !cheaters.has(b.playerId));
    expect(cheat.n).toBeGreaterThan(200);
    expect(fair.winRate).toBeLessThan(0.5);
    expect(cheat.winRate).toBeGreaterThan(0.6);
    expect(cheat.rtp).toBeGreaterThan(1.1);
    expect(fair.rtp).toBeGreaterThan(1 - 4 * HOUSE_EDGE[GameId.Baccarat].player);
    expect(fair.rtp).toBeLessThan(1.02);
  });

  it('makes money movers move far more money through transfers than they bet', () => {
    const truth = truthOf(world);
    for (const m of truth.moneyMovers) {
      let moved = 0;
      let staked = 0;
      for (let d = Math.floor(m.from / DAY_MS) + 1; d < firstDay + 60; d++) {
        for (const e of day(d)) {
          if (e.type === 'transfer' && e.playerId === m.playerId) moved += (e as TransferEvent).amount;
          if (e.type === 'bet.placed' && e.playerId === m.playerId) staked += e.amount;
        }
      }
      expect(moved).toBeGreaterThan(0);
      expect(staked * 20).toBeLessThan(moved);
    }
  });
});

describe('idStem', () => {
  it('keeps a table id of up to 40 characters and shortens a longer one stably', () => {
    expect(idStem('BAC-01')).toBe('BAC-01');
    const long = 'VERY-LONG-TABLE-IDENTIFIER-OF-A-PLATFORM-THAT-NAMES-TABLES-AT-LENGTH-01';
    // The value stored ids were built on before the hash moved to shared/domain/hash: it must not change.
    expect(idStem(long)).toBe('VERY-LONG-TABLE-IDENTIFIER-OF-A.f76b3e99');
    expect(idStem(`${long.slice(0, -1)}2`)).not.toBe(idStem(long));
  });
});
