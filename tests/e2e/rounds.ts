/** Baccarat rounds for the browser tests, as a platform's signed ingest carries them. */

/** What every event of a round repeats: provider, currency, game, table, shoe and round. */
export interface RoundCommon {
  provider: number;
  currency: string;
  gameId: number;
  tableId: string;
  shoeId: string;
  roundId: string;
}

/** A bet of a round; its transaction id is `<round>-<account>` unless given. */
export interface RoundBet {
  account: string;
  playerId: number;
  betType: string;
  amount: number;
  transactionId?: string;
}

/**
 * The events of one round as a platform sends them: started at `ts`, its bets a second later, settled at
 * `settledAt` with `result` and each bet's payout from `payout`.
 */
export function roundEvents(
  common: RoundCommon,
  ts: number,
  settledAt: number,
  bets: RoundBet[],
  result: object,
  payout: (bet: RoundBet) => number,
): unknown[] {
  const tx = (b: RoundBet) => b.transactionId ?? `${common.roundId}-${b.account}`;
  return [
    { type: 'round.started', id: `rs-${common.roundId}`, ts, ...common },
    ...bets.map((b) => ({
      type: 'bet.placed',
      id: tx(b),
      transactionId: tx(b),
      ts: ts + 1000,
      playerId: b.playerId,
      account: b.account,
      betType: b.betType,
      amount: b.amount,
      ...common,
    })),
    {
      type: 'round.settled',
      id: `st-${common.roundId}`,
      ts: settledAt,
      ...common,
      result,
      payouts: bets.map((b) => ({ transactionId: tx(b), playerId: b.playerId, payout: payout(b) })),
    },
  ];
}

/** A baccarat bet's payout: Banker pays 0.95, Player 1, Tie 8; Banker and Player push on a tie. */
export function baccaratPayout(winner: string, betType: string, amount: number): number {
  if (winner === 'tie') return betType === 'tie' ? amount * 9 : amount;
  if (betType !== winner) return 0;
  return betType === 'banker' ? Math.round(amount * 1.95) : amount * 2;
}

export interface RingRoundsOptions {
  /** The table the rounds are dealt on, and its shoe. */
  table: string;
  shoe: string;
  /** Round ids are `<prefix>-r<i>`. */
  roundPrefix: string;
  /** The ring (one stakes a side, two split the other 60/40), then two honest players. */
  accounts: [ring1: string, ring2: string, ring3: string, honest1: string, honest2: string];
  /** The five accounts' player ids, in the same order. */
  playerIds: [number, number, number, number, number];
  /** How many rounds, 30 s apart, the last one about now. */
  n: number;
  /** Seeds the sides, stakes and results (a Lehmer generator: the same seed deals the same rounds). */
  seed: number;
}

/**
 * A ring of three on one table (one account stakes a side, two split the other, 60/40) beside two honest
 * players: the risk engine finds the ring and raises an alert.
 */
export function ringRounds(o: RingRoundsOptions): unknown[] {
  const t0 = Date.now() - o.n * 30_000;
  const out: unknown[] = [];
  let x = o.seed;
  const rand = () => (x = (x * 48271) % 2147483647) / 2147483647;
  const [a, b, c, h1, h2] = o.accounts;
  const [pa, pb, pc, ph1, ph2] = o.playerIds;
  for (let i = 0; i < o.n; i++) {
    const roundId = `${o.roundPrefix}-r${i}`;
    const ts = t0 + i * 30_000;
    const common = { provider: 1001, currency: 'CNY', gameId: 1, tableId: o.table, shoeId: o.shoe, roundId };
    const side = rand() < 0.5 ? 'banker' : 'player';
    const other = side === 'banker' ? 'player' : 'banker';
    const total = 10_000 * (1 + Math.floor(rand() * 5));
    const u = rand();
    const winner = u < 0.46 ? 'banker' : u < 0.91 ? 'player' : 'tie';
    const bets: RoundBet[] = [
      { account: a, playerId: pa, betType: side, amount: total },
      { account: b, playerId: pb, betType: other, amount: Math.round(total * 0.6) },
      { account: c, playerId: pc, betType: other, amount: Math.round(total * 0.4) },
      {
        account: h1,
        playerId: ph1,
        betType: rand() < 0.5 ? 'banker' : 'player',
        amount: 5_000 * (1 + Math.floor(rand() * 3)),
      },
      {
        account: h2,
        playerId: ph2,
        betType: rand() < 0.5 ? 'banker' : 'player',
        amount: 2_000 * (1 + Math.floor(rand() * 3)),
      },
    ];
    out.push(
      ...roundEvents(common, ts, ts + 20_000, bets, { winner, playerPair: false, bankerPair: false }, (bet) =>
        baccaratPayout(winner, bet.betType, bet.amount),
      ),
    );
  }
  return out;
}
