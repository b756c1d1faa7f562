/**
 * The detector of `npm run bench -- live --detector alerts` (loaded by scripts/bench-live-gateway.ts, on the
 * risk engine's worker thread or, with BENCH_LIVE_RISK_THREAD=main, on the gateway's thread).
 */
import { createRiskDetector } from '../gateway/src/engine/risk/risk.detector';
import type { RiskDetector, RiskFinding } from '../gateway/src/engine/risk/riskFinding';
import { RiskLevel } from '../shared/src/domain/enums';

/**
 * The engine's detector, which also raises a cross-bet pair (new members each time, so a new group and alert)
 * for every settled round the feed flags: the alert then takes the risk engine's whole path, to the same
 * sockets as the script's (the baccarat monitor's rooms of the round's provider).
 */
export function flaggingDetector(...args: Parameters<typeof createRiskDetector>): RiskDetector {
  const inner = createRiskDetector(...args);
  return {
    configure: (settings) => inner.configure(settings),
    snapshot: () => inner.snapshot(),
    ...(inner.walksState ? { walksState: (input) => inner.walksState?.(input) ?? false } : {}),
    ...(inner.upkeep ? { upkeep: () => inner.upkeep?.() } : {}),
    process(input) {
      const found: RiskFinding[] = inner.process(input);
      if (input.type === 'round' && input.round.result.benchAlert === true) {
        const r = input.round;
        found.push({
          type: 'crossbet',
          change: 'raised',
          id: `bench-${r.roundId}`,
          kind: 'pair',
          level: RiskLevel.High,
          score: 10,
          members: [
            { provider: r.provider, account: `bench-${r.roundId}-a` },
            { provider: r.provider, account: `bench-${r.roundId}-b` },
          ],
          rounds: 1,
          turnover: 0,
          firstDetectedAt: r.settledAt,
          lastSeenAt: r.settledAt,
          tables: [r.tableId],
          evidenceRounds: [r.roundId],
        });
      }
      return found;
    },
  };
}
