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
    sessionsPerDay: 0.02,
    roundsPerSession: 22,
    stake: [1, 5],
    baccarat: 0.7,
    deposit: 0.6,
    bonus: 0.05,
    withdraw: 0.25,
  },
  regular: {
    share: 0.28,
    sessionsPerDay: 0.08,
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
  | { kind: 'abnormalWinner'; from: number; knownResultRate: number }
  | { kind: 'moneyMover'; from: number };

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

export interface SimGroup {
  id: string;
  provider: number;
  currency: string;
  /** Indexes into {@link SimWorld.players}. */
  members: number[];
  /** Index of the baccarat table the group plays at. */
  table: number;
  from: number;
  /** Base stake of each side, minor units. */
  stake: number;
}

export interface SimProvider {
  id: number;
  /** Main currency first. */
  currencies: string[];
}

export interface SimWorld {
  seed: string;
  providers: SimProvider[];
  players: SimPlayer[];
  tables: SimTable[];
  groups: SimGroup[];
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
    return { id, currencies: main === second ? [main] : [main, second] };
  });
  // Providers differ in size: the first ones are the big operators.
  const providerWeights = providers.map((p, i) => [p, 1 / (1 + i * 0.35)] as const);

  const tables: SimTable[] = [];
  const baccaratTables = Math.min(20, Math.max(2, Math.round(input.players / 1500)));
  const teenPattiTables = Math.min(10, Math.max(1, Math.round(input.players / 3000)));
  for (let i = 0; i < baccaratTables + teenPattiTables; i++) {
    const baccarat = i < baccaratTables;
    const n = baccarat ? i + 1 : i - baccaratTables + 1;
    const host = providers[i % providers.length] as SimProvider;
    tables.push({
      id: `${baccarat ? 'BAC' : 'TP'}-${String(n).padStart(2, '0')}`,
      gameId: baccarat ? GameId.Baccarat : GameId.TeenPatti,
      provider: host.id,
      currency: host.currencies[0] as string,
      popularity: 1 / n ** 2,
    });
  }
  const baccaratIndexes = tables.flatMap((t, i) =>
    t.gameId === GameId.Baccarat ? [[i, t.popularity] as const] : [],
  );
  const teenPattiIndexes = tables.flatMap((t, i) =>
    t.gameId === GameId.TeenPatti ? [[i, t.popularity] as const] : [],
  );

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
    const favouriteTable = pickWeighted(
      rng,
      rng.next() < traits.baccarat ? baccaratIndexes : teenPattiIndexes,
    );
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

  const groups: SimGroup[] = [];
  for (let g = 0; g < few && players.length >= 40; g++) {
    const lead = players[ordinary()] as SimPlayer;
    const size = between(rng, 2, 4);
    const subnet = `${between(rng, 11, 223)}.${rng.int(256)}.${rng.int(256)}`;
    const from = anomalyStart();
    const groupId = `G${g + 1}`;
    const members: number[] = [];
    // Members share the lead's provider and currency, and mostly its subnet.
    for (let m = 0; m < size; m++) {
      const index = ordinary();
      const p = players[index] as SimPlayer;
      p.provider = lead.provider;
      p.currency = lead.currency;
      p.profile = 'regular';
      p.stake = Math.round(between(rng, 20, 80) * chipValue(lead.currency));
      if (rng.next() < 0.7) p.ip = ipOf(rng, subnet);
      p.role = { kind: 'colluder', groupId, from };
      members.push(index);
    }
    const table = pickWeighted(rng, baccaratIndexes);
    groups.push({
      id: groupId,
      provider: lead.provider,
      currency: lead.currency,
      members,
      table,
      from,
      stake: Math.round(between(rng, 30, 120) * chipValue(lead.currency)),
    });
  }
  for (let k = 0; k < few + 1 && players.length >= 40; k++) {
    const p = players[ordinary()] as SimPlayer;
    p.profile = 'regular';
    p.role = { kind: 'abnormalWinner', from: anomalyStart(), knownResultRate: 0.3 + rng.next() * 0.15 };
    p.stake = Math.round(between(rng, 10, 40) * chipValue(p.currency));
  }
  for (let k = 0; k < few && players.length >= 40; k++) {
    const p = players[ordinary()] as SimPlayer;
    p.profile = 'casual';
    p.role = { kind: 'moneyMover', from: anomalyStart() };
    p.stake = chipValue(p.currency);
  }

  return {
    seed: input.seed,
    providers,
    players,
    tables,
    groups,
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
    provider: number;
    currency: string;
    tableId: string;
    from: number;
    players: { playerId: number; account: string }[];
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
      provider: g.provider,
      currency: g.currency,
      tableId: (world.tables[g.table] as SimTable).id,
      from: g.from,
      players: g.members.map((i) => ({ playerId: player(i).id, account: player(i).account })),
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
