import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstValueFrom, filter } from 'rxjs';
import type { IngestResult, PlatformEvent, RoundStartedEvent } from '@dms/shared/contracts/events/platform';
import { GameId } from '@dms/shared/domain/games';
import type { TestStore } from '../testing/testing.store';
import { EventBatchWriter } from '../engine/batch.service';
import { DayCutter } from '../engine/events.mapper';
import { EventsRepository } from '../engine/events.repository';
import { EventPipeline } from '../engine/pipeline.service';
import { openEventsTestStore } from '../engine/events.testing';
import { FeedStateRepository } from './feedState.repository';
import {
  SIM_STATE_KEY,
  SimulatorService,
  type SimState,
  type SimTableSource,
  type SimulatorOptions,
} from './simulator.service';
import { DAY_MS, defaultTables, type WorldTable } from './sim.world';

/** The simulator playing the tables of Table setting (through a fake of its port). */

let test: TestStore;
let pipeline: EventPipeline;

beforeAll(async () => {
  test = await openEventsTestStore();
  pipeline = new EventPipeline(
    new EventBatchWriter(EventsRepository.of(test.store), new DayCutter('Asia/Shanghai')),
    { now: Date.now },
  );
  pipeline.start();
});
afterAll(async () => {
  await pipeline.stop();
  await test.dispose();
});

/** Table setting as a list the test changes, remembering what the simulator asked to seed. */
function settings(initial: WorldTable[]) {
  const box = { tables: initial, seeded: [] as WorldTable[][] };
  const source: SimTableSource = {
    configured: () => Promise.resolve(box.tables.map((t) => ({ ...t }))),
    seedDefaults: (tables) => {
      box.seeded.push([...tables]);
      return Promise.resolve(false);
    },
  };
  return { box, source };
}

function recordingSink() {
  const seen: PlatformEvent[] = [];
  const sink = (events: readonly unknown[]): Promise<IngestResult> => {
    seen.push(...(events as PlatformEvent[]));
    return pipeline.submit(events);
  };
  return { seen, sink };
}

const options = (o: Partial<SimulatorOptions> = {}): SimulatorOptions => ({
  seed: 'tables-test',
  players: 300,
  historyDays: 1,
  speed: 20_000,
  now: Date.now,
  tickMs: 25,
  ...o,
});

async function runUntilLive(sim: SimulatorService, until: () => boolean = () => true): Promise<void> {
  const abort = new AbortController();
  const running = sim.run(abort.signal);
  await firstValueFrom(sim.status$.pipe(filter((s) => s.state === 'live')));
  const started = Date.now();
  while (!until() && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 20));
  abort.abort();
  await running;
}

const rounds = (events: readonly PlatformEvent[]) =>
  events.filter((e): e is RoundStartedEvent => e.type === 'round.started');
/** The simulated day of a round (its id is `<table id>-<day, base 36>-<index>`). */
const dayOf = (r: RoundStartedEvent) =>
  parseInt(r.roundId.slice(r.tableId.length + 1).split('-')[0] ?? '', 36);
const readState = async () =>
  (await new FeedStateRepository(test.store).get<SimState>(SIM_STATE_KEY)) as SimState;

const FIRST: WorldTable[] = [
  { gameId: GameId.Baccarat, tableId: 'CFG-B1' },
  { gameId: GameId.Baccarat, tableId: 'CFG-B2' },
  { gameId: GameId.TeenPatti, tableId: 'CFG-T1' },
];
const SECOND: WorldTable[] = [
  { gameId: GameId.Baccarat, tableId: 'NEW-B1' },
  { gameId: GameId.TeenPatti, tableId: 'CFG-T1' },
];

describe('SimulatorService with Table setting', () => {
  it('offers its default tables on first start, plays the configured ones and records them in its state', async () => {
    const { box, source } = settings(FIRST);
    const { seen, sink } = recordingSink();
    const sim = new SimulatorService(options({ tables: source }), new FeedStateRepository(test.store), sink);
    await runUntilLive(sim);
    expect(box.seeded).toEqual([defaultTables(300)]);
    const state = await readState();
    expect(state.tables).toEqual(FIRST);
    const played = new Set(rounds(seen).map((r) => r.tableId));
    expect([...played].sort()).toEqual(['CFG-B1', 'CFG-B2', 'CFG-T1']);
    for (const e of seen) if ('tableId' in e) expect(['CFG-B1', 'CFG-B2', 'CFG-T1']).toContain(e.tableId);

    // A restart rebuilds the recorded world, whatever Table setting says now (until the next day).
    const { source: changed } = settings(SECOND);
    const again = new SimulatorService(
      options({ tables: changed }),
      new FeedStateRepository(test.store),
      sink,
    );
    const resumed = await again.prepare();
    expect(again.worldOf(resumed).tables.map((t) => t.id)).toEqual(['CFG-B1', 'CFG-B2', 'CFG-T1']);
  });

  it('plays a changed configuration from the next simulated day on, and records it', async () => {
    const before = await readState();
    const resumeDay = Math.floor(before.liveCursor / DAY_MS);
    const { source } = settings(SECOND);
    const { seen, sink } = recordingSink();
    const sim = new SimulatorService(
      options({ tables: source, speed: 200_000 }),
      new FeedStateRepository(test.store),
      sink,
    );
    await runUntilLive(sim, () => rounds(seen).some((r) => r.tableId === 'NEW-B1'));
    const played = rounds(seen);
    const newDays = played.filter((r) => r.tableId === 'NEW-B1').map(dayOf);
    const oldDays = played.filter((r) => r.tableId === 'CFG-B1' || r.tableId === 'CFG-B2').map(dayOf);
    expect(newDays.length).toBeGreaterThan(0);
    // The day it resumed in is played with the recorded tables; the next days with the configured ones.
    expect(Math.min(...newDays)).toBe(resumeDay + 1);
    for (const d of oldDays) expect(d).toBe(resumeDay);
    expect((await readState()).tables).toEqual(SECOND);
  });

  it('plays its generated tables when no table is configured', async () => {
    const { source } = settings([]);
    const { seen, sink } = recordingSink();
    const before = await readState();
    const sim = new SimulatorService(
      options({ tables: source, speed: 200_000 }),
      new FeedStateRepository(test.store),
      sink,
    );
    const nextDay = Math.floor(before.liveCursor / DAY_MS) + 1;
    await runUntilLive(sim, () => rounds(seen).some((r) => dayOf(r) > nextDay));
    const later = new Set(
      rounds(seen)
        .filter((r) => dayOf(r) >= nextDay)
        .map((r) => r.tableId),
    );
    expect([...later].every((id) => ['BAC-01', 'BAC-02', 'TP-01'].includes(id))).toBe(true);
    expect(later.size).toBeGreaterThan(0);
    expect((await readState()).tables).toEqual([]);
  });

  it('keeps playing the recorded tables when Table setting cannot be read at a day boundary', async () => {
    const { source } = settings(FIRST);
    const first = recordingSink();
    const start = Math.floor((await readState()).liveCursor / DAY_MS);
    await runUntilLive(
      new SimulatorService(
        options({ tables: source, speed: 200_000 }),
        new FeedStateRepository(test.store),
        first.sink,
      ),
      () => rounds(first.seen).some((r) => dayOf(r) > start + 1),
    );
    expect((await readState()).tables).toEqual(FIRST);

    const failing: SimTableSource = {
      configured: () => Promise.reject(new Error('store unreachable')),
      seedDefaults: () => Promise.reject(new Error('store unreachable')),
    };
    const { seen, sink } = recordingSink();
    const from = Math.floor((await readState()).liveCursor / DAY_MS);
    await runUntilLive(
      new SimulatorService(
        options({ tables: failing, speed: 200_000 }),
        new FeedStateRepository(test.store),
        sink,
      ),
      () => rounds(seen).some((r) => dayOf(r) > from + 1),
    );
    const later = rounds(seen).filter((r) => dayOf(r) > from);
    expect(later.length).toBeGreaterThan(0);
    for (const r of later) expect(['CFG-B1', 'CFG-B2', 'CFG-T1']).toContain(r.tableId);
    expect((await readState()).tables).toEqual(FIRST);
  });
});
