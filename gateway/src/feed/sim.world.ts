import { createRng, type Rng } from '@dms/shared/games/rng';
import { GameId } from '@dms/shared/domain/games';

/**
 * The simulated platform: providers and their currencies, thousands of players with behaviour profiles,
 * the live tables, and, hidden among the players, a few colluding groups, abnormal winners and money
 * movers. Everything is drawn from the seed, so the same seed and inputs give the same world.
 */

export const DAY_MS = 86_400_000;

/** Behaviour profiles of ordinary players. */
export type Profile = 'casual' | 'regular' | 'highRoller' | 'bonusHunter';

/** How a profile plays. Stakes are in chips (see {@link chipValue}). */
export interface ProfileTraits {
  /** Share of players with this profile. */
  share: number;
  /** Mean sessions per day. */
  sessionsPerDay: number;
  /** Mean rounds bet per session. */
  roundsPerSession: number;
  /** Base stake range in chips. */
  stake: [number, number];
  /** Share of sessions at baccarat (the rest at Teen Patti). */
  baccarat: number;
  /** Chance of a deposit before a session, of a bonus with it, of a withdrawal after. */
  deposit: number;
  bonus: number;
  withdraw: number;
}

export const PROFILES: Readonly<Record<Profile, ProfileTraits>> = {
  casual: {
    share: 0.6,
    sessionsPerDay: 0.04,
    roundsPerSession: 22,
    stake: [1, 5],
    baccarat: 0.7,
    deposit: 0.6,
    bonus: 0.05,
    withdraw: 0.25,
  },
  regular: {
    share: 0.28,
    sessionsPerDay: 0.12,
    roundsPerSession: 40,
    stake: [4, 25],
    baccarat: 0.8,
    deposit: 0.5,
    bonus: 0.05,
    withdraw: 0.35,
  },
  highRoller: {
    share: 0.04,
    sessionsPerDay: 0.065,
    roundsPerSession: 35,
    stake: [100, 1000],
    baccarat: 0.9,
    deposit: 0.8,
    bonus: 0.1,
    withdraw: 0.5,
  },
  bonusHunter: {
    share: 0.08,
    sessionsPerDay: 0.055,
    roundsPerSession: 14,
    stake: [1, 4],
    baccarat: 0.6,
    deposit: 0.9,
    bonus: 0.7,
    withdraw: 0.8,
  },
};

/**
 * Minor units of one chip in a currency: about one US dollar and a half, rounded to what tables use.
 * Unknown currencies use 100.
 */
export function chipValue(currency: string): number {
  const values: Record<string, number> = {
    CNY: 1000,
    USD: 100,
    EUR: 100,
    INR: 10_000,
    THB: 5000,
    VND: 3_000_000,
    PHP: 5000,
    IDR: 2_000_000,
    MYR: 500,
    BRL: 500,
  };
  return values[currency] ?? 100;
}

/** A hidden role: what the ground truth says about a player, from when. */
export type Role =
  | { kind: 'colluder'; groupId: string; from: number }
  | { kind: 'abnormalWinner'; from: number; knownResultRate: number; bigger: boolean }
  | { kind: 'moneyMover'; from: number }
  | { kind: 'bonusAbuser'; from: number };

/**
 * How an honest player picks a side: at random, always Banker (or hand A), always Player, the last winner
 * (streak follower), against it (chop player), or at random with always the same chip (flat bettor). The
 * honest look-alikes of collusion: on a busy table they sit opposite each other with equal chips all day.
 */
export type BetStyle = 'random' | 'banker' | 'player' | 'streak' | 'chop' | 'flat';
const STYLES: readonly (readonly [BetStyle, number])[] = [
  ['random', 5],
  ['banker', 1],
  ['player', 1],
  ['streak', 1],
  ['chop', 1],
  ['flat', 2],
];
/** Time zones of the providers, by index: the platform serves Asia, South Asia, Europe and the Americas. */
const TIME_ZONES = [8, 5.5, 1, -3, 7, 9, -5, 3];

export interface SimPlayer {
  id: number;
  account: string;
  provider: number;
  currency: string;
  profile: Profile;
  /** Epoch ms; before the history for most players (no registration event then). */
  registeredAt: number;
  device: string;
  ip: string;
  /** Base stake, minor units. */
  stake: number;
  /** Index of the favourite table among {@link SimWorld.tables}. */
  favouriteTable: number;
  style: BetStyle;
  role?: Role;
}

export interface SimTable {
  id: string;
  gameId: GameId;
  /** Provider and currency the platform reports the table's rounds under. */
  provider: number;
  currency: string;
  /** Relative share of the players who pick a table of its game. */
  popularity: number;
}

/**
 * A colluding group: a pair on opposite sides, or a ring of 3–6 that splits its stake over both sides so that
 * the group's net exposure is about nil. Members may belong to different providers (of one currency).
 */
export interface SimGroup {
  id: string;
  kind: 'pair' | 'ring';
  provider: number;
  currency: string;
  /** Indexes into {@link SimWorld.players}. */
  members: number[];
  /** Index of the baccarat table the group starts its sessions at. */
  table: number;
  /** The group moves to another table every this many rounds (0: it stays). */
  hopEvery: number;
  from: number;
  /** Base stake of each side, minor units. */
  stake: number;
  /** Mean sessions a day. */
  sessionsPerDay: number;
}

export interface SimProvider {
  id: number;
  /** Main currency first. */
  currencies: string[];
  /** Hours from UTC of the provider's players: they play in their own evenings. */
  tz: number;
}

export interface SimWorld {
  seed: string;
  providers: SimProvider[];
  players: SimPlayer[];
  tables: SimTable[];
  groups: SimGroup[];
  /** Honest friends (indexes into players) who start their sessions together, at one table. */
  friends: number[][];
  historyFrom: number;
  historyTo: number;
}

/** Inputs of a world; all recorded in the simulator state so a restart rebuilds the same world. */
export interface WorldInput {
  seed: string;
  players: number;
  providers: readonly number[];
  currencies: readonly string[];
  historyFrom: number;
  historyTo: number;
  /**
   * The tables to play (Table setting's enabled tables): when given and non-empty, exactly these, in this
   * order (within a game the first is the most popular); tables of a game the simulator does not play are
   * left out. Absent or empty: the generated tables of {@link defaultTables}.
   */
  tables?: readonly WorldTable[] | undefined;
}

/** A table the simulator can be told to play: its game and the platform's table id. */
export interface WorldTable {
  gameId: number;
  tableId: string;
}

/** Whether the simulator plays tables of `gameId`. */
function playable(gameId: number): gameId is GameId {
  return gameId === GameId.Baccarat || gameId === GameId.TeenPatti;
}

/**
 * The tables the simulator generates for `players` players when none is configured: `BAC-01`… (one per
 * 1,500 players, 2 to 20) then `TP-01`… (one per 3,000, 1 to 10), by game then table id.
 */
export function defaultTables(players: number): WorldTable[] {
  const baccarat = Math.min(20, Math.max(2, Math.round(players / 1500)));
  const teenPatti = Math.min(10, Math.max(1, Math.round(players / 3000)));
  const id = (prefix: string, n: number) => `${prefix}-${String(n).padStart(2, '0')}`;
  return [
    ...Array.from({ length: baccarat }, (_, i) => ({ gameId: GameId.Baccarat, tableId: id('BAC', i + 1) })),
    ...Array.from({ length: teenPatti }, (_, i) => ({ gameId: GameId.TeenPatti, tableId: id('TP', i + 1) })),
  ];
}

/** The tables `input` makes the simulator play: the configured ones it can play, else the generated ones. */
export function worldTables(input: Pick<WorldInput, 'players' | 'tables'>): WorldTable[] {
  const configured = (input.tables ?? []).filter((t) => playable(t.gameId));
  return configured.length > 0
    ? configured.map((t) => ({ gameId: t.gameId, tableId: t.tableId }))
    : defaultTables(input.players);
}

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ra',
  'su',
  'ten',
  'ji',
  'an',
  'ver',
  'zo',
  'pa',
  'lin',
  'chen',
  'wu',
  'ray',
  'dev',
  'om',
  'thi',
  'na',
  'li',
];
const DEVICES: readonly [string, number][] = [
  ['android', 0.45],
  ['ios', 0.3],
  ['h5', 0.15],
  ['pc', 0.1],
];

/** A uniform integer from lo to hi, both included. */
export function between(rng: Rng, lo: number, hi: number): number {
  return lo + rng.int(hi - lo + 1);
}

/** Picks by weight. */
export function pickWeighted<T>(rng: Rng, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let x = rng.next() * total;
  for (const [item, w] of items) {
    x -= w;
    if (x < 0) return item;
  }
  return (items[items.length - 1] as readonly [T, number])[0];
}

/** A log-normal factor with median 1. */
export function logNormal(rng: Rng, sigma: number): number {
  const u = Math.max(rng.next(), 1e-12);
  const v = rng.next();
  return Math.exp(sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v));
}

/** A Poisson count (Knuth), for the small means of sessions per day. */
export function poisson(rng: Rng, mean: number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let p = rng.next();
  while (p > limit) {
    k += 1;
    p *= rng.next();
  }
  return k;
}

function accountName(rng: Rng, index: number): string {
  const parts = between(rng, 2, 3);
  let name = '';
  for (let i = 0; i < parts; i++) name += SYLLABLES[rng.int(SYLLABLES.length)];
  return `${name}${(index * 7919) % 9973}`;
}

function ipOf(rng: Rng, subnet?: string): string {
  const base = subnet ?? `${between(rng, 11, 223)}.${rng.int(256)}.${rng.int(256)}`;
  return `${base}.${between(rng, 2, 254)}`;
}

/** Builds the world of `input`. Deterministic. */
export function buildWorld(input: WorldInput): SimWorld {
  const rng = createRng(`${input.seed}|world`);
  const currencies = input.currencies.length > 0 ? [...input.currencies] : ['CNY'];
  const providerIds = input.providers.length > 0 ? [...input.providers] : [1001];
  const providers: SimProvider[] = providerIds.map((id, i) => {
    const main = currencies[i % currencies.length] as string;
    const second = currencies[(i + 1) % currencies.length] as string;
    return {
      id,
      currencies: main === second ? [main] : [main, second],
      tz: TIME_ZONES[i % TIME_ZONES.length]!,
    };
  });
  // Providers differ in size: the first ones are the big operators.
  const providerWeights = providers.map((p, i) => [p, 1 / (1 + i * 0.35)] as const);

  // Popularity falls with the position within the game (1, 1/4, 1/9, …); hosts go round the providers.
  const seenOfGame = new Map<number, number>();
  const tables: SimTable[] = worldTables(input).map((t, i) => {
    const n = (seenOfGame.get(t.gameId) ?? 0) + 1;
    seenOfGame.set(t.gameId, n);
    const host = providers[i % providers.length] as SimProvider;
    return {
      id: t.tableId,
      gameId: t.gameId as GameId,
      provider: host.id,
      currency: host.currencies[0] as string,
      popularity: 1 / n ** 2,
    };
  });
  const baccaratIndexes = tables.flatMap((t, i) =>
    t.gameId === GameId.Baccarat ? [[i, t.popularity] as const] : [],
  );
  const teenPattiIndexes = tables.flatMap((t, i) =>
    t.gameId === GameId.TeenPatti ? [[i, t.popularity] as const] : [],
  );
  // With the tables of one game only (configured so), everyone plays that game.
  const baccaratPick = baccaratIndexes.length > 0 ? baccaratIndexes : teenPattiIndexes;
  const teenPattiPick = teenPattiIndexes.length > 0 ? teenPattiIndexes : baccaratIndexes;

  const span = Math.max(DAY_MS, input.historyTo - input.historyFrom);
  const profileWeights = (Object.keys(PROFILES) as Profile[]).map((p) => [p, PROFILES[p].share] as const);
  const players: SimPlayer[] = [];
  for (let i = 0; i < input.players; i++) {
    const provider = pickWeighted(rng, providerWeights);
    const currency = (
      rng.next() < 0.75 ? provider.currencies[0] : provider.currencies[provider.currencies.length - 1]
    ) as string;
    const profile = pickWeighted(rng, profileWeights);
    const traits = PROFILES[profile];
    const when = rng.next();
    const registeredAt =
      when < 0.7
        ? input.historyFrom - between(rng, 1, 400) * DAY_MS + rng.int(DAY_MS)
        : when < 0.95
          ? input.historyFrom + Math.floor(rng.next() * span)
          : input.historyTo + Math.floor(rng.next() * 30 * DAY_MS);
    const favouriteTable = pickWeighted(rng, rng.next() < traits.baccarat ? baccaratPick : teenPattiPick);
    players.push({
      id: 10_000_001 + i,
      account: accountName(rng, i),
      provider: provider.id,
      currency,
      profile,
      registeredAt,
      device: pickWeighted(rng, DEVICES),
      ip: ipOf(rng),
      stake: Math.round(between(rng, traits.stake[0], traits.stake[1]) * chipValue(currency)),
      favouriteTable,
      style: pickWeighted(rng, STYLES),
    });
  }

  // Anomalies start between a fifth and nine tenths into the history, so both sides of `from` exist.
  const anomalyStart = () =>
    input.historyFrom + Math.floor((0.2 + rng.next() * 0.7) * (input.historyTo - input.historyFrom));
  const ordinary = (): number => {
    for (;;) {
      const index = rng.int(players.length);
      const p = players[index] as SimPlayer;
      if (!p.role && p.registeredAt < input.historyFrom && p.profile !== 'highRoller') return index;
    }
  };
  const few = Math.max(2, Math.round(input.players / 1000));

  // Colluding groups: pairs and rings of 3–6, their members spread over the providers of one currency. Most
  // start inside the history; one every two hours of the first live day, the first a few minutes before the
  // live start, so that a new install sees detection at work within its first minutes.
  const groups: SimGroup[] = [];
  const liveGroups = players.length >= 400 ? 12 : 0;
  for (let g = 0; g < few + liveGroups && players.length >= 40; g++) {
    const live = g >= few;
    const lead = players[ordinary()] as SimPlayer;
    const kind = rng.next() < 0.45 ? 'pair' : 'ring';
    const size = kind === 'pair' ? 2 : between(rng, 3, 6);
    const subnet = `${between(rng, 11, 223)}.${rng.int(256)}.${rng.int(256)}`;
    const from = live ? input.historyTo - 10 * 60_000 + (g - few) * 2 * 3_600_000 : anomalyStart();
    const groupId = `G${g + 1}`;
    const sameCurrency = providers.filter((p) => p.currencies.includes(lead.currency));
    const members: number[] = [];
    for (let m = 0; m < size; m++) {
      const index = ordinary();
      const p = players[index] as SimPlayer;
      p.provider =
        rng.next() < 0.5 && sameCurrency.length > 0
          ? pickWeighted(
              rng,
              sameCurrency.map((x) => [x.id, 1] as const),
            )
          : lead.provider;
      p.currency = lead.currency;
      p.profile = 'regular';
      p.style = 'random';
      p.stake = Math.round(between(rng, 20, 80) * chipValue(lead.currency));
      if (rng.next() < 0.5) p.ip = ipOf(rng, subnet);
      p.role = { kind: 'colluder', groupId, from };
      members.push(index);
    }
    groups.push({
      id: groupId,
      kind,
      provider: lead.provider,
      currency: lead.currency,
      members,
      table: pickWeighted(rng, baccaratPick),
      hopEvery: rng.next() < 0.5 ? between(rng, 12, 30) : 0,
      from,
      stake: Math.round(between(rng, 30, 120) * chipValue(lead.currency)),
      sessionsPerDay: live ? 12 : 2 + rng.next() * 2,
    });
  }
  for (let k = 0; k < few + 1 && players.length >= 40; k++) {
    const p = players[ordinary()] as SimPlayer;
    p.profile = 'regular';
    // They start in the first half of the history (the last a few minutes before the live start), and know
    // the result of a quarter to a half of their rounds.
    const early = input.historyFrom + Math.floor((0.1 + rng.next() * 0.4) * (input.historyTo - input.historyFrom));
    p.role = {
      kind: 'abnormalWinner',
      from: k === 0 && players.length >= 400 ? input.historyTo - 5 * 60_000 : early,
      knownResultRate: 0.25 + rng.next() * 0.25,
      bigger: rng.next() < 0.5,
    };
    p.stake = Math.round(between(rng, 10, 40) * chipValue(p.currency));
  }
  for (let k = 0; k < few && players.length >= 40; k++) {
    const p = players[ordinary()] as SimPlayer;
    p.profile = 'casual';
    p.role = { kind: 'moneyMover', from: anomalyStart() };
    p.stake = chipValue(p.currency);
  }
  for (let k = 0; k < few && players.length >= 40; k++) {
    const p = players[ordinary()] as SimPlayer;
    p.profile = 'casual';
    p.role = { kind: 'bonusAbuser', from: anomalyStart() };
  }
  // Honest friends: two or three ordinary players who come and go together.
  const friends: number[][] = [];
  for (let k = 0; k < Math.floor(players.length / 150) && players.length >= 40; k++) {
    const size = between(rng, 2, 3);
    friends.push(Array.from({ length: size }, () => ordinary()));
  }

  return {
    seed: input.seed,
    providers,
    players,
    tables,
    groups,
    friends,
    historyFrom: input.historyFrom,
    historyTo: input.historyTo,
  };
}

/** The ground truth of a world: who colludes, wins abnormally or moves money, and from when. Never stored in the database. */
export interface SimTruth {
  seed: string;
  historyFrom: number;
  historyTo: number;
  colludingGroups: {
    groupId: string;
    kind: 'pair' | 'ring';
    provider: number;
    currency: string;
    tableId: string;
    from: number;
    players: { playerId: number; account: string; provider: number }[];
  }[];
  abnormalWinners: {
    playerId: number;
    account: string;
    provider: number;
    currency: string;
    from: number;
    knownResultRate: number;
  }[];
  moneyMovers: { playerId: number; account: string; provider: number; currency: string; from: number }[];
  bonusAbusers: { playerId: number; account: string; provider: number; currency: string; from: number }[];
}

/** The ground truth of `world`. */
export function truthOf(world: SimWorld): SimTruth {
  const player = (i: number) => world.players[i] as SimPlayer;
  return {
    seed: world.seed,
    historyFrom: world.historyFrom,
    historyTo: world.historyTo,
    colludingGroups: world.groups.map((g) => ({
      groupId: g.id,
      kind: g.kind,
      provider: g.provider,
      currency: g.currency,
      tableId: (world.tables[g.table] as SimTable).id,
      from: g.from,
      players: g.members.map((i) => ({
        playerId: player(i).id,
        account: player(i).account,
        provider: player(i).provider,
      })),
    })),
    abnormalWinners: world.players.flatMap((p) =>
      p.role?.kind === 'abnormalWinner'
        ? [
            {
              playerId: p.id,
              account: p.account,
              provider: p.provider,
              currency: p.currency,
              from: p.role.from,
              knownResultRate: p.role.knownResultRate,
            },
          ]
        : [],
    ),
    bonusAbusers: world.players.flatMap((p) =>
      p.role?.kind === 'bonusAbuser'
        ? [
            {
              playerId: p.id,
              account: p.account,
              provider: p.provider,
              currency: p.currency,
              from: p.role.from,
            },
          ]
        : [],
    ),
    moneyMovers: world.players.flatMap((p) =>
      p.role?.kind === 'moneyMover'
        ? [
            {
              playerId: p.id,
              account: p.account,
              provider: p.provider,
              currency: p.currency,
              from: p.role.from,
            },
          ]
        : [],
    ),
  };
}
