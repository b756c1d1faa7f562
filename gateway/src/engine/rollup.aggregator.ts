import type { BetFacts } from './events.mapper';

/**
 * In-memory roll-up of one batch: the deltas of `daily_game`, `daily_account` and `daily_player`, one
 * entry per key, so the repository writes one upsert row per key however many events the batch had.
 * Only rows that were really inserted (or bets really settled) are added, so a replay adds nothing.
 */

export interface GameDelta {
  day: string;
  provider: number;
  currency: string;
  gameId: number;
  turnover: number;
  payout: number;
  bets: number;
  rounds: number;
  settledTurnover: number;
  settledBets: number;
}

export interface AccountDelta {
  day: string;
  provider: number;
  currency: string;
  registrations: number;
  logins: number;
  loginPlayers: number;
  transferIn: number;
  transferInCount: number;
  transferOut: number;
  transferOutCount: number;
  bonus: number;
  bonusCount: number;
  prize: number;
  prizeCount: number;
}

export interface PlayerDelta {
  day: string;
  provider: number;
  currency: string;
  playerId: number;
  account: string;
  turnover: number;
  payout: number;
  bets: number;
  settledTurnover: number;
  settledBets: number;
  wins: number;
  transferIn: number;
  transferOut: number;
  bonus: number;
  prize: number;
  logins: number;
}

/** A settled bet: its facts and what it returned. */
export interface SettledBet extends BetFacts {
  payout: number;
}

/** The key of a `daily_game` row. */
export function gameKey(day: string, provider: number, currency: string, gameId: number): string {
  return `${day}|${provider}|${currency}|${gameId}`;
}

/** The key of a `daily_player` row. */
export function playerKey(day: string, provider: number, currency: string, playerId: number): string {
  return `${day}|${provider}|${currency}|${playerId}`;
}

/**
 * The measures of each delta kind: what {@link RollupDeltas} adds up when it merges another batch's deltas, and
 * their order after the key columns in {@link encodeDeltas}.
 */
export const GAME_MEASURES = [
  'turnover',
  'payout',
  'bets',
  'rounds',
  'settledTurnover',
  'settledBets',
] as const;
export const ACCOUNT_MEASURES = [
  'registrations',
  'logins',
  'loginPlayers',
  'transferIn',
  'transferInCount',
  'transferOut',
  'transferOutCount',
  'bonus',
  'bonusCount',
  'prize',
  'prizeCount',
] as const;
export const PLAYER_MEASURES = [
  'turnover',
  'payout',
  'bets',
  'settledTurnover',
  'settledBets',
  'wins',
  'transferIn',
  'transferOut',
  'bonus',
  'prize',
  'logins',
] as const;

/** The roll-up deltas of a batch. */
export class RollupDeltas {
  /** By {@link gameKey}. */
  readonly game = new Map<string, GameDelta>();
  readonly account = new Map<string, AccountDelta>();
  readonly player = new Map<string, PlayerDelta>();
  /** The rounds the batch's new bets were placed in, per `daily_game` key (see {@link countRounds}). */
  private readonly roundsByGame = new Map<string, Set<string>>();

  private gameRow(day: string, provider: number, currency: string, gameId: number): GameDelta {
    const key = gameKey(day, provider, currency, gameId);
    let d = this.game.get(key);
    if (!d) {
      d = {
        day,
        provider,
        currency,
        gameId,
        turnover: 0,
        payout: 0,
        bets: 0,
        rounds: 0,
        settledTurnover: 0,
        settledBets: 0,
      };
      this.game.set(key, d);
    }
    return d;
  }

  private accountRow(day: string, provider: number, currency: string): AccountDelta {
    const key = `${day}|${provider}|${currency}`;
    let d = this.account.get(key);
    if (!d) {
      d = {
        day,
        provider,
        currency,
        registrations: 0,
        logins: 0,
        loginPlayers: 0,
        transferIn: 0,
        transferInCount: 0,
        transferOut: 0,
        transferOutCount: 0,
        bonus: 0,
        bonusCount: 0,
        prize: 0,
        prizeCount: 0,
      };
      this.account.set(key, d);
    }
    return d;
  }

  private playerRow(
    day: string,
    provider: number,
    currency: string,
    playerId: number,
    account: string,
  ): PlayerDelta {
    const key = playerKey(day, provider, currency, playerId);
    let d = this.player.get(key);
    if (!d) {
      d = {
        day,
        provider,
        currency,
        playerId,
        account,
        turnover: 0,
        payout: 0,
        bets: 0,
        settledTurnover: 0,
        settledBets: 0,
        wins: 0,
        transferIn: 0,
        transferOut: 0,
        bonus: 0,
        prize: 0,
        logins: 0,
      };
      this.player.set(key, d);
    }
    return d;
  }

  /** Adds a game delta (another batch's) to this one's row of its key. */
  addGame(d: GameDelta): void {
    const r = this.gameRow(d.day, d.provider, d.currency, d.gameId);
    for (const m of GAME_MEASURES) r[m] += d[m];
  }

  /** Adds an account delta (another batch's) to this one's row of its key. */
  addAccount(d: AccountDelta): void {
    const r = this.accountRow(d.day, d.provider, d.currency);
    for (const m of ACCOUNT_MEASURES) r[m] += d[m];
  }

  /** Adds a player delta (another batch's) to this one's row of its key; its account name replaces ours. */
  addPlayer(d: PlayerDelta): void {
    const r = this.playerRow(d.day, d.provider, d.currency, d.playerId, d.account);
    r.account = d.account;
    for (const m of PLAYER_MEASURES) r[m] += d[m];
  }

  /** Whether nothing was added. */
  get empty(): boolean {
    return this.game.size === 0 && this.account.size === 0 && this.player.size === 0;
  }

  /** A player registered. */
  registration(day: string, provider: number, currency: string): void {
    this.accountRow(day, provider, currency).registrations += 1;
  }

  /** A player signed in. */
  login(day: string, provider: number, currency: string, playerId: number, account: string): void {
    this.accountRow(day, provider, currency).logins += 1;
    this.playerRow(day, provider, currency, playerId, account).logins += 1;
  }

  /** Players who signed in for the first time that day (found by the repository after the player upsert). */
  loginPlayers(day: string, provider: number, currency: string, n: number): void {
    if (n > 0) this.accountRow(day, provider, currency).loginPlayers += n;
  }

  /** Money moved in (direction 1) or out (0). */
  transfer(
    day: string,
    provider: number,
    currency: string,
    playerId: number,
    account: string,
    direction: number,
    amount: number,
  ): void {
    const a = this.accountRow(day, provider, currency);
    const p = this.playerRow(day, provider, currency, playerId, account);
    if (direction === 1) {
      a.transferIn += amount;
      a.transferInCount += 1;
      p.transferIn += amount;
    } else {
      a.transferOut += amount;
      a.transferOutCount += 1;
      p.transferOut += amount;
    }
  }

  /** A bonus was granted. */
  bonus(
    day: string,
    provider: number,
    currency: string,
    playerId: number,
    account: string,
    amount: number,
  ): void {
    const a = this.accountRow(day, provider, currency);
    a.bonus += amount;
    a.bonusCount += 1;
    this.playerRow(day, provider, currency, playerId, account).bonus += amount;
  }

  /** A prize was awarded. */
  prize(
    day: string,
    provider: number,
    currency: string,
    playerId: number,
    account: string,
    amount: number,
  ): void {
    const a = this.accountRow(day, provider, currency);
    a.prize += amount;
    a.prizeCount += 1;
    this.playerRow(day, provider, currency, playerId, account).prize += amount;
  }

  /**
   * A new bet, counted on its day; settled already when `payout` is not null (it came after its round's
   * settlement, or with it). Its round is noted for {@link countRounds}. The bet's values are passed one by
   * one: this runs for every bet, and keys are built once for both measures.
   */
  newBet(
    day: string,
    provider: number,
    currency: string,
    gameId: number,
    roundId: string,
    playerId: number,
    account: string,
    amount: number,
    payout: number | null,
  ): void {
    const key = gameKey(day, provider, currency, gameId);
    let g = this.game.get(key);
    if (!g) g = this.gameRow(day, provider, currency, gameId);
    let rounds = this.roundsByGame.get(key);
    if (!rounds) {
      rounds = new Set();
      this.roundsByGame.set(key, rounds);
    }
    rounds.add(roundId);
    const p = this.playerRow(day, provider, currency, playerId, account);
    g.turnover += amount;
    g.bets += 1;
    p.turnover += amount;
    p.bets += 1;
    if (payout !== null) {
      g.payout += payout;
      g.settledTurnover += amount;
      g.settledBets += 1;
      p.payout += payout;
      p.settledTurnover += amount;
      p.settledBets += 1;
      if (payout > amount) p.wins += 1;
    }
  }

  /**
   * Adds to `rounds` the rounds of the batch's new bets, once per `daily_game` key, except those that
   * `stored(roundId)` says already had a bet under that key before the batch.
   */
  countRounds(stored: (roundId: string) => ReadonlySet<string> | undefined): void {
    for (const [key, rounds] of this.roundsByGame) {
      const g = this.game.get(key);
      if (!g) continue;
      for (const roundId of rounds) if (!stored(roundId)?.has(key)) g.rounds += 1;
    }
  }

  /** A bet was settled (counted on the bet's day, not the settlement's). A win returns more than the stake. */
  settled(b: BetFacts, payout: number): void {
    const g = this.gameRow(b.day, b.provider, b.currency, b.gameId);
    g.payout += payout;
    g.settledTurnover += b.amount;
    g.settledBets += 1;
    const p = this.playerRow(b.day, b.provider, b.currency, b.playerId, b.account);
    p.payout += payout;
    p.settledTurnover += b.amount;
    p.settledBets += 1;
    if (payout > b.amount) p.wins += 1;
  }
}

/** A settlement's payout of one bet, to store in the bet's row (or in `pending_payout` until the bet arrives). */
export interface PendingPayout {
  transactionId: string;
  roundId: string;
  payout: number;
  settledAt: number;
}

/**
 * What a committed batch leaves to its roll-up transaction (`rollup_pending.deltas`): its deltas, and the
 * payouts its settlements owe to bets stored before it.
 */
interface EncodedDeltas {
  /** [day, provider, currency, gameId, ...GAME_MEASURES] */
  g: (string | number)[][];
  /** [day, provider, currency, ...ACCOUNT_MEASURES] */
  a: (string | number)[][];
  /** [day, provider, currency, playerId, account, ...PLAYER_MEASURES] */
  p: (string | number)[][];
  /** [transactionId, roundId, payout, settledAt]; absent when none (and in rows written before payouts moved here) */
  s?: (string | number)[][];
}

/**
 * The deltas and payouts as compact JSON (arrays, not objects: a settlement's deltas name about a thousand
 * players, and it pays as many bets).
 */
export function encodeDeltas(d: RollupDeltas, payouts: readonly PendingPayout[] = []): string {
  const out: EncodedDeltas = { g: [], a: [], p: [] };
  for (const r of d.game.values())
    out.g.push([r.day, r.provider, r.currency, r.gameId, ...GAME_MEASURES.map((m) => r[m])]);
  for (const r of d.account.values())
    out.a.push([r.day, r.provider, r.currency, ...ACCOUNT_MEASURES.map((m) => r[m])]);
  for (const r of d.player.values())
    out.p.push([r.day, r.provider, r.currency, r.playerId, r.account, ...PLAYER_MEASURES.map((m) => r[m])]);
  if (payouts.length > 0) out.s = payouts.map((x) => [x.transactionId, x.roundId, x.payout, x.settledAt]);
  return JSON.stringify(out);
}

/**
 * Adds deltas written by {@link encodeDeltas} into `into`, and returns its payouts. Throws on text that is not
 * such deltas.
 */
export function addEncodedDeltas(into: RollupDeltas, text: string): PendingPayout[] {
  const e = JSON.parse(text) as Partial<EncodedDeltas>;
  if (
    !Array.isArray(e.g) ||
    !Array.isArray(e.a) ||
    !Array.isArray(e.p) ||
    (e.s !== undefined && !Array.isArray(e.s))
  )
    throw new Error('not roll-up deltas');
  const str = (v: unknown) => {
    if (typeof v !== 'string') throw new Error('not roll-up deltas');
    return v;
  };
  const num = (v: unknown) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error('not roll-up deltas');
    return v;
  };
  const measures = <M extends string>(row: unknown[], from: number, names: readonly M[]) => {
    const out = {} as Record<M, number>;
    names.forEach((m, i) => (out[m] = num(row[from + i])));
    return out;
  };
  for (const row of e.g)
    into.addGame({
      day: str(row[0]),
      provider: num(row[1]),
      currency: str(row[2]),
      gameId: num(row[3]),
      ...measures(row, 4, GAME_MEASURES),
    });
  for (const row of e.a)
    into.addAccount({
      day: str(row[0]),
      provider: num(row[1]),
      currency: str(row[2]),
      ...measures(row, 3, ACCOUNT_MEASURES),
    });
  for (const row of e.p)
    into.addPlayer({
      day: str(row[0]),
      provider: num(row[1]),
      currency: str(row[2]),
      playerId: num(row[3]),
      account: str(row[4]),
      ...measures(row, 5, PLAYER_MEASURES),
    });
  return (e.s ?? []).map((row) => ({
    transactionId: str(row[0]),
    roundId: str(row[1]),
    payout: num(row[2]),
    settledAt: num(row[3]),
  }));
}

/** Adds every delta of `from` into `into` (a player's account name: the later one, as the upsert keeps). */
export function addDeltas(into: RollupDeltas, from: RollupDeltas): void {
  for (const g of from.game.values()) into.addGame(g);
  for (const a of from.account.values()) into.addAccount(a);
  for (const p of from.player.values()) into.addPlayer(p);
}
