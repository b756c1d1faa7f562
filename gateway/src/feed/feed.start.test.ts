import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstValueFrom, filter } from 'rxjs';
import { loadConfig, type Config } from '../config/config';
import { createApp } from '../app';
import type { TestStore } from '../testing/testing.store';
import { tempDir } from '../testing/testing.store';
import { countRows, openEventsTestStore } from '../engine/events.testing';
import { listConfiguredTables } from '../modules/tables/tables.repository';
import { loadFeedConfig, type FeedConfig } from './feed.config';
import { FeedStateRepository } from './feedState.repository';
import { SIM_STATE_KEY, type SimState } from './simulator.service';

let test: TestStore;
let config: Config;
const dataDir = tempDir();
const feed: FeedConfig = {
  ...loadFeedConfig({}),
  sim: { seed: 'start-test', players: 300, historyDays: 3, speed: 600, truthFile: undefined },
};

beforeAll(async () => {
  test = await openEventsTestStore();
  config = {
    ...loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DMS_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DMS_FEED: 'sim',
    }),
    scryptLogN: 10,
  };
});
afterAll(async () => {
  await test.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the gateway with the simulator feed', () => {
  it('listens before the history is written, writes it in the background, and a restart listens at once without writing it again', async () => {
    const first = await createApp(config, { store: test.store, feed });
    await first.listen();
    expect(first.feed.service.status().state).toBe('idle');
    first.feed.start();
    await firstValueFrom(first.feed.service.status$.pipe(filter((s) => s.state === 'live')));
    const bets = await countRows(test.store, 'bet_record');
    expect(bets).toBeGreaterThan(500);
    // A fresh install: the simulator configured its default tables in Table setting, and plays them.
    const configured = await listConfiguredTables(test.store.db);
    expect(configured.map((t) => t.tableId)).toEqual(['BAC-01', 'BAC-02', 'TP-01']);
    const state = await new FeedStateRepository(test.store).get<SimState>(SIM_STATE_KEY);
    expect(state?.tables?.map((t) => t.tableId)).toEqual(['BAC-01', 'BAC-02', 'TP-01']);
    await first.close();

    const started = performance.now();
    const second = await createApp(config, { store: test.store, feed });
    await second.listen();
    const toListen = performance.now() - started;
    second.feed.start();
    const live = await firstValueFrom(second.feed.service.status$.pipe(filter((s) => s.state === 'live')));
    await second.close();
    expect(toListen).toBeLessThan(3000);
    expect(live.progress).toBe(1);
    // Only live events may have been added, never the history again.
    const after = await countRows(test.store, 'bet_record');
    expect(after - bets).toBeLessThan(bets / 10);
  });
});
