import type { SettledBet, SettledRound, RiskInput } from './detector.port';

/**
 * A harder labelled platform for `npm run detect:eval` and the detector's tests, built so that a detector
 * tuned to one simulator's quirks fails on it:
 *
 * - Time: tables deal a round every 28–45 s around the clock for `days`; players come in sessions whose
 *   start follows their provider's time zone (a daily cycle with an evening peak), so every provider's
 *   volume rises and falls tenfold each day for honest reasons.
 * - Honest players of every look-alike: random, always-Banker, always-Player, streak followers, chop
 *   players, flat bettors of one chip, hedgers who back both sides, lucky high rollers with big stakes,
 *   friends who start their sessions together and hop tables together, bonus takers who play their bonus
 *   through, bonus takers who lose it quickly and leave, quick quitters who deposit, play a few rounds and
 *   withdraw the rest.
 * - Cross-bet pairs: sessions together (also hopping tables together), sides swapped at random, stakes
 *   unequal by up to 8 % and rounded to the chip, rounds skipped, rounds where only one of them bets, solo
 *   sessions in between, accounts of different providers.
 * - Rings of 3–6: every round the members are shuffled and split into two sides (one against two, two against
 *   three, …), each side's stake divided unevenly so that the sides balance within 5 %; members skip rounds
 *   on their own, so only some rounds have all of them.
 * - Abnormal winners: on a share of their rounds (25–45 %) they know the result and back the winner, with
 *   their usual stake or a larger one.
 * - Bonus abusers: deposit, take a bonus, a token of play, withdraw deposit and bonus; again and again.
 * - Money movers: large deposits, one to three tiny bets, the money out again.
 * - Providers: one whose rounds pay its players too much (its margin far below the edge), one whose volume
 *   jumps tenfold for an hour (a bot farm), the others honest in their own time zones.
 *
 * Deterministic for a seed.
 */
export interface HardTruth {
  pairs: string[][];
  rings: string[][];
  cheaters: string[];
  bonusAbusers: string[];
  movers: string[];
  /** Providers with an abnormal margin or volume. */
  providers: number[];
  /** Honest accounts built to look like a fraud (for counting flags that touch a look-alike). */
  lookAlikes: string[];
}

export interface HardOptions {
  seed: number;
  days?: number;
  tables?: number;
  honest?: number;
  pairs?: number;
  rings?: number;
  cheaters?: number;
  bonusAbusers?: number;
  movers?: number;
  /** Multiplies every stake (another platform's currency and limits). */
  stakeScale?: number;
  /** Providers (ids 2001…) and their time-zone offsets in hours. */
  timezones?: number[];
  t0?: number;
}

function mulberry(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Style = 'random' | 'banker' | 'player' | 'streak' | 'chop' | 'flat' | 'hedger' | 'highRoller';
type Winner = 'banker' | 'player' | 'tie';

/** Play by hour of local time: quiet mornings, an evening peak. */
const HOUR_WEIGHT = [
  3, 2, 1.2, 0.6, 0.3, 0.2, 0.2, 0.3, 0.5, 0.8, 1, 1.4, 1.8, 2, 2, 2.2, 2.6, 3.2, 4.5, 6, 8, 9, 8, 5,
];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Actor {
  key: string;
  provider: number;
  account: string;
  style: Style;
  /** Base stake in minor units. */
  base: number;
  /** Sessions per day. */
  rate: number;
  presence: number;
}

interface Session {
  actors: Actor[];
  table: number;
  /** Round index (per table) of the first and last round. */
  from: number;
  to: number;
  kind: 'honest' | 'pair' | 'ring' | 'cheater' | 'friends';
  hopEvery: number;
}

export function hardPlatform(opts: HardOptions): { inputs: RiskInput[]; truth: HardTruth } {
  const rand = mulberry(opts.seed * 7919 + 17);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const scale = opts.stakeScale ?? 1;
  const days = opts.days ?? 2;
  const tables = opts.tables ?? 8;
  const timezones = opts.timezones ?? [8, 5.5, -3, 1, 7];
  const providers = timezones.map((_, i) => 2001 + i);
  const t0 = opts.t0 ?? Date.UTC(2025, 4, 5);
  const chip = Math.round(100 * scale);
  const chips = [1, 2, 5, 10, 20, 50, 100].map((c) => c * chip);
  const roundTo = (x: number) => Math.max(chip, Math.round(x / chip) * chip);
  const truth: HardTruth = {
    pairs: [],
    rings: [],
    cheaters: [],
    bonusAbusers: [],
    movers: [],
    providers: [],
    lookAlikes: [],
  };
  let n = 0;
  const actor = (provider: number, style: Style, prefix = 'u'): Actor => {
    const id = n++;
    const base =
      style === 'highRoller'
        ? pick(chips.slice(4)) * (5 + Math.floor(rand() * 20))
        : pick(chips) * (1 + Math.floor(rand() * 3));
    return {
      key: `${provider}:${prefix}${id}`,
      provider,
      account: `${prefix}${id}`,
      style,
      base,
      rate: 0.6 + rand() * 1.4,
      presence: 0.6 + rand() * 0.35,
    };
  };
  const styles: Style[] = [
    'random',
    'random',
    'random',
    'banker',
    'player',
    'streak',
    'chop',
    'flat',
    'flat',
    'hedger',
    'highRoller',
  ];
  const honest: Actor[] = [];
  for (let i = 0; i < (opts.honest ?? 5000); i++) honest.push(actor(pick(providers), pick(styles)));
  // Friends: 2–3 honest accounts that come and go together.
  const friends: Actor[][] = [];
  for (let i = 0; i + 3 < honest.length; i += 23) {
    const g = honest.slice(i, i + 2 + Math.floor(rand() * 2));
    friends.push(g);
    for (const a of g) truth.lookAlikes.push(a.key);
  }
  for (const a of honest)
    if (['banker', 'player', 'streak', 'chop', 'flat', 'hedger', 'highRoller'].includes(a.style))
      truth.lookAlikes.push(a.key);
  const pairs: Actor[][] = [];
  for (let i = 0; i < (opts.pairs ?? 6); i++) {
    const g = [actor(pick(providers), 'random', 'p'), actor(pick(providers), 'random', 'p')];
    for (const a of g) a.base = pick(chips.slice(2)) * (1 + Math.floor(rand() * 4));
    pairs.push(g);
    truth.pairs.push(g.map((a) => a.key));
  }
  const rings: Actor[][] = [];
  for (let i = 0; i < (opts.rings ?? 5); i++) {
    const size = 3 + (i % 4);
    const g = Array.from({ length: size }, () => actor(pick(providers), 'random', 'r'));
    for (const a of g) a.base = pick(chips.slice(2)) * (2 + Math.floor(rand() * 4));
    rings.push(g);
    truth.rings.push(g.map((a) => a.key));
  }
  const cheaters: { a: Actor; knows: number; bigger: boolean }[] = [];
  for (let i = 0; i < (opts.cheaters ?? 4); i++) {
    const a = actor(pick(providers), 'random', 'w');
    cheaters.push({ a, knows: 0.25 + rand() * 0.2, bigger: i % 2 === 0 });
    truth.cheaters.push(a.key);
  }
  // Providers: the last one's rounds overpay its players from the middle of the history; the one before
  // has a bot farm's hour.
  const rigged = providers[providers.length - 1]!;
  const surge = providers[providers.length - 2]!;
  truth.providers.push(rigged, surge);
  const riggedFrom = t0 + Math.floor(days * DAY * 0.4);
  const surgeAt = t0 + Math.floor(days * DAY * 0.6);

  // Schedule sessions: per actor group, starts from the provider's daily cycle.
  const span = days * DAY;
  const roundMs = Array.from({ length: tables }, () => 28_000 + Math.floor(rand() * 17_000));
  const tableRounds = roundMs.map((ms) => Math.floor(span / ms));
  const popularity = Array.from({ length: tables }, (_, i) => 1 / (1 + i * 0.4));
  const popTotal = popularity.reduce((s, p) => s + p, 0);
  const pickTable = () => {
    let x = rand() * popTotal;
    for (let i = 0; i < tables; i++) if ((x -= popularity[i]!) < 0) return i;
    return tables - 1;
  };
  const startOf = (provider: number) => {
    const tz = timezones[providers.indexOf(provider)] ?? 0;
    const total = HOUR_WEIGHT.reduce((s, w) => s + w, 0);
    let x = rand() * total;
    let h = 0;
    for (; h < 23; h++) if ((x -= HOUR_WEIGHT[h]!) < 0) break;
    const day = Math.floor(rand() * days);
    return day * DAY + ((h - tz + 48) % 24) * HOUR + Math.floor(rand() * HOUR);
  };
  const sessions: Session[] = [];
  const schedule = (
    actors: Actor[],
    kind: Session['kind'],
    perDay: number,
    length: number,
    hopEvery: number,
  ) => {
    const count = Math.max(1, Math.round(perDay * days * (0.6 + rand() * 0.8)));
    for (let k = 0; k < count; k++) {
      const table = pickTable();
      const at = startOf(actors[0]!.provider);
      const from = Math.floor(at / roundMs[table]!);
      const len = Math.max(4, Math.round(length * (0.4 + rand() * 1.2)));
      if (from >= tableRounds[table]!) continue;
      sessions.push({
        actors,
        table,
        from,
        to: Math.min(tableRounds[table]! - 1, from + len),
        kind,
        hopEvery,
      });
    }
  };
  const inFriends = new Set(friends.flat().map((a) => a.key));
  for (const a of honest)
    if (!inFriends.has(a.key)) schedule([a], 'honest', a.rate, 45, rand() < 0.2 ? 20 : 0);
  for (const g of friends) schedule(g, 'friends', 1.2, 50, rand() < 0.5 ? 25 : 0);
  for (const g of pairs) {
    schedule(g, 'pair', 2, 40, rand() < 0.6 ? 15 + Math.floor(rand() * 20) : 0);
    for (const a of g) schedule([a], 'honest', 0.5, 30, 0);
  }
  for (const g of rings) {
    schedule(g, 'ring', 2, 45, rand() < 0.5 ? 20 + Math.floor(rand() * 20) : 0);
    for (const a of g) schedule([a], 'honest', 0.3, 30, 0);
  }
  for (const c of cheaters) schedule([c.a], 'cheater', 2.5, 60, 0);

  // Wallets, merged in time order with the rounds: turnover comes from the rounds above; these add the moves.
  let tx = 0;
  const walletInputs: RiskInput[] = [];
  const push = (a: Actor, kind: 'transfer_in' | 'transfer_out' | 'bonus', amount: number, ts: number) => {
    walletInputs.push({
      type: 'wallet',
      event: {
        seq: 0,
        id: `w${tx++}`,
        kind,
        provider: a.provider,
        currency: 'XXX',
        account: a.account,
        playerId: 0,
        amount,
        ts,
      },
    });
  };
  // Honest look-alikes of the wallet kinds, around one of their sessions: bonus takers who play it through or
  // lose it, quick quitters who deposit, play a few rounds and take most of it back.
  const sessionsOf = new Map<string, Session>();
  for (const s of sessions)
    if (s.kind === 'honest' && !sessionsOf.has(s.actors[0]!.key)) sessionsOf.set(s.actors[0]!.key, s);
  for (const a of honest.slice(0, Math.floor(honest.length / 5))) {
    const s = sessionsOf.get(a.key);
    if (!s) continue;
    const kind = rand();
    const to = kind >= 0.4 && kind < 0.8 ? Math.min(s.to, s.from + 4 + Math.floor(rand() * 6)) : s.to;
    s.to = to;
    const at = t0 + s.from * roundMs[s.table]! - 60_000;
    const end = t0 + to * roundMs[s.table]! + 60_000;
    const dep = roundTo(a.base * (10 + rand() * 40));
    push(a, 'transfer_in', dep, at);
    if (kind < 0.4) {
      const bonus = roundTo(dep * pick([0.1, 0.2, 0.5]));
      push(a, 'bonus', bonus, at + 30_000);
      if (rand() < 0.5) push(a, 'transfer_out', roundTo(bonus * rand() * 0.8), end);
    } else if (kind < 0.8) push(a, 'transfer_out', roundTo(dep * (0.5 + rand() * 0.4)), end);
    truth.lookAlikes.push(a.key);
  }
  // Sessions by table and round: which groups play each round.
  const active: Session[][][] = tableRounds.map((len) => Array.from({ length: len }, () => []));
  for (const s of sessions) {
    for (let r = s.from; r <= s.to; r++) {
      const hops = s.hopEvery ? Math.floor((r - s.from) / s.hopEvery) : 0;
      const table = (s.table + hops * 3) % tables;
      // A hop lands on the other table's round of about the same time.
      const rr = Math.floor(((r * roundMs[s.table]!) / roundMs[table]!) | 0);
      if (rr < active[table]!.length) active[table]![rr]!.push(s);
    }
  }

  const inputs: RiskInput[] = [];
  let seq = 0;
  const bet = (a: Actor, betType: string, amount: number, ts: number): SettledBet => ({
    id: `t${tx++}`,
    provider: a.provider,
    currency: 'XXX',
    account: a.account,
    playerId: 0,
    betType,
    amount,
    payout: 0,
    ts,
  });
  const wallet = (a: Actor, kind: 'transfer_in' | 'transfer_out' | 'bonus', amount: number, ts: number) => {
    inputs.push({
      type: 'wallet',
      event: {
        seq: ++seq,
        id: `w${tx++}`,
        kind,
        provider: a.provider,
        currency: 'XXX',
        account: a.account,
        playerId: 0,
        amount,
        ts,
      },
    });
  };
  const last: Winner[] = Array.from({ length: tables }, () => 'tie');
  const stakeOf = (a: Actor) => (a.style === 'flat' ? a.base : roundTo(a.base * pick([0.5, 1, 1, 1, 2, 3])));
  const sideOf = (a: Actor, prev: Winner): 'banker' | 'player' => {
    if (a.style === 'banker') return 'banker';
    if (a.style === 'player') return 'player';
    if (a.style === 'streak' && prev !== 'tie') return prev;
    if (a.style === 'chop' && prev !== 'tie') return prev === 'banker' ? 'player' : 'banker';
    return rand() < 0.5 ? 'banker' : 'player';
  };

  // Rounds in time order across tables.
  const cursor = Array.from({ length: tables }, () => 0);
  const events: { ts: number; table: number }[] = [];
  for (let t = 0; t < tables; t++)
    for (let r = 0; r < tableRounds[t]!; r++) events.push({ ts: t0 + r * roundMs[t]! + t * 97, table: t });
  events.sort((x, y) => x.ts - y.ts);
  for (const { ts, table } of events) {
    const r = cursor[table]!++;
    const prev = last[table]!;
    const u = rand();
    const winner: Winner = u < 0.458597 ? 'banker' : u < 0.904844 ? 'player' : 'tie';
    const bankerPair = rand() < 0.074699;
    const playerPair = rand() < 0.074699;
    const bets: SettledBet[] = [];
    for (const s of active[table]![r]!) {
      if (s.kind === 'honest' || s.kind === 'friends') {
        for (const a of s.actors) {
          if (rand() > a.presence) continue;
          const amount = stakeOf(a);
          if (a.style === 'hedger') {
            bets.push(bet(a, 'banker', amount, ts));
            bets.push(bet(a, 'player', roundTo(amount * pick([0.5, 1, 1.5])), ts));
            continue;
          }
          bets.push(bet(a, sideOf(a, prev), amount, ts));
          if (rand() < 0.06) bets.push(bet(a, 'tie', roundTo(amount / 5), ts));
          if (rand() < 0.05)
            bets.push(bet(a, rand() < 0.5 ? 'banker_pair' : 'player_pair', roundTo(amount / 5), ts));
        }
      } else if (s.kind === 'pair') {
        const [a, b] = s.actors as [Actor, Actor];
        const x = rand();
        if (x < 0.12) continue;
        const amount = roundTo(a.base * pick([0.5, 1, 1, 2, 3, 4]));
        const side = rand() < 0.5 ? 'banker' : 'player';
        const other = side === 'banker' ? 'player' : 'banker';
        const [first, second] = rand() < 0.5 ? [a, b] : [b, a];
        bets.push(bet(first, side, amount, ts));
        if (x < 0.2) continue; // one of them alone this round
        const tenth = Math.max(1, Math.round(chip / 10));
        bets.push(
          bet(
            second,
            other,
            Math.max(tenth, Math.round((amount * (0.92 + rand() * 0.16)) / tenth) * tenth),
            ts,
          ),
        );
        if (rand() < 0.05) bets.push(bet(second, 'tie', chip, ts));
      } else if (s.kind === 'ring') {
        const present = s.actors.filter(() => rand() > 0.07);
        if (present.length < 3 || rand() < 0.1) {
          // Some alone, on the side each likes.
          for (const a of present) if (rand() < 0.5) bets.push(bet(a, sideOf(a, prev), stakeOf(a), ts));
          continue;
        }
        const order = [...present].sort(() => rand() - 0.5);
        const k = 1 + Math.floor(rand() * Math.floor(order.length / 2));
        const sideA = order.slice(0, k);
        const sideB = order.slice(k);
        const total = roundTo(sideA.reduce((t, m) => t + m.base, 0) * pick([1, 1.5, 2, 3]));
        const side = rand() < 0.5 ? 'banker' : 'player';
        const other = side === 'banker' ? 'player' : 'banker';
        const split = (members: Actor[], sum: number, betType: string) => {
          const w = members.map(() => 1 + rand() * 2);
          const ws = w.reduce((t, x) => t + x, 0);
          members.forEach((m, i) =>
            bets.push(bet(m, betType, Math.max(1, Math.round((sum * w[i]!) / ws)), ts)),
          );
        };
        split(sideA, total, side);
        split(sideB, total * (0.95 + rand() * 0.1), other);
      } else if (s.kind === 'cheater') {
        const c = cheaters.find((x) => x.a === s.actors[0])!;
        if (rand() > c.a.presence) continue;
        if (rand() < c.knows)
          bets.push(
            bet(
              c.a,
              winner === 'tie' ? (rand() < 0.5 ? 'tie' : 'banker') : winner,
              c.bigger ? roundTo(c.a.base * 3) : stakeOf(c.a),
              ts,
            ),
          );
        else bets.push(bet(c.a, sideOf(c.a, prev), stakeOf(c.a), ts));
      }
    }
    // The bot farm: an hour of many small accounts of one provider, honest in their sides and stakes.
    if (ts >= surgeAt && ts < surgeAt + HOUR)
      for (let i = 0; i < 25; i++) {
        const bot = {
          key: '',
          provider: surge,
          account: `bot${i}`,
          style: 'random' as Style,
          base: chips[2]!,
          rate: 0,
          presence: 1,
        };
        bets.push(bet(bot, rand() < 0.5 ? 'banker' : 'player', roundTo(chips[2]! * pick([1, 2, 4])), ts));
      }
    for (const b of bets) {
      if (b.betType === 'tie') b.payout = winner === 'tie' ? b.amount * 9 : 0;
      else if (b.betType === 'banker_pair') b.payout = bankerPair ? b.amount * 12 : 0;
      else if (b.betType === 'player_pair') b.payout = playerPair ? b.amount * 12 : 0;
      else if (winner === 'tie') b.payout = b.amount;
      else if (b.betType === winner)
        b.payout = winner === 'banker' ? Math.round(b.amount * 1.95) : b.amount * 2;
      // The rigged provider pays its players' losing main bets back one time in four.
      if (
        b.provider === rigged &&
        ts >= riggedFrom &&
        b.payout === 0 &&
        (b.betType === 'banker' || b.betType === 'player') &&
        rand() < 0.25
      )
        b.payout = b.amount;
    }
    last[table] = winner;
    if (bets.length === 0) continue;
    const round: SettledRound = {
      seq: ++seq,
      roundId: `H${table}-${r}`,
      gameId: 1,
      tableId: `HT-${table}`,
      shoeId: `HS-${table}-${Math.floor(r / 70)}`,
      provider: providers[table % providers.length]!,
      startedAt: ts - 25_000,
      settledAt: ts,
      result: { winner },
      bets,
    };
    inputs.push({ type: 'round', round });
  }

  void wallet;
  const big = 1_000 * 100 * scale; // minMovedAmount's default in minor units, scaled
  for (let i = 0; i < (opts.bonusAbusers ?? 4); i++) {
    const a = actor(pick(providers), 'random', 'b');
    truth.bonusAbusers.push(a.key);
    const cycles = 2 + Math.floor(rand() * 3);
    for (let c = 0; c < cycles; c++) {
      const at = t0 + (startOf(a.provider) % span);
      const dep = roundTo(big * (1 + rand() * 3));
      const bonus = roundTo(dep * pick([0.3, 0.5, 1]));
      push(a, 'transfer_in', dep, at);
      push(a, 'bonus', bonus, at + 30_000);
      push(a, 'transfer_out', roundTo((dep + bonus) * (0.9 + rand() * 0.1)), at + 30 * 60_000);
    }
  }
  for (let i = 0; i < (opts.movers ?? 4); i++) {
    const a = actor(pick(providers), 'random', 'm');
    truth.movers.push(a.key);
    const cycles = 2 + Math.floor(rand() * 3);
    for (let c = 0; c < cycles; c++) {
      const at = t0 + (startOf(a.provider) % span);
      const dep = roundTo(big * (2 + rand() * 8));
      push(a, 'transfer_in', dep, at);
      push(a, 'transfer_out', roundTo(dep * (0.97 + rand() * 0.03)), at + 45 * 60_000);
    }
  }
  // Movers' and abusers' token bets are left out on purpose: little or no play is what they do.
  walletInputs.sort(
    (x, y) => (x as { event: { ts: number } }).event.ts - (y as { event: { ts: number } }).event.ts,
  );
  const merged: RiskInput[] = [];
  let w = 0;
  const tsOf = (x: RiskInput) => (x.type === 'round' ? x.round.settledAt : x.event.ts);
  seq = 0;
  for (const x of inputs) {
    while (w < walletInputs.length && tsOf(walletInputs[w]!) <= tsOf(x)) {
      const e = walletInputs[w++]!;
      if (e.type === 'wallet') e.event.seq = ++seq;
      merged.push(e);
    }
    if (x.type === 'round') x.round.seq = ++seq;
    merged.push(x);
  }
  while (w < walletInputs.length) {
    const e = walletInputs[w++]!;
    if (e.type === 'wallet') e.event.seq = ++seq;
    merged.push(e);
  }
  const lookAlike = new Set(truth.lookAlikes);
  truth.lookAlikes = [...lookAlike];
  return { inputs: merged, truth };
}
