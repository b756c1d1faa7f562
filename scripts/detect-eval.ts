// npm run detect:eval — replays labelled synthetic platforms (every honest look-alike of every fraud, see
// gateway/src/engine/risk/risk.platform.fixture.ts) through the risk detector and prints, per fraud kind,
// precision, recall and the rounds from a fraud's onset to its detection (median, p90), beside a naive
// baseline measured on the same inputs: flag any pair opposite with matched amounts in 5 or more rounds.
import os from 'node:os';
import { DEFAULT_RISK_SETTINGS } from '../shared/src/contracts/http/riskSettings';
import type { RiskInput } from '../gateway/src/engine/risk/detector.port';
import { createRiskDetector, fairResult, fairVariance } from '../gateway/src/engine/risk/risk.detector';
import { syntheticPlatform } from '../gateway/src/engine/risk/risk.platform.fixture';
import { hardPlatform } from '../gateway/src/engine/risk/risk.platform.hard';
import type { PlatformEvent, BetPlacedEvent } from '../shared/src/contracts/events/platform';
import { DAY_MS, buildWorld, truthOf } from '../gateway/src/feed/sim.world';
import { simulateDay } from '../gateway/src/feed/sim.day';
import type { SettledBet } from '../gateway/src/engine/risk/detector.port';

/** What a platform's ground truth says, by kind; keys are `provider:account` (providers: their id). */
interface Truth {
  pairs: string[][];
  rings: string[][];
  win_rate: string[];
  bonus: string[];
  transfer: string[];
  provider: string[];
  lookAlikes: string[];
}
interface Platform {
  name: string;
  build: () => { inputs: RiskInput[]; truth: Truth };
}
const fixture =
  (opts: Parameters<typeof syntheticPlatform>[0]): Platform['build'] =>
  () => {
    const { inputs, truth } = syntheticPlatform(opts);
    return {
      inputs,
      truth: {
        pairs: truth.pairs,
        rings: truth.rings,
        win_rate: truth.cheaters,
        bonus: truth.bonusAbusers,
        transfer: [],
        provider: [],
        lookAlikes: [],
      },
    };
  };
const hard =
  (opts: Parameters<typeof hardPlatform>[0]): Platform['build'] =>
  () => {
    const { inputs, truth } = hardPlatform(opts);
    return {
      inputs,
      truth: {
        pairs: truth.pairs,
        rings: truth.rings,
        win_rate: truth.cheaters,
        bonus: truth.bonusAbusers,
        transfer: truth.movers,
        provider: truth.providers.map(String),
        lookAlikes: truth.lookAlikes,
      },
    };
  };
/**
 * The built-in simulator (`gateway/src/feed/sim.*`, what `npm start` plays) with its ground truth: its days
 * of history turned into the detector's inputs the way the runner reads them from the store (a settled round
 * with every bet and payout; wallet events), in event-time order.
 */
const builtIn =
  (seed: string, players: number, days: number): Platform['build'] =>
  () => {
    const historyTo = Date.UTC(2026, 0, 1) + days * DAY_MS;
    const world = buildWorld({
      seed,
      players,
      providers: [1001, 1002, 1003, 1004, 1005, 1006],
      currencies: ['CNY', 'USD', 'INR', 'THB', 'VND', 'PHP'],
      historyFrom: Date.UTC(2026, 0, 1),
      historyTo,
    });
    // Only what started inside the history (the simulator also starts groups during its first live day).
    const all = truthOf(world);
    const started = <T extends { from: number }>(xs: T[]) => xs.filter((x) => x.from < historyTo - DAY_MS);
    const truth = {
      colludingGroups: started(all.colludingGroups),
      abnormalWinners: started(all.abnormalWinners),
      bonusAbusers: started(all.bonusAbusers),
      moneyMovers: started(all.moneyMovers),
    };
    const inputs: RiskInput[] = [];
    let seq = 0;
    const bets = new Map<string, BetPlacedEvent[]>();
    const first = Math.floor(world.historyFrom / DAY_MS);
    for (let d = first; d < first + days; d++) {
      for (const e of simulateDay(world, d) as PlatformEvent[]) {
        if (e.type === 'bet.placed') {
          const list = bets.get(e.roundId);
          if (list) list.push(e);
          else bets.set(e.roundId, [e]);
        } else if (e.type === 'round.settled') {
          const paid = new Map(e.payouts.map((x) => [x.transactionId, x.payout]));
          const roundBets: SettledBet[] = (bets.get(e.roundId) ?? []).map((b) => ({
            id: b.transactionId,
            provider: b.provider,
            currency: b.currency,
            account: b.account,
            playerId: b.playerId,
            betType: b.betType,
            amount: b.amount,
            payout: paid.get(b.transactionId) ?? 0,
            ts: b.ts,
          }));
          bets.delete(e.roundId);
          inputs.push({
            type: 'round',
            round: {
              seq: ++seq,
              roundId: e.roundId,
              gameId: e.gameId,
              tableId: e.tableId,
              shoeId: e.shoeId,
              provider: e.provider,
              startedAt: e.ts - 30_000,
              settledAt: e.ts,
              result: e.result,
              bets: roundBets,
            },
          });
        } else if (e.type === 'transfer' || e.type === 'bonus.granted' || e.type === 'prize.awarded') {
          inputs.push({
            type: 'wallet',
            event: {
              seq: ++seq,
              id: e.id,
              kind:
                e.type === 'transfer'
                  ? e.direction === 1
                    ? 'transfer_in'
                    : 'transfer_out'
                  : e.type === 'bonus.granted'
                    ? 'bonus'
                    : 'prize',
              provider: e.provider,
              currency: e.currency,
              account: e.account,
              playerId: e.playerId,
              amount: e.amount,
              ts: e.ts,
            },
          });
        }
      }
    }
    const key = (p: { provider: number; account: string }) => `${p.provider}:${p.account}`;
    const friends = new Set(world.friends.flat());
    return {
      inputs,
      truth: {
        pairs: truth.colludingGroups.filter((g) => g.kind === 'pair').map((g) => g.players.map(key)),
        rings: truth.colludingGroups.filter((g) => g.kind === 'ring').map((g) => g.players.map(key)),
        win_rate: truth.abnormalWinners.map(key),
        bonus: truth.bonusAbusers.map(key),
        transfer: truth.moneyMovers.map(key),
        provider: [],
        lookAlikes: world.players
          .filter((p, i) => !p.role && (p.style !== 'random' || friends.has(i)))
          .map(key),
      },
    };
  };
const only = process.argv.slice(2);
const PLATFORMS: Platform[] = [
  { name: 'built-in simulator (seed dms, 3,000 players, 60 days)', build: builtIn('dms', 3000, 60) },
  { name: 'built-in simulator (seed eval-2, 6,000 players, 30 days)', build: builtIn('eval-2', 6000, 30) },
  { name: 'hard seed 1 (2 days, 8 tables, 5,000 honest, 5 time zones)', build: hard({ seed: 1 }) },
  { name: 'hard seed 2', build: hard({ seed: 2 }) },
  { name: 'hard seed 3', build: hard({ seed: 3 }) },
  {
    name: 'hard alien (12 tables, 8,000 honest, stakes ×7, 3 time zones, more frauds)',
    build: hard({
      seed: 4,
      tables: 12,
      honest: 8000,
      stakeScale: 7,
      timezones: [0, -5, 9],
      pairs: 10,
      rings: 8,
      cheaters: 6,
    }),
  },
  {
    name: 'simple seed 1',
    build: fixture({ seed: 1, tables: 12, rounds: 300, honest: 600, pairs: 4, rings: 3 }),
  },
  {
    name: 'simple alien (20 tables, 1,200 players, stakes ×7)',
    build: fixture({ seed: 99, tables: 20, rounds: 240, honest: 1200, pairs: 8, rings: 6, stakeScale: 7 }),
  },
].filter((p) => only.length === 0 || only.some((o) => p.name.startsWith(o)));

const sortKey = (keys: string[]) => [...keys].sort().join('+');
const quantile = (xs: number[], q: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

function evaluate(p: Platform) {
  const { inputs, truth } = p.build();
  const groups = new Map<
    string,
    { kind: 'pair' | 'ring'; members: string[]; seen: number; detectedAfter?: number }
  >();
  for (const m of truth.pairs) groups.set(`pair:${sortKey(m)}`, { kind: 'pair', members: m, seen: 0 });
  for (const m of truth.rings) groups.set(`ring:${sortKey(m)}`, { kind: 'ring', members: m, seen: 0 });
  const detector = createRiskDetector(DEFAULT_RISK_SETTINGS);
  const flagged = {
    pair: new Set<string>(),
    ring: new Set<string>(),
    win_rate: new Set<string>(),
    bonus: new Set<string>(),
    transfer: new Set<string>(),
    provider: new Set<string>(),
  };
  /** Flags (any kind) touching an honest look-alike account. */
  const lookAlike = new Set(truth.lookAlikes);
  const touched = new Set<string>();
  // Naive baseline: pairs opposite with matched amounts (same tolerance) in ≥ 5 rounds.
  const naiveCount = new Map<string, number>();
  const naive = new Set<string>();
  // Abnormal winners: rounds played (to detection), and their results at fair odds (Σy, Σ variance under
  // chance: each round's bets taken as independent), for the z-score of a miss.
  const winners = new Map(
    truth.win_rate.map((k) => [k, { rounds: 0, sum: 0, variance: 0, detectedAfter: -1 }]),
  );
  let bets = 0;
  const t0 = performance.now();
  let detectMs = 0;
  for (const input of inputs) {
    if (input.type === 'round') {
      bets += input.round.bets.length;
      const present = new Set(input.round.bets.map((b) => `${b.provider}:${b.account}`));
      for (const g of groups.values()) if (g.members.every((m) => present.has(m))) g.seen += 1;
      const byWinner = new Map<string, [number, number, number]>();
      for (const b of input.round.bets) {
        const k = `${b.provider}:${b.account}`;
        if (!winners.has(k)) continue;
        const y = fairResult(input.round.gameId, b.betType, b.amount, b.payout);
        const v = fairVariance(input.round.gameId, b.betType);
        if (y === undefined || v === undefined || b.amount <= 0) continue;
        const t = byWinner.get(k) ?? [0, 0, 0];
        t[0] += b.amount * y;
        t[1] += b.amount * b.amount * v;
        t[2] += b.amount;
        byWinner.set(k, t);
      }
      for (const [k, [ys, vs, staked]] of byWinner) {
        const w = winners.get(k)!;
        w.rounds += 1;
        w.sum += ys / staked;
        w.variance += vs / (staked * staked);
      }
      const sides = input.round.bets.filter((b) => b.betType === 'banker' || b.betType === 'player');
      for (let i = 0; i < sides.length; i++)
        for (let j = i + 1; j < sides.length; j++) {
          const a = sides[i]!;
          const b = sides[j]!;
          if (a.betType === b.betType) continue;
          if (Math.abs(a.amount - b.amount) > 0.1 * Math.max(a.amount, b.amount)) continue;
          const k = sortKey([`${a.provider}:${a.account}`, `${b.provider}:${b.account}`]);
          const n = (naiveCount.get(k) ?? 0) + 1;
          naiveCount.set(k, n);
          if (n >= 5) naive.add(k);
        }
    }
    const s = performance.now();
    const out = detector.process(input as RiskInput);
    detectMs += performance.now() - s;
    for (const f of out) {
      if (f.change !== 'raised') continue;
      if (f.type === 'crossbet') {
        const k = `${f.kind}:${sortKey(f.members.map((m) => `${m.provider}:${m.account}`))}`;
        flagged[f.kind].add(k);
        if (f.members.some((m) => lookAlike.has(`${m.provider}:${m.account}`))) touched.add(k);
        const g = groups.get(k);
        if (g && g.detectedAfter === undefined) g.detectedAfter = g.seen;
      } else if (f.type === 'player') {
        for (const kind of f.kinds) flagged[kind].add(`${f.provider}:${f.account}`);
        const w = winners.get(`${f.provider}:${f.account}`);
        if (w && w.detectedAfter < 0 && f.kinds.includes('win_rate')) w.detectedAfter = w.rounds;
        if (lookAlike.has(`${f.provider}:${f.account}`)) touched.add(`player:${f.provider}:${f.account}`);
      } else if (f.type === 'provider') {
        if (process.env.DETECT_EVAL_DEBUG && !flagged.provider.has(String(f.provider)))
          console.log(
            `  provider ${f.provider} ${f.kinds.join('+')} at ${new Date(f.lastSeenAt).toISOString()}: ${f.reason}`,
          );
        flagged.provider.add(String(f.provider));
      }
    }
  }
  const wall = performance.now() - t0;
  const truthOf = {
    pair: new Set(truth.pairs.map((m) => `pair:${sortKey(m)}`)),
    ring: new Set(truth.rings.map((m) => `ring:${sortKey(m)}`)),
    win_rate: new Set(truth.win_rate),
    bonus: new Set(truth.bonus),
    transfer: new Set(truth.transfer),
    provider: new Set(truth.provider),
  };
  const rows: string[][] = [];
  for (const kind of ['pair', 'ring', 'win_rate', 'bonus', 'transfer', 'provider'] as const) {
    const got = flagged[kind];
    const want = truthOf[kind];
    const tp = [...got].filter((k) => want.has(k)).length;
    if (process.env.DETECT_EVAL_DEBUG) {
      const fp = [...got].filter((k) => !want.has(k));
      const fn = [...want].filter((k) => !got.has(k));
      if (fp.length || fn.length)
        console.log(`  ${kind}: false ${fp.slice(0, 8).join(', ')}; missed ${fn.join(', ')}`);
      if (kind === 'win_rate')
        for (const [k, w] of winners)
          console.log(
            `    ${k}: ${w.rounds} rounds, z ${(w.sum / Math.sqrt(w.variance || 1)).toFixed(2)} at fair odds, ${w.detectedAfter >= 0 ? `flagged after ${w.detectedAfter}` : 'missed'}`,
          );
    }
    const delays =
      kind === 'win_rate'
        ? [...winners.values()].filter((w) => w.detectedAfter >= 0).map((w) => w.detectedAfter)
        : [...groups.values()]
            .filter((g) => g.kind === kind && g.detectedAfter !== undefined)
            .map((g) => g.detectedAfter!);
    rows.push([
      kind,
      String(want.size),
      String(got.size),
      got.size ? (tp / got.size).toFixed(3) : '—',
      want.size ? (tp / want.size).toFixed(3) : '—',
      delays.length ? String(quantile(delays, 0.5)) : '—',
      delays.length ? String(quantile(delays, 0.9)) : '—',
    ]);
  }
  const truePairs = new Set(truth.pairs.map(sortKey));
  const naiveTp = [...naive].filter((k) => truePairs.has(k)).length;
  const naiveTouched = [...naive].filter((k) => k.split('+').some((m) => lookAlike.has(m))).length;
  const ringPairs = new Set(
    truth.rings.flatMap((r) => r.flatMap((a, i) => r.slice(i + 1).map((b) => sortKey([a, b])))),
  );
  const naiveRingHit = truth.rings.filter((r) =>
    r.some((a, i) => r.slice(i + 1).some((b) => naive.has(sortKey([a, b])))),
  ).length;
  // Flagged pairs inside a true ring (a ring reported as a scatter of pairs), and rings that overlap a true ring.
  const ringMembers = truth.rings.map((r) => new Set(r));
  const pairsInRings = [...flagged.pair].filter((k) => {
    const ms = k.slice('pair:'.length).split('+');
    return ringMembers.some((r) => ms.every((m) => r.has(m)));
  }).length;
  return {
    rows,
    pairsInRings,
    touched: touched.size,
    naive: {
      flagged: naive.size,
      precision: naive.size ? naiveTp / naive.size : 0,
      recall: naiveTp / truePairs.size,
      ringRecall: naiveRingHit / truth.rings.length,
      ringPairs: ringPairs.size,
      touched: naiveTouched,
    },
    bets,
    detectMs,
    wall,
    inputs: inputs.length,
  };
}

console.log(
  `detect:eval — ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const p of PLATFORMS) {
  const r = evaluate(p);
  console.log(
    `\n${p.name}: ${r.inputs} inputs, ${r.bets} bets; detector ${Math.round((r.bets / r.detectMs) * 1000)} bets/s`,
  );
  console.log('kind      truth  flagged  precision  recall  rounds to detection p50  p90');
  for (const row of r.rows)
    console.log(
      `${row[0]!.padEnd(9)} ${row[1]!.padStart(5)}  ${row[2]!.padStart(7)}  ${row[3]!.padStart(9)}  ${row[4]!.padStart(6)}  ${row[5]!.padStart(24)}  ${row[6]!.padStart(3)}`,
    );
  console.log(
    `naive baseline (opposite + matched in ≥ 5 rounds): ${r.naive.flagged} pairs flagged, precision ${r.naive.precision.toFixed(3)}, pair recall ${r.naive.recall.toFixed(3)}, rings touched ${r.naive.ringRecall.toFixed(3)}`,
  );
  console.log(
    `flags touching an honest look-alike: detector ${r.touched}, naive ${r.naive.touched}; flagged pairs inside a true ring: ${r.pairsInRings}`,
  );
}
