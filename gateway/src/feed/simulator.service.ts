import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { BehaviorSubject, type Observable } from 'rxjs';
import type { IngestResult, PlatformEvent } from '@dms/shared/contracts/events/platform';
import type { Logger } from '../platform/logger/logger';
import type { FeedStateStore } from './feedState.repository';
import { simulateDay } from './sim.day';
import { DAY_MS, buildWorld, defaultTables, truthOf, type SimWorld, type WorldTable } from './sim.world';

/**
 * The built-in platform simulator as a feed source. On first start it writes `historyDays` of history
 * (from midnight UTC `historyDays` ago up to the start instant) into the pipeline, day by day, recording
 * its progress after each committed day; a restart resumes where it stopped and never writes a finished
 * history again. Then it plays live: simulated time runs `speed` times as fast as real time from where it
 * stopped, and events are stamped with the real time they are played at.
 */

/**
 * Table setting as the simulator sees it (wired in `app.ts` to `modules/tables`): the simulator plays the
 * enabled configured tables, and on its first start configures its default tables when none is configured.
 */
export interface SimTableSource {
  /** The enabled configured tables, by game then table id. */
  configured(): Promise<WorldTable[]>;
  /** Configures `tables` (with default names and icons) when no table at all is configured; whether it did. */
  seedDefaults(tables: readonly WorldTable[]): Promise<boolean>;
}

/** Where events go: the pipeline's `submit` (resolves once committed). */
export type EventSink = (events: readonly unknown[]) => Promise<IngestResult>;

export interface SimulatorOptions {
  seed: string;
  players: number;
  historyDays: number;
  speed: number;
  /** Ground-truth JSON file; not written when undefined. */
  truthFile?: string | undefined;
  now: () => number;
  /** Real time between two live ticks, ms. */
  tickMs?: number;
  /** Events per submission. */
  chunk?: number;
  logger?: Logger | undefined;
  /** Table setting; without it the simulator plays its generated tables. */
  tables?: SimTableSource | undefined;
}

/** The simulator's phase and progress. */
export interface SimulatorStatus {
  state: 'idle' | 'backfilling' | 'live';
  /** Share of the history written, 0–1. */
  progress: number;
  historyFrom: number | null;
  historyTo: number | null;
}

/** What the simulator keeps in the feed state (`sim_state`, key `sim`). */
export interface SimState {
  v: 1;
  seed: string;
  players: number;
  providers: number[];
  currencies: string[];
  historyFrom: number;
  historyTo: number;
  /** History is written up to here (exclusive). */
  backfilledUntil: number;
  /** Simulated time up to which live events were played (exclusive). */
  liveCursor: number;
  /**
   * The configured tables the world plays (Table setting's enabled tables when the simulator last read
   * them: at its first start, then at each simulated day boundary of live play). Absent (a state recorded
   * before tables were configurable) or empty: the generated tables.
   */
  tables?: WorldTable[];
}

export const SIM_STATE_KEY = 'sim';

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** The built-in simulator. `run()` until the signal aborts. */
export class SimulatorService {
  private readonly statusSubject = new BehaviorSubject<SimulatorStatus>({
    state: 'idle',
    progress: 0,
    historyFrom: null,
    historyTo: null,
  });
  private world: SimWorld | undefined;
  private worldTablesKey = '';

  /** Phase and progress, on every change. */
  readonly status$: Observable<SimulatorStatus> = this.statusSubject.asObservable();

  constructor(
    private readonly options: SimulatorOptions,
    private readonly store: FeedStateStore,
    private readonly sink: EventSink,
  ) {}

  /** The current phase and progress. */
  get status(): SimulatorStatus {
    return this.statusSubject.value;
  }

  /** Backfills what is missing, then plays live until `signal` aborts. */
  async run(signal: AbortSignal): Promise<void> {
    const state = await this.prepare();
    const world = this.worldOf(state);
    await this.writeTruth(world);
    this.publish(state.backfilledUntil >= state.historyTo ? 'live' : 'backfilling', state);
    if (state.backfilledUntil < state.historyTo) await this.backfill(state, world, signal);
    if (signal.aborted) return;
    this.publish('live', state);
    await this.live(state, world, signal);
  }

  /** The world of a recorded state (the same one on every start, for the same recorded tables). */
  worldOf(state: SimState): SimWorld {
    const tables = state.tables ?? [];
    const key = JSON.stringify(tables);
    if (
      this.world?.seed !== state.seed ||
      this.world.historyFrom !== state.historyFrom ||
      this.worldTablesKey !== key
    ) {
      this.world = buildWorld({
        seed: state.seed,
        players: state.players,
        providers: state.providers,
        currencies: state.currencies,
        historyFrom: state.historyFrom,
        historyTo: state.historyTo,
        tables,
      });
      this.worldTablesKey = key;
    }
    return this.world;
  }

  /**
   * At a simulated day boundary of live play: reads the configured tables and, when they changed, puts
   * them in the state and returns the world that plays them from this day on. A failed read keeps the
   * current world.
   */
  async worldForNextDay(state: SimState): Promise<SimWorld> {
    const source = this.options.tables;
    if (source) {
      try {
        const tables = playedTables(await source.configured());
        if (JSON.stringify(tables) !== JSON.stringify(state.tables ?? [])) {
          this.options.logger?.info(
            { tables: tables.map((t) => t.tableId) },
            tables.length > 0
              ? 'simulator: the configured tables changed; playing them from this day'
              : 'simulator: no table configured any more; playing the generated tables from this day',
          );
          // Saved with the live cursor past the boundary (live play saves both together), so that a
          // restart plays the end of the day before with the tables it was played with.
          state.tables = tables;
        }
      } catch (err) {
        this.options.logger?.warn(
          { err },
          'simulator: reading the configured tables failed; keeping the current ones',
        );
      }
    }
    return this.worldOf(state);
  }

  /** Loads the recorded state, or records a new one on first start. */
  async prepare(): Promise<SimState> {
    const recorded = await this.store.get<SimState>(SIM_STATE_KEY);
    if (recorded?.v === 1) {
      if (recorded.seed !== this.options.seed || recorded.players !== this.options.players) {
        this.options.logger?.warn(
          { recorded: { seed: recorded.seed, players: recorded.players } },
          'simulator: the database holds a simulation of another seed or size; continuing that one',
        );
      }
      return recorded;
    }
    const now = this.options.now();
    const base = await this.store.baseData();
    // A fresh install shows the simulator's tables in Table setting, then the simulator plays what is there.
    const tables = await this.firstTables();
    const historyFrom = Math.floor((now - this.options.historyDays * DAY_MS) / DAY_MS) * DAY_MS;
    const state: SimState = {
      v: 1,
      seed: this.options.seed,
      players: this.options.players,
      providers: base.providers,
      currencies: base.currencies,
      historyFrom: this.options.historyDays > 0 ? historyFrom : now,
      historyTo: now,
      backfilledUntil: this.options.historyDays > 0 ? historyFrom : now,
      liveCursor: now,
      tables,
    };
    await this.store.put(SIM_STATE_KEY, state);
    return state;
  }

  /**
   * On first start: configures the default tables when Table setting has none, then reads the enabled ones.
   * Table setting out of reach: the generated tables (a later day boundary reads it again).
   */
  private async firstTables(): Promise<WorldTable[]> {
    const source = this.options.tables;
    if (!source) return [];
    try {
      if (await source.seedDefaults(defaultTables(this.options.players))) {
        this.options.logger?.info('simulator: configured its default tables in Table setting');
      }
      return playedTables(await source.configured());
    } catch (err) {
      this.options.logger?.warn(
        { err },
        'simulator: reading Table setting failed; playing the generated tables',
      );
      return [];
    }
  }

  private publish(state: SimulatorStatus['state'], s: SimState): void {
    const span = s.historyTo - s.historyFrom;
    const progress = span <= 0 ? 1 : Math.min(1, Math.max(0, (s.backfilledUntil - s.historyFrom) / span));
    this.statusSubject.next({ state, progress, historyFrom: s.historyFrom, historyTo: s.historyTo });
  }

  private async writeTruth(world: SimWorld): Promise<void> {
    const file = this.options.truthFile;
    if (!file) return;
    await mkdir(dirname(file), { recursive: true });
    const tmp = `${file}.tmp`;
    await writeFile(tmp, `${JSON.stringify(truthOf(world), null, 2)}\n`);
    await rename(tmp, file);
    this.options.logger?.info({ file }, 'simulator: ground truth written');
  }

  private async submitAll(events: readonly PlatformEvent[]): Promise<{ refused: number }> {
    const size = this.options.chunk ?? 5000;
    const parts: Promise<IngestResult>[] = [];
    for (let i = 0; i < events.length; i += size) parts.push(this.sink(events.slice(i, i + size)));
    const results = await Promise.all(parts);
    const refused = results.flatMap((r) => r.refused);
    if (refused.length > 0) {
      this.options.logger?.warn(
        { refused: refused.length, first: refused[0] },
        'simulator: events refused by validation',
      );
    }
    return { refused: refused.length };
  }

  private async backfill(state: SimState, world: SimWorld, signal: AbortSignal): Promise<void> {
    const log = this.options.logger;
    const started = this.options.now();
    const firstDay = Math.floor(state.backfilledUntil / DAY_MS);
    const lastDay = Math.floor((state.historyTo - 1) / DAY_MS);
    log?.info(
      {
        from: new Date(state.backfilledUntil).toISOString(),
        to: new Date(state.historyTo).toISOString(),
        days: lastDay - firstDay + 1,
      },
      'simulator: writing history',
    );
    let loggedStep = Math.floor(this.status.progress * 20);
    let total = 0;
    // Two days in flight: a day is submitted before the previous one is awaited, so the pipeline's last
    // partial batch of a day fills with the next day instead of waiting for its buffer timer.
    const from = state.backfilledUntil;
    let previous: { day: number; events: number; writing: Promise<unknown> } | undefined;
    const settle = async (p: {
      day: number;
      events: number;
      writing: Promise<unknown>;
    }): Promise<boolean> => {
      try {
        await p.writing;
      } catch (err) {
        log?.error(
          { err, day: new Date(p.day * DAY_MS).toISOString().slice(0, 10) },
          'simulator: writing a day failed; retrying',
        );
        return false;
      }
      total += p.events;
      state.backfilledUntil = Math.min((p.day + 1) * DAY_MS, state.historyTo);
      await this.store.put(SIM_STATE_KEY, state);
      this.publish('backfilling', state);
      const step = Math.floor(this.status.progress * 20);
      if (step > loggedStep) {
        loggedStep = step;
        const secs = (this.options.now() - started) / 1000;
        log?.info(
          {
            progress: Math.round(this.status.progress * 100) / 100,
            events: total,
            eventsPerSec: Math.round(total / Math.max(secs, 0.001)),
          },
          `simulator: history ${Math.round(this.status.progress * 100)}% written`,
        );
      }
      return true;
    };
    // On a failed day, everything from it is simulated and written again (a replay changes nothing).
    for (
      let day = firstDay;
      day <= lastDay + 1 && !signal.aborted && state.backfilledUntil < state.historyTo;
      day++
    ) {
      const current =
        day <= lastDay
          ? (() => {
              const events = simulateDay(world, day).filter((e) => e.ts >= from && e.ts < state.historyTo);
              const writing = this.submitAll(events);
              // Rejections are handled when the day is settled; keep Node from reporting them before that.
              writing.catch(() => undefined);
              return { day, events: events.length, writing };
            })()
          : undefined;
      if (previous && !(await settle(previous))) {
        await current?.writing.catch(() => undefined);
        await sleep(2000, signal);
        day = previous.day - 1;
        previous = undefined;
        continue;
      }
      previous = current;
    }
    if (!signal.aborted) {
      const secs = (this.options.now() - started) / 1000;
      log?.info({ events: total, seconds: Math.round(secs * 10) / 10 }, 'simulator: history written');
    }
  }

  private async live(state: SimState, start: SimWorld, signal: AbortSignal): Promise<void> {
    let world = start;
    const { speed } = this.options;
    const tick = this.options.tickMs ?? 250;
    const anchorSim = Math.max(state.liveCursor, state.historyTo);
    const anchorReal = this.options.now();
    let cursor = anchorSim;
    let day = Math.floor(cursor / DAY_MS);
    let events = simulateDay(world, day);
    let position = firstAtOrAfter(events, cursor);
    let savedAt = anchorReal;
    // Events taken from the day but not committed yet (kept across a failed write).
    let due: PlatformEvent[] = [];
    while (!signal.aborted) {
      const realNow = this.options.now();
      const simNow = anchorSim + Math.floor((realNow - anchorReal) * speed);
      while (cursor < simNow) {
        while (position < events.length && (events[position] as PlatformEvent).ts < simNow) {
          const e = events[position] as PlatformEvent;
          due.push({ ...e, ts: anchorReal + Math.floor((e.ts - anchorSim) / speed) });
          position += 1;
        }
        const dayEnd = (day + 1) * DAY_MS;
        if (simNow < dayEnd) {
          cursor = simNow;
        } else {
          cursor = dayEnd;
          day += 1;
          // The configured tables are read at each day boundary: a change plays from the next day on.
          const next = await this.worldForNextDay(state);
          if (next !== world) {
            // The groups' tables are those of the new world: the ground truth names them.
            world = next;
            await this.writeTruth(world).catch((err: unknown) =>
              this.options.logger?.warn({ err }, 'simulator: writing the ground truth failed'),
            );
          }
          events = simulateDay(world, day);
          position = 0;
        }
      }
      if (due.length > 0) {
        try {
          await this.submitAll(due);
          due = [];
        } catch (err) {
          this.options.logger?.error({ err }, 'simulator: writing live events failed; retrying them');
          await sleep(2000, signal);
          continue;
        }
      }
      state.liveCursor = cursor;
      if (realNow - savedAt >= 2000 || signal.aborted) {
        savedAt = realNow;
        await this.store.put(SIM_STATE_KEY, state);
      }
      await sleep(tick, signal);
    }
    await this.store.put(SIM_STATE_KEY, state);
  }
}

/** The game and table id of each configured table (what the state records and the world needs). */
function playedTables(tables: readonly WorldTable[]): WorldTable[] {
  return tables.map((t) => ({ gameId: t.gameId, tableId: t.tableId }));
}

/** Index of the first event at or after `ts` (events sorted by ts). */
function firstAtOrAfter(events: readonly PlatformEvent[], ts: number): number {
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((events[mid] as PlatformEvent).ts < ts) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
