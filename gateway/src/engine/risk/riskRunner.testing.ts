import { sql } from 'kysely';
import type { Db, Store } from '../../platform/db/db.store';
import type { Detector, RiskInput } from './detector.port';
import { RecordMap } from './recordMap';
import type { RiskOutput, RiskSink } from './riskSink.port';

/**
 * Test doubles of the risk engine's ports (not a product detector): a deterministic detector that counts
 * and emits one output per round, and a sink that stores outputs in a plain table without any unique key,
 * so that an output stored twice would show.
 */

/** One output of {@link CountingDetector}: the round, and how many rounds the detector had seen with it. */
export interface CountOutput {
  roundId: string;
  /** 1 for the first round the detector saw, 2 for the second, …: a skipped or repeated round breaks the run. */
  n: number;
  bets: number;
}

/** State of {@link CountingDetector}: counts, and rounds per table (state kept by key, as real detectors keep it). */
export interface CountSnapshot {
  rounds: number;
  wallet: number;
  /** Rounds per table: a map, as the risk detector keeps its largest collections (stored in pieces). */
  byTable: Record<string, number> | RecordMap<number>;
}

/** Counts inputs; emits `{roundId, n, bets}` for each round. Throws on an input out of commit order. */
export class CountingDetector implements Detector<CountOutput, CountSnapshot> {
  private rounds: number;
  private wallet: number;
  private readonly byTable: RecordMap<number>;
  private lastSeq = -1;

  constructor(snapshot?: CountSnapshot) {
    this.rounds = snapshot?.rounds ?? 0;
    this.wallet = snapshot?.wallet ?? 0;
    this.byTable = RecordMap.from(snapshot?.byTable);
  }

  process(input: RiskInput): CountOutput[] {
    const seq = input.type === 'round' ? input.round.seq : input.event.seq;
    if (seq < this.lastSeq) throw new Error(`input of commit ${seq} after commit ${this.lastSeq}`);
    this.lastSeq = seq;
    if (input.type === 'wallet') {
      this.wallet += 1;
      return [];
    }
    this.rounds += 1;
    const table = input.round.tableId;
    this.byTable.set(table, (this.byTable.get(table) ?? 0) + 1);
    return [{ roundId: input.round.roundId, n: this.rounds, bets: input.round.bets.length }];
  }

  snapshot(): CountSnapshot {
    return { rounds: this.rounds, wallet: this.wallet, byTable: new RecordMap(this.byTable) };
  }
}

/** Creates the table of {@link TableSink} (idempotent). */
export async function createTestOutputTable(store: Store): Promise<void> {
  await sql`create table if not exists risk_test_output (
    round_id varchar(64) not null, n integer not null, seq bigint not null, bets integer not null,
    holder varchar(128) not null)`.execute(store.db);
}

/** A stored output of {@link TableSink}. */
export interface StoredTestOutput {
  round_id: string;
  n: number;
  seq: number;
  bets: number;
  holder: string;
}

/** Reads what {@link TableSink} stored, in the order the outputs were numbered. */
export async function readTestOutputs(store: Store): Promise<StoredTestOutput[]> {
  const r =
    await sql<StoredTestOutput>`select round_id, n, seq, bets, holder from risk_test_output order by n, round_id`.execute(
      store.db,
    );
  return r.rows.map((row) => ({ ...row, n: Number(row.n), seq: Number(row.seq), bets: Number(row.bets) }));
}

/** Stores outputs in `risk_test_output`, one row each, through the runner's transaction. */
export class TableSink implements RiskSink<CountOutput> {
  calls = 0;
  /** Makes the next call throw (the chunk is then not stored). */
  failNext = false;

  constructor(private readonly holder: string) {}

  async write(tx: Db, outputs: readonly RiskOutput<CountOutput>[]): Promise<void> {
    this.calls += 1;
    for (let i = 0; i < outputs.length; i += 500) {
      const rows = outputs
        .slice(i, i + 500)
        .map((o) => sql`(${o.output.roundId}, ${o.output.n}, ${o.seq}, ${o.output.bets}, ${this.holder})`);
      await sql`insert into risk_test_output (round_id, n, seq, bets, holder) values ${sql.join(rows)}`.execute(
        tx,
      );
    }
    if (this.failNext) {
      this.failNext = false;
      throw new Error('sink refused the chunk');
    }
  }
}
