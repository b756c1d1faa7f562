import type {
  BetPlacedEvent,
  PlatformEvent,
  RoundSettledEvent,
  RoundStartedEvent,
} from '@dms/shared/contracts/events/platform';
import { GameId, type BaccaratBetType, type BetType, type TeenPattiBetType } from '@dms/shared/domain/games';
import { BaccaratShoe, type ShoeRound } from '@dms/shared/games/baccarat';
import { dealTeenPatti } from '@dms/shared/games/teenPatti';
import { createRng, type Rng } from '@dms/shared/games/rng';
import { fnv1a } from '@dms/shared/domain/hash';
import {
  settleBaccaratBet,
  settleTeenPattiBet,
  teenPattiResult,
  type TeenPattiResult,
} from '@dms/shared/games/settlement';
import {
  DAY_MS,
  PROFILES,
  between,
  chipValue,
  logNormal,
  pickWeighted,
  poisson,
  type SimGroup,
  type SimPlayer,
  type SimProvider,
  type SimTable,
  type SimWorld,
} from './sim.world';

/**
 * One simulated day (a UTC day of simulated time): every table deals its rounds (baccarat from an
 * 8-deck shoe with a cut card, Teen Patti from a fresh deck), players play sessions (login, deposit,
 * bets, withdrawal), the hidden groups and cheaters do what they do, and the day comes out as platform
 * events in time order. Only rounds that someone bet on produce round events. Pure and deterministic:
 * the same world and day give the same events, ids included.
 */

/** Hour weights of play in the evening-heavy pattern, by hour of the provider's local time. */
const HOUR_WEIGHTS: readonly number[] = [
  3, 2.4, 1.8, 1.4, 1.1, 1, 1, 1, 1.1, 1.3, 1.5, 1.8, 2, 2.2, 2.2, 2.4, 2.8, 3.2, 3.8, 4.5, 5, 5, 4.5, 3.8,
];
const HOURS = HOUR_WEIGHTS.map((w, h) => [h, w] as const);
const BETTING_WINDOW_MS = 15_000;

/** A round of a table on the day that someone bet on or that a decision needed: its id, shoe and result. */
interface TableRound {
  index: number;
  id: string;
  startsAt: number;
  settlesAt: number;
  shoeId: string;
  baccarat?: ShoeRound;
  teenPatti?: TeenPattiResult;
}

interface PendingBet {
  player: SimPlayer;
  betType: BetType;
  amount: number;
  ts: number;
}

/**
 * The day's schedule and results of one table. The schedule is two arrays of times; round objects are
 * made only for the rounds someone looks at, and the baccarat shoe is dealt only as far as needed.
 */
class TableDay {
  private readonly starts: number[] = [];
  private readonly settles: number[] = [];
  private readonly made = new Map<number, TableRound>();
  readonly bets = new Map<number, PendingBet[]>();
  private readonly shoe?: BaccaratShoe;
  private readonly dealtRounds: ShoeRound[] = [];
  private readonly prefix: string;

  constructor(
    readonly table: SimTable,
    private readonly seed: string,
    dayIndex: number,
    dayStart: number,
  ) {
    const rng = createRng(`${seed}|table|${table.id}|${dayIndex}`);
    this.prefix = `${idStem(table.id)}-${dayIndex.toString(36)}`;
    let t = dayStart + rng.int(20_000);
    while (t < dayStart + DAY_MS) {
      this.starts.push(t);
      this.settles.push(t + BETTING_WINDOW_MS + 4000 + rng.int(6000));
      t += 20_000 + rng.int(20_001);
    }
    if (table.gameId === GameId.Baccarat)
      this.shoe = new BaccaratShoe(createRng(`${seed}|shoe|${table.id}|${dayIndex}`), { decks: 8 });
  }

  /** Rounds dealt on the day. */
  get length(): number {
    return this.starts.length;
  }

  /** When round `index` settles. */
  settlesAt(index: number): number {
    return this.settles[index] as number;
  }

  /** The first round whose betting is still open at `ts`, at or after index `from`. */
  roundAt(ts: number, from = 0): number {
    let lo = from;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.starts[mid] as number) + BETTING_WINDOW_MS - 2000 < ts) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The round with its result, dealing the shoe up to it (baccarat) or its own deck (Teen Patti). */
  result(index: number): TableRound {
    let round = this.made.get(index);
    if (round?.baccarat || round?.teenPatti) return round;
    if (!round) {
      // Fixed width, so that ids sort in dealing order (index inserts append).
      const id = `${this.prefix}-${index.toString(36).padStart(3, '0')}`;
      round = {
        index,
        id,
        startsAt: this.starts[index] as number,
        settlesAt: this.settles[index] as number,
        shoeId: '',
      };
      this.made.set(index, round);
    }
    if (this.shoe) {
      while (this.dealtRounds.length <= index) this.dealtRounds.push(this.shoe.dealRound());
      round.baccarat = this.dealtRounds[index] as ShoeRound;
      round.shoeId = `${this.prefix}-s${round.baccarat.shoeNumber}`;
    } else {
      const [a, b] = dealTeenPatti(createRng(`${this.seed}|deck|${round.id}`), 2) as [number[], number[]];
      round.teenPatti = teenPattiResult(a, b);
      round.shoeId = `${this.prefix}-d${Math.floor(index / 60).toString(36)}`;
    }
    return round;
  }

  place(index: number, bet: PendingBet): void {
    const list = this.bets.get(index);
    if (list) list.push(bet);
    else this.bets.set(index, [bet]);
  }
}

/** The winning main bet of a dealt round (what a player who knows the result bets). */
function winningBet(round: TableRound): BetType {
  if (round.baccarat) return round.baccarat.winner;
  return (round.teenPatti as TeenPattiResult).winner;
}

function payoutOf(round: TableRound, betType: BetType, amount: number): number {
  if (round.baccarat) return settleBaccaratBet(betType as BaccaratBetType, amount, round.baccarat);
  return settleTeenPattiBet(betType as TeenPattiBetType, amount, round.teenPatti as TeenPattiResult);
}

/** The winning main bet of the round before `round` at its table ('' at a table's first round of the day). */
function previousWinner(table: TableDay, round: TableRound): string {
  return round.index > 0 ? winningBet(table.result(round.index - 1)) : '';
}

/** A main bet the way an honest player of `style` picks it; side bets now and then for the random ones. */
function styledBet(rng: Rng, gameId: GameId, style: SimPlayer['style'], previous: string): BetType {
  const [a, b] =
    gameId === GameId.Baccarat ? (['banker', 'player'] as const) : (['player_a', 'player_b'] as const);
  if (style === 'banker') return a;
  if (style === 'player') return b;
  if ((style === 'streak' || style === 'chop') && (previous === a || previous === b)) {
    if (style === 'streak') return previous;
    return previous === a ? b : a;
  }
  return ordinaryBet(rng, gameId);
}

function ordinaryBet(rng: Rng, gameId: GameId): BetType {
  const x = rng.next();
  if (gameId === GameId.Baccarat) {
    if (x < 0.5) return 'banker';
    if (x < 0.92) return 'player';
    if (x < 0.96) return 'tie';
    return x < 0.98 ? 'banker_pair' : 'player_pair';
  }
  if (x < 0.46) return 'player_a';
  if (x < 0.92) return 'player_b';
  return x < 0.95 ? 'tie' : 'pair_plus';
}

/** A stake near `base`, in whole chips. */
const STAKE_MULTIPLIERS = [
  [1, 5],
  [2, 3],
  [0.5, 2],
  [5, 1],
] as const;

function stakeNear(rng: Rng, base: number, chip: number): number {
  const mult = pickWeighted(rng, STAKE_MULTIPLIERS);
  return Math.max(chip, Math.round((base * mult) / chip) * chip);
}

/**
 * A start time on the day drawn from the hour weights in the provider's time zone: its evenings are busiest,
 * and with providers in several time zones the platform plays at every hour of the day.
 */
function sessionStart(rng: Rng, dayStart: number, tz = 8): number {
  const hour = pickWeighted(rng, HOURS);
  return dayStart + Math.floor(((hour - tz + 48) % 24) * 3_600_000 + rng.int(3_600_000));
}

/**
 * The stem of a table's round, shoe and transaction ids: the table id itself, or, for a configured id over
 * 40 characters, its first 31 and a hash of it, so that the ids built on it stay within the 64 characters
 * of the event schema.
 */
export function idStem(tableId: string): string {
  if (tableId.length <= 40) return tableId;
  return `${tableId.slice(0, 31)}.${fnv1a(tableId).toString(16).padStart(8, '0')}`;
}

/** The fields every event of a player carries. */
function common(p: SimPlayer, id: string, ts: number) {
  return { id, provider: p.provider, currency: p.currency, ts };
}

/** A player's login at `at`, its id built on the session's `sid`. */
function login(p: SimPlayer, sid: string, at: number): PlatformEvent {
  return {
    type: 'player.login',
    ...common(p, `L-${sid}`, at),
    playerId: p.id,
    account: p.account,
    ip: p.ip,
    device: p.device,
  };
}

/** A deposit of the session `sid` at `at`, leaving `balanceAfter`. */
function deposit(p: SimPlayer, sid: string, at: number, amount: number, balanceAfter: number): PlatformEvent {
  return {
    type: 'transfer',
    ...common(p, `TI-${sid}`, at),
    playerId: p.id,
    account: p.account,
    direction: 1,
    amount,
    balanceAfter,
  };
}

/** Events of one simulated day, in time order. */
export function simulateDay(world: SimWorld, dayIndex: number): PlatformEvent[] {
  const dayStart = dayIndex * DAY_MS;
  const dayEnd = dayStart + DAY_MS;
  const code = dayIndex.toString(36);
  const rng = createRng(`${world.seed}|day|${dayIndex}`);
  const tables = world.tables.map((t) => new TableDay(t, world.seed, dayIndex, dayStart));
  const events: PlatformEvent[] = [];
  const weekend = [0, 6].includes(new Date(dayStart + 8 * 3_600_000).getUTCDay()) ? 1.3 : 1;
  const byGame = (gameId: GameId) =>
    world.tables.flatMap((t, i) => (t.gameId === gameId ? [[i, t.popularity] as const] : []));
  // With the tables of one game only (Table setting configured so), sessions of the other game go to it.
  const baccaratOnly = byGame(GameId.Baccarat);
  const teenPattiOnly = byGame(GameId.TeenPatti);
  const baccaratTables = baccaratOnly.length > 0 ? baccaratOnly : teenPattiOnly;
  const teenPattiTables = teenPattiOnly.length > 0 ? teenPattiOnly : baccaratOnly;
  const tzOf = new Map(world.providers.map((p: SimProvider) => [p.id, p.tz ?? 8]));
  const startFor = (p: SimPlayer) => sessionStart(rng, dayStart, tzOf.get(p.provider));

  /** A session's wallet moves and bets. Returns the session's net result. */
  const session = (
    p: SimPlayer,
    n: number,
    start: number,
    opts: {
      tableIndex: number;
      rounds: number;
      deposit: number;
      bonus: number;
      withdraw: number;
      bet: (round: TableRound, table: TableDay) => { betType: BetType; amount: number }[];
    },
  ) => {
    const chip = chipValue(p.currency);
    const sid = `${code}-${p.id.toString(36)}-${n}`;
    const loginAt = Math.max(dayStart, start - between(rng, 10_000, 120_000));
    if (loginAt < p.registeredAt) return;
    events.push(login(p, sid, loginAt));
    let balance = 0;
    /** Rounds the session needs to wager a bonus through (the platform's wagering requirement). */
    let wager = 0;
    if (rng.next() < opts.deposit) {
      const amount = Math.max(chip, Math.round((p.stake * between(rng, 10, 40)) / chip) * chip);
      balance += amount;
      events.push(deposit(p, sid, loginAt + between(rng, 2000, 30_000), amount, balance));
      if (rng.next() < opts.bonus) {
        const bonus = Math.max(
          chip,
          Math.round(
            (amount *
              pickWeighted(rng, [
                [0.1, 3],
                [0.2, 2],
                [0.5, 1],
              ] as const)) /
              chip,
          ) * chip,
        );
        balance += bonus;
        wager = Math.ceil((4 * bonus) / Math.max(p.stake, 1));
        events.push({
          type: 'bonus.granted',
          ...common(p, `BO-${sid}`, loginAt + between(rng, 31_000, 60_000)),
          playerId: p.id,
          account: p.account,
          kind: pickWeighted(rng, [
            ['deposit_bonus', 3],
            ['welcome', 1],
            ['rebate', 2],
          ] as const),
          amount: bonus,
        });
      }
    }
    const table = tables[opts.tableIndex] as TableDay;
    let index = table.roundAt(start);
    let played = 0;
    let last = start;
    while (played < Math.max(opts.rounds, wager) && index < table.length) {
      if (table.settlesAt(index) >= dayEnd) break;
      const round = table.result(index);
      if (rng.next() < 0.85) {
        for (const b of opts.bet(round, table)) {
          const ts = round.startsAt + between(rng, 1000, BETTING_WINDOW_MS - 1000);
          table.place(index, { player: p, betType: b.betType, amount: b.amount, ts });
          balance += payoutOf(round, b.betType, b.amount) - b.amount;
        }
        played += 1;
        last = round.settlesAt;
      }
      index += 1;
    }
    if (rng.next() < 0.01 || (p.profile === 'highRoller' && rng.next() < 0.05)) {
      const amount = Math.round(between(rng, 5, 50) * chip * (p.profile === 'highRoller' ? 20 : 1));
      balance += amount;
      events.push({
        type: 'prize.awarded',
        ...common(p, `PR-${sid}`, last + between(rng, 1000, 30_000)),
        playerId: p.id,
        account: p.account,
        kind: p.profile === 'highRoller' ? 'vip_reward' : 'lucky_draw',
        amount,
      });
    }
    if (balance > 0 && rng.next() < opts.withdraw) {
      const amount = Math.max(1, Math.floor(balance * (0.5 + rng.next() * 0.5)));
      events.push({
        type: 'transfer',
        ...common(p, `TO-${sid}`, Math.min(dayEnd - 1, last + between(rng, 10_000, 300_000))),
        playerId: p.id,
        account: p.account,
        direction: 0,
        amount,
        balanceAfter: balance - amount,
      });
    }
  };

  world.players.forEach((p) => {
    if (p.registeredAt >= dayStart && p.registeredAt < dayEnd) {
      events.push({
        type: 'player.registered',
        ...common(p, `RG-${p.id.toString(36)}`, p.registeredAt),
        playerId: p.id,
        account: p.account,
        device: p.device,
        ip: p.ip,
      });
    }
    if (p.registeredAt >= dayEnd) return;
    const traits = PROFILES[p.profile];
    const role = p.role;
    const active = role !== undefined && role.from < dayEnd;
    const chip = chipValue(p.currency);

    if (active && role.kind === 'moneyMover') {
      // Large deposits, a token bet or three, and the money out again.
      const sessions = poisson(rng, 1.2 * weekend);
      for (let n = 0; n < sessions; n++) {
        const start = Math.max(role.from, startFor(p));
        if (start >= dayEnd - 3_600_000) continue;
        const amount = between(rng, 500, 5000) * chip;
        const sid = `${code}-${p.id.toString(36)}-m${n}`;
        events.push(login(p, sid, start), deposit(p, sid, start + 20_000, amount, amount));
        const table = tables[p.favouriteTable] as TableDay;
        let index = table.roundAt(start + 60_000);
        let balance = amount;
        const bets = rng.int(4);
        for (let b = 0; b < bets && index < table.length; b++, index += between(rng, 1, 5)) {
          if (table.settlesAt(index) >= dayEnd) break;
          const round = table.result(index);
          const betType = ordinaryBet(rng, table.table.gameId);
          table.place(index, {
            player: p,
            betType,
            amount: chip,
            ts: round.startsAt + between(rng, 1000, 12_000),
          });
          balance += payoutOf(round, betType, chip) - chip;
        }
        const out = Math.max(0, balance - rng.int(3) * chip);
        const outAt = start + between(rng, 5, 60) * 60_000;
        if (out > 0 && outAt < dayEnd) {
          events.push({
            type: 'transfer',
            ...common(p, `TO-${sid}`, outAt),
            playerId: p.id,
            account: p.account,
            direction: 0,
            amount: out,
            balanceAfter: balance - out,
          });
        }
      }
      return;
    }

    if (active && role.kind === 'bonusAbuser') {
      // Deposit, take the bonus, a token of play or none, and deposit and bonus out again.
      const sessions = poisson(rng, 0.8 * weekend);
      for (let n = 0; n < sessions; n++) {
        const start = Math.max(role.from, startFor(p));
        if (start >= dayEnd - 3_600_000) continue;
        const sid = `${code}-${p.id.toString(36)}-b${n}`;
        const depositAmount = between(rng, 300, 3000) * chip;
        const bonus = Math.round(
          depositAmount *
            pickWeighted(rng, [
              [0.3, 2],
              [0.5, 2],
              [1, 1],
            ] as const),
        );
        events.push(login(p, sid, start), deposit(p, sid, start + 20_000, depositAmount, depositAmount));
        events.push({
          type: 'bonus.granted',
          ...common(p, `BO-${sid}`, start + 40_000),
          playerId: p.id,
          account: p.account,
          kind: 'deposit_bonus',
          amount: bonus,
        });
        const out = Math.round((depositAmount + bonus) * (0.9 + rng.next() * 0.1));
        events.push({
          type: 'transfer',
          ...common(p, `TO-${sid}`, start + between(rng, 10, 50) * 60_000),
          playerId: p.id,
          account: p.account,
          direction: 0,
          amount: out,
          balanceAfter: depositAmount + bonus - out,
        });
      }
      return;
    }

    const rate = traits.sessionsPerDay * weekend * (active && role.kind === 'abnormalWinner' ? 4 : 1);
    const sessions = poisson(rng, rate);
    for (let n = 0; n < sessions; n++) {
      const start = startFor(p);
      if (start < p.registeredAt) continue;
      const cheating = role?.kind === 'abnormalWinner' && start >= role.from ? role.knownResultRate : 0;
      const bigger = role?.kind === 'abnormalWinner' && role.bigger;
      const baccarat = rng.next() < traits.baccarat;
      const tableIndex =
        rng.next() < 0.6 &&
        (world.tables[p.favouriteTable] as SimTable).gameId ===
          (baccarat ? GameId.Baccarat : GameId.TeenPatti)
          ? p.favouriteTable
          : pickWeighted(rng, baccarat ? baccaratTables : teenPattiTables);
      session(p, n, start, {
        tableIndex,
        rounds: Math.max(1, Math.round(traits.roundsPerSession * logNormal(rng, 0.5))),
        deposit: traits.deposit,
        bonus: traits.bonus,
        withdraw: traits.withdraw,
        bet: (round, table) => {
          if (cheating > 0 && rng.next() < cheating) {
            // Knows the result: backs the winner, some with a bigger stake, some with their usual one.
            return [
              {
                betType: winningBet(table.result(round.index)),
                amount: stakeNear(rng, bigger ? p.stake * 3 : p.stake, chip),
              },
            ];
          }
          const bets = [
            {
              betType: styledBet(rng, table.table.gameId, p.style, previousWinner(table, round)),
              amount: p.style === 'flat' ? p.stake : stakeNear(rng, p.stake, chip),
            },
          ];
          // Side bets beside the main one: pairs or Pair Plus, now and then a tie.
          if (rng.next() < 0.2) {
            const side: BetType =
              table.table.gameId === GameId.Baccarat
                ? rng.next() < 0.5
                  ? 'banker_pair'
                  : 'player_pair'
                : 'pair_plus';
            bets.push({ betType: side, amount: Math.max(chip, Math.round(p.stake / 5 / chip) * chip) });
          }
          if (rng.next() < 0.06 && bets[0]?.betType !== 'tie')
            bets.push({ betType: 'tie', amount: Math.max(chip, Math.round(p.stake / 4 / chip) * chip) });
          return bets;
        },
      });
    }
  });

  // Honest friends: a session together now and then, at one table, each betting in their own way.
  world.friends.forEach((f, k) => {
    const members = f.map((i) => world.players[i] as SimPlayer);
    const sessions = poisson(rng, 0.12 * weekend);
    for (let n = 0; n < sessions; n++) {
      const start = startFor(members[0] as SimPlayer);
      const tableIndex = pickWeighted(rng, baccaratTables);
      const rounds = Math.max(5, Math.round(35 * logNormal(rng, 0.4)));
      for (const p of members) {
        if (start < p.registeredAt) continue;
        const chip = chipValue(p.currency);
        session(p, 100 + k * 10 + n, start, {
          tableIndex,
          rounds,
          deposit: 0.3,
          bonus: 0,
          withdraw: 0.3,
          bet: (round, table) => [
            {
              betType: styledBet(rng, table.table.gameId, p.style, previousWinner(table, round)),
              amount: p.style === 'flat' ? p.stake : stakeNear(rng, p.stake, chip),
            },
          ],
        });
      }
    }
  });
  world.groups.forEach((g) => groupDay(world, g, tables, rng, dayStart, code, events, weekend, startFor));

  // Rounds with bets: start, bets, settlement with every bet's payout.
  tables.forEach((table) => {
    for (const [index, bets] of [...table.bets.entries()].sort((a, b) => a[0] - b[0])) {
      const round = table.result(index);
      const t = table.table;
      // Literal objects of one shape each (no spreads): cheaper to build, validate and serialise.
      const started: RoundStartedEvent = {
        type: 'round.started',
        id: `RS-${round.id}`,
        provider: t.provider,
        currency: t.currency,
        ts: round.startsAt,
        roundId: round.id,
        gameId: t.gameId,
        tableId: t.id,
        shoeId: round.shoeId,
      };
      events.push(started);
      const payouts: RoundSettledEvent['payouts'] = [];
      bets.forEach((b, k) => {
        const transactionId = `${round.id}-${k.toString(36).padStart(2, '0')}`;
        const bet: BetPlacedEvent = {
          type: 'bet.placed',
          id: transactionId,
          provider: b.player.provider,
          currency: b.player.currency,
          ts: b.ts,
          playerId: b.player.id,
          account: b.player.account,
          transactionId,
          roundId: round.id,
          betType: b.betType,
          amount: b.amount,
          gameId: t.gameId as 1 | 2,
          shoeId: round.shoeId,
          tableId: t.id,
        };
        events.push(bet);
        payouts.push({ transactionId, playerId: b.player.id, payout: payoutOf(round, b.betType, b.amount) });
      });
      const result: Record<string, unknown> = round.baccarat
        ? {
            player: round.baccarat.player,
            banker: round.baccarat.banker,
            playerTotal: round.baccarat.playerTotal,
            bankerTotal: round.baccarat.bankerTotal,
            winner: round.baccarat.winner,
            playerPair: round.baccarat.playerPair,
            bankerPair: round.baccarat.bankerPair,
            natural: round.baccarat.natural,
          }
        : { ...(round.teenPatti as TeenPattiResult) };
      events.push({
        type: 'round.settled',
        id: `ST-${round.id}`,
        provider: t.provider,
        currency: t.currency,
        ts: round.settlesAt,
        roundId: round.id,
        gameId: t.gameId,
        tableId: t.id,
        shoeId: round.shoeId,
        result,
        payouts,
      });
    }
  });

  // Time order; ties keep generation order (Array.prototype.sort is stable).
  return events.filter((e) => e.ts >= dayStart && e.ts < dayEnd).sort((a, b) => a.ts - b.ts);
}

/**
 * A colluding group's day: before `from` its members play as regulars; after, sessions together. A pair bets
 * opposite sides with stakes up to 8 % apart; a ring splits into two sides (one against two, two against
 * three, …), each side's stake divided unevenly, the sides within 5 % of each other. Sides are drawn anew
 * every round; rounds are skipped; sometimes one of them bets alone, or a member sits a round out; half the
 * groups move to another table every few rounds together.
 */
function groupDay(
  world: SimWorld,
  g: SimGroup,
  tables: TableDay[],
  rng: Rng,
  dayStart: number,
  code: string,
  events: PlatformEvent[],
  weekend: number,
  startFor: (p: SimPlayer) => number,
): void {
  if (g.from >= dayStart + DAY_MS) return;
  const members = g.members.map((i) => world.players[i] as SimPlayer);
  const chip = chipValue(g.currency);
  const baccarat = world.tables.flatMap((t, i) => (t.gameId === GameId.Baccarat ? [i] : []));
  const sessions = poisson(rng, (g.sessionsPerDay ?? 1) * weekend);
  const starts = Array.from({ length: sessions }, () =>
    Math.max(g.from, startFor(members[0] as SimPlayer)),
  ).sort((a, b) => a - b);
  /** A group plays one session at a time: a session starting before the last one ended is not played. */
  let busyUntil = 0;
  for (let n = 0; n < sessions; n++) {
    const start = starts[n] as number;
    if (start >= dayStart + DAY_MS || start < busyUntil) continue;
    let tableAt = baccarat.indexOf(g.table);
    let table = tables[g.table] as TableDay;
    let index = table.roundAt(start + 120_000);
    members.forEach((p, m) => {
      const sid = `${code}-${p.id.toString(36)}-g${n}`;
      const at = start + m * between(rng, 5_000, 40_000);
      if (at >= dayStart + DAY_MS) return;
      events.push(login(p, sid, at));
      const amount = g.stake * between(rng, 20, 40);
      events.push(deposit(p, sid, at + 15_000, amount, amount));
    });
    const rounds = between(rng, 20, 60);
    let last = start;
    for (let r = 0; r < rounds && index < table.length; r++, index++) {
      if (g.hopEvery > 0 && r > 0 && r % g.hopEvery === 0 && baccarat.length > 1) {
        // Together to another table, at its round of about the same time.
        const at = table.settlesAt(index);
        tableAt = (tableAt + 1 + rng.int(baccarat.length - 1)) % baccarat.length;
        table = tables[baccarat[tableAt] as number] as TableDay;
        index = table.roundAt(at);
        if (index >= table.length) break;
      }
      if (table.settlesAt(index) >= dayStart + DAY_MS) break;
      const round = table.result(index);
      if (rng.next() < 0.12) continue;
      const [a, b] =
        table.table.gameId === GameId.Baccarat
          ? (['banker', 'player'] as const)
          : (['player_a', 'player_b'] as const);
      const ts = () => round.startsAt + between(rng, 2000, 12_000);
      const place = (p: SimPlayer, betType: BetType, amount: number) =>
        table.place(index, { player: p, betType, amount: Math.max(1, Math.round(amount)), ts: ts() });
      const side = rng.next() < 0.5;
      if (g.kind === 'pair') {
        const [first, second] = (rng.next() < 0.5 ? members : [...members].reverse()) as [
          SimPlayer,
          SimPlayer,
        ];
        const stake = stakeNear(rng, g.stake, chip);
        place(first, side ? a : b, stake);
        // Now and then one of them alone.
        if (rng.next() < 0.09) continue;
        const tenth = Math.max(1, Math.round(chip / 10));
        place(second, side ? b : a, Math.round((stake * (0.92 + rng.next() * 0.16)) / tenth) * tenth);
      } else {
        const present = members.filter(() => rng.next() > 0.07);
        if (present.length < 3 || rng.next() < 0.08) {
          for (const p of present)
            if (rng.next() < 0.5) place(p, side ? a : b, stakeNear(rng, p.stake, chip));
          continue;
        }
        const order = rng.shuffle([...present]);
        const k = 1 + rng.int(Math.floor(order.length / 2));
        const total = stakeNear(rng, g.stake * k, chip);
        const split = (group: SimPlayer[], sum: number, betType: BetType) => {
          const w = group.map(() => 1 + rng.next() * 2);
          const ws = w.reduce((t, x) => t + x, 0);
          group.forEach((p, i) => place(p, betType, (sum * (w[i] as number)) / ws));
        };
        split(order.slice(0, k), total, side ? a : b);
        split(order.slice(k), total * (0.95 + rng.next() * 0.1), side ? b : a);
      }
      last = round.settlesAt;
    }
    busyUntil = last + 60_000;
    members.forEach((p) => {
      const outAt = last + between(rng, 30_000, 600_000);
      if (outAt >= dayStart + DAY_MS || rng.next() < 0.3) return;
      const sid = `${code}-${p.id.toString(36)}-g${n}`;
      const amount = g.stake * between(rng, 15, 40);
      events.push({
        type: 'transfer',
        id: `TO-${sid}`,
        provider: p.provider,
        currency: p.currency,
        ts: outAt,
        playerId: p.id,
        account: p.account,
        direction: 0,
        amount,
      });
    });
  }
}
