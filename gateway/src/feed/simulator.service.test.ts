import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { firstValueFrom, filter } from 'rxjs';
import type { IngestResult, PlatformEvent } from '@dms/shared/contracts/events/platform';
import type { TestStore } from '../testing/testing.store';
import { EventBatchWriter } from '../engine/batch.service';
import { DayCutter } from '../engine/events.mapper';
import { EventsRepository } from '../engine/events.repository';
import { EventPipeline } from '../engine/pipeline.service';
import { countRows, openEventsTestStore } from '../engine/events.testing';
import { readRollups, recomputeRollups } from '../engine/rollup.repository';
import { FeedStateRepository } from './feedState.repository';
import { SIM_STATE_KEY, SimulatorService, type SimState, type SimulatorOptions } from './simulator.service';
import type { SimTruth } from './sim.world';

let test: TestStore;
let pipeline: EventPipeline;
const dir = mkdtempSync(join(tmpdir(), 'dms-sim-'));
const truthFile = join(dir, 'truth', 'sim-truth.json');

let sqliteDir = '';

beforeAll(async () => {
  test = await openEventsTestStore();
  if (test.store.dialect === 'sqlite') {
    const rows = await sql<{
      file: string;
    }>`select file from pragma_database_list where name = 'main'`.execute(test.store.db);
    sqliteDir = dirname(rows.rows[0]?.file ?? '');
  }
  pipeline = new EventPipeline(
    new EventBatchWriter(EventsRepository.of(test.store), new DayCutter('Asia/Shanghai')),
    {
      now: Date.now,
    },
  );
  pipeline.start();
});
afterAll(async () => {
  await pipeline.stop();
  await test.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** A sink into the pipeline that remembers what was submitted. */
function recordingSink() {
  const seen: PlatformEvent[] = [];
  const sink = (events: readonly unknown[]): Promise<IngestResult> => {
    seen.push(...(events as PlatformEvent[]));
    return pipeline.submit(events);
  };
  return { seen, sink };
}

const options = (o: Partial<SimulatorOptions> = {}): SimulatorOptions => ({
  seed: 'service-test',
  players: 300,
  historyDays: 2,
  speed: 3600,
  truthFile,
  now: Date.now,
  tickMs: 25,
  ...o,
});

/** Runs the simulator until it is live and `until()` holds (or 5 s passed), then stops it. */
async function runUntilLive(sim: SimulatorService, until: () => boolean = () => true): Promise<void> {
  const abort = new AbortController();
  const running = sim.run(abort.signal);
  await firstValueFrom(sim.status$.pipe(filter((s) => s.state === 'live')));
  const started = Date.now();
  while (!until() && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 20));
  abort.abort();
  await running;
}

describe('SimulatorService', () => {
  let firstRun: PlatformEvent[] = [];
  let state: SimState;

  it('writes the history into the store, records its progress, then plays live', async () => {
    const { seen, sink } = recordingSink();
    // Fast enough that live play reaches the evening hours within a few seconds, whatever the hour now.
    const sim = new SimulatorService(options({ speed: 20_000 }), new FeedStateRepository(test.store), sink);
    const progress: number[] = [];
    sim.status$.subscribe((s) => progress.push(s.progress));
    let historyTo = Infinity;
    sim.status$.subscribe((s) => (historyTo = s.historyTo ?? Infinity));
    await runUntilLive(sim, () => seen.some((e) => e.ts >= historyTo));
    firstRun = seen;
    state = (await new FeedStateRepository(test.store).get<SimState>(SIM_STATE_KEY)) as SimState;
    expect(state.backfilledUntil).toBe(state.historyTo);
    expect(state.historyTo - state.historyFrom).toBeGreaterThanOrEqual(2 * 86_400_000);
    expect(state.providers).toEqual([1001, 1002, 1003, 1004, 1005, 1006]);
    expect(progress.at(-1)).toBe(1);
    expect(progress.some((p) => p > 0 && p < 1)).toBe(true);
    const history = seen.filter((e) => e.ts < state.historyTo);
    expect(history.filter((e) => e.type === 'bet.placed').length).toBeGreaterThan(500);
    expect(await countRows(test.store, 'bet_record')).toBeGreaterThan(500);
    // Live events are stamped with the real time they are played at.
    const live = seen.filter((e) => e.ts >= state.historyTo);
    expect(live.length).toBeGreaterThan(0);
    for (const e of live) expect(e.ts).toBeLessThanOrEqual(Date.now());
    expect(state.liveCursor).toBeGreaterThan(state.historyTo);
  });

  it('keeps the roll-ups equal to a recomputation from the raw rows', async () => {
    const stored = await readRollups(test.store.db);
    const recomputed = await recomputeRollups(test.store.db);
    expect(Object.fromEntries(stored.daily_game)).toEqual(Object.fromEntries(recomputed.daily_game));
    expect(Object.fromEntries(stored.daily_account)).toEqual(Object.fromEntries(recomputed.daily_account));
    expect(Object.fromEntries(stored.daily_player)).toEqual(Object.fromEntries(recomputed.daily_player));
  });

  it('does not write the history again on a restart, and goes live at once', async () => {
    const { seen, sink } = recordingSink();
    const sim = new SimulatorService(options(), new FeedStateRepository(test.store), sink);
    const started = Date.now();
    await runUntilLive(sim);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(seen.filter((e) => e.ts < state.historyTo)).toEqual([]);
    const again = (await new FeedStateRepository(test.store).get<SimState>(SIM_STATE_KEY)) as SimState;
    expect(again.historyFrom).toBe(state.historyFrom);
  });

  it('writes the ground truth to its file and keeps it out of the database', async () => {
    const truth = JSON.parse(readFileSync(truthFile, 'utf8')) as SimTruth;
    expect(truth.seed).toBe('service-test');
    expect(truth.colludingGroups.length).toBeGreaterThan(0);
    expect(truth.abnormalWinners.length).toBeGreaterThan(0);
    expect(truth.moneyMovers.length).toBeGreaterThan(0);
    const stateRows = await sql<{ key: string; value: string }>`select key, value from sim_state`.execute(
      test.store.db,
    );
    for (const row of stateRows.rows) {
      expect(row.value).not.toMatch(/collud|abnormal|mover|groupId|knownResult/i);
    }
    if (test.store.dialect === 'sqlite') {
      // Nothing of the truth in any page of the database file or its WAL.
      const files = readdirSync(sqliteDir).filter((f) => f.startsWith('dms.sqlite'));
      for (const f of files) expect(readFileSync(join(sqliteDir, f)).includes('colludingGroups')).toBe(false);
    }
  });

  it('plays the same history from the same seed: a second store gets identical events', async () => {
    const other = await openEventsTestStore();
    const otherPipeline = new EventPipeline(
      new EventBatchWriter(EventsRepository.of(other.store), new DayCutter('Asia/Shanghai')),
      {
        now: Date.now,
      },
    );
    otherPipeline.start();
    try {
      const seen: PlatformEvent[] = [];
      const store = new FeedStateRepository(other.store);
      await store.put(SIM_STATE_KEY, {
        ...state,
        backfilledUntil: state.historyFrom,
        liveCursor: state.historyTo,
      });
      const sim = new SimulatorService(options({ truthFile: undefined }), store, (events) => {
        seen.push(...(events as PlatformEvent[]));
        return otherPipeline.submit(events);
      });
      await runUntilLive(sim);
      const history = (events: PlatformEvent[]) =>
        JSON.stringify(events.filter((e) => e.ts < state.historyTo));
      expect(history(seen)).toBe(history(firstRun));
    } finally {
      await otherPipeline.stop();
      await other.dispose();
    }
  });

  it('resumes an interrupted history where it stopped', async () => {
    const other = await openEventsTestStore();
    const otherPipeline = new EventPipeline(
      new EventBatchWriter(EventsRepository.of(other.store), new DayCutter('Asia/Shanghai')),
      {
        now: Date.now,
      },
    );
    otherPipeline.start();
    try {
      const store = new FeedStateRepository(other.store);
      await store.put(SIM_STATE_KEY, {
        ...state,
        backfilledUntil: state.historyFrom,
        liveCursor: state.historyTo,
      });
      const sink = (events: readonly unknown[]) => otherPipeline.submit(events);
      // Stop after the first day is committed.
      const abort = new AbortController();
      const first = new SimulatorService(options({ truthFile: undefined }), store, sink);
      first.status$.pipe(filter((s) => s.progress > 0)).subscribe(() => abort.abort());
      await first.run(abort.signal);
      const stopped = (await store.get<SimState>(SIM_STATE_KEY)) as SimState;
      expect(stopped.backfilledUntil).toBeGreaterThan(state.historyFrom);
      expect(stopped.backfilledUntil).toBeLessThan(state.historyTo);
      const resumedEvents: PlatformEvent[] = [];
      const second = new SimulatorService(options({ truthFile: undefined }), store, (events) => {
        resumedEvents.push(...(events as PlatformEvent[]));
        return otherPipeline.submit(events);
      });
      await runUntilLive(second);
      expect(resumedEvents.every((e) => e.ts >= stopped.backfilledUntil)).toBe(true);
      const expectedBets = firstRun.filter((e) => e.type === 'bet.placed' && e.ts < state.historyTo).length;
      const bets = await sql<{
        n: number;
      }>`select count(*) as n from bet_record where ts < ${state.historyTo}`.execute(other.store.db);
      expect(Number(bets.rows[0]?.n)).toBe(expectedBets);
    } finally {
      await otherPipeline.stop();
      await other.dispose();
    }
  });
});
