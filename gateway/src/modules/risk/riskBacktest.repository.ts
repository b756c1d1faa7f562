import { sql } from 'kysely';
import type { Store } from '../../platform/db/db.store';
import type { RiskInput } from '../../engine/risk/detector.port';
import type { BacktestTable } from '../../engine/risk/riskBacktest';
import { RiskInputRepository } from '../../engine/risk/riskInput.repository';
import { comparePositions, type RiskPosition } from '../../engine/risk/riskPosition';
import type { BacktestSource, BacktestWindow } from './riskBacktest.service';

/**
 * What a backtest reads: the settled rounds and wallet events whose event time is in the window, in commit
 * order, paged as the risk runner reads them (`RiskInputRepository`), from the first commit that holds one
 * of them; and, before the replay, the window's size and its baccarat tables.
 */
export class RiskBacktestRepository implements BacktestSource {
  private readonly reader: RiskInputRepository;

  constructor(private readonly store: Store) {
    this.reader = RiskInputRepository.of(store);
  }

  async window(from: number, to: number): Promise<BacktestWindow> {
    const db = this.store.db;
    type Span = { first: number | string | null; last: number | string | null };
    const counted = await sql<Span & { n: number | string }>`
      select count(*) as n, min(settled_seq) as first, max(settled_seq) as last from game_round
      where settled_seq is not null and settled_at >= ${from} and settled_at <= ${to}`.execute(db);
    const spans: (Span | undefined)[] = [counted.rows[0]];
    for (const table of ['transfer_record', 'bonus_record', 'prize_record'] as const) {
      const r = await sql<Span>`
        select min(seq) as first, max(seq) as last from ${sql.table(table)}
        where ts >= ${from} and ts <= ${to}`.execute(db);
      spans.push(r.rows[0]);
    }
    const seqs = (pick: (s: Span) => number | string | null) =>
      spans.flatMap((s) => (s && pick(s) !== null ? [Number(pick(s))] : []));
    const firsts = seqs((s) => s.first);
    const tables = await sql<{ table_id: string; n: number | string }>`
      select table_id, count(*) as n from game_round
      where settled_seq is not null and game_id = 1 and settled_at >= ${from} and settled_at <= ${to}
      group by table_id order by table_id`.execute(db);
    return {
      rounds: Number(counted.rows[0]?.n ?? 0),
      // Just before the first commit holding an input of the window (see `RiskInputRepository.read`).
      start: firsts.length > 0 ? { seq: Math.min(...firsts), ts: -1, id: '', kind: 0 } : undefined,
      endSeq: Math.max(-1, ...seqs((s) => s.last)),
      tables: tables.rows.map((r): BacktestTable => ({ tableId: r.table_id, rounds: Number(r.n) })),
    };
  }

  async read(
    after: RiskPosition,
    limit: number,
    from: number,
    to: number,
  ): Promise<{ inputs: RiskInput[]; last: RiskPosition | undefined }> {
    const chunk = await this.reader.read(after, limit);
    const inputs: RiskInput[] = [];
    for (const { input } of chunk) {
      const ts = input.type === 'round' ? input.round.settledAt : input.event.ts;
      if (ts >= from && ts <= to) inputs.push(input);
    }
    const last = chunk[chunk.length - 1]?.position;
    if (last && comparePositions(last, after) <= 0) throw new Error('backtest reader did not advance');
    return { inputs, last };
  }
}
