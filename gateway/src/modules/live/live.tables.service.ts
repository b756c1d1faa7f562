import { LIVE_ROAD_MAX, LIVE_TABLE_ACTIVE_MS, type LiveTable } from '@dms/shared/contracts/http/liveReplay';
import { refuse } from '../../platform/errors/errors';
import { holdsAny, type AuthContext } from '../../platform/auth/auth.context';
import type { PeriodRepository, RoundRow } from './live.period.repository';
import { monitorOf } from './live.rounds';

/** Rounds read back to find each table's current shoe. */
const ROAD_LOOKBACK_MS = 3 * 3_600_000;

const parse = (text: string | null): Record<string, unknown> =>
  text ? (JSON.parse(text) as Record<string, unknown>) : {};

/**
 * The monitor's starting picture (`GET /live/tables`): the game's tables with play in the last 30 minutes
 * of event time (measured from the newest round start, so a replayed or simulated history shows the same),
 * each with its current round and the road of its current shoe. Scoped like the live stream: a table of the
 * caller's providers, or one its providers bet on now, with the totals of its providers' bets only.
 */
export class LiveTablesService {
  constructor(private readonly repo: PeriodRepository) {}

  async tables(auth: AuthContext, gameId: 1 | 2): Promise<LiveTable[]> {
    if (!holdsAny(auth, [monitorOf(gameId)])) throw refuse.forbidden();
    const newest = await this.repo.newestStart(gameId);
    if (newest === null) return [];
    const rounds = await this.repo.roundsSince(gameId, newest - ROAD_LOOKBACK_MS);
    const byTable = new Map<string, RoundRow[]>();
    for (const r of rounds) {
      const list = byTable.get(r.tableId) ?? [];
      list.push(r);
      byTable.set(r.tableId, list);
    }
    const active = [...byTable.values()].filter(
      (list) => (list[list.length - 1] as RoundRow).startedAt >= newest - LIVE_TABLE_ACTIVE_MS,
    );
    const open = active.flatMap((list) => {
      const last = list[list.length - 1] as RoundRow;
      return last.settledAt === null ? [last.id] : [];
    });
    const totals = await this.repo.totals(open, auth.scope.providers);
    const inScope = (p: number) => auth.scope.providers === 'all' || auth.scope.providers.includes(p);
    const out: LiveTable[] = [];
    for (const list of active) {
      const last = list[list.length - 1] as RoundRow;
      const own = last.settledAt === null ? totals.filter((t) => t.roundId === last.id) : [];
      if (!inScope(last.provider) && own.length === 0) continue;
      const byType = new Map<string, { bets: number; amount: number; payout: number }>();
      for (const t of own) {
        const sum = byType.get(t.betType) ?? { bets: 0, amount: 0, payout: 0 };
        sum.bets += t.bets;
        sum.amount += t.amount;
        sum.payout += t.payout;
        byType.set(t.betType, sum);
      }
      const road = list
        .filter((r) => r.shoeId === last.shoeId && r.settledAt !== null)
        .slice(-LIVE_ROAD_MAX)
        .map((r) => ({ roundId: r.id, settledAt: r.settledAt as number, result: parse(r.result) }));
      out.push({
        tableId: last.tableId,
        gameId,
        provider: last.provider,
        shoeId: last.shoeId,
        current:
          last.settledAt === null
            ? {
                roundId: last.id,
                startedAt: last.startedAt,
                providers: [...new Set(own.map((t) => t.provider))].sort((a, b) => a - b),
                totals: [...byType].slice(0, 16).map(([betType, t]) => ({ betType, ...t })),
              }
            : null,
        road,
      });
    }
    return out;
  }
}
