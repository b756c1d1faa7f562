import type { UnknownAction } from '@reduxjs/toolkit';
import type { LiveReplayPage, ReplayItem } from '@dms/shared/contracts/http/liveReplay';
import type { ReplaySpeed } from './monitorModel';
import {
  replayAdvanced,
  replayFailed,
  replayFinished,
  replayPaused,
  replayResumed,
  replaySpeedChanged,
  replayStarted,
  replayStopped,
} from './monitorSlice';

/** Real time between two steps of a replay (one action each): inside the 100–250 ms of the live batches. */
export const REPLAY_TICK_MS = 200;
/** Items asked per page, and the queue length under which the next page is fetched. */
export const REPLAY_PAGE = 1000;
const LOW_WATER = 400;
/** A silence longer than this much playback time is skipped (the clock jumps to the next item). */
const SILENCE_MS = 3000;

export interface ReplayDeps {
  dispatch: (action: UnknownAction) => unknown;
  fetchPage: (q: {
    from: number;
    to: number;
    cursor?: string | undefined;
    limit: number;
  }) => Promise<LiveReplayPage>;
  now?: () => number;
}

/**
 * Plays a period again on the monitor, faster than real time: it fetches `/live/replay` page by page
 * (never more than about two pages ahead) and, every {@link REPLAY_TICK_MS}, moves a clock of event time
 * on by the tick times the speed and dispatches the items it passed as one action. Long silences are
 * skipped; the clock waits while a page is on its way.
 */
export class ReplayPlayer {
  private queue: ReplayItem[] = [];
  private head = 0;
  private cursor: string | undefined;
  private more = false;
  private loading = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  private clock = 0;
  private from = 0;
  private to = 0;
  private speed: ReplaySpeed = 60;
  private paused = false;
  /** Bumped at every start and stop, so that a page of an earlier run is dropped. */
  private run = 0;

  constructor(private readonly deps: ReplayDeps) {}

  get active(): boolean {
    return this.timer !== undefined;
  }

  start(from: number, to: number, speed: ReplaySpeed): void {
    this.halt();
    this.run += 1;
    this.queue = [];
    this.head = 0;
    this.cursor = undefined;
    this.more = true;
    this.from = from;
    this.to = to;
    this.clock = from;
    this.speed = speed;
    this.paused = false;
    this.deps.dispatch(replayStarted({ from, to, speed }));
    this.fetch();
    this.timer = setInterval(() => this.tick(), REPLAY_TICK_MS);
  }

  pause(): void {
    this.paused = true;
    this.deps.dispatch(replayPaused());
  }

  resume(): void {
    this.paused = false;
    this.deps.dispatch(replayResumed());
  }

  setSpeed(speed: ReplaySpeed): void {
    this.speed = speed;
    this.deps.dispatch(replaySpeedChanged(speed));
  }

  /** Ends the replay and returns the monitor to live. */
  stop(): void {
    this.halt();
    this.run += 1;
    this.queue = [];
    this.head = 0;
    this.deps.dispatch(replayStopped());
  }

  private halt(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  private pending(): number {
    return this.queue.length - this.head;
  }

  private fetch(): void {
    if (this.loading || !this.more) return;
    this.loading = true;
    const run = this.run;
    this.deps
      .fetchPage({ from: this.from, to: this.to, cursor: this.cursor, limit: REPLAY_PAGE })
      .then((page) => {
        if (run !== this.run) return;
        this.loading = false;
        // Drop what was played before appending, so the queue never holds more than about two pages.
        this.queue = this.queue.slice(this.head).concat(page.items);
        this.head = 0;
        this.cursor = page.next ?? undefined;
        this.more = page.next !== null;
      })
      .catch(() => {
        if (run !== this.run) return;
        this.loading = false;
        this.halt();
        this.deps.dispatch(replayFailed());
      });
  }

  /** One step of the replay (the timer calls it; tests may too). */
  tick(): void {
    if (this.paused) return;
    if (this.pending() < LOW_WATER) this.fetch();
    if (this.pending() === 0) {
      if (this.more || this.loading) return; // waiting for a page
      this.halt();
      this.deps.dispatch(replayAdvanced({ items: [], clock: this.to, receivedAt: this.now() }));
      this.deps.dispatch(replayFinished());
      return;
    }
    let next = this.clock + REPLAY_TICK_MS * this.speed;
    const first = this.queue[this.head] as ReplayItem;
    if (first.at > this.clock + SILENCE_MS * this.speed) next = first.at;
    // Not past what is fetched while more is to come: the next page starts where this one stops.
    const lastFetched = (this.queue[this.queue.length - 1] as ReplayItem).at;
    if (this.more) next = Math.min(next, lastFetched);
    const items: ReplayItem[] = [];
    while (this.head < this.queue.length && (this.queue[this.head] as ReplayItem).at <= next) {
      items.push(this.queue[this.head] as ReplayItem);
      this.head += 1;
    }
    this.clock = Math.min(Math.max(next, this.clock), this.to);
    this.deps.dispatch(replayAdvanced({ items, clock: this.clock, receivedAt: this.now() }));
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }
}
