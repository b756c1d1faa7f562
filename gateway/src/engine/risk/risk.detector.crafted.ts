/**
 * Crafted rounds for the detector's tests: a seeded random source, baccarat rounds settled by the
 * platform's payouts, and the honest and colluding bettors of docs/RISK-ENGINE.md.
 */
import type { SettledBet, SettledRound, RiskInput, WalletEvent } from './detector.port';

export const T0 = Date.UTC(2026, 0, 5, 0, 0, 0);

/** mulberry32: a small seeded generator. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Winner = 'banker' | 'player' | 'tie';

/** Draws a baccarat winner with its real probabilities. */
export function drawWinner(r: () => number): Winner {
  const u = r();
  return u < 0.458597 ? 'banker' : u < 0.458597 + 0.446247 ? 'player' : 'tie';
}

/** What a main baccarat bet returns: Banker 0.95 to 1, Player 1 to 1, both pushed on a tie; Tie 8 to 1. */
export function baccaratPayout(betType: string, amount: number, winner: Winner): number {
  if (betType === 'tie') return winner === 'tie' ? amount * 9 : 0;
  if (winner === 'tie') return amount;
  if (betType === winner) return betType === 'banker' ? amount + Math.floor((amount * 95) / 100) : amount * 2;
  return 0;
}

export interface CraftedBet {
  account: string;
  betType: string;
  amount: number;
  provider?: number;
  /** What the bet returned, when not the main-bet payout of the winner. */
  payout?: number;
}

let betSeq = 0;

/** A settled baccarat round with the given bets and winner (payouts computed). */
export function round(
  i: number,
  tableId: string,
  bets: CraftedBet[],
  winner: Winner,
  settledAt = T0 + i * 30_000,
): RiskInput {
  const out: SettledBet[] = bets.map((b) => ({
    id: `b${++betSeq}`,
    provider: b.provider ?? 1,
    currency: 'CNY',
    account: b.account,
    playerId: 0,
    betType: b.betType,
    amount: b.amount,
    payout: b.payout ?? baccaratPayout(b.betType, b.amount, winner),
    ts: settledAt - 10_000,
  }));
  const r: SettledRound = {
    seq: i,
    roundId: `${tableId}-${i}`,
    gameId: 1,
    tableId,
    shoeId: 'S1',
    provider: 1,
    startedAt: settledAt - 25_000,
    settledAt,
    result: { winner },
    bets: out,
  };
  return { type: 'round', round: r };
}

export const CHIPS = [100, 200, 500, 1000, 2000, 5000];

export function side(r: () => number): 'banker' | 'player' {
  return r() < 0.5 ? 'banker' : 'player';
}

export function opposite(s: string): 'banker' | 'player' {
  return s === 'banker' ? 'player' : 'banker';
}

/** An honest bettor's bet: a random side and one chip from `chips`. */
export function honestBet(r: () => number, account: string, chips = CHIPS, provider = 1): CraftedBet {
  const amount = chips[Math.floor(r() * chips.length)] ?? 100;
  return { account, betType: side(r), amount, provider };
}

/** A colluding pair's bets: random side, B opposite with a stake within `spread` of A's. */
export function colluderBets(
  r: () => number,
  a: string,
  b: string,
  spread: number,
  providers: [number, number] = [1, 2],
): CraftedBet[] {
  const s = side(r);
  const amount = 1000 + Math.floor(r() * 40) * 500;
  const sign = r() < 0.5 ? -1 : 1;
  const other = Math.round(amount * (1 + sign * spread * (0.2 + 0.8 * r())));
  return [
    { account: a, betType: s, amount, provider: providers[0] },
    { account: b, betType: opposite(s), amount: other, provider: providers[1] },
  ];
}

/** A ring's bets: one account on one side, the others splitting a matching stake on the other. */
export function ringBets(
  r: () => number,
  members: string[],
  providerOf = (i: number) => 1 + (i % 3),
): CraftedBet[] {
  const total = 2000 + Math.floor(r() * 30) * 500;
  const lead = Math.floor(r() * members.length);
  const s = side(r);
  const rest = members.length - 1;
  const weights = Array.from({ length: rest }, () => 0.5 + r());
  const sum = weights.reduce((a, b) => a + b, 0);
  const bets: CraftedBet[] = [];
  let k = 0;
  members.forEach((m, i) => {
    if (i === lead) bets.push({ account: m, betType: s, amount: total, provider: providerOf(i) });
    else {
      const share = Math.round((total * (weights[k++] ?? 1)) / sum);
      bets.push({ account: m, betType: opposite(s), amount: Math.max(100, share), provider: providerOf(i) });
    }
  });
  return bets;
}

let walletSeq = 0;

/** A wallet event (transfer in or out, bonus) at event time `ts`. */
export function wallet(
  kind: WalletEvent['kind'],
  account: string,
  amount: number,
  ts: number,
  provider = 1,
): RiskInput {
  return {
    type: 'wallet',
    event: {
      seq: 0,
      id: `w${++walletSeq}`,
      kind,
      provider,
      currency: 'CNY',
      account,
      playerId: 0,
      amount,
      ts,
    },
  };
}
