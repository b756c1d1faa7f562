// npm run detect:eval — replays labelled synthetic platforms (every honest look-alike of every fraud, see
// gateway/src/engine/risk/risk.platform.fixture.ts) through the risk detector and prints, per fraud kind,
// precision, recall and the rounds from a fraud's onset to its detection (median, p90), beside a naive
// baseline measured on the same inputs: flag any pair opposite with matched amounts in 5 or more rounds.
import os from 'node:os';
import { DEFAULT_RISK_SETTINGS } from '../shared/src/contracts/http/riskSettings';
import type { RiskInput } from '../gateway/src/engine/risk/detector.port';
import { createRiskDetector } from '../gateway/src/engine/risk/risk.detector';
import { syntheticPlatform } from '../gateway/src/engine/risk/risk.platform.fixture';

interface Platform {
  name: string;
  opts: Parameters<typeof syntheticPlatform>[0];
}
const PLATFORMS: Platform[] = [
  { name: 'default seed 1', opts: { seed: 1, tables: 12, rounds: 300, honest: 600, pairs: 4, rings: 3 } },
  { name: 'default seed 2', opts: { seed: 2, tables: 12, rounds: 300, honest: 600, pairs: 4, rings: 3 } },
  { name: 'default seed 3', opts: { seed: 3, tables: 12, rounds: 300, honest: 600, pairs: 4, rings: 3 } },
  {
    name: 'alien (20 tables, 1,200 players, stakes ×7, more frauds)',
    opts: { seed: 99, tables: 20, rounds: 240, honest: 1200, pairs: 8, rings: 6, stakeScale: 7 },
  },
];

const sortKey = (keys: string[]) => [...keys].sort().join('+');
const quantile = (xs: number[], q: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

function evaluate(p: Platform) {
  const { inputs, truth } = syntheticPlatform(p.opts);
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
  };
  // Naive baseline: pairs opposite with matched amounts (same tolerance) in ≥ 5 rounds.
  const naiveCount = new Map<string, number>();
  const naive = new Set<string>();
  let bets = 0;
  const t0 = performance.now();
  let detectMs = 0;
  for (const input of inputs) {
    if (input.type === 'round') {
      bets += input.round.bets.length;
      const present = new Set(input.round.bets.map((b) => `${b.provider}:${b.account}`));
      for (const g of groups.values()) if (g.members.every((m) => present.has(m))) g.seen += 1;
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
        const g = groups.get(k);
        if (g && g.detectedAfter === undefined) g.detectedAfter = g.seen;
      } else if (f.type === 'player')
        for (const kind of f.kinds) flagged[kind].add(`${f.provider}:${f.account}`);
    }
  }
  const wall = performance.now() - t0;
  const truthOf = {
    pair: new Set(truth.pairs.map((m) => `pair:${sortKey(m)}`)),
    ring: new Set(truth.rings.map((m) => `ring:${sortKey(m)}`)),
    win_rate: new Set(truth.cheaters),
    bonus: new Set(truth.bonusAbusers),
  };
  const rows: string[][] = [];
  for (const kind of ['pair', 'ring', 'win_rate', 'bonus'] as const) {
    const got = flagged[kind];
    const want = truthOf[kind];
    const tp = [...got].filter((k) => want.has(k)).length;
    const delays = [...groups.values()]
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
  const ringPairs = new Set(
    truth.rings.flatMap((r) => r.flatMap((a, i) => r.slice(i + 1).map((b) => sortKey([a, b])))),
  );
  const naiveRingHit = truth.rings.filter((r) =>
    r.some((a, i) => r.slice(i + 1).some((b) => naive.has(sortKey([a, b])))),
  ).length;
  return {
    rows,
    naive: {
      flagged: naive.size,
      precision: naive.size ? naiveTp / naive.size : 0,
      recall: naiveTp / truePairs.size,
      ringRecall: naiveRingHit / truth.rings.length,
      ringPairs: ringPairs.size,
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
}
