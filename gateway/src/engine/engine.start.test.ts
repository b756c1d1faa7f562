import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStore } from '../testing/testing.store';
import { loadEngineConfig } from './engine.config';
import { createEngine } from './engine.start';
import { ev } from './events.fixtures';
import { sql } from 'kysely';
import { countRows, openEventsTestStore } from './events.testing';
import { EventBatchWriter } from './batch.service';
import { DayCutter } from './events.mapper';
import { EventsRepository } from './events.repository';
import { readRollups, recomputeRollups } from './rollup.repository';
import type { CommittedBatch } from './pipeline.service';

let test: TestStore;
beforeAll(async () => {
  test = await openEventsTestStore();
});
afterAll(async () => {
  await test.dispose();
});

describe('createEngine', () => {
  it('stores what is submitted before start(), streams each commit, and drains on stop', async () => {
    const engine = createEngine({ store: test.store, config: loadEngineConfig({}) });
    const commits: CommittedBatch[] = [];
    engine.committed$.subscribe((c) => commits.push(c));
    const result = await engine.submit([ev.login({ id: 'l-1' }), ev.transfer({ id: 't-1' }), { bad: 1 }]);
    expect(result).toMatchObject({ accepted: 2, duplicates: 0, refused: [{ index: 2 }] });
    expect(commits.flatMap((c) => c.events.map((e) => e.id))).toEqual(['l-1', 't-1']);
    engine.start();
    const pending = engine.submit([ev.login({ id: 'l-2' })]);
    await engine.stop();
    expect((await pending).accepted).toBe(1);
    expect(engine.stats.eventsTotal).toBe(3);
    expect(await countRows(test.store, 'login_record')).toBe(2);
    await expect(engine.submit([ev.login({ id: 'l-3' })])).rejects.toThrow('not running');
  });

  it('adds at start the roll-ups a stopped gateway left pending between a batch and its roll-up', async () => {
    // A batch committed and its roll-up transaction lost (its process stopped between the two).
    const repo = EventsRepository.of(test.store);
    const lost = Object.create(repo) as EventsRepository;
    lost.transaction = (fn) =>
      repo.transaction(async (tx) => {
        const taking = Object.create(tx) as EventsRepository;
        taking.takePendingRollups = () => Promise.reject(new Error('stopped'));
        return fn(taking);
      });
    const writer = new EventBatchWriter(lost, new DayCutter('Asia/Shanghai'), () => undefined);
    await writer.write([ev.login({ id: 'l-lost' }), ev.transfer({ id: 't-lost' })]);
    expect(await countRows(test.store, 'rollup_pending')).toBe(1);
    const engine = createEngine({ store: test.store, config: loadEngineConfig({}) });
    engine.start();
    await expect.poll(() => countRows(test.store, 'rollup_pending')).toBe(0);
    await engine.stop();
    const stored = await readRollups(test.store.db);
    const recomputed = await recomputeRollups(test.store.db);
    expect(Object.fromEntries(stored.daily_account)).toEqual(Object.fromEntries(recomputed.daily_account));
    expect(Object.fromEntries(stored.daily_player)).toEqual(Object.fromEntries(recomputed.daily_player));
    expect(
      Number(
        (await sql<{ n: number }>`select count(*) as n from daily_player`.execute(test.store.db)).rows[0]?.n,
      ),
    ).toBeGreaterThan(0);
  });
});
