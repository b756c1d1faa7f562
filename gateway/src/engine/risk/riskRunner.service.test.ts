import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Subject } from 'rxjs';
import { sql } from 'kysely';
import type { TestStore } from '../../testing/testing.store';
import { EventBatchWriter } from '../batch.service';
import { DayCutter } from '../events.mapper';
import { EventsRepository } from '../events.repository';
import { openEventsTestStore } from '../events.testing';
import { roundsEvents } from './riskRunner.fixtures';
import { RiskRunner, type RiskRunnerTuning } from './riskRunner.service';
import { RiskRunnerRepository } from './riskRunner.repository';
import { RiskInputRepository } from './riskInput.repository';
import type { RiskInput } from './detector.port';
import { RecordMap } from './recordMap';
import { LazyRecordMap } from './snapshotPieces';
import {
  CountingDetector,
  TableSink,
  createTestOutputTable,
  readTestOutputs,
  type CountOutput,
  type CountSnapshot,
} from './riskRunner.testing';

let test: TestStore;
let writer: EventBatchWriter;
const runners: RiskRunner<CountOutput, CountSnapshot>[] = [];

beforeAll(async () => {
  test = await openEventsTestStore();
  await createTestOutputTable(test.store);
  writer = new EventBatchWriter(EventsRepository.of(test.store), new DayCutter('Asia/Shanghai'));
});
afterAll(async () => {
  for (const r of runners) await r.stop();
  await test.dispose();
});
beforeEach(async () => {
  for (const r of runners.splice(0)) await r.stop();
  for (const t of [
    'risk_test_output',
    'risk_checkpoint',
    'risk_snapshot',
    'risk_snapshot_piece',
    'risk_lease',
    'game_round',
    'bet_record',
    'transfer_record',
  ])
    await sql`delete from ${sql.table(t)}`.execute(test.store.db);
});

/**
 * A counting detector with a large map (2,500 entries a round) that every third round walks whole, as the
 * risk detector's expire walks its accounts and pairs; it says so beforehand ({@link walksState}).
 */
class WalkingDetector extends CountingDetector {
  readonly seen: RecordMap<number>;
  private n: number;

  constructor(snapshot?: CountSnapshot & { seen?: RecordMap<number> }) {
    super(snapshot);
    this.seen = RecordMap.from(snapshot?.seen);
    this.n = snapshot?.rounds ?? 0;
  }

  override process(input: RiskInput): CountOutput[] {
    const out = super.process(input);
    if (input.type !== 'round') return out;
    this.n += 1;
    for (let k = 0; k < 2_500; k++) this.seen.set(`${input.round.roundId}:${k}`, k);
    if (this.n % 3 === 0) {
      let total = 0;
      for (const [, v] of this.seen) total += v;
      if (total < 0) throw new Error('unreachable');
    }
    return out;
  }

  walksState(input: RiskInput): boolean {
    return input.type === 'round' && (this.n + 1) % 3 === 0;
  }

  override snapshot(): CountSnapshot & { seen: RecordMap<number> } {
    return { ...super.snapshot(), seen: this.seen };
  }
}

let lastDetector: CountingDetector | undefined;

function runner(
  holder: string,
  tuning: Partial<RiskRunnerTuning> = {},
  sink = new TableSink(holder),
  Kind: typeof CountingDetector = CountingDetector,
) {
  const r = new RiskRunner<CountOutput, CountSnapshot>({
    store: test.store,
    createDetector: (snapshot) => (lastDetector = new Kind(snapshot)),
    sink,
    committed$: new Subject<void>(),
    holder,
    chunkSize: 7,
    // Every snapshot of more than a few lines is stored in pieces.
    snapshotPieceChars: 200,
    ...tuning,
  });
  runners.push(r);
  return r;
}

/** Writes rounds `from`..`to - 1` in batches of `per` rounds; answers the settled round ids in commit order. */
async function write(from: number, to: number, per = 4): Promise<string[]> {
  const ids: string[] = [];
  for (let i = from; i < to; i += per) {
    await writer.write(roundsEvents(i, Math.min(to, i + per)));
    for (let j = i; j < Math.min(to, i + per); j++) ids.push(`r${j}`);
  }
  return ids;
}

/** Every round stored once, numbered 1..n in commit order. */
async function expectEachRoundOnceInOrder(ids: string[]) {
  const outputs = await readTestOutputs(test.store);
  expect(outputs.map((o) => o.round_id)).toEqual(ids);
  expect(outputs.map((o) => o.n)).toEqual(ids.map((_, i) => i + 1));
  expect(outputs.every((o) => o.bets === 2)).toBe(true);
}

describe(`RiskRunner (${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('stores one output per settled round in commit order, with the checkpoint at the last input', async () => {
    const ids = await write(0, 30);
    const r = runner('a');
    await r.catchUp();
    await expectEachRoundOnceInOrder(ids);
    const status = r.status();
    // 30 rounds and a transfer every third round.
    expect(status.inputs).toBe(40);
    expect(status.outputs).toBe(30);
    expect(status.leading).toBe(true);
    const stored = await new RiskRunnerRepository(test.store).checkpoint('all', Date.now());
    expect(stored).toEqual(status.checkpoint);
    expect(stored.position).toMatchObject({ id: 'r29', kind: 0 });
    // Nothing new: nothing stored again.
    await r.catchUp();
    expect((await readTestOutputs(test.store)).length).toBe(30);
  });

  it('ends a chunk at each input that raised something, and reads each input once', async () => {
    const ids = await write(0, 30);
    const reads = vi.spyOn(RiskInputRepository.prototype, 'read');
    const r = runner('a');
    await r.catchUp();
    await expectEachRoundOnceInOrder(ids);
    // Every round has an output: a chunk each (the transfers go with the round after them, or alone at the end).
    expect(r.status().chunks).toBeGreaterThanOrEqual(30);
    // 40 inputs read 7 at a time, and one read finding nothing more: what a step left is not read again.
    expect(reads.mock.calls.length).toBe(Math.ceil(40 / 7) + 1);
    reads.mockRestore();
  });

  it("does the detector's upkeep after the chunk of the input that left it due is stored", async () => {
    const ids = await write(0, 12);
    const events: string[] = [];
    class Upkeeping extends CountingDetector {
      override process(input: RiskInput): CountOutput[] {
        events.push(`process ${input.type === 'round' ? input.round.roundId : 'wallet'}`);
        return super.process(input);
      }
      upkeep(): void {
        events.push('upkeep');
      }
    }
    class LoggingSink extends TableSink {
      committed(): void {
        events.push('stored');
      }
    }
    const r = runner('a', {}, new LoggingSink('a'), Upkeeping);
    await r.catchUp();
    await expectEachRoundOnceInOrder(ids);
    // Each chunk (a round, with the transfer before it) is stored, then the upkeep comes, before the next input.
    const rounds = events.filter((e) => e.startsWith('process r'));
    expect(rounds.length).toBe(12);
    for (const round of rounds) {
      const at = events.indexOf(round);
      expect(events.slice(at + 1, at + 3)).toEqual(['stored', 'upkeep']);
    }
  });

  it('stores nothing of a chunk the sink refuses, keeps the checkpoint, and processes the chunk again from a restored detector', async () => {
    const ids = await write(0, 12);
    const sink = new TableSink('a');
    sink.failNext = true;
    const r = runner('a', {}, sink);
    await r.catchUp();
    expect(await readTestOutputs(test.store)).toEqual([]);
    expect(r.status().checkpoint?.inputs).toBe(0);
    await r.catchUp();
    await expectEachRoundOnceInOrder(ids);
    expect(r.status().restores).toBe(2);
  });

  it('after a crash, restores the snapshot, replays to the checkpoint without storing again, and goes on', async () => {
    const first = await write(0, 20);
    // A chunk a round (each has an output): a snapshot once 15 inputs are stored, none after the last chunk.
    const a = runner('a', { snapshotEvery: 15, leaseMs: 300, renewMs: 60_000 });
    await a.settled();
    expect(a.status().snapshots).toBeGreaterThan(0);
    // `a` stops working without stopping (a crash): its lease lapses.
    await new Promise((resolve) => setTimeout(resolve, 350));
    const snapshot = await new RiskRunnerRepository(test.store).snapshot('all');
    expect(snapshot?.inputs).toBeLessThan(a.status().checkpoint?.inputs ?? 0);
    const second = await write(20, 33);
    const b = runner('b', { snapshotEvery: 15 });
    await b.catchUp();
    await expectEachRoundOnceInOrder([...first, ...second]);
    expect(b.status().restores).toBe(1);
    expect(b.status().replayed).toBe((a.status().checkpoint?.inputs ?? 0) - (snapshot?.inputs ?? 0));
    expect(new Set((await readTestOutputs(test.store)).slice(20).map((o) => o.holder))).toEqual(
      new Set(['b']),
    );
  });

  it('stores a snapshot at the checkpoint when it stops, so that the next start replays nothing', async () => {
    const first = await write(0, 20);
    const a = runner('a', { snapshotEvery: 15 });
    await a.settled();
    const snapshots = a.status().snapshots;
    await a.stop();
    expect(a.status().snapshots).toBe(snapshots + 1);
    const stored = await new RiskRunnerRepository(test.store).snapshot('all');
    expect(stored?.inputs).toBe(a.status().checkpoint?.inputs);
    // The detector's map is stored after the rest: its block's shapes, then an entry a line, then the index.
    const state = stored?.state ?? '';
    const index = state.lastIndexOf('#index ');
    expect(state.slice(0, index)).toBe(
      '#pieces 3\n{"order":["rounds","wallet","byTable"],"maps":["byTable"],"rest":{"rounds":20,"wallet":7}}\n' +
        '["byTable",[null]]\n[0,"BAC-00",7]\n[0,"BAC-01",7]\n[0,"BAC-02",6]\n',
    );
    expect(state.slice(index)).toMatch(/^#index \{"byTable":\{"entries":3,"blocks":1,"starts":"[^"]+",/);
    // Stopping again, or with nothing new since, stores nothing more.
    await a.stop();
    expect(a.status().snapshots).toBe(snapshots + 1);
    const second = await write(20, 26);
    const b = runner('b', { snapshotEvery: 15 });
    await b.catchUp();
    expect(b.status().restores).toBe(1);
    expect(b.status().replayed).toBe(0);
    await expectEachRoundOnceInOrder([...first, ...second]);
  });

  it('after a restart, goes on before the stored state is read back whole, and waits for it before an input that walks it', async () => {
    const first = await write(0, 20);
    const a = runner('a', {}, new TableSink('a'), WalkingDetector);
    await a.catchUp();
    await a.stop();
    const second = await write(20, 32);
    const b = runner('b', {}, new TableSink('b'), WalkingDetector);
    await b.catchUp();
    await expectEachRoundOnceInOrder([...first, ...second]);
    expect(b.status().restores).toBe(1);
    const seen = (lastDetector as WalkingDetector).seen;
    expect(seen).toBeInstanceOf(LazyRecordMap);
    const lazy = seen as LazyRecordMap<number>;
    // Read back whole in slices before the first walk: none of it read at once by the walk.
    expect(lazy.loaded).toBe(true);
    expect(lazy.readAtOnce).toBe(0);
    expect(lazy.size).toBe(32 * 2_500);
  });

  it('goes on while a snapshot is written behind it, and a restore from that snapshot reaches the same state', async () => {
    const first = await write(0, 40);
    // A snapshot is due once 15 inputs are stored (over 25,000 entries to write), while the rest goes on.
    const a = runner('a', { snapshotEvery: 15 }, new TableSink('a'), WalkingDetector);
    await a.settled();
    const snapshot = await new RiskRunnerRepository(test.store).snapshot('all');
    expect(a.status().snapshots).toBeGreaterThan(0);
    // Stored after its own checkpoint had moved on: the chunks after it did not wait for it.
    expect(snapshot?.inputs).toBeLessThan(a.status().checkpoint?.inputs ?? 0);
    // `a` stops working without stopping (a crash), and its lease is gone.
    const detectorOfA = lastDetector!;
    await sql`delete from risk_lease`.execute(test.store.db);
    const second = await write(40, 46);
    const b = runner('b', {}, new TableSink('b'), WalkingDetector);
    await b.catchUp();
    await expectEachRoundOnceInOrder([...first, ...second]);
    expect(b.status().restores).toBe(1);
    expect(b.status().replayed).toBe((a.status().checkpoint?.inputs ?? 0) - (snapshot?.inputs ?? 0));
    const seen = (lastDetector as WalkingDetector).seen;
    expect(seen.size).toBe(46 * 2_500);
    expect([...seen.keys()].slice(0, 2)).toEqual(['r0:0', 'r0:1']);
    // `a` comes back and stops: the partition is b's now, so it writes no snapshot of its state (its commit
    // would be refused) and leaves b's lease alone.
    const snapshots = vi.spyOn(detectorOfA, 'snapshot');
    await a.stop();
    expect(snapshots).not.toHaveBeenCalled();
    expect(await new RiskRunnerRepository(test.store).leaseHolder('risk:all', Date.now())).toBe('b');
  });

  it('lets one runner work per database; another takes over when its lease lapses, and the old one cannot store a chunk again', async () => {
    const first = await write(0, 10);
    // `a` thinks its lease good for 60 s (it renews that rarely), but the lease lapses after 300 ms: a
    // process paused longer than its lease.
    const a = runner('a', { leaseMs: 300, renewMs: 60_000 });
    const b = runner('b', { leaseMs: 300, renewMs: 100 });
    await a.catchUp();
    await b.catchUp();
    expect(b.status().leading).toBe(false);
    expect(b.status().inputs).toBe(0);
    const second = await write(10, 20);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await b.catchUp();
    expect(b.status().leading).toBe(true);
    await a.catchUp();
    expect(a.status().leading).toBe(false);
    await expectEachRoundOnceInOrder([...first, ...second]);
    const outputs = await readTestOutputs(test.store);
    expect(outputs.slice(0, 10).every((o) => o.holder === 'a')).toBe(true);
    expect(outputs.slice(10).every((o) => o.holder === 'b')).toBe(true);
  });

  it('gives the lease up on stop, so that another runner takes over at once', async () => {
    const ids = await write(0, 6);
    const a = runner('a', { leaseMs: 60_000 });
    await a.catchUp();
    await a.stop();
    const more = await write(6, 9);
    const b = runner('b', { leaseMs: 60_000 });
    await b.catchUp();
    expect(b.status().leading).toBe(true);
    await expectEachRoundOnceInOrder([...ids, ...more]);
  });
});
