import type { SettledBet, SettledRound, WalletEvent, RiskInput } from './detector.port';

/**
 * A labelled synthetic platform for the detector's tests: honest players of every look-alike kind
 * (random, always-Banker, always-Player, streak followers, chop players, flat bettors of one chip,
 * friends sitting together, lucky high rollers) and the frauds (pairs that swap sides, skip rounds and
 * bet alone with stakes unequal within 8 %, rings of 3–5 splitting one side, a player who wins too
 * often, a bonus abuser). Deterministic for a seed.
 */
export interface PlatformTruth {
  pairs: string[][];
  rings: string[][];
  cheaters: string[];
  bonusAbusers: string[];
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Style = 'random' | 'banker' | 'player' | 'streak' | 'chop' | 'flat';

interface Honest {
  key: string;
  provider: number;
  account: string;
  style: Style;
  stake: () => number;
  table: number;
  presence: number;
}

export function syntheticPlatform(opts: {
  seed: number;
  tables: number;
  rounds: number;
  honest: number;
  pairs: number;
  rings: number;
  t0?: number;
  /** Multiplies every stake (another platform's currency and limits). */
  stakeScale?: number;
}): { inputs: RiskInput[]; truth: PlatformTruth } {
  const rand = rng(opts.seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const chips = [1000, 2000, 5000, 10000, 20000, 50000].map((c) => Math.round(c * (opts.stakeScale ?? 1)));
  const styles: Style[] = ['random', 'random', 'banker', 'player', 'streak', 'chop', 'flat', 'flat'];
  const honest: Honest[] = [];
  for (let i = 0; i < opts.honest; i++) {
    const style = pick(styles);
    const base = pick(chips);
    const provider = 1001 + (i % 3);
    honest.push({
      key: `${provider}:h${i}`,
      provider,
      account: `h${i}`,
      style,
      stake: style === 'flat' ? () => base : () => pick(chips) * (1 + Math.floor(rand() * 3)),
      table: Math.floor(rand() * opts.tables),
      presence: 0.3 + rand() * 0.6,
    });
  }
  // Friends: groups of 2–3 honest players moved to the same table.
  for (let i = 0; i + 2 < honest.length; i += 17)
    honest[i + 1]!.table = honest[i + 2]!.table = honest[i]!.table;
  const truth: PlatformTruth = { pairs: [], rings: [], cheaters: [], bonusAbusers: [] };
  const pairs = Array.from({ length: opts.pairs }, (_, i) => {
    const a = { provider: 1001 + (i % 3), account: `cp${i}a` };
    const b = { provider: 1001 + ((i + 1) % 3), account: `cp${i}b` };
    truth.pairs.push([`${a.provider}:${a.account}`, `${b.provider}:${b.account}`]);
    return { a, b, table: Math.floor(rand() * opts.tables) };
  });
  const rings = Array.from({ length: opts.rings }, (_, i) => {
    const size = 3 + (i % 3);
    const members = Array.from({ length: size }, (_, j) => ({
      provider: 1001 + ((i + j) % 3),
      account: `cr${i}m${j}`,
    }));
    truth.rings.push(members.map((m) => `${m.provider}:${m.account}`));
    return { members, table: Math.floor(rand() * opts.tables) };
  });
  const cheater = { provider: 1002, account: 'cheat1', table: 0 };
  truth.cheaters.push('1002:cheat1');
  truth.bonusAbusers.push('1001:bonus1');

  const inputs: RiskInput[] = [];
  const last: ('banker' | 'player' | 'tie' | '')[] = Array.from({ length: opts.tables }, () => '');
  const t0 = opts.t0 ?? Date.UTC(2024, 2, 1);
  let seq = 0;
  let tx = 0;
  const bet = (
    provider: number,
    account: string,
    betType: string,
    amount: number,
    ts: number,
  ): SettledBet => ({
    id: `t${tx++}`,
    provider,
    currency: 'CNY',
    account,
    playerId: 0,
    betType,
    amount,
    payout: 0,
    ts,
  });
  inputs.push({
    type: 'wallet',
    event: {
      seq: ++seq,
      id: 'w1',
      kind: 'bonus',
      provider: 1001,
      currency: 'CNY',
      account: 'bonus1',
      playerId: 0,
      amount: 500_000,
      ts: t0,
    },
  });
  for (let r = 0; r < opts.rounds; r++) {
    for (let table = 0; table < opts.tables; table++) {
      const ts = t0 + r * 30_000 + table * 100;
      const bets: SettledBet[] = [];
      const prev = last[table];
      for (const h of honest) {
        if (h.table !== table || rand() > h.presence) continue;
        let side: 'banker' | 'player';
        if (h.style === 'banker') side = 'banker';
        else if (h.style === 'player') side = 'player';
        else if (h.style === 'streak' && prev && prev !== 'tie') side = prev;
        else if (h.style === 'chop' && prev && prev !== 'tie') side = prev === 'banker' ? 'player' : 'banker';
        else side = rand() < 0.5 ? 'banker' : 'player';
        bets.push(bet(h.provider, h.account, side, h.stake(), ts));
        if (rand() < 0.05) bets.push(bet(h.provider, h.account, 'tie', 1000, ts));
      }
      for (const p of pairs) {
        // The pair hops tables together every 40 rounds; skips a round now and then; sometimes one bets alone.
        if (
          Math.floor(r / 40) % opts.tables !== (p.table + Math.floor(r / 40)) % opts.tables &&
          table !== (p.table + Math.floor(r / 40)) % opts.tables
        )
          continue;
        if (table !== (p.table + Math.floor(r / 40)) % opts.tables) continue;
        if (rand() < 0.15) continue;
        const amount = pick(chips) * (1 + Math.floor(rand() * 4));
        const side = rand() < 0.5 ? 'banker' : 'player';
        bets.push(bet(p.a.provider, p.a.account, side, amount, ts));
        if (rand() < 0.1) continue;
        const other = side === 'banker' ? 'player' : 'banker';
        bets.push(bet(p.b.provider, p.b.account, other, Math.round(amount * (0.93 + rand() * 0.14)), ts));
      }
      for (const g of rings) {
        if (table !== (g.table + Math.floor(r / 50)) % opts.tables || rand() < 0.15) continue;
        const total = pick(chips) * (2 + Math.floor(rand() * 4));
        const side = rand() < 0.5 ? 'banker' : 'player';
        const other = side === 'banker' ? 'player' : 'banker';
        const [lead, ...rest] = g.members;
        bets.push(bet(lead!.provider, lead!.account, side, total, ts));
        // The rest split the other side unevenly (weights 1..3), the split summing to the total ± 5 %.
        const w = rest.map(() => 1 + rand() * 2);
        const sum = w.reduce((a, b) => a + b, 0);
        const scale = total * (0.95 + rand() * 0.1);
        rest.forEach((m, i) =>
          bets.push(bet(m.provider, m.account, other, Math.round((scale * w[i]!) / sum), ts)),
        );
      }
      if (table === cheater.table && rand() < 0.9)
        bets.push(bet(cheater.provider, cheater.account, 'banker', 10000, ts));
      if (table === 1 && r < 60) bets.push(bet(1001, 'bonus1', 'player', 5000, ts));
      // Result: banker 0.4586, player 0.4462, tie 0.0952.
      const u = rand();
      const winner = u < 0.4586 ? 'banker' : u < 0.9048 ? 'player' : 'tie';
      for (const b of bets) {
        if (b.account === 'cheat1') b.payout = rand() < 0.75 ? Math.round(b.amount * 1.95) : 0;
        else if (b.betType === 'tie') b.payout = winner === 'tie' ? b.amount * 9 : 0;
        else if (winner === 'tie') b.payout = b.amount;
        else if (b.betType === winner)
          b.payout = winner === 'banker' ? Math.round(b.amount * 1.95) : b.amount * 2;
      }
      last[table] = winner;
      if (bets.length === 0) continue;
      const round: SettledRound = {
        seq: ++seq,
        roundId: `R${r}-${table}`,
        gameId: 1,
        tableId: `BAC-${table}`,
        shoeId: 'S1',
        provider: 1001,
        startedAt: ts - 20_000,
        settledAt: ts,
        result: { winner },
        bets,
      };
      inputs.push({ type: 'round', round });
      if (table === 1 && r === 61) {
        const w: WalletEvent = {
          seq: ++seq,
          id: 'w2',
          kind: 'transfer_out',
          provider: 1001,
          currency: 'CNY',
          account: 'bonus1',
          playerId: 0,
          amount: 400_000,
          ts: ts + 1,
        };
        inputs.push({ type: 'wallet', event: w });
      }
    }
  }
  return { inputs, truth };
}
