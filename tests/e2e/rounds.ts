/** Baccarat rounds for the browser tests, as a platform's signed ingest carries them. */

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
    const bets: [string, number, string, number][] = [
      [a, pa, side, total],
      [b, pb, other, Math.round(total * 0.6)],
      [c, pc, other, Math.round(total * 0.4)],
      [h1, ph1, rand() < 0.5 ? 'banker' : 'player', 5_000 * (1 + Math.floor(rand() * 3))],
      [h2, ph2, rand() < 0.5 ? 'banker' : 'player', 2_000 * (1 + Math.floor(rand() * 3))],
    ];
    out.push({ type: 'round.started', id: `rs-${roundId}`, ts, ...common });
    for (const [account, playerId, betType, amount] of bets)
      out.push({
        type: 'bet.placed',
        id: `${roundId}-${account}`,
        transactionId: `${roundId}-${account}`,
        ts: ts + 1000,
        playerId,
        account,
        betType,
        amount,
        ...common,
      });
    const payout = (betType: string, amount: number) =>
      winner === 'tie'
        ? amount
        : betType !== winner
          ? 0
          : betType === 'banker'
            ? Math.round(amount * 1.95)
            : amount * 2;
    out.push({
      type: 'round.settled',
      id: `st-${roundId}`,
      ts: ts + 20_000,
      ...common,
      result: { winner, playerPair: false, bankerPair: false },
      payouts: bets.map(([account, playerId, betType, amount]) => ({
        transactionId: `${roundId}-${account}`,
        playerId,
        payout: payout(betType, amount),
      })),
    });
  }
  return out;
}
