/**
 * Test fixtures of the risk module: a detector (`risk.test.ts` passes it to the app; the worker thread of
 * `riskWorker.test.ts` loads it from this module by name), a round of two opposite bets, and a poll.
 */
import { existsSync, writeFileSync } from 'node:fs';
import type { RiskSettings } from '@dms/shared/contracts/http/riskSettings';
import { RiskLevel } from '@dms/shared/domain/enums';
import type { PlatformEvent } from '@dms/shared/contracts/events/platform';
import { T0, ev } from '../../engine/events.fixtures';
import type { RiskInput } from '../../engine/risk/detector.port';
import type { RiskDetector, RiskFinding } from '../../engine/risk/riskFinding';

/**
 * A detector for these tests (the real one has its own tests): flags a pair the first time two accounts
 * bet opposite sides of a round, at the level the settings' `minSharedRounds` maps to (≤ 2 high, else
 * abnormal), and a player at once when it wins more than 1,000,000 in a round. Deterministic, with a snapshot.
 * The risk engine's worker thread loads it from this module (`riskWorker.test.ts`): there a round whose result
 * names a `crashMarker` file that does not exist yet creates it and ends the thread (exit code 1), once.
 */
export function testDetector(settings: RiskSettings, snapshot?: unknown): RiskDetector<{ seen: string[] }> {
  let current = settings;
  const seen = new Set((snapshot as { seen?: string[] } | undefined)?.seen ?? []);
  return {
    configure: (s) => void (current = s),
    snapshot: () => ({ seen: [...seen] }),
    process(input: RiskInput): RiskFinding[] {
      if (input.type !== 'round') return [];
      const r = input.round;
      const marker = r.result.crashMarker;
      if (typeof marker === 'string' && !existsSync(marker)) {
        writeFileSync(marker, 'crashed once');
        process.exit(1);
      }
      const out: RiskFinding[] = [];
      const banker = r.bets.filter((b) => b.betType === 'banker');
      const player = r.bets.filter((b) => b.betType === 'player');
      for (const a of banker)
        for (const b of player) {
          const members = [a, b]
            .map((x) => ({ provider: x.provider, account: x.account }))
            .sort((x, y) => x.account.localeCompare(y.account));
          const id = members.map((m) => `${m.provider}:${m.account}`).join('|');
          const change = seen.has(id) ? 'updated' : 'raised';
          seen.add(id);
          out.push({
            type: 'crossbet',
            change,
            id,
            kind: 'pair',
            level: current.minSharedRounds <= 2 ? RiskLevel.High : RiskLevel.Abnormal,
            score: 5,
            members,
            rounds: 1,
            turnover: a.amount + b.amount,
            firstDetectedAt: r.settledAt,
            lastSeenAt: r.settledAt,
            tables: [r.tableId],
            evidenceRounds: [r.roundId],
          });
        }
      for (const b of r.bets)
        if (b.payout - b.amount > 1_000_000)
          out.push({
            type: 'player',
            change: 'raised',
            provider: b.provider,
            account: b.account,
            kinds: ['win_rate'],
            level: RiskLevel.Middle,
            score: 4.2,
            firstDetectedAt: r.settledAt,
            lastSeenAt: r.settledAt,
            reason: 'won too much',
          });
      if (r.bets.some((b) => b.payout - b.amount > 1_000_000))
        out.push({
          type: 'provider',
          change: 'raised',
          provider: r.provider,
          kinds: ['margin'],
          level: RiskLevel.Abnormal,
          score: 3,
          firstDetectedAt: r.settledAt,
          lastSeenAt: r.settledAt,
          reason: 'paid too much',
        });
      return out;
    },
  };
}

/** A round on `tableId` of provider `provider`'s accounts `a` (banker) and `b` (player). */
export function round(
  i: number,
  a: string,
  b: string,
  provider = 1001,
  payoutB = 0,
  base = T0,
  result: Record<string, unknown> = {},
): PlatformEvent[] {
  const roundId = `rk${i}`;
  const ts = base + i * 1000;
  const common = { roundId, tableId: 'BAC-01', shoeId: 'S1', ts: ts + 100, provider };
  return [
    ev.round({ id: `rs-${roundId}`, roundId, tableId: 'BAC-01', ts, provider }),
    ev.bet({
      ...common,
      id: `${roundId}-a`,
      transactionId: `${roundId}-a`,
      account: a,
      playerId: 1,
      betType: 'banker',
    }),
    ev.bet({
      ...common,
      id: `${roundId}-b`,
      transactionId: `${roundId}-b`,
      account: b,
      playerId: 2,
      betType: 'player',
    }),
    ev.settled({
      id: `st-${roundId}`,
      roundId,
      tableId: 'BAC-01',
      ts: ts + 500,
      provider,
      result: { winner: 'banker', playerPair: false, bankerPair: false, ...result },
      payouts: [
        { transactionId: `${roundId}-a`, playerId: 1, payout: payoutB > 0 ? 0 : 19_500 },
        { transactionId: `${roundId}-b`, playerId: 2, payout: payoutB },
      ],
    }),
  ];
}

/** Polls `fn` every 50 ms until it gives a value (at most `tries` times). */
export async function until<T>(fn: () => Promise<T | undefined>, what: string, tries = 200): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const v = await fn();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}
