import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStore } from '../testing/testing.store';
import { loadEngineConfig } from './engine.config';
import { createEngine } from './engine.start';
import { ev } from './events.fixtures';
import { countRows, openEventsTestStore } from './events.testing';
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
});
