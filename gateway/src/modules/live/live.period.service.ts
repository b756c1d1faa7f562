import { PERM } from '@dms/shared/permissions/codes';
import {
  LIVE_VERSION,
  screensOf,
  LIVE_EVENTS,
  type AlertChanged,
  type RoundSettled,
} from '@dms/shared/contracts/live/events';
import type { LiveReplayPage, ReplayItem } from '@dms/shared/contracts/http/liveReplay';
import { refuse } from '../../platform/errors/errors';
import type { Scope } from '../../platform/auth/auth.context';
import type { EventPosition, PeriodReplaySource } from '../../platform/live/live.replay';
import type { PeriodRepository, SettledRoundRow } from './live.period.repository';

interface Cursor {
  /** The last round consumed: settlement time and id. */
  r: { at: number; id: string } | null;
  /** The last alert consumed: raise time and seq. */
  a: EventPosition | null;
}

function encode(c: Cursor): string {
  return Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');
}

function decode(text: string | undefined): Cursor {
  if (!text) return { r: null, a: null };
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    const okR = c.r === null || (typeof c.r?.at === 'number' && typeof c.r.id === 'string');
    const okA = c.a === null || (typeof c.a?.at === 'number' && typeof c.a.seq === 'number');
    if (okR && okA) return c;
  } catch {
    // Falls through to the refusal below.
  }
  throw refuse.bad('stats.badCursor');
}

const inScope = (scope: Scope, provider: number) =>
  scope.providers === 'all' || scope.providers.includes(provider);

/**
 * The monitor's replay of a period: settled rounds (flagged ones marked with their groups) and cross-bet
 * alerts, merged in event-time order, each page from where the cursor stopped. Rounds and totals are
 * scoped like every live event: a round is shown to a caller whose providers hosted it or bet on it, with
 * the totals of the caller's providers' bets only.
 */
export class PeriodReplayService {
  constructor(
    private readonly repo: PeriodRepository,
    private readonly risk: () => PeriodReplaySource,
  ) {}

  async page(
    scope: Scope,
    q: { from: number; to: number; gameId?: 1 | 2 | undefined; cursor?: string | undefined; limit: number },
  ): Promise<LiveReplayPage> {
    const cursor = decode(q.cursor);
    const risk = this.risk();
    const [rounds, alerts] = await Promise.all([
      this.repo.settledRounds({ from: q.from, to: q.to, gameId: q.gameId, after: cursor.r, limit: q.limit }),
      q.gameId === 2
        ? Promise.resolve([] as AlertChanged[])
        : risk.alertsBetween({ from: q.from, to: q.to, after: cursor.a, limit: q.limit }),
    ]);
    // Merge by event time (a round before the alert its settlement raised), up to `limit` consumed.
    const merged: (
      { kind: 'round'; at: number; row: SettledRoundRow } | { kind: 'alert'; at: number; alert: AlertChanged }
    )[] = [];
    let i = 0;
    let j = 0;
    while (merged.length < q.limit && (i < rounds.length || j < alerts.length)) {
      const r = rounds[i];
      const a = alerts[j];
      if (r && (!a || r.settledAt <= a.alert.raisedAt)) {
        merged.push({ kind: 'round', at: r.settledAt, row: r });
        i += 1;
      } else if (a) {
        merged.push({ kind: 'alert', at: a.alert.raisedAt, alert: a });
        j += 1;
      }
    }
    const lastRound = rounds[i - 1];
    const lastAlert = alerts[j - 1];
    const next: Cursor = {
      r: lastRound ? { at: lastRound.settledAt, id: lastRound.id } : cursor.r,
      a: lastAlert ? { at: lastAlert.alert.raisedAt, seq: lastAlert.seq } : cursor.a,
    };
    const roundsDone = rounds.length < q.limit && i === rounds.length;
    const alertsDone = alerts.length < q.limit && j === alerts.length;

    const roundRows = merged.flatMap((m) => (m.kind === 'round' ? [m.row] : []));
    const ids = roundRows.map((r) => r.id);
    const [totals, flags] = await Promise.all([
      this.repo.totals(ids, scope.providers),
      risk.flaggedRounds(ids),
    ]);
    const byRound = new Map<string, typeof totals>();
    for (const t of totals) {
      const list = byRound.get(t.roundId) ?? [];
      list.push(t);
      byRound.set(t.roundId, list);
    }

    const items: ReplayItem[] = [];
    for (const m of merged) {
      if (m.kind === 'alert') {
        const a = m.alert;
        if (!screensOf(LIVE_EVENTS.alertRaised, a).includes(PERM.BACCARAT_MONITOR)) continue;
        const providers = a.providers.filter((p) => inScope(scope, p));
        if (providers.length === 0) continue;
        items.push({ kind: 'alert', at: m.at, alert: { ...a, providers } });
        continue;
      }
      const row = m.row;
      const own = byRound.get(row.id) ?? [];
      const providers = new Set(own.map((t) => t.provider));
      if (inScope(scope, row.provider)) providers.add(row.provider);
      if (providers.size === 0) continue;
      const byType = new Map<string, { bets: number; amount: number; payout: number }>();
      for (const t of own) {
        const sum = byType.get(t.betType) ?? { bets: 0, amount: 0, payout: 0 };
        sum.bets += t.bets;
        sum.amount += t.amount;
        sum.payout += t.payout;
        byType.set(t.betType, sum);
      }
      const round: RoundSettled = {
        v: LIVE_VERSION,
        providers: [...providers].sort((x, y) => x - y),
        roundId: row.id,
        gameId: row.gameId === 2 ? 2 : 1,
        tableId: row.tableId,
        shoeId: row.shoeId,
        settledAt: row.settledAt,
        result: row.result ? (JSON.parse(row.result) as Record<string, unknown>) : {},
        totals: [...byType].slice(0, 16).map(([betType, t]) => ({ betType, ...t })),
      };
      const groups = flags.get(row.id) ?? [];
      items.push({
        kind: 'round',
        at: m.at,
        round,
        flagged: groups.length > 0,
        groups: groups.slice(0, 100),
      });
    }
    return { items, next: roundsDone && alertsDone ? null : encode(next) };
  }
}
