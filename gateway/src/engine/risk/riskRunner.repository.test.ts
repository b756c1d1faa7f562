import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TestStore } from '../../testing/testing.store';
import { openEventsTestStore } from '../events.testing';
import {
  CheckpointMovedError,
  RiskRunnerRepository,
  pieceEnds,
  type ChunkCommit,
} from './riskRunner.repository';
import { START_POSITION } from './riskPosition';

let test: TestStore;
beforeAll(async () => {
  test = await openEventsTestStore();
});
afterAll(async () => {
  await test.dispose();
});
beforeEach(async () => {
  for (const t of ['risk_checkpoint', 'risk_snapshot', 'risk_snapshot_piece', 'risk_lease'])
    await sql`delete from ${sql.table(t)}`.execute(test.store.db);
});

describe('pieceEnds', () => {
  it('cuts at the end of a line within reach, else at the size, never inside a UTF-16 pair', () => {
    const lines = 'ab\ncdef\ng\nhijklmnop\n';
    const ends = pieceEnds(lines, 5);
    expect(ends).toEqual([3, 8, 10, 15, 20]);
    expect(ends.at(-1)).toBe(lines.length);
    // No newline in reach: a pair (😀 is two UTF-16 units) is never split.
    const pairs = 'a😀😀😀';
    const cut = pieceEnds(pairs, 2);
    let at = 0;
    const pieces = cut.map((end) => pairs.slice(at, (at = end)));
    expect(pieces.join('')).toBe(pairs);
    for (const p of pieces) expect(Buffer.from(p, 'utf8').toString('utf8')).toBe(p);
    expect(pieceEnds('', 4)).toEqual([]);
  });
});

describe('risk runner repository: a long snapshot in pieces', () => {
  const lease = { name: 'risk:all', holder: 'h', now: 0 };
  const state = (tag: string) =>
    `#pieces 2\n${Array.from({ length: 40 }, (_, i) => `[0,"${tag}${i}","界${i}"]`).join('\n')}\n`;
  const pieces = async () =>
    (
      await sql<{
        generation: string;
        n: number;
      }>`select generation, n from risk_snapshot_piece order by generation, n`.execute(test.store.db)
    ).rows;
  const commit = (repo: RiskRunnerRepository, inputs: number, snapshot: string, from = inputs - 1) => {
    const at = (n: number) => ({ position: { ...START_POSITION, seq: n }, inputs: n });
    const c: ChunkCommit = {
      partition: 'all',
      lease: { ...lease, now: Date.now() },
      from: at(from),
      to: at(inputs),
      write: () => Promise.resolve(),
      snapshot,
    };
    return repo.commitChunk(c);
  };

  it('stores it a piece a statement, reads it back whole, and keeps only the pieces of the stored one', async () => {
    const repo = new RiskRunnerRepository(test.store, 64);
    const now = Date.now();
    await repo.checkpoint('all', now);
    await sql`update risk_checkpoint set seq = 0, inputs = 0 where partition = 'all'`.execute(test.store.db);
    expect(await repo.acquireLease(lease.name, lease.holder, now, 60_000)).toBe(true);

    await commit(repo, 1, state('a'), 0);
    const first = await pieces();
    expect(first.length).toBeGreaterThan(5);
    expect(new Set(first.map((p) => p.generation)).size).toBe(1);
    expect((await repo.snapshot('all'))?.state).toBe(state('a'));

    // The next one replaces it: the first one's pieces go.
    await commit(repo, 2, state('b'));
    const second = await pieces();
    expect(new Set(second.map((p) => p.generation)).size).toBe(1);
    expect(second[0]?.generation).not.toBe(first[0]?.generation);
    expect((await repo.snapshot('all'))?.state).toBe(state('b'));

    // A chunk that does not commit (the checkpoint moved) leaves none of its pieces behind.
    await expect(commit(repo, 9, state('c'), 7)).rejects.toBeInstanceOf(CheckpointMovedError);
    expect(await pieces()).toEqual(second);

    // A short state is stored as it is; the pieces of the one it replaced go.
    await commit(repo, 3, '{"n":3}');
    expect(await pieces()).toEqual([]);
    expect((await repo.snapshot('all'))?.state).toBe('{"n":3}');
  });

  it('drops, when the snapshot is read, the pieces of a generation that was never committed', async () => {
    const repo = new RiskRunnerRepository(test.store, 64);
    await repo.checkpoint('all', Date.now());
    await sql`update risk_checkpoint set seq = 0, inputs = 0 where partition = 'all'`.execute(test.store.db);
    await repo.acquireLease(lease.name, lease.holder, Date.now(), 60_000);
    await commit(repo, 1, state('a'), 0);
    const stored = await pieces();
    // A runner killed while it wrote the pieces of its next snapshot.
    await sql`insert into risk_snapshot_piece (partition, generation, n, text) values ('all', 'orphan', 0, 'x')`.execute(
      test.store.db,
    );
    expect((await repo.snapshot('all'))?.state).toBe(state('a'));
    expect(await pieces()).toEqual(stored);
    // A piece lost under a committed snapshot: reading it fails rather than giving a wrong state.
    await sql`delete from risk_snapshot_piece where n = 1`.execute(test.store.db);
    await expect(repo.snapshot('all')).rejects.toThrow(/piece 1 of/);
  });
});
